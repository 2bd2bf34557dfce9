// One Matrix Routing call: POST /v8/matrix, sync or async (202 → status
// polls → 303 → download), ending in a checked result body whose arrays are
// typed. `matrix()` makes one of these, or one per tile.

import {
  ApiError,
  bodyChunks,
  type Client,
  DEFAULT_MAX_STATUS_BYTES,
  downloadResult,
  jobError,
  type JobStatusResponse,
  type JobStep,
  pollJob,
  Query,
  type ReadContext,
  readJsonBody,
  type RequestOptions,
  TimeoutError,
} from "@ls/core";
import type { MatrixData, MatrixResultBody } from "./response.ts";
import {
  type ExpectedSize,
  MatrixResultParser,
  type ParsedMatrix,
  type ParsedResult,
  ResultSyntaxError,
  typedArrayFrom,
} from "./_result_parser.ts";

/** Options of one `matrix()` call that the calls use. */
export interface RunOptions extends RequestOptions {
  /** Delay before the first status poll, ms. */
  pollInitialDelayMs?: number;
  /** Longest delay between status polls, ms. */
  pollMaxDelayMs?: number;
  /** Shortest delay between status polls, ms. */
  pollMinDelayMs?: number;
}

/** What every call of one `matrix()` shares. */
export interface Run {
  client: Client;
  options: RunOptions;
  signal?: AbortSignal;
  deadline: number;
}

/** One call's result and its tracing ids. */
export interface CallResult {
  body: MatrixResultBody;
  correlationId?: string;
  requestId?: string;
}

const PATH = "/v8/matrix";
const FAILED = new Set(["failed", "error", "timeout", "cancelled", "canceled"]);

/** Milliseconds left before the deadline; a TimeoutError once it passed. */
function remaining(run: Run): number | undefined {
  if (run.deadline === Infinity) return undefined;
  const left = run.deadline - performance.now();
  if (left <= 0) {
    throw new TimeoutError(
      `Operation exceeded its deadline of ${run.options.deadlineMs} ms`,
    );
  }
  return left;
}

function requestOptions(run: Run): RequestOptions {
  const { timeoutMs, maxRetries, headers, requestId, maxResponseBytes } =
    run.options;
  return {
    signal: run.signal,
    timeoutMs,
    maxRetries,
    headers,
    requestId,
    maxResponseBytes,
    // A deadline that passed fails the request in the client, like any
    // other: the call is tried, its TimeoutError names the request.
    deadlineMs: run.deadline === Infinity
      ? undefined
      : Math.max(run.deadline - performance.now(), Number.MIN_VALUE),
  };
}

