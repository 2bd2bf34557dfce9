// Shortest paths on the generated network. Costs are whole numbers so that
// every search adds them up the same way: a route, a matrix row and an
// isoline give one trip the same duration to the second.
//
// A cost packs two figures into one number: with `routingMode=fast` the
// time in tenths of a second above the length in metres (ties go to the
// shorter path); with `short` the length above the time.

import {
  latticeClass,
  latticeOneWay,
  type Link,
  nodeId,
  nodeParts,
  type Streets,
  type Town,
} from "./_streets.ts";

const TOWN_SHIFT = 262_144;
const OFF = 256;
import {
  classIndex,
  linkAllowed,
  type Profile,
  segmentHitsBox,
} from "./_streets_profile.ts";
import { haversineMeters, type LatLngLike } from "./geodesy.ts";

const FAST_SHIFT = 2 ** 26;
const SHORT_SHIFT = 2 ** 27;
/** Nodes a search settles before it gives up. */
const NODE_CAP = 1_500_000;

/** A place on the network: a point of the edge from node `a` to node `b`. */
export interface Pos {
  readonly a: number;
  readonly b: number;
  /** Where on the edge, 0 at `a` to 1 at `b`. */
  readonly f: number;
  /** The link the edge is, or null for a town street. */
  readonly link: Link | null;
  /** The matched point. */
  readonly point: LatLngLike;
}

/** The cost and direction of one edge under a profile. */
export interface EdgeCost {
  /** Length, whole metres. */
  length: number;
  /** Time, tenths of a second. */
  time: number;
  /** May be driven from `a` to `b`, from `b` to `a`. */
  forward: boolean;
  backward: boolean;
}

/** Packs a time (tenths of a second) and a length (m) into one cost. */
export function pack(p: Profile, time: number, length: number): number {
  return p.short ? length * SHORT_SHIFT + time : time * FAST_SHIFT + length;
}

/** The time (tenths of a second) and length (m) of a packed cost. */
export function unpack(p: Profile, cost: number): [number, number] {
  if (p.short) {
    const hi = Math.floor(cost / SHORT_SHIFT);
    return [cost - hi * SHORT_SHIFT, hi];
  }
  const hi = Math.floor(cost / FAST_SHIFT);
  return [hi, cost - hi * FAST_SHIFT];
}

function tenths(length: number, speed: number): number {
  return Math.max(1, Math.round((length / speed) * 10));
}

/** A lattice edge's cost, or undefined when the profile may not use it. */
function latticeEdge(
  s: Streets,
  p: Profile,
  t: Town,
  i: number,
  j: number,
  axis: 0 | 1,
): EdgeCost | undefined {
  const line = axis === 0 ? j : i, at = axis === 0 ? i : j;
  const speed = p.speeds[classIndex(latticeClass(line))];
  if (!(speed > 0)) return undefined;
  if (p.boxes.length) {
    const a = s.nodePoint(t, i, j);
    const b = axis === 0 ? s.nodePoint(t, i + 1, j) : s.nodePoint(t, i, j + 1);
    for (const box of p.boxes) if (segmentHitsBox(a, b, box)) return undefined;
  }
  const length = Math.round(t.spacing);
  const dir = (p.oneWay ? latticeOneWay(t, axis, line, at) : 0) *
    (p.reverse ? -1 : 1);
  return {
    length,
    time: tenths(length, speed),
    forward: dir >= 0,
    backward: dir <= 0,
  };
}

/** The cost of the edge a position lies on. */
export function edgeCost(
  s: Streets,
  p: Profile,
  pos: Pos,
): EdgeCost | undefined {
  if (pos.link) {
    if (!linkAllowed(p, pos.link)) return undefined;
    const speed = p.speeds[classIndex(pos.link.roadClass)];
    return {
      length: pos.link.length,
      time: tenths(pos.link.length, speed),
      forward: true,
      backward: true,
    };
  }
  const [ti, i, j] = nodeParts(pos.a);
  const [, i2] = nodeParts(pos.b);
  return latticeEdge(s, p, s.townAt(ti), i, j, i2 !== i ? 0 : 1);
}

/** The part of an edge's cost from its start to fraction `f`. */
function part(p: Profile, e: EdgeCost, f: number): number {
  return pack(p, Math.round(e.time * f), Math.round(e.length * f));
}

/**
 * Values per node, kept in one array per town lattice: faster than a map
 * keyed by node ids, which are too large for small integers.
 */
export class NodeTable {
  #s: Streets;
  #towns = new Map<number, Float64Array>();
  #lastTown = -1;
  #last: Float64Array | undefined;

  constructor(s: Streets) {
    this.#s = s;
  }

