// Reading a Tour Planning v3 problem: the checks of its JSON values, each
// failing with the cause of HERE's 400 (E613002), and its distinct
// locations.

import { latLngObject } from "./_http.ts";
import type { Window } from "./_tour_problem.ts";
import { parseTime } from "./_util.ts";
import type { LatLngLike } from "./geodesy.ts";

/** A problem definition the sandbox refuses; its message is the 400's cause. */
export class Invalid extends Error {}

/** Throws {@linkcode Invalid} with `cause`. */
export function fail(cause: string): never {
  throw new Invalid(cause);
}

/** Reads an RFC 3339 date-time with an offset, as ms. */
export function time(value: unknown, where: string): number {
  if (typeof value !== "string") fail(`${where} must be an RFC 3339 date-time`);
  const t = parseTime(value as string);
  if (!t) {
    fail(
      `${where} must be an RFC 3339 date-time with an offset, got '${
        String(value)
      }'`,
    );
  }
  return t!.ms;
}

/** Reads a list of `[start, end]` time windows (none when absent), sorted by start. */
export function windows(value: unknown, where: string): Window[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    fail(`${where} must be an array of [start, end] pairs`);
  }
  return (value as unknown[]).map((w, i) => {
    if (!Array.isArray(w) || w.length !== 2) {
      fail(`${where}[${i}] must be a [start, end] pair`);
    }
    const [s, e] = [
      time((w as unknown[])[0], `${where}[${i}][0]`),
      time((w as unknown[])[1], `${where}[${i}][1]`),
    ];
    if (s > e) fail(`${where}[${i}] starts after it ends`);
    return [s, e] as Window;
  }).sort((a, b) => a[0] - b[0]);
}

/** Reads a non-empty list of non-negative integers (capacity, demand). */
export function intArray(value: unknown, where: string): number[] {
  if (
    !Array.isArray(value) || value.length === 0 ||
    value.some((v) => !Number.isInteger(v) || v < 0)
  ) {
    fail(`${where} must be a non-empty array of non-negative integers`);
  }
  return value as number[];
}

/** Reads a list of strings (none when absent). */
export function strings(value: unknown, where: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) {
    fail(`${where} must be an array of strings`);
  }
  return value as string[];
}

/** The distinct locations of a problem, numbered in the order they are met. */
export class Locations {
  /** Every location, by number. */
  readonly list: LatLngLike[] = [];
  #index = new Map<string, number>();

  /** The number of a `{lat, lng}` location (a new one for a new position). */
  add(value: unknown, where: string): number {
    const p = latLngObject(value);
    if (!p) fail(`${where} must be {lat, lng} with valid ranges`);
    const key = `${p!.lat},${p!.lng}`;
    let i = this.#index.get(key);
    if (i === undefined) {
      i = this.list.length;
      this.list.push(p!);
      this.#index.set(key, i);
    }
    return i;
  }
}
