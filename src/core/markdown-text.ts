// Text from the probed function (reprs, exception messages) and from the model put into the
// Markdown session report and the explorer's table of calls. A Markdown preview renders raw HTML
// and images: an `<img src="https://…">` or `![](…)` in a repr would be fetched as the report
// is opened, a way out of a sandbox with no network, and a link could pass for the tool's own.
// So such text is either a code span (inert) or escaped, line structure included.

/** A backtick fence longer than any run of backticks in `text`, and at least `least` long (CommonMark: no run inside closes it). */
export function fenceFor(text: string, least: number): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  return '`'.repeat(Math.max(least, longest + 1));
}

/** Text as one inline code span: its fence is longer than any run of backticks in it (CommonMark). */
export function markdownCode(text: string): string {
  const flat = text.replace(/\r?\n|\r/g, ' ');
  const fence = fenceFor(flat, 1);
  // A space on each side keeps a backtick at either end apart from the fence.
  return flat.includes('`') ? `${fence} ${flat} ${fence}` : `${fence}${flat}${fence}`;
}

/**
 * The code spans in `text` as CommonMark pairs them (a run of backticks closes at the next run
 * of the same length), each as [start, end); a span across a line break or with a `<` is not kept.
 */
function codeSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  const runs = [...text.matchAll(/`+/g)].map((m) => [m.index ?? 0, m[0].length] as const);
  for (let i = 0; i < runs.length; i++) {
    const [start, length] = runs[i] ?? [0, 0];
    const close = runs.findIndex(([, other], j) => j > i && other === length);
    const closing = runs[close];
    if (close < 0 || !closing) continue;
    const end = closing[0] + length;
    // An HTML tag or autolink wins over a span it overlaps (CommonMark): one with `<` is prose.
    if (!/[\r\n<]/.test(text.slice(start, end))) spans.push([start, end]);
    i = close;
  }
  return spans;
}

/** Escapes what would make HTML, a link or an image (`<`, `[`) or open a fence, outside code spans. */
function escapeProse(text: string, atLineStart: boolean): string {
  const inline = text.replace(/[\\<[\]]/g, '\\$&');
  // At a line's start, fences: one would pair with a later fence of the report's and turn what
  // lies between into prose.
  return inline.replace(atLineStart ? /(^|\n)([ \t]*)([`~])/g : /(\n)([ \t]*)([`~])/g, '$1$2\\$3');
}

/**
 * Text shown as prose in Markdown: its own code spans kept (the explorer writes `sku`), everything
 * else escaped so it renders as the characters it is, never as HTML, a link, an image or a fence.
 * In a table cell, escape `|` after (a table splits on it even inside a code span).
 */
export function markdownText(text: string): string {
  let out = '';
  let at = 0;
  for (const [start, end] of codeSpans(text)) {
    out += escapeProse(text.slice(at, start), at === 0) + text.slice(start, end); // after a span: mid-line
    at = end;
  }
  return out + escapeProse(text.slice(at), at === 0);
}
