// The head of a description: what a person reads first, at most about 12 lines, the same in the
// panel, the CLI and the Markdown report. Everything else (more raises, the examples in doctest
// form, the evidence and the claim ledger) goes below the fold.
import type { Description } from './session-types.js';
import { oneLine } from './format.js';
import { eachCodeChar, skipString, splitTopLevel } from './python-source.js';

export interface HeadLine {
  /** What the line is; the summary has none. */
  label?: 'Parameters' | 'Returns' | 'Properties' | 'Raises' | 'Example';
  text: string;
}

export interface DescriptionHead {
  lines: HeadLine[];
  /** Raise lines not in the head. */
  moreRaises: string[];
  /** Parameters the head shortened or left out, each in full (`name: text`). */
  moreParameters: string[];
}

/**
 * How an offline summary begins when no rule says what the function computes: what its calls
 * were seen to give follows ("In the calls tried (8 of 20 returned), it returned a str one
 * character longer than `s`").
 */
export const SEEN_ONLY = 'In the calls tried';
/** How such a summary began in sessions saved before it said what the calls gave first. */
export const NOT_WORKED_OUT = 'What it computes was not worked out';
/** How an offline summary begins when no call returned. */
export const NONE_RETURNED = 'No call returned';
/** The Returns line of an offline description when no call returned. */
export const NEVER_RETURNED = 'Never returned in the probes made.';
/** A parameter line of an offline description when no call that gave the parameter returned. */
export const NO_CALL_RETURNED_WITH_IT = 'no call with it returned';

/** An offline description that says plainly it did not learn what the function computes. */
export function littleLearned(d: Description): boolean {
  return d.claims !== undefined && [SEEN_ONLY, NOT_WORKED_OUT, NONE_RETURNED].some((start) => d.summary.startsWith(start));
}

const HEAD_RAISES = 2;
/** Characters of the head's Parameters line before its texts lose their quoted values, then whole parameters. */
const HEAD_PARAMETERS = 320;
const HEAD_EXAMPLES = 3;

/** Shortest a string literal is cut to when a call is too long: `'https://exa…'`. */
const MIN_LITERAL = 14;
/** Items a long list, tuple, dict or set literal keeps when it is cut: `[4, 8, …]`. */
const CONTAINER_ITEMS = 2;

/** A part of a call that can be shortened, and its shorter text. */
interface Cut {
  start: number;
  end: number;
  text: string;
}

/**
 * What can be cut in a call, each as a span and its shorter text: string literals longer than
 * MIN_LITERAL (cut by `excess`), list/tuple/dict/set literals of more than CONTAINER_ITEMS items,
 * and the constructor arguments of a receiver (`Client(100, 'abc').send(…)` → `Client(…).send(…)`).
 */
