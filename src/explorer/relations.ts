// A catalogue of input→output relations, checked over the calls that returned: what the
// function does with its main argument (sorts it, drops repeats, splits it, changes case,
// escapes or adds text, counts elements, averages numbers…). A relation is stated only when
// it held on every call it applies to, with at least two calls where the output differs
// from the input; it becomes the summary. Generators are judged by what they yielded.
import type { TaggedValue } from '../core/probe-types.js';
import { numericValue, orderOf, taggedCompare, taggedEqual } from './compare.js';
import type { Observation, Position } from './inputs.js';
import { parseSource } from './parse.js';
import { toTagged } from './values.js';

export interface Relation {
  /** The sentence for the summary, e.g. "Sorts the elements in ascending order." */
  text: string;
  /** Probes where the relation held and did something. */
  support: number[];
  /** Probes it was checked on (all the ones it applies to). */
  tested: number[];
}

/** What a call did: its main argument and its output (a generator's items as a list). */
interface Case {
  index: number;
  x: TaggedValue;
  y: TaggedValue;
  /** All the arguments, for relations between several (merges). */
  args: TaggedValue[];
}

/** Outputs as tagged data; a generator's yielded items read back into a list when they can be. */
export function outputOf(o: Observation): TaggedValue | null {
  const v = o.record.result.status === 'returned' ? o.record.result.value : undefined;
  if (!v) return null;
  if (v.iteration) {
    if (!v.iteration.ended || v.iteration.raised) return null;
    const items = v.iteration.items.map(parseSource);
    return items.every((x) => x !== null) ? { t: 'list', v: items.map((x) => toTagged(x!)) } : null;
  }
  return v.data ?? null;
}

function casesOf(observations: Observation[], positions: Position[]): Case[] {
  const out: Case[] = [];
  for (const o of observations) {
    if (o.purpose === 'repeat') continue;
    const y = outputOf(o);
    const args = o.input.filter((s, i) => s.value !== undefined && positions[i]!.role !== 'receiver' && s.value.k !== 'fn').map((s) => toTagged(s.value!));
    const data = args.filter((a) => a.t !== 'int' || args.length === 1);
    if (!y || data.length === 0) continue;
    out.push({ index: o.record.index, x: data[0]!, y, args });
  }
  return out;
}

type Rule = {
  text: string;
  /** Whether the rule speaks of this case at all. */
  applies: (c: Case) => boolean;
  /** Whether it holds for the case. */
  holds: (c: Case) => boolean;
};

const items = (t: TaggedValue): TaggedValue[] | null =>
  t.t === 'list' || t.t === 'tuple' ? t.v : t.t === 'str' ? [...t.v].map((ch) => ({ t: 'str', v: ch })) : null;
const isSeq = (t: TaggedValue): boolean => t.t === 'list' || t.t === 'tuple';
const strOf = (t: TaggedValue): string | null => (t.t === 'str' ? t.v : null);
const count = (xs: TaggedValue[], x: TaggedValue): number => xs.filter((y) => taggedEqual(x, y)).length;

function sortedCopy(xs: TaggedValue[]): TaggedValue[] | null {
  const out = [...xs];
  let ok = true;
  out.sort((a, b) => {
    const c = taggedCompare(a, b);
    if (c === null) ok = false;
    return c ?? 0;
  });
  return ok ? out : null;
}

function sameMultiset(a: TaggedValue[], b: TaggedValue[]): boolean {
  return a.length === b.length && a.every((x) => count(a, x) === count(b, x));
}

function firstOccurrences(xs: TaggedValue[]): TaggedValue[] {
  const out: TaggedValue[] = [];
  for (const x of xs) if (!out.some((y) => taggedEqual(x, y))) out.push(x);
  return out;
}