  #slot(id: number): number {
    const r = id % TOWN_SHIFT;
    const t = (id - r) / TOWN_SHIFT;
    if (t !== this.#lastTown) {
      this.#lastTown = t;
      this.#last = this.#towns.get(t);
      this.#lastN = this.#last ? this.#s.townAt(t).n : 0;
    }
    const n = this.#lastN;
    return ((r >> 9) - OFF + n) * (2 * n + 1) + (r & 511) - OFF + n;
  }
  #lastN = 0;

  /** The value of a node, or undefined. */
  get(id: number): number | undefined {
    const k = this.#slot(id);
    const v = this.#last?.[k];
    return v === undefined || v !== v ? undefined : v;
  }

  /** Sets the value of a node. */
  set(id: number, v: number): void {
    let k = this.#slot(id);
    if (!this.#last) {
      const t = this.#lastTown;
      const n = this.#s.townAt(t).n;
      this.#last = new Float64Array((2 * n + 1) ** 2).fill(NaN);
      this.#towns.set(t, this.#last);
      this.#lastN = n;
      k = this.#slot(id);
    }
    this.#last![k] = v;
  }

  /** Calls `fn` for every node with a value. */
  forEach(fn: (v: number, id: number) => void): void {
    for (const [t, arr] of this.#towns) {
      const n = this.#s.townAt(t).n, w = 2 * n + 1;
      for (let k = 0; k < arr.length; k++) {
        const v = arr[k];
        if (v !== v) continue;
        fn(v, nodeId(t, Math.floor(k / w) - n, (k % w) - n));
      }
    }
  }

  /** The towns that have values. */
  towns(): IterableIterator<number> {
    return this.#towns.keys();
  }
}

/** What a search leaves behind. */
export interface Tree {
  /** Settled nodes and their costs. */
  cost: NodeTable;
  /** The node each node was reached from (-1 at a seed), when asked for. */
  pred?: NodeTable;
  /** The link that reached a town centre, when asked for. */
  predLink?: Map<number, Link>;
  /** True when the node cap stopped the search. */
  capped: boolean;
}

/** Options of {@linkcode search}. */
export interface SearchOptions {
  /** Stop once nothing cheaper than this is left. */
  stop?: (popped: number) => boolean;
  /** May the search enter this town's streets (beyond its centre)? */
  enter?: (town: number) => boolean;
  /** Lower bound of the cost from a node to the goal (A*). */
  heuristic?: (node: number) => number;
  /** Called for each settled node. */
  settle?: (node: number, cost: number) => void;
  /** Keep the predecessors. */
  pred?: boolean;
  /** Do not settle nodes beyond this cost. */
  limit?: number;
  /** May the search take trunk roads from this town's centre (default: yes)? */
  trunk?: (town: number) => boolean;
  /** Whether to go on from a settled node (default: always). */
  expand?: (cost: number) => boolean;
}

/** Where a search starts from a position: each end of its edge, with the cost to reach it. */
export function seedsOf(
  s: Streets,
  p: Profile,
  pos: Pos,
): [node: number, cost: number][] {
  const e = edgeCost(s, p, pos);
  if (!e) return [];
  const out: [number, number][] = [];
  if (e.backward) out.push([pos.a, part(p, e, pos.f)]);
  if (e.forward) out.push([pos.b, part(p, e, 1 - pos.f)]);
  return out;
}

/**
 * The cheapest cost to a position from a finished tree, given its edge's
 * cost (or undefined when unreachable).
 */
export function arrival(
  p: Profile,
  tree: { get(id: number): number | undefined },
  pos: Pos,
  e: EdgeCost,
): number | undefined {
  let best: number | undefined;
  const ca = tree.get(pos.a), cb = tree.get(pos.b);
  if (ca !== undefined && e.forward) best = ca + part(p, e, pos.f);
  if (cb !== undefined && e.backward) {
    const v = cb + part(p, e, 1 - pos.f);
    if (best === undefined || v < best) best = v;
  }
  return best;
}

/** The direct cost from one position to another on the same edge, if any. */
export function sameEdge(
  p: Profile,
  from: Pos,
  to: Pos,
  e: EdgeCost,
): number | undefined {
  if (from.a !== to.a || from.b !== to.b) return undefined;
  if (to.f >= from.f && e.forward) return part(p, e, to.f - from.f);
  if (to.f <= from.f && e.backward) return part(p, e, from.f - to.f);
  return undefined;
}