/** One request: sync, or async with polling, ending in a parsed result. */
export async function call(
  run: Run,
  body: Record<string, unknown>,
  async: boolean,
  expected: ExpectedSize,
): Promise<CallResult> {
  const { client } = run;
  const submitUrl = `${client.originFor("matrix")}${PATH}`;
  // The body is read within the request's attempt: a sync result that
  // breaks off is requested again.
  const submitted = await client.request(
    {
      service: "matrix",
      method: "POST",
      path: PATH,
      query: new Query().set("async", async),
      body,
      expect: async ? [202] : [200, 202],
      retry: async ? "submit" : "idempotent",
    },
    requestOptions(run),
    async (res, context) =>
      res.status === 200
        ? {
          res,
          result: await readResult(
            run,
            res,
            context,
            expected,
            "POST",
            submitUrl,
          ),
        }
        : {
          res,
          // 202: an async job (also when a sync call is answered with one).
          accepted: {
            body: await readJsonBody(
              res,
              context,
              DEFAULT_MAX_STATUS_BYTES,
            ) as Record<string, unknown> | null,
          },
        },
  );
  const { res } = submitted;
  const correlationId = res.headers.get("x-correlation-id") ?? undefined;
  const requestId = res.headers.get("x-request-id") ?? undefined;
  if (submitted.result) {
    return { body: submitted.result, correlationId, requestId };
  }

  const status = submitted.accepted!.body;
  const statusUrl = typeof status === "object" && status !== null
    ? status.statusUrl
    : undefined;
  let absoluteStatusUrl: string | undefined;
  try {
    if (typeof statusUrl === "string" && statusUrl !== "") {
      absoluteStatusUrl = new URL(statusUrl, submitUrl).href;
    }
  } catch {
    // reported below
  }
  if (absoluteStatusUrl === undefined) {
    throw jobError(client, status, {
      status: 202,
      method: "POST",
      url: submitUrl,
      headers: res.headers,
      title: statusUrl === undefined || statusUrl === ""
        ? "Async matrix submit returned no statusUrl"
        : "Async matrix submit returned an invalid statusUrl",
    });
  }
  const report = progressReporter(run.options.onProgress);
  if (typeof status?.status === "string") {
    report(client.redact(status.status.slice(0, 200)));
  }
  const outcome = await pollJob(client, {
    service: "matrix",
    statusUrl: absoluteStatusUrl,
    interpret,
    deadlineMs: remaining(run),
    initialDelayMs: run.options.pollInitialDelayMs,
    maxDelayMs: run.options.pollMaxDelayMs,
    minDelayMs: run.options.pollMinDelayMs,
  }, { ...requestOptions(run), onProgress: report });

  let result: MatrixResultBody;
  if (outcome.kind === "body") {
    result = toResultBody(
      run,
      fromJson(outcome.body),
      expected,
      { status: 200, method: "GET", url: client.redact(absoluteStatusUrl) },
    );
  } else {
    result = await downloadResult(client, {
      service: "matrix",
      url: outcome.url,
      referrer: absoluteStatusUrl,
      read: (res, context) =>
        readResult(run, res, context, expected, "GET", outcome.url),
    }, requestOptions(run));
  }
  return { body: result, correlationId, requestId };
}

/** Reports each status once, in order; a throwing callback is ignored. */
function progressReporter(
  onProgress: ((status: string) => void) | undefined,
): (status: string) => void {
  let last: string | undefined;
  return (status) => {
    if (status === last) return;
    last = status;
    try {
      onProgress?.(status);
    } catch {
      // A progress hook must never break the job.
    }
  };
}

/** What a status response means (wire matrix.md §5.2). */
function interpret(res: JobStatusResponse): JobStep {
  const body = typeof res.body === "object" && res.body !== null
    ? res.body as Record<string, unknown>
    : {};
  const status = typeof body.status === "string" ? body.status : undefined;
  if (res.status >= 300 && res.status < 400) {
    const resultUrl = typeof body.resultUrl === "string" && body.resultUrl
      ? body.resultUrl
      : res.headers.get("location");
    if (!resultUrl) {
      return {
        state: "failed",
        status: status ?? "completed",
        body: {
          title: "The job completed without a resultUrl or Location header",
          ...body,
        },
      };
    }
    return { state: "done", status: status ?? "completed", resultUrl };
  }
  if (body.error !== undefined || (status && FAILED.has(status))) {
    return { state: "failed", status: status ?? "failed", body };
  }
  if (typeof body.matrix === "object" && body.matrix !== null) {
    // A browser followed the redirect itself: this is the result.
    return { state: "result", status: status ?? "completed", body };
  }
  return { state: "pending", status: status ?? "unknown" };
}

// -------------------------------------------------------------- results

