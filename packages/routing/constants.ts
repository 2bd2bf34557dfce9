/**
 * Named values of the routing parameters: what `returnResults`, `spans`,
 * `avoidFeatures`, `routingMode` and `units` accept, and the transport modes.
 *
 * Every set is open: HERE adds values over time, so each type is the known
 * values or any other string, and unknown strings are sent unchanged rather
 * than rejected.
 *
 * @example
 * ```ts
 * import { AvoidFeature, Return, Span } from "@ls/routing";
 * const params = {
 *   returnResults: [Return.polyline, Return.summary],
 *   spans: [Span.names, Span.length],
 *   avoidFeatures: [AvoidFeature.tollRoad],
 * };
 * ```
 *
 * @module
 */

/**
 * Values of `returnResults` (HERE's `return=`), routing.md §5.1.
 *
 * Dependencies, checked before sending: `actions` needs `polyline`,
 * `instructions` needs `actions`, `turnByTurnActions` needs `polyline`.
 *
 * @example
 * ```ts
 * import { Return } from "@ls/routing";
 * const returnResults = [Return.polyline, Return.actions, Return.instructions];
 * ```
 */
export const Return: {
  readonly polyline: "polyline";
  readonly actions: "actions";
  readonly instructions: "instructions";
  readonly summary: "summary";
  readonly travelSummary: "travelSummary";
  readonly mlDuration: "mlDuration";
  readonly typicalDuration: "typicalDuration";
  readonly turnByTurnActions: "turnByTurnActions";
  readonly elevation: "elevation";
  readonly routeHandle: "routeHandle";
  readonly passthrough: "passthrough";
  readonly incidents: "incidents";
  readonly routingZones: "routingZones";
  readonly truckRoadTypes: "truckRoadTypes";
  readonly tolls: "tolls";
  readonly routeLabels: "routeLabels";
  readonly potentialTimeDependentViolations: "potentialTimeDependentViolations";
  readonly noThroughRestrictions: "noThroughRestrictions";
} = {
  polyline: "polyline",
  actions: "actions",
  instructions: "instructions",
  summary: "summary",
  travelSummary: "travelSummary",
  mlDuration: "mlDuration",
  typicalDuration: "typicalDuration",
  turnByTurnActions: "turnByTurnActions",
  elevation: "elevation",
  routeHandle: "routeHandle",
  passthrough: "passthrough",
  incidents: "incidents",
  routingZones: "routingZones",
  truckRoadTypes: "truckRoadTypes",
  tolls: "tolls",
  routeLabels: "routeLabels",
  potentialTimeDependentViolations: "potentialTimeDependentViolations",
  noThroughRestrictions: "noThroughRestrictions",
} as const;

/** A `returnResults` value: a known one, or any other string HERE adds. */
export type Return =
  | (typeof Return)[keyof typeof Return]
  | (string & Record<never, never>);

/**
 * Another name for {@linkcode Return}, matching HERE's reference client.
 *
 * @example
 * ```ts
 * import { RouteReturn } from "@ls/routing";
 * const returnResults = [RouteReturn.polyline, RouteReturn.summary];
 * ```
 */
export const RouteReturn: typeof Return = Return;

/** Another name for the {@linkcode Return} type. */
export type RouteReturn = Return;

/**
 * Values of `spans`, routing.md §5.2. Any span needs `polyline` in
 * `returnResults`. `carAttributes` is sent as written (HERE's reference
 * client wrongly sent `streetAttributes` for it).
 *
 * @example
 * ```ts
 * import { Span } from "@ls/routing";
 * const spans = [Span.names, Span.speedLimit, Span.carAttributes];
 * ```
 */
export const Span: {
  readonly walkAttributes: "walkAttributes";
  readonly streetAttributes: "streetAttributes";
  readonly carAttributes: "carAttributes";
  readonly truckAttributes: "truckAttributes";
  readonly scooterAttributes: "scooterAttributes";
  readonly names: "names";
  readonly length: "length";
  readonly duration: "duration";
  readonly baseDuration: "baseDuration";
  readonly typicalDuration: "typicalDuration";
  readonly countryCode: "countryCode";
  readonly stateCode: "stateCode";
  readonly functionalClass: "functionalClass";
  readonly routeNumbers: "routeNumbers";
  readonly speedLimit: "speedLimit";
  readonly maxSpeed: "maxSpeed";
  readonly dynamicSpeedInfo: "dynamicSpeedInfo";
  readonly segmentId: "segmentId";
  readonly segmentRef: "segmentRef";
  readonly consumption: "consumption";
  readonly routingZones: "routingZones";
  readonly truckRoadTypes: "truckRoadTypes";
  readonly notices: "notices";
  readonly noThroughRestrictions: "noThroughRestrictions";
  readonly incidents: "incidents";
  readonly tollSystems: "tollSystems";
  readonly gates: "gates";
  readonly railwayCrossings: "railwayCrossings";
} = {
  walkAttributes: "walkAttributes",
  streetAttributes: "streetAttributes",
  carAttributes: "carAttributes",
  truckAttributes: "truckAttributes",
  scooterAttributes: "scooterAttributes",
  names: "names",
  length: "length",
  duration: "duration",
  baseDuration: "baseDuration",
  typicalDuration: "typicalDuration",
  countryCode: "countryCode",
  stateCode: "stateCode",
  functionalClass: "functionalClass",
  routeNumbers: "routeNumbers",
  speedLimit: "speedLimit",
  maxSpeed: "maxSpeed",
  dynamicSpeedInfo: "dynamicSpeedInfo",
  segmentId: "segmentId",
  segmentRef: "segmentRef",
  consumption: "consumption",
  routingZones: "routingZones",
  truckRoadTypes: "truckRoadTypes",
  notices: "notices",
  noThroughRestrictions: "noThroughRestrictions",
  incidents: "incidents",
  tollSystems: "tollSystems",
  gates: "gates",
  railwayCrossings: "railwayCrossings",
} as const;

