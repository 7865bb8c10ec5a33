// When two calls are the same call: the one definition, used by the session's cache, the
// agent's duplicate notes and grounded examples, the explorer's de-duplication, the
// comparison's held-out inputs and the docstring examples. Two sources are the same when their
// canonical spellings are equal: comments and the whitespace between tokens do not matter,
// the text inside string literals does (`f(' a ')` and `f('a')` are different calls).
import type { AppliedCall, CallRequest } from './probe-types.js';
import { pieces } from './python-source.js';

const WORD = /[\p{L}\p{N}_]/u;

/**
 * The canonical spelling of Python expression source, for telling whether two sources are the
 * same input: comments go; whitespace outside string literals goes, except one space where it
 * separates two words (`not x`, `lambda x`); simple string literals get one quote style; a
 * trailing comma before `]` or `}` goes (not before `)`: `(1,)` is a tuple). String literals
 * are otherwise kept to the letter.
 */
export function canonicalSource(src: string): string {
  const all = pieces(src);
  let out = '';
  let afterString = false;
  all.forEach((piece, n) => {
    if (piece.kind === 'string') {
      // Adjacent literals (`'a' 'b'`) keep one space, so `''` then `'b'` cannot read as a triple quote.
      out += (afterString ? ' ' : '') + canonicalString(piece.text);
      afterString = true;
      return;
    }
    const code = piece.text;
    for (let i = 0; i < code.length; i++) {
      const c = code.charAt(i);
      if (/\s/.test(c)) {
        let j = i;
        while (j < code.length && /\s/.test(code.charAt(j))) j++;
        // After the code piece comes a string literal (its prefix or quote), or the end.
        const next = j < code.length ? code.charAt(j) : (all[n + 1]?.text[0] ?? '');
        if (separates(out[out.length - 1] ?? '', next)) out += ' ';
        i = j - 1;
      } else {
        // A trailing comma before `]` or `}` goes (a code character ends `out` here, never a quote).
        if (c === ']' || c === '}') while (out.endsWith(',')) out = out.slice(0, -1);
        out += c;
        afterString = false;
      }
    }
  });
  return out;
}

/** One space stays between two words (`not x`), a word and a string (`if 'a'`), and a number and a dot (`1 .real`). */
function separates(prev: string, next: string): boolean {
  if (!WORD.test(prev)) return false;
  if (WORD.test(next) || next === "'" || next === '"') return true;
  return next === '.' && /\d/.test(prev);
}

/** `'a'`, `"a"` → `"a"` when the literal has no prefix, no escapes, no quote inside and is not triple-quoted. */
function canonicalString(lit: string): string {
  const q = lit[0];
  if ((q !== "'" && q !== '"') || lit.startsWith(q.repeat(3)) || lit.includes('\\') || lit.length < 2 || !lit.endsWith(q)) return lit;
  const body = lit.slice(1, -1);
  if (body.includes('"') || body.includes("'")) return lit;
  return `"${body}"`;
}

/** Arguments in canonical spelling, the keyword ones in name order. */
interface CanonicalArguments {
  args: string[];
  kwargs: [string, string][];
}

/** A call with every source in canonical spelling and the keyword arguments in name order. */
export interface CanonicalCall {
  receiver: string | null;
  args: string[];
  kwargs: [string, string][];
  /** The arguments what it returned is then called with (CallRequest.apply), when it is; `then`, what that gave in turn. */
  apply?: CanonicalArguments & { then?: CanonicalArguments };
}

/** Keyword arguments in canonical spelling, in name order. */
function canonicalKwargs(kwargs: Record<string, string> | undefined): [string, string][] {
  return Object.entries(kwargs ?? {})
    .map(([k, v]): [string, string] => [k, canonicalSource(v)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A returned callable's call (CallRequest.apply and its `then`) in canonical spelling. */
function canonicalArguments(call: AppliedCall): CanonicalArguments {
  return { args: call.args.map(canonicalSource), kwargs: canonicalKwargs(call.kwargs) };
}

export function canonicalCall(req: CallRequest): CanonicalCall {
  return {
    receiver: req.receiver === undefined ? null : canonicalSource(req.receiver),
    args: req.args.map(canonicalSource),
    kwargs: canonicalKwargs(req.kwargs),
    ...(req.apply ? { apply: { ...canonicalArguments(req.apply), ...(req.apply.then ? { then: canonicalArguments(req.apply.then) } : {}) } } : {}),
  };
}

/** A string equal for two requests exactly when their canonical calls are equal. */
export function callKey(req: CallRequest): string {
  const c = canonicalCall(req);
  // A call whose result is then applied is another call than the same call alone.
  const then = c.apply?.then ? [c.apply.then.args, c.apply.then.kwargs] : [];
  return JSON.stringify(c.apply ? [c.receiver, c.args, c.kwargs, c.apply.args, c.apply.kwargs, ...then] : [c.receiver, c.args, c.kwargs]);
}

/** `Cls.name(…)` and `module.name(…)` call the same as `name(…)`. */
const unqualified = (s: string): string => s.replace(/^(?:[A-Za-z_]\w*\.)+(?=[A-Za-z_]\w*\()/, '');

/**
 * The recorded call an example's text names, by canonical source: a doctest prompt and a
 * `Cls.`/`module.` prefix do not matter. `texts` gives the ways a record may be written (the
 * name the agent saw, the function's own). The agent's grounding of its examples and Insert
 * Docstring's choice of the examples to re-run both match this way.
 */
export function exampleMatcher<R>(records: readonly R[], texts: (r: R) => string[]): (call: string) => R | undefined {
  const key = (s: string): string => unqualified(canonicalSource(s.replace(/^\s*>>>\s?/, '')));
  const byCall = new Map<string, R>();
  for (const r of records) for (const t of texts(r)) byCall.set(key(t), r);
  return (call) => byCall.get(key(call));
}
