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

/** Records that `response` came through a client scrubbing with `scrubber`. */
export function registerScrubber(response: object, scrubber: Scrubber): void {
  scrubbers.set(response, scrubber);
}

/** The scrubber of the client that read `response`, if any. */
export function scrubberOf(response: object): Scrubber | undefined {
  return scrubbers.get(response);
}
