import assert from "node:assert/strict";
import {
  ApiError,
  ConnectionError,
  LSError,
  TimeoutError,
  ValueError,
} from "./errors.ts";

Deno.test("errors: a cause given becomes Error.cause; none, or an undefined one, leaves no cause property", () => {
  const cause = new Error("socket hang up");
  const init = { status: 503, method: "GET", url: "https://x.test/" };
  const withCause = [
    new LSError("m", { cause }),
    new ApiError({ ...init, cause }),
    new TimeoutError("m", { url: "u", cause }),
    new ConnectionError("m", { url: "u", cause }),
  ];
  for (const err of withCause) {
    assert.ok(Object.hasOwn(err, "cause"), err.name);
    assert.equal(err.cause, cause);
  }
  const without = [
    new LSError("m"),
    new LSError("m", { cause: undefined }),
    new ApiError(init),
    new ApiError({ ...init, cause: undefined }),
    new TimeoutError("m"),
    new TimeoutError("m", { url: "u", cause: undefined }),
    new ConnectionError("m", { url: "u" }),
    new ValueError("p", "must be x"),
  ];
  for (const err of without) assert.ok(!Object.hasOwn(err, "cause"), err.name);
});
