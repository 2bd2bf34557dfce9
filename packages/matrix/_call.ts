// One Matrix Routing call: POST /v8/matrix, sync or async (202, status
// polls, 303, download), ending in a checked result body whose arrays are
// typed. `matrix()` makes one of these, or one per tile.

import {
  ApiError,
  type Client,
  type RequestOptions,
  type RequestSpec,
  type ResponseFacts,
} from "@ls/core";
import type { ReadContext } from "@ls/core";
import {
  bodyChunks,
  checkPollOptions,
  type Deadline,
  failedJobError,
  type JobStatusResponse,
  type JobStep,
  plainRequestOptions,
  type PollOptions,
  responseFacts,
  runJob,
} from "@ls/core/internal";
import type { MatrixData, MatrixResultBody } from "./response.ts";
import {
  MatrixResultParser,
  type ParsedMatrix,
  type ParsedResult,
  ResultSyntaxError,
} from "./_result_parser.ts";
import {
  type ArraySource,
  type ExpectedSize,
  isNumericKey,
  NUMERIC_KEYS,
  typedArrayFrom,
} from "./_typed_arrays.ts";

/** Options of one `matrix()` call that the calls use. */
export interface RunOptions extends RequestOptions {
  /** The cadence of status polls (checked before any request). */
  poll?: PollOptions;
}

/** What every call of one `matrix()` shares. */
export interface Run {
  /** The client every call goes through. */
  client: Client;
  /** The caller's options. */
  options: RunOptions;
  /** Aborts the calls (the caller's signal, or the tiles' own). */
  signal?: AbortSignal;
  /** The deadline of the whole `matrix()` call. */
  deadline: Deadline;
  /** Where result parsers get their arrays (default: new ones). */
  arrays?: ArraySource;
  /** Awaited before an async job's result is downloaded (room for it). */
  beforeDownload?: (signal: AbortSignal | undefined) => Promise<void>;
}

/** One call's result and its tracing ids. */
export interface CallResult {
  /** The checked result body. */
  body: MatrixResultBody;
  /** The submit answer's `X-Correlation-Id`. */
  correlationId?: string;
  /** The submit answer's `X-Request-Id`. */
  requestId?: string;
}

const FAILED = /* @__PURE__ */ new Set([
  "failed",
  "error",
  "timeout",
  "cancelled",
  "canceled",
]);

/** One request (sync, or async with polling), ending in a checked result. */
export async function call(
  run: Run,
  spec: RequestSpec,
  expected: ExpectedSize,
): Promise<CallResult> {
  const { client, options } = run;
  const submitUrl = `${client.originFor("matrix")}${spec.path}`;
  // Every request option reaches the requests but the polls' cadence and
  // the deadline, which the job takes as its own; the signal is the run's.
  // Getters and inherited options count as the caller's own.
  const { poll } = options;
  const requestOptions: RequestOptions = {
    ...plainRequestOptions(options),
    deadlineMs: undefined,
    signal: run.signal,
  };
  const { value, ...tracing } = await runJob(
    client,
    {
      submit: spec,
      // The body is read within the request's attempt: a sync result that
      // breaks off is requested again.
      readAnswer: (res, context) =>
        readResult(run, res, context, expected, "POST", submitUrl),
      accepted: (answer) => {
        const body = record(answer.body);
        return {
          statusUrl: body.statusUrl,
          status: typeof body.status === "string" ? body.status : undefined,
        };
      },
      titles: {
        noStatusUrl: "Async matrix submit returned no statusUrl",
        badStatusUrl: "Async matrix submit returned an invalid statusUrl",
      },
      interpret,
      statusResult: (body, response) =>
        toResultBody(fromJson(body), expected, response),
      readResult: (res, context) =>
        readResult(run, res, context, expected, "GET"),
      beforeDownload: run.beforeDownload,
      // Checked before any request; read again as the plain timing.
      poll: checkPollOptions(poll, "matrix"),
    },
    requestOptions,
    run.deadline,
  );
  return { body: value, ...tracing };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null
    ? value as Record<string, unknown>
    : {};
}

