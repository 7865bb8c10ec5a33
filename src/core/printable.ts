// Text from the probed function (reprs, printed output, exception messages) and from the model
// is shown to people in terminals and plain-text logs. Raw control characters there are commands
// to the terminal (set the title, write the clipboard, clear the screen, rewrite the line with a
// lone \r), so every such text passes through `printable` at the output boundary: each control
// character is shown as an escape (`\x1b`), the text is otherwise unchanged.

/**
 * C0 controls except \t and \n, a \r not followed by \n, DEL, C1 controls, and the
 * bidirectional-text controls (they reorder what the reader sees without being visible).
 */
// eslint-disable-next-line no-control-regex -- the controls are what it matches
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/g;

function escape(char: string): string {
  const code = char.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** The text with every control character shown as an escape, safe to write to a terminal. */
export function printable(text: string): string {
  return text.replace(CONTROL, escape);
}

/**
 * A copy of a JSON-like value (an event, a result) with `printable` applied to every string in
 * it, keys included: for printers that take whole records and add their own formatting after.
 */
export function printableDeep<T>(value: T): T {
  if (typeof value === 'string') return printable(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => printableDeep(item)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[printable(key)] = printableDeep(item);
    return out as T;
  }
  return value;
}