const numbers = (xs: TaggedValue[] | null): number[] | null => {
  if (!xs || xs.length === 0) return null;
  const ns = xs.map(numericValue);
  return ns.every((n) => n !== null) ? (ns as number[]) : null;
};
const near = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
const median = (ns: number[]): number => {
  const s = [...ns].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const words = (s: string): string[] => s.split(/\s+/).filter(Boolean);

const RULES: Rule[] = [
  // Sequences in, sequences out.
  {
    text: 'Sorts the elements in ascending order.',
    applies: (c) => isSeq(c.x) && isSeq(c.y),
    holds: (c) => {
      const s = sortedCopy(items(c.x)!);
      return !!s && taggedEqual({ t: 'list', v: s }, { t: 'list', v: items(c.y)! });
    },
  },
  {
    text: 'Drops repeated elements, keeping the first occurrence of each in order.',
    applies: (c) => items(c.x) !== null && isSeq(c.y),
    holds: (c) => taggedEqual({ t: 'list', v: firstOccurrences(items(c.x)!) }, { t: 'list', v: items(c.y)! }),
  },
  { text: 'Returns the same elements in another order.', applies: (c) => isSeq(c.x) && isSeq(c.y), holds: (c) => sameMultiset(items(c.x)!, items(c.y)!) },
  {
    text: 'Cuts the sequence into consecutive pieces.',
    applies: (c) => items(c.x) !== null && isSeq(c.y) && items(c.y)!.every((p) => isSeq(p) || p.t === 'str'),
    holds: (c) => {
      const joined = items(c.y)!.flatMap((p) => items(p)!);
      return taggedEqual({ t: 'list', v: joined }, { t: 'list', v: items(c.x)! });
    },
  },
  // Text in, list of text out.
  {
    text: 'Splits the text into a list of pieces (whitespace between them may go).',
    applies: (c) => c.x.t === 'str' && isSeq(c.y) && items(c.y)!.every((p) => p.t === 'str'),
    holds: (c) =>
      words(
        items(c.y)!
          .map((p) => strOf(p)!)
          .join(' '),
      ).join('') === words(strOf(c.x)!).join(''),
  },
  // Text in, text out.
  { text: 'Converts the text to upper case.', applies: (c) => c.x.t === 'str' && c.y.t === 'str', holds: (c) => strOf(c.y) === strOf(c.x)!.toUpperCase() },
  { text: 'Converts the text to lower case.', applies: (c) => c.x.t === 'str' && c.y.t === 'str', holds: (c) => strOf(c.y) === strOf(c.x)!.toLowerCase() },
  {
    text: 'Keeps the letters and digits in order, changing only their case and what stands between them.',
    applies: (c) => c.x.t === 'str' && c.y.t === 'str',
    holds: (c) =>
      strOf(c.y)!
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '') ===
      strOf(c.x)!
        .toLowerCase()
        .replace(/[^a-z0-9]/g, ''),
  },
  {
    text: 'Returns the text with more added at its start.',
    applies: (c) => c.x.t === 'str' && c.y.t === 'str',
    holds: (c) => strOf(c.y)!.endsWith(strOf(c.x)!),
  },
  {
    text: 'Returns the text with more added at its end.',
    applies: (c) => c.x.t === 'str' && c.y.t === 'str',
    holds: (c) => strOf(c.y)!.startsWith(strOf(c.x)!),
  },
  { text: 'Returns a part of the text.', applies: (c) => c.x.t === 'str' && c.y.t === 'str', holds: (c) => strOf(c.x)!.includes(strOf(c.y)!) },
  {
    text: 'Replaces characters one for one, keeping the length.',
    applies: (c) => c.x.t === 'str' && c.y.t === 'str',
    holds: (c) => [...strOf(c.y)!].length === [...strOf(c.x)!].length,
  },
  {
    text: 'Rewrites some characters as longer sequences (escaping or encoding), never shortening the text.',
    applies: (c) => c.x.t === 'str' && c.y.t === 'str',
    holds: (c) => [...strOf(c.y)!].length >= [...strOf(c.x)!].length && (/^[\w]*$/.test(strOf(c.x)!) ? strOf(c.y) === strOf(c.x) : true),
  },
  {
    text: 'Decodes sequences in the text into shorter ones, never lengthening it.',
    applies: (c) => c.x.t === 'str' && c.y.t === 'str',
    holds: (c) => [...strOf(c.y)!].length <= [...strOf(c.x)!].length && (/^[\w]*$/.test(strOf(c.x)!) ? strOf(c.y) === strOf(c.x) : true),
  },
  // Collections in, counts out.
  {
    text: 'Counts how often each element occurs.',
    applies: (c) => items(c.x) !== null && c.y.t === 'dict',
    holds: (c) => {
      const xs = items(c.x)!;
      const d = c.y as Extract<TaggedValue, { t: 'dict' }>;
      return d.v.length === firstOccurrences(xs).length && d.v.every(([k, v]) => numericValue(v) === count(xs, k));
    },
  },
  {
    text: 'Merges the dicts into one (a later dict wins on a shared key).',
    applies: (c) => c.args.length >= 2 && c.args.every((a) => a.t === 'dict') && c.y.t === 'dict',
    holds: (c) => {
      const merged = new Map<string, TaggedValue>();
      for (const a of c.args) for (const [k, v] of (a as Extract<TaggedValue, { t: 'dict' }>).v) merged.set(JSON.stringify(k), v);
      const y = (c.y as Extract<TaggedValue, { t: 'dict' }>).v;
      return y.length === merged.size && y.every(([k, v]) => merged.has(JSON.stringify(k)) && taggedEqual(merged.get(JSON.stringify(k))!, v));
    },
  },
  // Numbers in, a number out.
  {
    text: 'Returns the arithmetic mean of the numbers.',
    applies: (c) => numbers(items(c.x)) !== null && numericValue(c.y) !== null,
    holds: (c) => {
      const ns = numbers(items(c.x))!;
      return near(numericValue(c.y)!, ns.reduce((a, b) => a + b, 0) / ns.length);
    },
  },
  {
    text: 'Returns the median of the numbers.',
    applies: (c) => numbers(items(c.x)) !== null && numericValue(c.y) !== null,
    holds: (c) => near(numericValue(c.y)!, median(numbers(items(c.x))!)),
  },
  {
    text: 'Returns the sum of the numbers.',
    applies: (c) => numbers(items(c.x)) !== null && numericValue(c.y) !== null,
    holds: (c) =>
      near(
        numericValue(c.y)!,
        numbers(items(c.x))!.reduce((a, b) => a + b, 0),
      ),
  },
  {
    text: 'Returns the largest element.',
    applies: (c) => numbers(items(c.x)) !== null && numericValue(c.y) !== null,
    holds: (c) => numericValue(c.y) === Math.max(...numbers(items(c.x))!),
  },
  {
    text: 'Returns the number of elements.',
    applies: (c) => items(c.x) !== null && c.x.t !== 'str' && c.y.t === 'int',
    holds: (c) => numericValue(c.y) === items(c.x)!.length,
  },
  {
    text: 'Returns the most common element.',
    applies: (c) => (items(c.x)?.length ?? 0) > 0 && c.y.t !== 'list' && c.y.t !== 'dict',
    holds: (c) => {
      const xs = items(c.x)!;
      return xs.some((x) => taggedEqual(x, c.y)) && xs.every((x) => count(xs, x) <= count(xs, c.y));
    },
  },
];

/** Whether a case is one where the output differs from the input (the relation did something). */
function changed(c: Case): boolean {
  return !taggedEqual(c.x, c.y);
}

/** The relations that hold, most specific first (the catalogue's order); at most two. */
export function findRelations(observations: Observation[], positions: Position[]): Relation[] {
  const cases = casesOf(observations, positions);
  const found: Relation[] = [];
  for (const rule of RULES) {
    const applicable = cases.filter(rule.applies);
    if (applicable.length < 3 || !applicable.every(rule.holds)) continue;
    const support = applicable.filter(changed);
    // Several distinct inputs where the function did something, and the relation is not just "returns a constant".
    if (support.length < 2 || new Set(support.map((c) => JSON.stringify(c.y))).size < 2) continue;
    // Sorted-looking inputs say nothing about sorting.
    if (rule.text.startsWith('Sorts') && !applicable.some((c) => orderOf(items(c.x)!) === null)) continue;
    found.push({ text: rule.text, support: support.map((c) => c.index), tested: applicable.map((c) => c.index) });
    if (found.length === 2) break;
  }
  return found;
}