/**
 * What a status response means: a 3xx names the result (`resultUrl`, else
 * `Location`); `error`, or a status of failed, error, timeout or cancelled,
 * is a failed job; a body with a `matrix` is the result itself (a browser
 * followed the redirect); anything else is still running.
 */
function interpret(res: JobStatusResponse): JobStep {
  const body = record(res.body);
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
  { client, arrays }: Run,
  res: Response,
  context: ReadContext,
  expected: ExpectedSize,
  method: string,
  url?: string,
): Promise<MatrixResultBody> {
  const facts = responseFacts(client, res, method, res.url || url);
  const parser = new MatrixResultParser(expected, arrays);
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
    return toResultBody(parse(() => parser.end()), expected, facts);
  } finally {
    await chunks.cancel();
  }

  /** Runs the parser; what it throws becomes a malformed-result ApiError. */
  function parse<T>(step: () => T): T {
    try {
      return step();
    } catch (err) {
      throw malformed(
        facts,
        err instanceof ResultSyntaxError
          ? snippetDetail(client, err)
          : "The result could not be parsed",
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

/**
 * The parser's message with its snippet of body text, unless the text
 * around it holds a credential: a snippet cut through one would show a part
 * that no scrubbing can recognise, so it is withheld whole.
 */
function snippetDetail(client: Client, err: ResultSyntaxError): string {
  return client.redact(err.context) === err.context
    ? err.message
    : `${err.reason} at byte ${err.offset} (the text around it is withheld: it holds a credential)`;
}

function malformed(response: ResponseFacts, detail: string): ApiError {
  return ApiError.fromResponse(response, {
    title: "Malformed matrix result",
    detail,
  });
}

/** A plain JSON result (a status response that carried it) as parser output. */
function fromJson(body: unknown): ParsedResult {
  let matrix: ParsedMatrix | undefined;
  const entries = Object.entries(record(body)).map(
    ([key, value]): [string, unknown] => {
      if (key !== "matrix" || typeof value !== "object" || value === null) {
        return [key, value];
      }
      matrix = {
        entries: Object.entries(value).map(([k, v]): [string, unknown] => [
          k,
          Array.isArray(v) && isNumericKey(k) ? typedArrayFrom(k, v) : v,
        ]),
      };
      return [key, matrix];
    },
  );
  return { entries, matrix };
}

/**
 * Checks the parsed result and builds the typed body; `response` names the
 * response it came with in errors (which scrub what they quote).
 */
function toResultBody(
  parsed: ParsedResult,
  expected: ExpectedSize,
  response: ResponseFacts,
): MatrixResultBody {
  const out: Record<string, unknown> = {};
  let matrix: MatrixData | undefined;
  for (const [key, value] of parsed.entries) {
    if (key === "matrix" && value === parsed.matrix && parsed.matrix) {
      matrix = Object.fromEntries(
        parsed.matrix.entries,
      ) as unknown as MatrixData;
      out.matrix = matrix;
    } else out[key] = value;
  }
  if (!matrix) {
    if (out.error !== undefined) {
      throw failedJobError(response, out, "Matrix calculation failed");
    }
    throw malformed(response, "The result has no matrix object");
  }
  const { numOrigins: n, numDestinations: m } = matrix;
  if (n !== expected.numOrigins || m !== expected.numDestinations) {
    throw malformed(
      response,
      `The result is ${JSON.stringify(n)} × ${
        JSON.stringify(m)
      }, the request was ${expected.numOrigins} × ${expected.numDestinations}`,
    );
  }
  for (const key of NUMERIC_KEYS) {
    const values = matrix[key];
    if (values !== undefined && values.length !== n * m) {
      throw malformed(
        response,
        `matrix.${key} has ${values.length} entries, expected ${n} × ${m} = ${
          n * m
        }`,
      );
    }
  }
  return out as unknown as MatrixResultBody;
}
