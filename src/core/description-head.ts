// The head of a description: what a person reads first, at most about 12 lines, the same in the
// panel, the CLI and the Markdown report. Everything else (more raises, the examples in doctest
// form, the evidence and the claim ledger) goes below the fold.
import type { Description } from './session-types.js';
import { oneLine } from './format.js';
import { pieces } from './python-source.js';

export interface HeadLine {
  /** What the line is; the summary has none. */
  label?: 'Parameters' | 'Returns' | 'Properties' | 'Raises' | 'Example';
  text: string;
}

export interface DescriptionHead {
  lines: HeadLine[];
  /** Raise lines not in the head. */
  moreRaises: string[];
}

/** How an offline summary begins when the explorer could not tell what the function computes. */
export const NOT_WORKED_OUT = 'What it computes was not worked out';
/** How an offline summary begins when no call returned. */
export const NONE_RETURNED = 'No call returned';

/** An offline description that says plainly it did not learn what the function computes. */
export function littleLearned(d: Description): boolean {
  return d.claims !== undefined && (d.summary.startsWith(NOT_WORKED_OUT) || d.summary.startsWith(NONE_RETURNED));
}

const HEAD_RAISES = 2;
const HEAD_EXAMPLES = 3;

/** Shortest a string literal is cut to when a call is too long: `'https://exa…'`. */
const MIN_LITERAL = 14;

/**
 * A call on one line of at most `max` characters: its longest string literals are cut first
 * (`add_params_to_uri('https://example.co…', {'a': 1})`), so the arguments after a long URL or
 * text still show; only then is the end cut.
 */
export function shortCall(call: string, max: number): string {
  const parts = pieces(oneLine(call, Infinity));
  const length = () => parts.reduce((n, p) => n + p.text.length, 0);
  for (let excess = length() - max; excess > 0; excess = length() - max) {
    const longest = parts.filter((p) => p.kind === 'string' && p.text.length > MIN_LITERAL).sort((a, b) => b.text.length - a.text.length)[0];
    if (!longest) break;
    const close = /('''|"""|'|")$/.exec(longest.text)?.[0] ?? '';
    const keep = Math.max(MIN_LITERAL, longest.text.length - excess) - close.length - 1;
    longest.text = `${longest.text.slice(0, keep)}…${close}`;
  }
  return oneLine(parts.map((p) => p.text).join(''), max);
}

/** One example on one line: `clamp(5, 0, 3) → 3`, or `→ raises ValueError: …`. */
export function exampleLine(e: Description['examples'][number], rename: (call: string) => string = (c) => c): string {
  const call = rename(e.call.replace(/^\s*>>>\s?/, ''));
  const tb = /^Traceback \(most recent call last\):\n[\s\S]*?\n(\S[^\n]*)/.exec(e.result);
  const raised = tb?.[1];
  return `${shortCall(call, 80)} → ${raised !== undefined ? `raises ${oneLine(raised, 80)}` : oneLine(e.result, 80)}`;
}

export function descriptionHead(d: Description, rename?: (call: string) => string): DescriptionHead {
  const lines: HeadLine[] = [{ text: d.summary }];
  const params = Object.entries(d.parameters);
  if (params.length) lines.push({ label: 'Parameters', text: params.map(([k, v]) => `${k}: ${v}`).join(' · ') });
  if (d.returns) lines.push({ label: 'Returns', text: d.returns });
  if (d.properties?.length) lines.push({ label: 'Properties', text: d.properties.join(', ') });
  const raises = d.raises
    .split('\n')
    .map((r) => r.trim())
    .filter(Boolean);
  for (const r of raises.slice(0, HEAD_RAISES)) lines.push({ label: 'Raises', text: r });
  for (const e of d.examples.slice(0, HEAD_EXAMPLES)) lines.push({ label: 'Example', text: exampleLine(e, rename) });
  return { lines, moreRaises: raises.slice(HEAD_RAISES) };
}
