// The `.properties` format HERE's credentials files use (Java's rules):
// `key = value`, `key: value` or `key value`; `#`/`!` comments; a line that
// ends in an odd number of backslashes goes on on the next; `\=`, `\:`,
// `\\`, `\t`, `\uXXXX` and other escapes. Small enough to keep here rather
// than pull a parser into every bundle that can read credentials.

const ESCAPES: Record<string, string> = { t: "\t", n: "\n", r: "\r", f: "\f" };
const KEY_VALUE =
  /^((?:\\[\s\S]?|[^\\=: \t\f])*)[ \t\f]*[=:]?[ \t\f]*([\s\S]*)/;

/** The key-value pairs of a properties text; a later key wins. */
export function parseProperties(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i].replace(/^[ \t\f]+/, "");
    if (line === "" || "#!".includes(line[0])) continue;
    // Join continued lines: an odd run of trailing backslashes.
    while (/(?:^|[^\\])(?:\\\\)*\\$/.test(line) && i + 1 < lines.length) {
      line = line.slice(0, -1) + lines[++i].replace(/^[ \t\f]+/, "");
    }
    // The key runs to the first unescaped blank, `=` or `:`; then blanks,
    // one `=` or `:` and blanks again part it from the value.
    const [, key, value] = KEY_VALUE.exec(line)!;
    out.set(unescape(key), unescape(value));
  }
  return out;
}

function unescape(text: string): string {
  return text.replace(
    /\\(u[0-9a-fA-F]{4}|[\s\S]?)/g,
    (_, e: string) =>
      e.length === 5
        ? String.fromCharCode(parseInt(e.slice(1), 16))
        : ESCAPES[e] ?? e,
  );
}

/**
 * The text of a properties file's bytes: UTF-16 when it starts with a
 * UTF-16 byte-order mark (as Windows PowerShell writes), else UTF-8.
 */
export function decodeProperties(bytes: Uint8Array): string {
  const encoding = bytes[0] === 0xff && bytes[1] === 0xfe
    ? "utf-16le"
    : bytes[0] === 0xfe && bytes[1] === 0xff
    ? "utf-16be"
    : "utf-8";
  return new TextDecoder(encoding).decode(bytes);
}
