// Which client read a response: ApiError.fromResponse scrubs what it quotes
// from the body with that client's redactor. A WeakMap, so a response holds
// no reference a user could reach and is collected as usual.

/** What a response's client scrubs with. */
export interface Scrubber {
  /** Removes every credential form from a text. */
  scrub(text: string): string;
  /** The same for the strings inside a parsed JSON value. */
  scrubValue(value: unknown): unknown;
}

const scrubbers = new WeakMap<object, Scrubber>();

/**
 * A JSON response as the client hands it back: the fields of
 * `JsonResponse`, with the request's URL scrubbed only when it is first
 * read (a regex pass that most calls never need) and the client's scrubber
 * kept for `ApiError.fromResponse`. A class, so that neither costs a
 * per-response property definition on the hot path.
 */
export class ReceivedJson {
  /** HTTP status. */
  declare status: number;
  /** The parsed body. */
  declare body: unknown;
  /** Response headers. */
  declare headers: Headers;
  /** `X-Correlation-Id`. */
  declare correlationId?: string;
  /** `X-Request-Id`. */
  declare requestId?: string;
  /** The request's method. */
  declare method: string;
  readonly #rawUrl: string;
  readonly #scrubber: Scrubber;
  #url?: string;

  /** Keeps the fields; `rawUrl` is scrubbed when `url` is first read. */
  constructor(
    fields: {
      status: number;
      body: unknown;
      headers: Headers;
      correlationId?: string;
      requestId?: string;
    },
    method: string,
    rawUrl: string,
    scrubber: Scrubber,
  ) {
    this.status = fields.status;
    this.body = fields.body;
    this.headers = fields.headers;
    this.correlationId = fields.correlationId;
    this.requestId = fields.requestId;
    this.method = method;
    this.#rawUrl = rawUrl;
    this.#scrubber = scrubber;
  }

  /** The request's URL, credentials redacted. */
  get url(): string {
    return (this.#url ??= this.#scrubber.scrub(this.#rawUrl));
  }

  set url(value: string) {
    this.#url = this.#scrubber.scrub(value);
  }

  /** The client's scrubber. */
  get scrubber(): Scrubber {
    return this.#scrubber;
  }

  /** The fields as plain JSON, `url` included. */
  toJSON(): Record<string, unknown> {
    return {
      status: this.status,
      body: this.body,
      correlationId: this.correlationId,
      requestId: this.requestId,
      method: this.method,
      url: this.url,
    };
  }
}

/** Records that `response` came through a client scrubbing with `scrubber`. */
export function registerScrubber(response: object, scrubber: Scrubber): void {
  scrubbers.set(response, scrubber);
}

/** The scrubber of the client that read `response`, if any. */
export function scrubberOf(response: object): Scrubber | undefined {
  return response instanceof ReceivedJson
    ? response.scrubber
    : scrubbers.get(response);
}
