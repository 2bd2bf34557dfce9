/**
 * A rate budget shared by every process that opens the same Deno KV store:
 * several workers on one machine (a local KV file), every instance of a Deno
 * Deploy app, or every client of a self-hosted KV server.
 *
 * ```ts ignore
 * // deno run --unstable-kv --allow-net --allow-read --allow-write --allow-env worker.ts
 * import { KvLimiter } from "@ls/core/kv";
 * import { LS } from "@ls/ls";
 * const kv = await Deno.openKv("./here-budget.kv"); // Deno.openKv() on Deploy
 * const ls = new LS({ limiter: new KvLimiter(kv, { requestsPerSecond: 20 }) });
 * ```
 *
 * This entry is separate so that nobody pays for it who does not use it;
 * `Deno.openKv` needs `--unstable-kv` in this Deno version, and nothing in
 * the default entries touches it. The limiter only needs the few KV methods
 * of {@linkcode KvStore}, so a test double or another store with an atomic
 * compare-and-set can stand in.
 *
 * How the budget is kept: for each budget (overall, and per service) the
 * store holds the earliest time the next request may start. A turn reads
 * it, reserves the slot `max(now, next)` and moves `next` one interval
 * (1 / rate) later, in one atomic check-and-set; if another process got
 * there first, it reads again. It then sleeps until its slot.
 *
 * - Slots are booked at most one second ahead (and never after the call's
 *   deadline): a turn whose slot would lie further ahead waits, unbooked,
 *   and reads again once it comes within that second. A caller that gives up
 *   before its slot gives it back if no later one was booked since.
 * - A turn that wakes more than `max(interval, 10 ms)` after its slot (a
 *   busy machine, a paused VM) gives the slot up and books another, so it
 *   does not send in a burst with the slots after its own. Every start thus
 *   falls within that tolerance after its own slot, and slots are at least
 *   one interval apart across all processes: within any second at most the
 *   budget start, plus one for the turn at the window's edge, plus
 *   `budget / 100` (the 10 ms tolerance) for budgets above 100 per second.
 * - Nothing is held while a request runs. A worker that dies (even one with
 *   hundreds of calls waiting) costs the others at most the slots it had
 *   booked and not used: at most one second of the budget. No lease needs to
 *   expire before the others go on.
 * - A stored `next` that is not a number, or later than any process could
 *   have booked (now, plus the second ahead, plus one interval, plus a
 *   second for clocks that disagree) is corrupt (a clock that jumped, a
 *   foreign write): it is ignored and booking starts afresh from now.
 * - Stale keys expire by themselves a minute after their last slot.
 *
 * The same scheme runs on Redis: keep `next` in a key and do the
 * read-reserve-set in one Lua script (`EVAL`), or use the redis-cell
 * module's `CL.THROTTLE`; implement {@linkcode Limiter}'s `acquire` around
 * it.
 *
 * @module
 */

export {
  KvLimiter,
  type KvLimiterOptions,
  type KvStore,
  type KvStoreAtomic,
  type KvStoreKey,
  type Limiter,
  type LimiterTurn,
  type RateBudget,
  type TurnRequest,
} from "./limits/kv_limiter.ts";