function cuts(call: string, excess: number): Cut[] {
  const out: Cut[] = [];
  const open: { at: number; isCall: boolean }[] = [];
  for (let i = 0; i < call.length; i++) {
    const c = call.charAt(i);
    if (c === '"' || c === "'") {
      const end = skipString(call, i);
      const text = call.slice(i, end);
      const close = /('''|"""|'|")$/.exec(text)?.[0] ?? '';
      const keep = Math.max(MIN_LITERAL, text.length - excess) - close.length - 1;
      if (text.length > MIN_LITERAL) out.push({ start: i, end, text: `${text.slice(0, keep)}…${close}` });
      i = end - 1;
    } else if ('([{'.includes(c)) {
      open.push({ at: i, isCall: c === '(' && /[\w)\]]/.test(call.charAt(i - 1)) });
    } else if (')]}'.includes(c)) {
      const o = open.pop();
      if (!o) continue;
      const inner = call.slice(o.at + 1, i);
      if (o.isCall) {
        if (/^\.\w+\(/.test(call.slice(i + 1))) out.push({ start: o.at + 1, end: i, text: '…' });
      } else {
        const parts = splitTopLevel(inner) ?? [];
        if (parts.length > CONTAINER_ITEMS) out.push({ start: o.at + 1, end: i, text: `${parts.slice(0, CONTAINER_ITEMS).join(', ')}, …` });
      }
    }
  }
  return out.filter((cut) => cut.text.length < cut.end - cut.start);
}

/**
 * The call's positional arguments elided from the last (`f('a', …, key=True)`) until it fits, or
 * null. The calls the text ends in are tried innermost first: `g`, then `f`, in `list(f(a, g(b)))`
 * (`list(Lexer().callback(re.match(…), Context('abc', 3)))` fits as `list(Lexer().callback(…))`).
 */
function withoutPositionals(call: string, max: number): string | null {
  const close = /\)*$/.exec(call)?.index ?? -1;
  const opens: number[] = [];
  eachCodeChar(
    call,
    (i, c) => {
      if ('([{'.includes(c)) opens.push(i);
      else if (')]}'.includes(c)) opens.pop();
    },
    0,
    close,
  );
  const closers = call.length - close;
  for (let k = 0; k < closers; k++) {
    const openAt = opens.at(-1 - k) ?? -1;
    const closeAt = close + k;
    if (call.charAt(openAt) !== '(') return null;
    const args = splitTopLevel(call.slice(openAt + 1, closeAt)) ?? [];
    const positional = args.filter((a) => !/^\*|^\w+\s*=(?!=)/.test(a));
    const named = args.slice(positional.length);
    for (let keep = positional.length - 1; keep >= 0; keep--) {
      const text = `${call.slice(0, openAt + 1)}${[...positional.slice(0, keep), '…', ...named].join(', ')}${call.slice(closeAt)}`;
      if (text.length <= max) return text;
    }
  }
  return null;
}

/**
 * A call on one line of at most `max` characters. What a reader needs least goes first, the
 * longest such part each time: a long string literal is cut (`'https://example.co…'`), a long
 * list keeps its first items (`[4, 8, …]`), a receiver's constructor arguments become `(…)`; then
 * positional arguments are elided before keyword ones (`send(…, strict=True)`); only then is the
 * end cut. So the callee's name and the arguments after a long URL or list still show.
 */
export function shortCall(call: string, max: number): string {
  let text = oneLine(call, Infinity);
  for (;;) {
    if (text.length <= max) return text;
    const longest = cuts(text, text.length - max).sort((a, b) => b.end - b.start - (a.end - a.start))[0];
    if (!longest) break;
    text = text.slice(0, longest.start) + longest.text + text.slice(longest.end);
  }
  return withoutPositionals(text, max) ?? oneLine(text, max);
}

/** One example on one line: `clamp(5, 0, 3) → 3`, or `→ raises ValueError: …`. */
export function exampleLine(e: Description['examples'][number], rename: (call: string) => string = (c) => c): string {
  const call = rename(e.call.replace(/^\s*>>>\s?/, ''));
  const tb = /^Traceback \(most recent call last\):\n[\s\S]*?\n(\S[^\n]*)/.exec(e.result);
  const raised = tb?.[1];
  return `${shortCall(call, 80)} → ${raised !== undefined ? `raises ${oneLine(raised, 80)}` : oneLine(e.result, 80)}`;
}

/** The text without its parenthesised asides that quote values: `(among `3`, `'abc'` and 2 more)`. */
function withoutQuotedAsides(text: string): string {
  let out = '';
  let start = -1;
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (c === '`') quoted = !quoted;
    else if (!quoted && c === '(' && depth++ === 0) start = i;
    else if (!quoted && c === ')' && depth > 0 && --depth === 0) {
      const aside = text.slice(start, i + 1);
      out += aside.includes('`') ? '' : aside;
      continue;
    }
    if (depth === 0) out += c;
  }
  return depth === 0 ? out.replace(/ {2,}/g, ' ').replace(/ ([,;.])/g, '$1') : text;
}

/**
 * The Parameters line of the head: each `name: text`; a long line (nine parameters each with the
 * values tried, pycodestyle's blank_lines in newuser5's trial: about 1,000 characters) first loses
 * the quoted values of its asides, then its last parameters, each then in `more` in full.
 */
function parametersLine(params: [string, string][]): { text: string; more: string[] } {
  const full = params.map(([k, v]) => `${k}: ${v}`);
  if (full.join(' · ').length <= HEAD_PARAMETERS) return { text: full.join(' · '), more: [] };
  const short = params.map(([k, v]) => `${k}: ${withoutQuotedAsides(v)}`);
  let shown = short.length;
  while (shown > 1 && short.slice(0, shown).join(' · ').length > HEAD_PARAMETERS) shown--;
  const left = short.length - shown;
  const text = `${short.slice(0, shown).join(' · ')}${left ? ` · ${left} more below` : ''}`;
  return { text, more: full.filter((f, i) => i >= shown || short[i] !== f) };
}

/**
 * Parameters said in the same words named together, in the order they come: `_, __, ___: no call
 * with it returned` (attrs' frozen, teach10's trial), not the same words three times.
 */
function sameWordsTogether(params: [string, string][]): [string, string][] {
  const out: [string, string][] = [];
  for (const [name, text] of params) {
    const same = out.find(([, t]) => t === text);
    if (same) same[0] = `${same[0]}, ${name}`;
    else out.push([name, text]);
  }
  return out;
}

export function descriptionHead(d: Description, rename?: (call: string) => string): DescriptionHead {
  const lines: HeadLine[] = [{ text: d.summary }];
  // When the summary says no call returned, a Returns line and parameter lines that say it again
  // are left below the fold: the head says it once.
  const noneReturned = d.summary.startsWith(NONE_RETURNED);
  const repeats = ([, text]: [string, string]): boolean => noneReturned && text.startsWith(NO_CALL_RETURNED_WITH_IT);
  const all = Object.entries(d.parameters);
  const params = all.filter((p) => !repeats(p));
  const parameters = parametersLine(sameWordsTogether(params));
  if (params.length) lines.push({ label: 'Parameters', text: parameters.text });
  if (d.returns && !(noneReturned && d.returns === NEVER_RETURNED)) lines.push({ label: 'Returns', text: d.returns });
  if (d.properties?.length) lines.push({ label: 'Properties', text: d.properties.join(', ') });
  const raises = d.raises
    .split('\n')
    .map((r) => r.trim())
    .filter(Boolean);
  for (const r of raises.slice(0, HEAD_RAISES)) lines.push({ label: 'Raises', text: r });
  for (const e of d.examples.slice(0, HEAD_EXAMPLES)) lines.push({ label: 'Example', text: exampleLine(e, rename) });
  const unsaid = all.filter(repeats).map(([k, v]) => `${k}: ${v}`);
  return { lines, moreRaises: raises.slice(HEAD_RAISES), moreParameters: [...parameters.more, ...unsaid] };
}
