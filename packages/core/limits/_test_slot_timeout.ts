// What a call that found no request slot before its deadline ends with, as
// the tests of both limiters check it.

import assert from "node:assert/strict";
import { TimeoutError } from "../errors/errors.ts";

/**
 * Asserts that `error` is the client's `TimeoutError` for a call that
 * waited for a request slot past its `deadlineMs`, and that none of the
 * `sent` requests it would have made arrived. `what` names the case.
 */
export function assertSlotTimeout(
  error: unknown,
  sent: number,
  deadlineMs: number,
  what: string,
): void {
  assert.ok(error instanceof TimeoutError, `${what}: ${error}`);
  assert.match(
    error.message,
    new RegExp(
      `^Operation exceeded its deadline of ${deadlineMs} ms waiting for a request slot; the request was not sent \\[GET `,
    ),
    what,
  );
  assert.equal(sent, 0, what);
}