/** Streams a result body through the parser into typed arrays. */
async function readResult(
  run: Run,
  res: Response,
  context: ReadContext,
  expected: ExpectedSize,
  method: string,
  url: string,
): Promise<MatrixResultBody> {
  const { client } = run;
  const safeUrl = client.redact(res.url || url);
  const parser = new MatrixResultParser(expected);
  // Read under the attempt's clock and a cap derived from the size asked
  // for: no more bytes than the requested matrix can take.
  const chunks = bodyChunks(res, {
    signal: context.signal,
    maxBytes: context.maxBytes ?? maxResultBytes(expected),
  }, true);
  try {
    for (;;) {
      const chunk = await chunks.read();
      if (!chunk) break;
      parse(() => parser.push(chunk));
    }
    return toResultBody(run, parse(() => parser.end()), expected, {
      status: res.status,
      method,
      url: safeUrl,
      headers: res.headers,
    });
  } finally {
    await chunks.cancel();
  }

  /** Runs the parser; what it throws becomes a malformed-result ApiError. */
  function parse<T>(step: () => T): T {
    try {
      return step();
    } catch (err) {
      // The snippet is body text: scrub it like any body kept on an error.
      throw malformed(
        res.status,
        method,
        safeUrl,
        client.redact(
          err instanceof ResultSyntaxError
            ? err.message
            : "The result could not be parsed",
        ),
        undefined,
      );
    }
  }
}

/**
 * The most bytes a result of the expected size can take, generously: up to
 * 24 bytes an entry for each of the three arrays (a number up to 15 digits,
 * a comma, spacing), and 1 MiB for everything else.
 */
export function maxResultBytes(expected: ExpectedSize): number {
  return 1024 * 1024 +
    expected.numOrigins * expected.numDestinations * 3 * 24;
}

function malformed(
  status: number,
  method: string,
  url: string,
  detail: string,
  cause: unknown,
): ApiError {
  return new ApiError({
    status,
    method,
    url,
    title: "Malformed matrix result",
    detail,
    cause,
  });
}

/** A plain JSON result (a status response that carried it) as parser output. */
function fromJson(body: unknown): ParsedResult {
  let matrix: ParsedMatrix | undefined;
  const entries = Object.entries(body as Record<string, unknown>).map(
    ([key, value]): [string, unknown] => {
      if (key !== "matrix" || typeof value !== "object" || value === null) {
        return [key, value];
      }
      matrix = {
        entries: Object.entries(value).map(([k, v]): [string, unknown] => [
          k,
          Array.isArray(v) && (k === "travelTimes" || k === "distances" ||
              k === "errorCodes")
            ? typedArrayFrom(k, v)
            : v,
        ]),
      };
      return [key, matrix];
    },
  );
  return { entries, matrix };
}

/** Checks the parsed result and builds the typed body. */
function toResultBody(
  run: Run,
  parsed: ParsedResult,
  expected: ExpectedSize,
  context: { status: number; method: string; url: string; headers?: Headers },
): MatrixResultBody {
  const { client } = run;
  const out: Record<string, unknown> = {};
  let matrix: MatrixData | undefined;
  for (const [key, value] of parsed.entries) {
    if (key === "matrix" && value === parsed.matrix && parsed.matrix) {
      matrix = Object.fromEntries(parsed.matrix.entries) as MatrixData;
      out.matrix = matrix;
    } else out[key] = value;
  }
  // A detail may quote the server's values: scrubbed like any error body.
  const bad = (detail: string): ApiError =>
    malformed(
      context.status,
      context.method,
      context.url,
      client.redact(detail),
      undefined,
    );
  if (!matrix) {
    if (out.error !== undefined) {
      throw jobError(client, out, {
        ...context,
        title: "Matrix calculation failed",
      });
    }
    throw bad("The result has no matrix object");
  }
  const { numOrigins: n, numDestinations: m } = matrix;
  if (n !== expected.numOrigins || m !== expected.numDestinations) {
    throw bad(
      `The result is ${JSON.stringify(n)} × ${
        JSON.stringify(m)
      }, the request was ${expected.numOrigins} × ${expected.numDestinations}`,
    );
  }
  for (const key of ["travelTimes", "distances", "errorCodes"] as const) {
    const values = matrix[key];
    if (values !== undefined && values.length !== n * m) {
      throw bad(
        `matrix.${key} has ${values.length} entries, expected ${n} × ${m} = ${
          n * m
        }`,
      );
    }
  }
  return out as MatrixResultBody;
}