/** A `spans` value: a known one, or any other string HERE adds. */
export type Span =
  | (typeof Span)[keyof typeof Span]
  | (string & Record<never, never>);

/**
 * Values of `avoidFeatures` (HERE's `avoid[features]`), routing.md §6.1.
 * `difficultTurns` is truck-only (Beta); `uTurns` is not available for
 * pedestrian, bicycle or scooter routes (HERE answers `E605011`).
 *
 * @example
 * ```ts
 * import { AvoidFeature } from "@ls/routing";
 * const avoidFeatures = [AvoidFeature.tollRoad, AvoidFeature.ferry];
 * ```
 */
export const AvoidFeature: {
  readonly seasonalClosure: "seasonalClosure";
  readonly tollRoad: "tollRoad";
  readonly controlledAccessHighway: "controlledAccessHighway";
  readonly ferry: "ferry";
  readonly carShuttleTrain: "carShuttleTrain";
  readonly tunnel: "tunnel";
  readonly dirtRoad: "dirtRoad";
  readonly difficultTurns: "difficultTurns";
  readonly uTurns: "uTurns";
} = {
  seasonalClosure: "seasonalClosure",
  tollRoad: "tollRoad",
  controlledAccessHighway: "controlledAccessHighway",
  ferry: "ferry",
  carShuttleTrain: "carShuttleTrain",
  tunnel: "tunnel",
  dirtRoad: "dirtRoad",
  difficultTurns: "difficultTurns",
  uTurns: "uTurns",
} as const;

/** An `avoidFeatures` value: a known one, or any other string HERE adds. */
export type AvoidFeature =
  | (typeof AvoidFeature)[keyof typeof AvoidFeature]
  | (string & Record<never, never>);

/**
 * Values of `routingMode`. `fast` is the default and the only mode HERE
 * supports for bicycle, pedestrian and scooter routes (`E605012`).
 *
 * @example
 * ```ts
 * import { RoutingMode } from "@ls/routing";
 * const routingMode = RoutingMode.short;
 * ```
 */
export const RoutingMode: {
  readonly fast: "fast";
  readonly short: "short";
} = { fast: "fast", short: "short" } as const;

/** A `routingMode` value: a known one, or any other string HERE adds. */
export type RoutingMode =
  | (typeof RoutingMode)[keyof typeof RoutingMode]
  | (string & Record<never, never>);

/**
 * Values of `units`, the unit system of instruction texts. Default `metric`.
 *
 * @example
 * ```ts
 * import { Units } from "@ls/routing";
 * const units = Units.imperial;
 * ```
 */
export const Units: {
  readonly metric: "metric";
  readonly imperial: "imperial";
} = { metric: "metric", imperial: "imperial" } as const;

/** A `units` value: a known one, or any other string HERE adds. */
export type Units =
  | (typeof Units)[keyof typeof Units]
  | (string & Record<never, never>);

/**
 * HERE's transport modes. The five route functions of this package cover
 * `car`, `truck`, `pedestrian`, `bicycle` and `scooter`; the others (Beta)
 * appear in responses (`section.transport.mode`).
 *
 * @example
 * ```ts
 * import { TransportMode } from "@ls/routing";
 * const isCar = (mode: string) => mode === TransportMode.car;
 * ```
 */
export const TransportMode: {
  readonly car: "car";
  readonly truck: "truck";
  readonly pedestrian: "pedestrian";
  readonly bicycle: "bicycle";
  readonly scooter: "scooter";
  readonly bus: "bus";
  readonly privateBus: "privateBus";
  readonly taxi: "taxi";
} = {
  car: "car",
  truck: "truck",
  pedestrian: "pedestrian",
  bicycle: "bicycle",
  scooter: "scooter",
  bus: "bus",
  privateBus: "privateBus",
  taxi: "taxi",
} as const;

/** A transport mode: a known one, or any other string HERE adds. */
export type TransportMode =
  | (typeof TransportMode)[keyof typeof TransportMode]
  | (string & Record<never, never>);
