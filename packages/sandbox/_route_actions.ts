// The maneuvers of a route section: one action per road of the drawn
// geometry (depart, continue, or a turn by its angle), then the arrival,
// with English instructions when asked for.

import { compass, type Road, turnAngle } from "./_route_geometry.ts";
import { round } from "./_util.ts";

/** A road's name, and its route number for a long road (`E45`, `I-90`). */
export interface RoadName {
  /** The name shown in instructions and spans. */
  name: string;
  /** The route number, for a long road. */
  number?: string;
}

/** What {@linkcode sectionActions} needs to write instructions. */
export interface InstructionText {
  /** Distances in miles and feet instead of kilometres and metres. */
  imperial: boolean;
  /** The instruction of the arrival action. */
  arrive: string;
}

/** The `actions` and `turnByTurnActions` of a section. */
export interface SectionActions {
  /** `return=actions`. */
  actions: Record<string, unknown>[];
  /** `return=turnByTurnActions`: the actions with road names and turn angles. */
  turnByTurn: Record<string, unknown>[];
}

function formatDistance(meters: number, imperial: boolean): string {
  if (imperial) {
    const miles = meters / 1609.344;
    return miles < 0.1
      ? `${Math.round((meters * 3.28084) / 10) * 10} ft`
      : `${miles.toFixed(1)} mi`;
  }
  return meters < 1000
    ? `${Math.round(meters / 10) * 10} m`
    : `${(meters / 1000).toFixed(1)} km`;
}

/**
 * The actions of a section whose geometry has `roads`, each with its name
 * and its share of the section's length and duration. `text` adds
 * instructions; without it the actions have none.
 */
export function sectionActions(
  roads: readonly Road[],
  names: readonly RoadName[],
  lengths: readonly number[],
  durations: readonly number[],
  text: InstructionText | undefined,
): SectionActions {
  const actions: Record<string, unknown>[] = [];
  const turnByTurn: Record<string, unknown>[] = [];
  roads.forEach((road, i) => {
    const action: Record<string, unknown> = {
      action: "depart",
      duration: durations[i],
      length: lengths[i],
    };
    let instruction: string;
    const go = `Go for ${formatDistance(lengths[i], text?.imperial ?? false)}.`;
    let angle = 0;
    if (i === 0) {
      instruction = `Head ${compass(road.bearing)} on ${names[i].name}. ${go}`;
    } else {
      angle = turnAngle(roads[i - 1].bearing, road.bearing);
      const abs = Math.abs(angle);
      if (abs < 25) {
        action.action = "continue";
        instruction = `Continue on ${names[i].name}. ${go}`;
      } else {
        const direction = angle > 0 ? "right" : "left";
        const severity = abs < 60 ? "light" : abs < 120 ? "quite" : "heavy";
        action.action = "turn";
        action.direction = direction;
        action.severity = severity;
        const how = severity === "light"
          ? `slightly ${direction}`
          : severity === "heavy"
          ? `sharply ${direction}`
          : direction;
        instruction = `Turn ${how} onto ${names[i].name}. ${go}`;
      }
    }
    if (text) action.instruction = instruction;
    action.offset = road.from;
    actions.push(action);
    turnByTurn.push({
      ...action,
      currentRoad: i > 0
        ? { name: [{ value: names[i - 1].name, language: "en" }] }
        : undefined,
      nextRoad: { name: [{ value: names[i].name, language: "en" }] },
      turnAngle: round(angle, 1),
    });
  });
  const arrive: Record<string, unknown> = {
    action: "arrive",
    duration: 0,
    length: 0,
  };
  if (text) arrive.instruction = text.arrive;
  arrive.offset = roads.length ? roads[roads.length - 1].to : 0;
  actions.push(arrive);
  turnByTurn.push({ ...arrive });
  return { actions, turnByTurn };
}