/** Dijkstra (or A* with a heuristic) from seeds. */
export function search(
  s: Streets,
  p: Profile,
  seeds: readonly [number, number][],
  o: SearchOptions = {},
): Tree {
  const cost = new NodeTable(s);
  const best = new NodeTable(s);
  const pred = o.pred ? new NodeTable(s) : undefined;
  const predLink = o.pred ? new Map<number, Link>() : undefined;
  const heap = new Heap();
  const h = o.heuristic;
  for (const [node, c] of seeds) {
    if (!(c < (best.get(node) ?? Infinity))) continue;
    best.set(node, c);
    pred?.set(node, -1);
    heap.push(c + (h ? h(node) : 0), node);
  }
  let settled = 0;
  const relax = (to: number, c: number, from: number, link: Link | null) => {
    if (o.limit !== undefined && c > o.limit) return;
    const old = best.get(to);
    if (old !== undefined && old <= c) return;
    best.set(to, c);
    if (pred) {
      pred.set(to, from);
      if (link) predLink!.set(to, link);
      else predLink!.delete(to);
    }
    heap.push(c + (h ? h(to) : 0), to);
  };
  while (heap.size) {
    const key = heap.peekKey();
    const node = heap.pop();
    const c = best.get(node)!;
    if (h ? key !== c + h(node) : key !== c) continue; // stale entry
    const done = cost.get(node);
    if (done !== undefined && done <= c) continue;
    if (o.stop?.(key)) break;
    cost.set(node, c);
    o.settle?.(node, c);
    if (++settled > NODE_CAP) return { cost, pred, predLink, capped: true };
    if (o.expand && !o.expand(c)) continue;
    const [ti, i, j] = nodeParts(node);
    const t = s.townAt(ti);
    const centre = i === 0 && j === 0;
    if (!centre || !o.enter || o.enter(ti)) {
      const length = Math.round(t.spacing);
      for (let k = 0; k < 4; k++) {
        const di = k === 0 ? 1 : k === 1 ? -1 : 0;
        const dj = k === 2 ? 1 : k === 3 ? -1 : 0;
        const ni = i + di, nj = j + dj;
        if (ni * ni + nj * nj > t.n * t.n) continue;
        const axis = k < 2 ? 0 : 1;
        const line = axis === 0 ? j : i;
        const speed = p.speeds[line === 0 ? 2 : line % 5 === 0 ? 3 : 4];
        if (!(speed > 0)) continue;
        // The edge runs from the lower offset to the higher one.
        const lo = k === 1 || k === 3;
        if (p.oneWay) {
          const at = axis === 0 ? (lo ? ni : i) : (lo ? nj : j);
          const dir = latticeOneWay(t, axis, line, at) * (p.reverse ? -1 : 1);
          if (lo ? dir > 0 : dir < 0) continue;
        }
        if (
          p.boxes.length &&
          !latticeEdge(s, p, t, lo ? ni : i, lo ? nj : j, axis)
        ) {
          continue;
        }
        relax(
          nodeId(ti, ni, nj),
          c + pack(p, tenths(length, speed), length),
          node,
          null,
        );
      }
    }
    if (centre) {
      const all = !o.trunk || o.trunk(ti);
      for (const link of all ? s.links(t) : s.motorways(t)) {
        if (!linkAllowed(p, link)) continue;
        const other = link.a === ti ? link.b : link.a;
        const speed = p.speeds[classIndex(link.roadClass)];
        const e = pack(p, tenths(link.length, speed), link.length);
        relax(nodeId(other, 0, 0), c + e, node, link);
      }
    }
  }
  return { cost, pred, predLink, capped: false };
}

/** A straight-line lower bound of the cost from a node to a point. */
export function straightBound(
  s: Streets,
  p: Profile,
  to: LatLngLike,
): (node: number) => number {
  return (node) => {
    const d = 0.95 * haversineMeters(s.point(node), to);
    return p.short
      ? Math.floor(d) * SHORT_SHIFT
      : Math.floor((d / p.vmax) * 10) * FAST_SHIFT;
  };
}

/** A binary min-heap of nodes by key. */
class Heap {
  #keys: number[] = [];
  #nodes: number[] = [];
  get size(): number {
    return this.#keys.length;
  }
  peekKey(): number {
    return this.#keys[0];
  }
  push(key: number, node: number): void {
    const keys = this.#keys, nodes = this.#nodes;
    let k = keys.length;
    keys.push(key);
    nodes.push(node);
    while (k > 0) {
      const up = (k - 1) >> 1;
      if (keys[up] < key || (keys[up] === key && nodes[up] <= node)) break;
      keys[k] = keys[up];
      nodes[k] = nodes[up];
      k = up;
    }
    keys[k] = key;
    nodes[k] = node;
  }
  pop(): number {
    const keys = this.#keys, nodes = this.#nodes;
    const top = nodes[0];
    const key = keys.pop()!, node = nodes.pop()!;
    const n = keys.length;
    if (n) {
      let k = 0;
      for (;;) {
        let c = 2 * k + 1;
        if (c >= n) break;
        if (
          c + 1 < n &&
          (keys[c + 1] < keys[c] ||
            (keys[c + 1] === keys[c] && nodes[c + 1] < nodes[c]))
        ) c++;
        if (key < keys[c] || (key === keys[c] && node <= nodes[c])) break;
        keys[k] = keys[c];
        nodes[k] = nodes[c];
        k = c;
      }
      keys[k] = key;
      nodes[k] = node;
    }
    return top;
  }
}
