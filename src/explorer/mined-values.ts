// Literals mined from what a call said: an error message names the values it wants ("cutoff must
// be in [0.0, 1.0]", "n must be > 0", "expected one of 'fast', 'slow'") and often the parameter it
// is about. The explorer tries them in place of the value that was refused.
import type { PyValue } from './values.js';
import { float, int, str } from './values.js';

const NUM = String.raw`-?\d+(?:\.\d+)?`;
// Python's names for types: quoted in type errors ("'int' object is not iterable"), never literals.
const TYPE_NAMES = new Set(['int', 'str', 'float', 'list', 'dict', 'tuple', 'set', 'frozenset', 'bool', 'bytes', 'NoneType', 'object', 'function']);

/** A number as written: `0.5` a float, `3` an int. */
function num(text: string): PyValue {
  return text.includes('.') ? float(Number(text)) : int(BigInt(text));
}

/** The number `delta` away from `v`, of v's type (ints move by whole steps, floats by halves). */
function step(v: PyValue, delta: -1 | 1): PyValue {
  if (v.k === 'int') return int(v.v + BigInt(delta));
  if (v.k === 'float') return float(v.v + delta * 0.5);
  return v;
}

function midpoint(lo: PyValue, hi: PyValue): PyValue {
  if (lo.k === 'int' && hi.k === 'int') return int((lo.v + hi.v) / 2n);
  const a = lo.k === 'int' || lo.k === 'float' ? Number(lo.v) : 0;
  const b = hi.k === 'int' || hi.k === 'float' ? Number(hi.v) : 0;
  return float((a + b) / 2);
}

/**
 * The literals a message suggests, most likely to be accepted first: the middle of a range before
 * its ends, the first value past a bound, quoted words, then any other number. `echoed` are the
 * sources of the arguments passed (messages quote the refused value: it is no suggestion).
 */
export function literalsIn(message: string, echoed: string[] = []): PyValue[] {
  const out: PyValue[] = [];
  let rest = message;
  const take = (re: RegExp, f: (m: RegExpExecArray) => PyValue[]): void => {
    rest = rest.replace(re, (...args: unknown[]) => {
      const m = args.slice(0, -2) as unknown as RegExpExecArray;
      out.push(...f(m));
      return ' ';
    });
  };
  // [0.0, 1.0], (0, 10), range(1, 5): inclusive ends stay, an excluded int end steps inside.
  take(new RegExp(String.raw`(\[|\(|range\()\s*(${NUM})\s*,\s*(${NUM})\s*(\]|\))`, 'g'), (m) => {
    const lo = num(m[2]!);
    const hi = num(m[3]!);
    const loIn = m[1] === '(' && lo.k === 'int' ? step(lo, 1) : lo;
    const hiIn = m[4] === ')' && hi.k === 'int' ? step(hi, -1) : hi;
    return [midpoint(loIn, hiIn), loIn, hiIn];
  });
  take(new RegExp(String.raw`between\s+(${NUM})\s+and\s+(${NUM})`, 'g'), (m) => [midpoint(num(m[1]!), num(m[2]!)), num(m[1]!), num(m[2]!)]);
  // Bounds: > 0 wants 1, >= 0 wants 0, < 10 wants 9.
  take(new RegExp(String.raw`(>=|<=|>|<|≥|≤|at least|at most|greater than|less than|larger than|smaller than)\s*(${NUM})`, 'g'), (m) => {
    const v = num(m[2]!);
    const op = m[1]!;
    if (op === '>' || op === 'greater than' || op === 'larger than') return [step(v, 1)];
    if (op === '<' || op === 'less than' || op === 'smaller than') return [step(v, -1)];
    return [v];
  });
  if (/\bnon-?negative\b/i.test(rest)) out.push(int(0), int(1));
  else if (/\bpositive\b/i.test(rest)) out.push(int(1), int(5));
  // Quoted words: "expected one of 'fast', 'slow'" (not type names, not the refused value echoed back).
  for (const m of rest.matchAll(/'([^'\\\n]{1,40})'|"([^"\\\n]{1,40})"/g)) {
    const word = m[1] ?? m[2]!;
    const after = rest.slice(m.index + m[0].length);
    if (TYPE_NAMES.has(word) || /^\s*(object|instance)/.test(after)) continue;
    if (echoed.some((e) => e === m[0] || e === `'${word}'` || e === `"${word}"`)) continue;
    out.push(str(word));
  }
  for (const m of rest.matchAll(new RegExp(String.raw`(?<![\w.'"#])(${NUM})(?![\w.'"])`, 'g'))) {
    if (!echoed.includes(m[1]!)) out.push(num(m[1]!));
  }
  const seen = new Set<string>();
  return out.filter((v) => {
    const key = `${v.k}:${String((v as { v: unknown }).v)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Positions a message is about: those whose name it says ("cutoff must be…"); none when it names none. */
export function namedPositions(message: string, names: string[]): number[] {
  return names
    .map((n, i) => (n.length > 0 && new RegExp(String.raw`(?<![\w.'"])${n.replace(/[^\w]/g, '')}(?![\w'"(])`).test(message) ? i : -1))
    .filter((i) => i >= 0);
}

/**
 * Classes a type error asks for: "must be str, not int", "expected str, bytes or os.PathLike
 * object", "expected string or bytes-like object", "'float' object cannot be interpreted as an
 * integer", "'int' object is not iterable". Empty when it does not say.
 */
export function classesAskedFor(message: string): string[] {
  const m = /(?:must be|expected)\s+(?:an?\s+)?([\w., -]+?)(?:\s+(?:object|instance|type))?(?:,\s*(?:not|got)\b|\s+(?:not|got)\b|$)/.exec(message);
  const out: string[] = [];
  const add = (c: string): void => {
    if (!out.includes(c)) out.push(c);
  };
  if (m) {
    for (const word of m[1]!.split(/,\s*|\s+or\s+/)) {
      const w = word.trim();
      if (/^(str|string|unicode)\b/.test(w)) add('str');
      else if (/^(int|integer)\b/.test(w)) add('int');
      else if (/^(float|real number|number)\b/.test(w)) add('float');
      else if (/^(list|sequence|iterable)\b/.test(w)) add('list');
      else if (/^(dict|mapping)\b/.test(w)) add('dict');
      else if (/^(tuple)\b/.test(w)) add('tuple');
      else if (/^callable\b/.test(w)) add('callable');
    }
  }
  if (/cannot be interpreted as an integer/.test(message)) add('int');
  if (/is not iterable|has no len\(\)/.test(message)) for (const c of ['list', 'str', 'dict', 'tuple', 'set']) add(c);
  return out;
}
