// A catalogue of input→output relations, checked over the calls that returned: what the
// function does with its main argument (sorts it, drops repeats, splits it, changes case,
// escapes or adds text, counts elements, averages numbers…). A relation is stated only when
// it held on every call it applies to, with at least two calls where the output differs
// from the input; it becomes the summary. Generators are judged by what they yielded.
import type { TaggedValue } from '../core/probe-types.js';
import { numericValue, orderOf, taggedCompare, taggedEqual } from './compare.js';
import type { Observation, Position } from './inputs.js';
import { parseSource } from './parse.js';
import type { PyValue } from './values.js';
import { fromTagged, toSource, toTagged } from './values.js';

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
  /** The arguments given, by parameter name, in the signature's order (numbers included). */
  named: { name: string; v: TaggedValue }[];
  /** The object a method was called on, as source: a state the arguments do not show. */
  receiver?: string;
}

/** Outputs as tagged data; a generator's yielded items read back into a list when they can be. */
export function outputOf(o: Observation): TaggedValue | null {
  const v = o.record.result.status === 'returned' ? o.record.result.value : undefined;
  if (!v) return null;
  if (v.iteration) {
    if (!v.iteration.ended || v.iteration.raised) return null;
    const items = v.iteration.items.map(parseSource);
    return items.every((x) => x !== null) ? { t: 'list', v: items.map((x) => toTagged(x)) } : null;
  }
  // A date is no plain data, but its repr says all of it.
  if (!v.data && v.type === 'datetime.date' && /^datetime\.date\(\d+, \d+, \d+\)$/.test(v.repr)) return { t: 'other', type: v.type, repr: v.repr };
  return v.data ?? null;
}

/**
 * The cases of the calls that returned. `withDefaults`: only calls that left a parameter out whose
 * default is known, read as if it had been passed (`format_money(3)` is `format_money(3, 'USD')`).
 */
function casesOf(observations: Observation[], positions: Position[], withDefaults = false): Case[] {
  const out: Case[] = [];
  for (const o of observations) {
    if (o.purpose === 'repeat') continue;
    const y = outputOf(o);
    const valueAt = (i: number): PyValue | undefined => o.input[i]!.value ?? (withDefaults ? positions[i]!.default : undefined);
    if (withDefaults && !o.input.some((s, i) => s.value === undefined && positions[i]!.default !== undefined)) continue;
    const named = o.input.flatMap((_, i) => {
      const v = valueAt(i);
      return v !== undefined && positions[i]!.role !== 'receiver' && v.k !== 'fn' ? [{ name: positions[i]!.name, v: toTagged(v) }] : [];
    });
    const args = named.map((a) => a.v);
    const data = args.filter((a) => a.t !== 'int' || args.length === 1);
    if (!y || args.length === 0) continue;
    // The main argument: the first that is not a count (numbers only when all are numbers).
    const receiver = o.input.find((_, i) => positions[i]!.role === 'receiver')?.value;
    out.push({ index: o.record.index, x: data[0] ?? args[0]!, y, args, named, ...(receiver ? { receiver: toSource(receiver) } : {}) });
  }
  return out;
}

type Rule = {
  /** The sentence, or a sentence naming the parameters of a case it applies to. */
  text: string | ((cases: Case[]) => string);
  /** Whether the rule speaks of this case at all. */
  applies: (c: Case) => boolean;
  /** Whether it holds for the case. */
  holds: (c: Case) => boolean;
  /** Whether the applicable cases show every part of the sentence. */
  enough?: (cases: Case[]) => boolean;
  /**
   * For a rule with parts read off the calls (a line's coefficients, a text's template): the rule
   * with those parts fixed, from the cases it applies to, or null when none fit. The fitted rule
   * is then checked on every case like any other, the calls left to their defaults included.
   */
  fit?: (cases: Case[]) => Rule | null;
  /** Stated only where no other rule held: vaguer than any (clamp(x, lo, hi) also gives back one of its arguments). */
  lastResort?: boolean;
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
  return ns.every((n) => n !== null) ? ns : null;
};
const near = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
const median = (ns: number[]): number => {
  const s = [...ns].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const words = (s: string): string[] => s.split(/\s+/).filter(Boolean);
const capitalized = (w: string): string => w.slice(0, 1).toUpperCase() + w.slice(1).toLowerCase();
/** Whether one element of the main argument occurs more often than every other. */
const uniqueMode = (c: Case): boolean => {
  const xs = items(c.x) ?? [];
  const counts = firstOccurrences(xs).map((x) => count(xs, x));
  const top = Math.max(0, ...counts);
  return counts.filter((n) => n === top).length === 1;
};
/** Whether some call gave a plain word (letters, digits, `_`) back as it was. */
const plainWordKept = (cs: Case[]): boolean => cs.some((c) => /^\w+$/.test(strOf(c.x) ?? '') && strOf(c.y) === strOf(c.x));

const num = (t: TaggedValue | undefined): number | null => (t ? numericValue(t) : null);
const isInt = (t: TaggedValue | undefined): boolean => t?.t === 'int';
/** The first argument after the main one that is of kind `t`, with its name. */
const otherArg = (c: Case, pred: (v: TaggedValue) => boolean): { name: string; v: TaggedValue } | undefined => c.named.find((a) => a.v !== c.x && pred(a.v));
const nameOf = (c: Case, k: number): string => `\`${c.named[k]?.name ?? '?'}\``;
const mainName = (c: Case): string => `\`${c.named.find((a) => a.v === c.x)?.name ?? 'x'}\``;
const collapse = (s: string): string => s.split(/\s+/).filter(Boolean).join(' ');
const reversed = (xs: TaggedValue[]): TaggedValue[] => [...xs].reverse();
const listOf = (xs: TaggedValue[]): TaggedValue => ({ t: 'list', v: xs });
const longestCommonSuffix = (ss: string[]): string => {
  if (ss.length === 0) return '';
  let suffix = ss[0]!;
  for (const s of ss.slice(1)) while (!s.endsWith(suffix)) suffix = suffix.slice(1);
  return suffix;
};

/** A text cut to `width`: where it was cut, the placeholder it ended in, from the calls that were cut. */
function cutPlaceholder(cases: Case[]): string | null {
  const cut = cases.filter((c) => {
    const w = num(otherArg(c, isInt)?.v);
    return w !== null && collapse(strOf(c.x) ?? '').length > w;
  });
  if (cut.length < 2) return null;
  const p = longestCommonSuffix(cut.map((c) => strOf(c.y)!)).replace(/^[\w]+/, '');
  return p.trim() ? p : null;
}

const SHORTENS: Rule = {
  text: (cs) => {
    const c = cs[0]!;
    const p = cutPlaceholder(cs)!;
    return `Shortens ${mainName(c)} to at most \`${otherArg(c, isInt)!.name}\` characters: runs of whitespace become one space, and a text too long is cut between words and ends in ${JSON.stringify(p.trim())}.`;
  },
  applies: (c) => c.x.t === 'str' && c.y.t === 'str' && otherArg(c, isInt) !== undefined,
  holds: (c) => {
    const w = num(otherArg(c, isInt)!.v)!;
    const text = collapse(strOf(c.x)!);
    const y = strOf(c.y)!;
    if (text.length <= w) return y === text;
    if (y.length > w) return false;
    // Cut: a prefix of the text ending at a word boundary, then the placeholder (or the placeholder alone).
    const m = /^(.*?)(\s*\S*[^\w\s]\S*)$/.exec(y);
    if (!m) return false;
    const prefix = m[1]!.trimEnd();
    return text.startsWith(prefix) && (prefix.length === 0 || text[prefix.length] === ' ');
  },
  enough: (cs) => cutPlaceholder(cs) !== null,
};

/** Operations of two numbers, in the order they are tried; `op` is Python's, null where it raises. */
const ARITHMETIC: { verb: (a: string, b: string) => string; op: (a: number, b: number) => number | null; pairwise?: string }[] = [
  { verb: (a, b) => `Adds ${a} and ${b}.`, op: (a, b) => a + b, pairwise: 'sum' },
  { verb: (a, b) => `Subtracts ${b} from ${a}.`, op: (a, b) => a - b, pairwise: 'difference' },
  { verb: (a, b) => `Multiplies ${a} by ${b}.`, op: (a, b) => a * b, pairwise: 'product' },
  { verb: (a, b) => `Divides ${a} by ${b}.`, op: (a, b) => (b === 0 ? null : a / b) },
  { verb: (a, b) => `Divides ${a} by ${b}, rounding down (${a} // ${b}).`, op: (a, b) => (b === 0 ? null : Math.floor(a / b)) },
  { verb: (a, b) => `Returns the remainder of ${a} divided by ${b} (${a} % ${b}).`, op: (a, b) => (b === 0 ? null : a - b * Math.floor(a / b)) },
  { verb: (a, b) => `Returns the larger of ${a} and ${b}.`, op: (a, b) => Math.max(a, b), pairwise: 'larger' },
  { verb: (a, b) => `Returns the smaller of ${a} and ${b}.`, op: (a, b) => Math.min(a, b), pairwise: 'smaller' },
  {
    verb: (a, b) => `Returns the change from ${a} to ${b} as a percentage of ${a} ((${b} − ${a}) / ${a} × 100).`,
    op: (a, b) => (a === 0 ? null : ((b - a) / a) * 100),
  },
];

const SORTS = 'Sorts the elements in ascending order.';

/**
 * Where a call split one of its numbers into a list of parts: each [the argument holding the
 * count of parts, the argument the parts add up to] that fits, by position among the named
 * arguments (split(3, 3) fits both ways).
 */
function splitPairs(c: Case): string[] {
  const parts = numbers(items(c.y));
  if (!isSeq(c.y) || !parts) return [];
  const total = parts.reduce((a, b) => a + b, 0);
  const out: string[] = [];
  for (let k = 0; k < c.named.length; k++) {
    if (!isInt(c.named[k]!.v) || num(c.named[k]!.v) !== parts.length) continue;
    for (let t = 0; t < c.named.length; t++) if (t !== k && num(c.named[t]!.v) !== null && near(num(c.named[t]!.v)!, total)) out.push(`${k},${t}`);
  }
  return out;
}
/** The first pair every case fits, or null. */
const agreedSplit = (cs: Case[]): [number, number] | null => {
  const common = cs.reduce<string[]>((acc, c) => acc.filter((p) => splitPairs(c).includes(p)), splitPairs(cs[0]!));
  return common.length ? (common[0]!.split(',').map(Number) as [number, number]) : null;
};

/** A number as a reader writes it: 1.8, 32, 0.5 (ten significant digits at most). */
const numberWords = (n: number): string => String(Number(n.toPrecision(10)));
/** How many decimals a number has (0 to 6), or null for more. */
const decimals = (n: number): number | null => {
  for (let d = 0; d <= 6; d++) if (near(Math.round(n * 10 ** d), n * 10 ** d)) return d;
  return null;
};
/** The numbers of a case by parameter name. */
const numbersByName = (c: Case): Map<string, number> => new Map(c.named.flatMap((a) => (num(a.v) === null ? [] : [[a.name, num(a.v)!] as const])));

/**
 * A result computed exactly, or rounded to `places` decimals (round(x, 2) of a price): within
 * half a unit of the last place, and written with no more places than that.
 */
const roundedTo = (y: number, exact: number, places: number | null): boolean =>
  near(y, exact) || (places !== null && (decimals(y) ?? 99) <= places && Math.abs(y - exact) <= 0.5 * 10 ** -places + 1e-9 * Math.max(1, Math.abs(exact)));
/** The places results were rounded to: the most decimals a result that is not exact has, null when all are exact. */
const placesOf = (pairs: { y: number; exact: number }[]): number | null => {
  const off = pairs.filter((p) => !near(p.y, p.exact)).map((p) => decimals(p.y) ?? 99);
  return off.length ? Math.max(...off) : null;
};
const roundingWords = (places: number | null): string =>
  places === null ? '' : places === 0 ? ' (rounded to a whole number)' : ` (rounded to ${places} decimal place${places === 1 ? '' : 's'})`;

/** A percentage of one number applied to another: `base` less, plus, or just `pct` percent of it. */
const PERCENTAGES: Rule[] = (
  [
    [-1, (b: string, p: string) => `Returns ${b} less ${p} percent`],
    [1, (b: string, p: string) => `Returns ${b} plus ${p} percent`],
    [0, (b: string, p: string) => `Returns ${p} percent of ${b}`],
  ] as const
).map(([sign, words]): Rule => {
  const exact = (base: number, pct: number): number => (sign === 0 ? (base * pct) / 100 : base * (1 + (sign * pct) / 100));
  const applies = (c: Case): boolean => num(c.y) !== null && numbersByName(c).size >= 2;
  return {
    text: '',
    applies,
    holds: () => false,
    fit: (cs) => {
      if (cs.length === 0) return null;
      const names = [...numbersByName(cs[0]!).keys()];
      for (const base of names)
        for (const pct of names) {
          if (base === pct) continue;
          const given = cs.filter((c) => numbersByName(c).has(base) && numbersByName(c).has(pct));
          const pairs = given.map((c) => ({ y: num(c.y)!, exact: exact(numbersByName(c).get(base)!, numbersByName(c).get(pct)!) }));
          const places = placesOf(pairs);
          if (places !== null && places > 6) continue;
          if (!pairs.every((p) => roundedTo(p.y, p.exact, places))) continue;
          const valuesOf = (name: string): Set<number> => new Set(given.map((c) => numbersByName(c).get(name)!));
          return {
            text: `${words(`\`${base}\``, `\`${pct}\``)}${roundingWords(places)}.`,
            applies: (c) => applies(c) && numbersByName(c).has(base) && numbersByName(c).has(pct),
            holds: (c) => roundedTo(num(c.y)!, exact(numbersByName(c).get(base)!, numbersByName(c).get(pct)!), places),
            // Both numbers seen doing their work: several bases, and several percentages besides 0.
            enough: () => valuesOf(base).size >= 2 && [...valuesOf(pct)].filter((p) => p !== 0).length >= 2,
          };
        }
      return null;
    },
  };
});

/** A number in, a number out, on a straight line: result = a·x + b (Celsius to Fahrenheit). */
const LINE: Rule = {
  text: '',
  applies: (c) => c.named.length === 1 && num(c.x) !== null && num(c.y) !== null,
  holds: () => false,
  fit: (cs) => {
    const first = cs[0];
    const other = cs.find((c) => first && num(c.x) !== num(first.x));
    if (!first || !other) return null;
    const [x0, y0, x1, y1] = [num(first.x)!, num(first.y)!, num(other.x)!, num(other.y)!];
    const a = (y1 - y0) / (x1 - x0);
    const b = y0 - a * x0;
    if (!Number.isFinite(a) || !Number.isFinite(b) || near(a, 0)) return null;
    const line = (x: number): number => a * x + b;
    return {
      text: (rs) => {
        const x = mainName(rs[0]!);
        const times = near(a, 1) ? x : near(a, -1) ? `-${x}` : `${numberWords(a)} × ${x}`;
        const plus = near(b, 0) ? '' : b > 0 ? ` + ${numberWords(b)}` : ` − ${numberWords(-b)}`;
        return `Returns ${times}${plus}.`;
      },
      applies: LINE.applies,
      holds: (c) => near(num(c.y)!, line(num(c.x)!)),
      // A line through two points says nothing: a third x, and one far from the rest.
      enough: (rs) => new Set(rs.map((c) => num(c.x))).size >= 3,
    };
  },
};

const lengthOf = (t: TaggedValue): number | null =>
  t.t === 'str' ? [...t.v].length : t.t === 'list' || t.t === 'tuple' || t.t === 'set' || t.t === 'frozenset' || t.t === 'dict' ? t.v.length : null;
const truthy = (t: TaggedValue): boolean => (t.t === 'none' ? false : t.t === 'bool' ? t.v : num(t) !== null ? num(t) !== 0 : (lengthOf(t) ?? 1) > 0);

/** How one of several arguments may be chosen: the value it gives each, higher is chosen, or null where it cannot say. */
const SELECTIONS: { words: (names: string[]) => string; score: (v: TaggedValue, k: number, all: TaggedValue[]) => number | null }[] = [
  { words: (ns) => `the longer of ${joinWords(ns)} (the first on a tie)`, score: (v, k) => (lengthOf(v) === null ? null : lengthOf(v)! - k / 1000) },
  { words: (ns) => `the shorter of ${joinWords(ns)} (the first on a tie)`, score: (v, k) => (lengthOf(v) === null ? null : -lengthOf(v)! - k / 1000) },
  {
    words: (ns) =>
      `${ns[0]}, or ${joinWords(ns.slice(1), 'or')} when ${ns[0]} is empty, zero or None (as \`${ns.map((n) => n.slice(1, -1)).join(' or ')}\` does)`,
    // The first truthy one, else the last.
    score: (v, k, all) => (truthy(v) ? -k : k === all.length - 1 ? -all.length : -all.length - 1),
  },
];
/** `a`, `a and b`, `a, b and c` (or another last word): the lists a description names. */
export function joinWords(words: string[], last = 'and'): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${last} ${words[words.length - 1]}`;
}

/** The result is one of the arguments, given back as it was; with the rule choosing it when one fits. */
const ONE_OF_ARGUMENTS: Rule = {
  text: '',
  applies: (c) => c.named.length >= 2,
  holds: (c) => c.named.some((a) => taggedEqual(a.v, c.y)),
  fit: (cs) => {
    if (!cs.every(ONE_OF_ARGUMENTS.holds)) return null;
    // The arguments given back where no other argument was equal to it (which one it was is clear).
    const returned = new Set(
      cs.flatMap((c) => {
        const same = c.named.filter((a) => taggedEqual(a.v, c.y));
        return same.length === 1 ? [same[0]!.name] : [];
      }),
    );
    if (returned.size < 2) return null;
    const names = cs[0]!.named.map((a) => a.name).filter((n) => returned.has(n));
    const choices = (c: Case): TaggedValue[] | null => {
      const vs = names.map((n) => c.named.find((a) => a.name === n)?.v);
      return vs.every((v) => v !== undefined) ? vs : null;
    };
    const chosenBy = (sel: (typeof SELECTIONS)[number], c: Case): boolean => {
      const vs = choices(c);
      if (!vs) return false;
      const scores = vs.map((v, k) => sel.score(v, k, vs));
      if (scores.some((s) => s === null)) return false;
      return taggedEqual(vs[scores.indexOf(Math.max(...(scores as number[])))]!, c.y);
    };
    const ticks = names.map((n) => `\`${n}\``);
    const rule = SELECTIONS.find((sel) => cs.every((c) => choices(c) !== null && chosenBy(sel, c)));
    return {
      text: rule ? `Returns ${rule.words(ticks)}.` : `Returns one of its arguments as it was given: ${joinWords(ticks, 'or')}.`,
      applies: ONE_OF_ARGUMENTS.applies,
      holds: rule ? (c) => chosenBy(rule, c) : ONE_OF_ARGUMENTS.holds,
      // With a rule of choice it says what the function does; without, only what it gives back.
      lastResort: !rule,
    };
  },
};

/** Digits with a comma every three (`1,234,567`), the sign kept in front. */
const commas = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
/** Python's f'{n:.{places}f}' (with `grouped`, f'{n:,.{places}f}'), for a finite number. */
const fixed = (n: number, places: number, grouped: boolean): string | null => {
  if (!Number.isFinite(n) || Math.abs(n) >= 1e15) return null;
  const [whole, frac] = Math.abs(n).toFixed(places).split('.');
  return `${n < 0 ? '-' : ''}${grouped ? commas(whole!) : whole}${frac === undefined ? '' : `.${frac}`}`;
};

/**
 * How a template may write a number: as str() does (ints only; a float's repr is not a format a
 * reader would name), or in a format a person writes prices and counts in; decimals before a
 * comma alone, which ints written as `1,234.00` also fit as `{n}.00`.
 */
const NUMBER_FORMATS: { words: string; write: (t: TaggedValue) => string | null }[] = [
  { words: '', write: (t) => (t.t === 'int' ? t.v : null) },
  { words: 'with 2 decimals', write: (t) => (num(t) === null || t.t === 'bool' ? null : fixed(num(t)!, 2, false)) },
  { words: 'with 2 decimals and a comma every three digits', write: (t) => (num(t) === null || t.t === 'bool' ? null : fixed(num(t)!, 2, true)) },
  { words: 'with a comma every three digits', write: (t) => (t.t === 'int' ? (t.v.startsWith('-') ? `-${commas(t.v.slice(1))}` : commas(t.v)) : null) },
  { words: 'divided by 100, with 2 decimals (cents written as units)', write: (t) => (t.t === 'int' ? fixed(Number(t.v) / 100, 2, false) : null) },
];
type NumberFormat = (typeof NUMBER_FORMATS)[number];

/** An argument's text as the template writes it: a text as it is, a number in the format tried. */
const textOf = (t: TaggedValue | undefined, f: NumberFormat = NUMBER_FORMATS[0]!): string | null =>
  t?.t === 'str' ? t.v : t && t.t !== 'bool' && num(t) !== null ? f.write(t) : null;
type Template = (string | { name: string })[];
const MARK = '\u0000';

/** A case's result with each argument's text (longest first) marked as its place in a template. */
function templateOf(c: Case, f: NumberFormat): Template | null {
  const y = strOf(c.y);
  if (y === null || y.includes(MARK)) return null;
  const named = c.named.filter((a) => (textOf(a.v, f)?.length ?? 0) > 0).sort((a, b) => textOf(b.v, f)!.length - textOf(a.v, f)!.length);
  let marked = y;
  named.forEach((a, k) => (marked = marked.split(textOf(a.v, f)!).join(`${MARK}${k}${MARK}`)));
  return marked.split(MARK).map((part, i) => (i % 2 ? { name: named[Number(part)]!.name } : part));
}
/**
 * What an f-string writes for a value no template place was read from (`{word}s` given
 * [3, 1, 2] writes `[3, 1, 2]s`): Python's str(), which for these is their repr.
 */
const pythonStr = (t: TaggedValue | undefined): string | null => {
  const date = t?.t === 'other' && t.type === 'datetime.date' ? /^datetime\.date\((\d+), (\d+), (\d+)\)$/.exec(t.repr) : null;
  if (date) return `${date[1]!.padStart(4, '0')}-${date[2]!.padStart(2, '0')}-${date[3]!.padStart(2, '0')}`;
  if (!t || t.t === 'str' || t.t === 'other' || t.t === 'bytes') return null;
  const v = fromTagged(t);
  return v ? toSource(v) : null;
};
const render = (t: Template, c: Case, f: NumberFormat): string | null => {
  const parts = t.map((p) => {
    if (typeof p === 'string') return p;
    const v = c.named.find((a) => a.name === p.name)?.v;
    return textOf(v, f) ?? (f === NUMBER_FORMATS[0] ? pythonStr(v) : null);
  });
  return parts.every((p) => p !== null) ? parts.join('') : null;
};

/**
 * The template every one of `cs` is written in, with the number format it writes numbers in; each
 * place seen holding several values (`fixed`: a place all of them hold one value in, allowed).
 */
function fitTemplate(cs: Case[], fixed?: string): { t: Template; f: NumberFormat; shown: string; places: string[] } | null {
  for (const f of NUMBER_FORMATS)
    for (const c of cs.slice(0, 12)) {
      const t = templateOf(c, f);
      if (!t || !cs.every((d) => render(t, d, f) === strOf(d.y))) continue;
      const places = [...new Set(t.flatMap((p) => (typeof p === 'string' ? [] : [p.name])))];
      const shown = t.map((p) => (typeof p === 'string' ? p : `{${p.name}}`)).join('');
      // Each place seen holding several values; a template of one argument alone is that argument.
      const varied = places.every((n) => n === fixed || new Set(cs.map((d) => textOf(d.named.find((a) => a.name === n)?.v, f))).size >= 2);
      if (!varied || shown === `{${places[0]}}` || /[`{}]/.test(t.filter((p) => typeof p === 'string').join(''))) continue;
      return { t, f, shown, places };
    }
  return null;
}

/** The sentence of a template: the text, its places, and how numbers were written (1234567 as `1,234,567.00`). */
function templateWords(cs: Case[], { f, shown, places }: NonNullable<ReturnType<typeof fitTemplate>>): string {
  const valueOf = (d: Case, n: string): TaggedValue | undefined => d.named.find((a) => a.name === n)?.v;
  const formatted = places.filter((n) => cs.some((d) => num(valueOf(d, n)) !== null && valueOf(d, n)?.t !== 'str'));
  const instance = (n: string): string => {
    // The longest the format wrote shows most of it (thousands and decimals).
    const v = cs
      .map((d) => valueOf(d, n))
      .filter((v) => v && v.t !== 'str' && textOf(v, f) !== null)
      .sort((a, b) => textOf(b, f)!.length - textOf(a, f)!.length)[0];
    return v ? ` (${v.t === 'float' ? v.v : num(v)} as \`${textOf(v, f)}\`)` : '';
  };
  const how = f.words && formatted.length ? `; ${joinWords(formatted.map((n) => `\`${n}\``))} written ${f.words}${instance(formatted[0]!)}` : '';
  return `Returns the text \`${shown}\`, with ${joinWords(places.map((n) => `\`${n}\``))} written in place of ${places.length > 1 ? 'their' : 'its'} name in braces${how}`;
}

/**
 * A text result made of the arguments' texts in a fixed template ("Hello, {name}!", "${amount}"
 * with 2 decimals); or in two, one for a count of 0 or 1 (`1 apple`, else
 * `{count} {word}s`): a template when two calls or more show it, else the one call as it came.
 */
const TEMPLATE: Rule = {
  text: '',
  applies: (c) => c.y.t === 'str' && c.named.some((a) => textOf(a.v) !== null || (a.v.t !== 'bool' && num(a.v) !== null)),
  holds: () => false,
  fit: (cs) => {
    const one = fitTemplate(cs);
    if (one)
      return {
        text: `${templateWords(cs, one)}.`,
        applies: TEMPLATE.applies,
        holds: (d) => render(one.t, d, one.f) === strOf(d.y),
      };
    const names = [...new Set(cs.flatMap((c) => c.named.filter((a) => a.v.t === 'int').map((a) => a.name)))];
    for (const name of names) {
      const valueOf = (c: Case): number | null => {
        const v = c.named.find((a) => a.name === name)?.v;
        return v?.t === 'int' ? num(v) : null;
      };
      // The counts a text speaks of differently (`0 items`, `1 item`): any other exception is no template.
      for (const value of new Set(cs.map(valueOf).filter((v) => v === 0 || v === 1))) {
        const special = cs.filter((c) => valueOf(c) === value);
        const rest = cs.filter((c) => valueOf(c) !== value);
        if (special.length < 1 || rest.length < 3) continue;
        // One call of that value is read as it came (`1 Hello`), and said to be one call.
        const single = special.length === 1 ? templateOf(special[0]!, NUMBER_FORMATS[0]!) : null;
        const a = single ? { t: single, f: NUMBER_FORMATS[0]!, shown: '', places: [] } : fitTemplate(special, name);
        const b = fitTemplate(rest);
        if (!a || !b || a.shown === b.shown || !b.places.includes(name) || !special.every((d) => render(a.t, d, a.f) === strOf(d.y))) continue;
        const pick = (d: Case) => (valueOf(d) === value ? a : b);
        const other = single
          ? `the one call with \`${name}\` ${value} gave ${code(strOf(special[0]!.y)!)} instead`
          : `when \`${name}\` is ${value}, \`${a.shown}\``;
        return {
          text: `${templateWords(rest, b)}; ${other}.`,
          applies: TEMPLATE.applies,
          holds: (d) => render(pick(d).t, d, pick(d).f) === strOf(d.y),
        };
      }
    }
    return null;
  },
};

/**
 * How an escaping function writes one character: a backslash before it (`\.`), brackets around
 * it (`[*]`), an entity (`&amp;`, `&#x27;`) or percent-encoded bytes (`%20`, `%C3%A9`).
 */
const ESCAPED = /^(?:\\[\s\S]|\[[\s\S]\]|&#?\w+;|(?:%[0-9A-Fa-f]{2})+)/;

/** Characters written as other text, and characters kept: what calls showed so far. */
interface CharMap {
  to: Map<string, string>;
  kept: Set<string>;
}

/**
 * Reads `escaped` as `plain` with some characters written in an escaped form, each always the
 * same way and the others kept, adding what it learns to `map`; false where it cannot. A `%` kept
 * before `20` also reads as an escape: each way is tried (within a budget of steps).
 */
function readEscapes(plain: string, escaped: string, map: CharMap): boolean {
  const chars = [...plain];
  if (chars.length > 2000) return false;
  let budget = 20_000;
  const read = (k: number, j: number, to: Map<string, string>, kept: Set<string>): CharMap | null => {
    if (--budget < 0) return null;
    if (k === chars.length) return j === escaped.length ? { to, kept } : null;
    const c = chars[k]!;
    const known = to.get(c);
    if (known !== undefined) return escaped.startsWith(known, j) ? read(k + 1, j + known.length, to, kept) : null;
    const token = ESCAPED.exec(escaped.slice(j))?.[0];
    // An escape of this character: it holds the character, or is an entity or %-bytes.
    const escapes = !kept.has(c) && token !== undefined && token !== c && (token.includes(c) || /^[&%]/.test(token));
    return (
      (escapes ? read(k + 1, j + token.length, new Map(to).set(c, token), kept) : null) ??
      (escaped.startsWith(c, j) ? read(k + 1, j + c.length, to, kept.has(c) ? kept : new Set(kept).add(c)) : null)
    );
  };
  const found = read(0, 0, map.to, map.kept);
  if (!found) return false;
  for (const [c, t] of found.to) map.to.set(c, t);
  for (const c of found.kept) map.kept.add(c);
  return true;
}

const code = (t: string): string => (t.includes('`') ? `\`\` ${t} \`\`` : `\`${t}\``);

/** The sentence for characters written escaped: one form named once, or each pair. */
function escapeWords(map: CharMap, of: string, decodes: boolean): string {
  const pairs = [...map.to.entries()];
  const chars = pairs.map(([c]) => code(c));
  const listed = (xs: string[]): string => joinWords(xs.length > 6 ? [...xs.slice(0, 6), `${xs.length - 6} more`] : xs);
  const others = [...map.kept].filter((c) => !/[\p{L}\p{N}]/u.test(c));
  const rest = `letters, digits${others.length ? ` and the other characters tried (${listed(others.map(code))})` : ''} stay as they are`;
  if (decodes) return `Turns ${listed(pairs.map(([c, t]) => `${code(t)} into ${code(c)}`))} in ${of}; ${rest}.`;
  if (pairs.every(([c, t]) => t === `\\${c}`)) return `Puts a backslash before each ${listed(chars)} in ${of}; ${rest}.`;
  if (pairs.every(([c, t]) => t === `[${c}]`))
    return `Wraps each ${listed(chars)} in ${of} in brackets (${code(pairs[0]![0])} becomes ${code(pairs[0]![1])}); ${rest}.`;
  return `Writes ${listed(pairs.map(([c, t]) => `${code(c)} as ${code(t)}`))} in ${of}; ${rest}.`;
}

/**
 * Characters written in an escaped form, each always the same way, the rest kept (re.escape,
 * html.escape, quote); or the other way round, escapes turned back into characters.
 */
const ESCAPES: Rule[] = [false, true].map((decodes): Rule => {
  const sides = (c: Case): [string, string] => (decodes ? [strOf(c.y)!, strOf(c.x)!] : [strOf(c.x)!, strOf(c.y)!]);
  const applies = (c: Case): boolean => c.x.t === 'str' && c.y.t === 'str';
  const learn = (cs: Case[]): CharMap | null => {
    const map: CharMap = { to: new Map(), kept: new Set() };
    return cs.every((c) => readEscapes(...sides(c), map)) ? map : null;
  };
  return {
    text: '',
    applies,
    holds: () => false,
    fit: (cs) => {
      const map = learn(cs);
      if (!map) return null;
      return {
        text: (rs) => escapeWords(learn(rs) ?? map, mainName(rs[0]!), decodes),
        applies,
        // Fresh inputs must agree with every escape learned; a character not seen before may go either way.
        holds: (c) => readEscapes(...sides(c), { to: new Map(map.to), kept: new Set(map.kept) }),
        // Two characters seen escaped, and a text where one was (and something kept) in the same call.
        enough: (rs) => {
          const m = learn(rs);
          return !!m && m.to.size >= 2 && rs.some((c) => [...sides(c)[0]].some((ch) => m.to.has(ch)) && [...sides(c)[0]].some((ch) => m.kept.has(ch)));
        },
      };
    },
  };
});

/** A date as days since 1970-01-01 (UTC): a `datetime.date(…)` the call gave or got, or ISO text `2024-03-15`. */
function dayNumber(t: TaggedValue | undefined): number | null {
  const m =
    t?.t === 'other' && t.type === 'datetime.date'
      ? /^datetime\.date\((\d+), (\d+), (\d+)\)$/.exec(t.repr)
      : t?.t === 'str'
        ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(t.v)
        : null;
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  return back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? ms / 86_400_000 : null;
}
/** Monday to Friday: 1970-01-01 was a Thursday. */
const weekday = (day: number): boolean => ![2, 3].includes(((day % 7) + 7) % 7);
/** `day` moved `n` weekdays (Saturdays and Sundays not counted), backwards for a negative n. */
function businessDays(day: number, n: number): number {
  let d = day;
  for (let left = Math.abs(n); left > 0;) {
    d += Math.sign(n);
    if (weekday(d)) left--;
  }
  return d;
}

/** Dates: one moved by a number of days or weekdays, or the days between two. */
const DATES: Rule[] = [
  ...(
    [
      ['days', (d: number, n: number) => d + n, ''],
      ['business days', (d: number, n: number) => (Math.abs(n) > 1e7 ? null : businessDays(d, n)), ' (Saturdays and Sundays are not counted)'],
    ] as const
  ).map(([unit, move, note]): Rule => {
    const date = (c: Case) => c.named.find((a) => dayNumber(a.v) !== null);
    const count = (c: Case) => c.named.find((a) => a.v.t === 'int');
    return {
      text: (cs) =>
        `Returns \`${date(cs[0]!)!.name}\` moved \`${count(cs[0]!)!.name}\` ${unit} later${note}; a negative \`${count(cs[0]!)!.name}\` moves it back.`,
      applies: (c) => c.named.length === 2 && date(c) !== undefined && count(c) !== undefined && dayNumber(c.y) !== null && c.y.t === date(c)!.v.t,
      holds: (c) => move(dayNumber(date(c)!.v)!, Number(num(count(c)!.v))) === dayNumber(c.y),
      // Several counts, a negative one among them, and (for weekdays) a move across a weekend.
      enough: (cs) =>
        new Set(cs.map((c) => num(count(c)!.v))).size >= 3 &&
        cs.some((c) => num(count(c)!.v)! < 0) &&
        (unit === 'days' || cs.some((c) => dayNumber(c.y)! - dayNumber(date(c)!.v)! !== num(count(c)!.v))),
    };
  }),
  {
    text: (cs) => `Returns the number of days from ${nameOf(cs[0]!, 0)} to ${nameOf(cs[0]!, 1)} (negative when ${nameOf(cs[0]!, 1)} comes first).`,
    applies: (c) => c.named.length === 2 && dayNumber(c.named[0]!.v) !== null && dayNumber(c.named[1]!.v) !== null && c.y.t === 'int',
    holds: (c) => num(c.y) === dayNumber(c.named[1]!.v)! - dayNumber(c.named[0]!.v)!,
    enough: (cs) => cs.some((c) => num(c.y)! < 0) && cs.some((c) => num(c.y)! > 1),
  },
];

/**
 * A text masked but for its last characters (a card number as `************1234`): every
 * character but the last `keep` written as one mask character, with spaces dropped first or not.
 */
const MASKS: Rule[] = [false, true].map((dropSpaces): Rule => {
  const base = (c: Case): string => (dropSpaces ? strOf(c.x)!.replace(/ /g, '') : strOf(c.x)!);
  const masked = (text: string, mask: string, keep: number): string => mask.repeat(Math.max(0, [...text].length - keep)) + [...text].slice(-keep).join('');
  const applies = (c: Case): boolean => c.x.t === 'str' && c.y.t === 'str' && c.args.length === 1;
  return {
    text: '',
    applies,
    holds: () => false,
    fit: (cs) => {
      // The mask: what the masked results start with, a character that is no letter or digit.
      const long = cs.filter((c) => strOf(c.y) !== base(c) && strOf(c.y)!.length > 0);
      const mask = strOf(long[0]?.y ?? { t: 'none' })?.[0];
      if (!mask || /[\p{L}\p{N}\s]/u.test(mask)) return null;
      const keeps = new Set(long.map((c) => [...strOf(c.y)!].length - (/^(.)\1*/u.exec(strOf(c.y)!)?.[0].length ?? 0)));
      if (keeps.size !== 1) return null;
      const keep = [...keeps][0]!;
      if (keep < 1) return null;
      const spaces = dropSpaces ? ' (spaces are dropped first)' : '';
      return {
        text: (rs) =>
          `Writes every character of ${mainName(rs[0]!)} but the last ${keep} as ${code(mask)}${spaces}${
            rs.some((c) => base(c).length > 0 && [...base(c)].length <= keep) ? `; a text of ${keep} characters or fewer comes back as it is` : ''
          }.`,
        applies,
        holds: (c) => strOf(c.y) === masked(base(c), mask, keep),
        // Texts of several lengths masked, one with a space when spaces are said to go, and a short one kept.
        enough: (rs) =>
          new Set(rs.filter((c) => [...base(c)].length > keep + 1).map((c) => base(c).length)).size >= 2 &&
          (!dropSpaces || rs.some((c) => strOf(c.x)!.includes(' ') && [...base(c)].length > keep)),
      };
    },
  };
});

const RULES: Rule[] = [
  // Several arguments with named roles.
  {
    text: (cs) => {
      const [k, t] = agreedSplit(cs)!;
      const even = cs.every((c) => {
        const ns = numbers(items(c.y))!;
        return ns.length === 0 || Math.max(...ns) - Math.min(...ns) <= 1;
      });
      return `Splits ${nameOf(cs[0]!, t)} into a list of ${nameOf(cs[0]!, k)} numbers that add up to it${even ? ', as evenly as possible (no two differ by more than 1)' : ''}.`;
    },
    applies: (c) => isSeq(c.y) && numbers(items(c.y)) !== null && c.named.length >= 2 && c.named.every((a) => num(a.v) !== null),
    holds: (c) => splitPairs(c).length > 0,
    // The same two arguments every time, and more than one count of parts seen.
    enough: (cs) => agreedSplit(cs) !== null && new Set(cs.map((c) => items(c.y)!.length)).size > 1,
  },
  {
    text: (cs) =>
      `Clamps ${nameOf(cs[0]!, 0)} into the range from ${nameOf(cs[0]!, 1)} to ${nameOf(cs[0]!, 2)}: below ${nameOf(cs[0]!, 1)} it returns ${nameOf(cs[0]!, 1)}, above ${nameOf(cs[0]!, 2)} it returns ${nameOf(cs[0]!, 2)}, otherwise ${nameOf(cs[0]!, 0)} itself.`,
    applies: (c) => {
      const [a, lo, hi] = c.args.slice(0, 3).map(numericValue);
      return c.args.length === 3 && a != null && lo != null && hi != null && lo <= hi && num(c.y) !== null;
    },
    holds: (c) => {
      const [a, lo, hi] = c.args.map(numericValue) as number[];
      return num(c.y) === Math.min(Math.max(a!, lo!), hi!);
    },
    // Both ends seen doing their work.
    enough: (cs) => cs.some((c) => num(c.args[0])! < num(c.args[1])!) && cs.some((c) => num(c.args[0])! > num(c.args[2])!),
  },
  {
    text: (cs) => {
      const c = cs.find((x) => otherArg(x, isInt)) ?? cs[0]!;
      const k = otherArg(c, isInt);
      const kept = cs.some((x) => items(x.y)!.length < items(x.x)!.length);
      return kept && k
        ? `Keeps the \`${k.name}\` largest elements of ${mainName(c)}, largest first.`
        : `Returns the elements of ${mainName(c)} from largest to smallest.`;
    },
    applies: (c) => items(c.x) !== null && isSeq(c.y) && items(c.x)!.length > 0,
    holds: (c) => {
      const s = sortedCopy(items(c.x)!);
      if (!s) return false;
      const ys = items(c.y)!;
      const k = num(otherArg(c, isInt)?.v);
      if (k !== null && ys.length !== Math.max(0, Math.min(k, s.length))) return false;
      if (k === null && ys.length === 0) return false;
      return taggedEqual(listOf(reversed(s).slice(0, ys.length)), listOf(ys));
    },
    // Inputs already in descending order say nothing about ordering.
    enough: (cs) => cs.some((c) => orderOf(items(c.x)!) !== 'desc' && orderOf(items(c.x)!) !== 'both'),
  },
  {
    text: (cs) => `Returns the first \`${otherArg(cs[0]!, isInt)!.name}\` elements of ${mainName(cs[0]!)}.`,
    applies: (c) => isSeq(c.x) && isSeq(c.y) && c.args.length === 2 && otherArg(c, isInt) !== undefined,
    holds: (c) => {
      const xs = items(c.x)!;
      const k = num(otherArg(c, isInt)!.v)!;
      // Python's xs[:k]: a negative k counts from the end.
      const end = k < 0 ? Math.max(0, xs.length + k) : Math.min(k, xs.length);
      return taggedEqual(listOf(xs.slice(0, end)), listOf(items(c.y)!));
    },
  },
  SHORTENS,
  ...(['-', '_'] as const).map((sep): Rule => ({
    text: (cs) => `Lower-cases ${mainName(cs[0]!)} and joins its words (runs of letters and digits) with ${JSON.stringify(sep)} (on the ASCII texts tried).`,
    applies: (c) => c.x.t === 'str' && c.y.t === 'str' && /^[\x20-\x7e\s]*$/.test(strOf(c.x)!),
    holds: (c) =>
      strOf(c.y) ===
      (
        strOf(c.x)!
          .toLowerCase()
          .match(/[a-z0-9]+/g) ?? []
      ).join(sep),
    enough: (cs) => cs.some((c) => (strOf(c.x)!.match(/[a-zA-Z0-9]+/g) ?? []).length >= 2),
  })),
  // Each word capitalized: words split at whitespace and joined by one space, or runs of letters in place (str.title).
  ...(
    [
      ['and joins its words (split at whitespace) with single spaces', (s: string) => words(s).map(capitalized).join(' ')],
      ['in place, where a word is a run of letters (as str.title does)', (s: string) => s.replace(/[A-Za-z]+/g, capitalized)],
    ] as const
  ).map(([how, f]): Rule => ({
    text: (cs) => `Upper-cases the first letter of each word of ${mainName(cs[0]!)} and lower-cases the rest, ${how} (on the ASCII texts tried).`,
    applies: (c) => c.x.t === 'str' && c.y.t === 'str' && /^[\x20-\x7e\s]*$/.test(strOf(c.x)!),
    holds: (c) => strOf(c.y) === f(strOf(c.x)!),
    // Both halves seen: a word's first letter raised, and a later letter lowered, in texts of several words.
    enough: (cs) =>
      cs.some((c) => words(strOf(c.x)!).length >= 2) &&
      cs.some((c) => /(^|[^A-Za-z])[a-z]/.test(strOf(c.x)!)) &&
      cs.some((c) => /[A-Za-z][A-Z]/.test(strOf(c.x)!)),
  })),
  // Arithmetic of two numbers: the first operation of the table that every call agrees with.
  // A result rounded to cents (round(price * rate, 2)) is the operation rounded: the places are
  // the most any result shows, and at least one result must be off the exact value by rounding.
  ...ARITHMETIC.map(({ verb, op }): Rule => {
    const applies = (c: Case): boolean =>
      c.args.length === 2 && num(c.args[0]) !== null && num(c.args[1]) !== null && num(c.y) !== null && op(num(c.args[0])!, num(c.args[1])!) !== null;
    const exact = (c: Case): number => op(num(c.args[0])!, num(c.args[1])!)!;
    // Both arguments seen doing their work: more than one value of each.
    const enough = (cs: Case[]): boolean => new Set(cs.map((c) => num(c.args[0]))).size > 1 && new Set(cs.map((c) => num(c.args[1]))).size > 1;
    return {
      text: '',
      applies,
      holds: () => false,
      fit: (cs) => {
        const off = placesOf(cs.map((c) => ({ y: num(c.y)!, exact: exact(c) })));
        const shown = Math.max(0, ...cs.map((c) => decimals(num(c.y)!) ?? 99));
        const places = off === null ? null : Math.max(off, shown);
        // Rounding to a whole number is not told apart from floor division by a tie: exact only.
        if (places !== null && (places === 0 || places > 6)) return null;
        // The places are stated only when a result rounded at the last of them was seen: 3.998 shown
        // as 4.0 beside an exact 0.6 fits 1, 2 or more places, and says none of them.
        if (places !== null && off !== places) return null;
        return {
          text: (rs) => `${verb(nameOf(rs[0]!, 0), nameOf(rs[0]!, 1)).replace(/\.$/, '')}${roundingWords(places)}.`,
          applies,
          holds: (c) => roundedTo(num(c.y)!, exact(c), places),
          enough,
        };
      },
    };
  }),
  // The same of two sequences, element by element (as zip pairs them).
  ...ARITHMETIC.filter((a) => a.pairwise).map(({ pairwise, op }): Rule => ({
    text: (cs) => `Returns the ${pairwise!} of ${nameOf(cs[0]!, 0)} and ${nameOf(cs[0]!, 1)} element by element (as far as the shorter goes).`,
    applies: (c) =>
      c.args.length === 2 && numbers(items(c.args[0]!)) !== null && numbers(items(c.args[1]!)) !== null && isSeq(c.y) && numbers(items(c.y)) !== null,
    holds: (c) => {
      const [a, b, y] = [numbers(items(c.args[0]!))!, numbers(items(c.args[1]!))!, numbers(items(c.y))!];
      return y.length === Math.min(a.length, b.length) && y.every((v, i) => op(a[i]!, b[i]!) !== null && near(v, op(a[i]!, b[i]!)!));
    },
    enough: (cs) => cs.some((c) => Math.min(items(c.args[0]!)!.length, items(c.args[1]!)!.length) >= 2),
  })),
  {
    text: (cs) => `Returns the running totals of ${mainName(cs[0]!)}: each element is the sum of those up to it.`,
    applies: (c) => c.args.length === 1 && numbers(items(c.x)) !== null && isSeq(c.y) && numbers(items(c.y)) !== null,
    holds: (c) => {
      const [xs, ys] = [numbers(items(c.x))!, numbers(items(c.y))!];
      let total = 0;
      return ys.length === xs.length && xs.every((x, i) => near(ys[i]!, (total += x)));
    },
    enough: (cs) => cs.some((c) => items(c.x)!.length >= 3),
  },
  {
    text: (cs) => `Returns the first letter of each word of ${mainName(cs[0]!)}, upper-cased and run together.`,
    applies: (c) => c.args.length === 1 && c.x.t === 'str' && c.y.t === 'str',
    holds: (c) =>
      strOf(c.y) ===
      words(strOf(c.x)!)
        .map((w) => w[0]!.toUpperCase())
        .join(''),
    enough: (cs) => cs.some((c) => words(strOf(c.x)!).length >= 2 && /[a-z]/.test(strOf(c.x)!)),
  },
  {
    text: (cs) => `Returns ${mainName(cs[0]!)} reversed.`,
    applies: (c) => (c.x.t === 'str' && c.y.t === 'str') || (isSeq(c.x) && isSeq(c.y)),
    holds: (c) => taggedEqual(listOf(reversed(items(c.x)!)), listOf(items(c.y)!)),
  },
  {
    text: (cs) => `Splits ${mainName(cs[0]!)} at each \`${otherArg(cs[0]!, (v) => v.t === 'str')!.name}\`.`,
    applies: (c) => c.x.t === 'str' && isSeq(c.y) && otherArg(c, (v) => v.t === 'str' && v.v.length > 0) !== undefined,
    holds: (c) =>
      taggedEqual(
        listOf(
          strOf(c.x)!
            .split(strOf(otherArg(c, (v) => v.t === 'str')!.v)!)
            .map((v) => ({ t: 'str', v })),
        ),
        listOf(items(c.y)!),
      ),
  },
  {
    text: (cs) => `Joins the strings of ${mainName(cs[0]!)} with \`${otherArg(cs[0]!, (v) => v.t === 'str')!.name}\` between them.`,
    applies: (c) => isSeq(c.x) && items(c.x)!.every((v) => v.t === 'str') && c.y.t === 'str' && otherArg(c, (v) => v.t === 'str') !== undefined,
    holds: (c) =>
      strOf(c.y) ===
      items(c.x)!
        .map((v) => strOf(v)!)
        .join(strOf(otherArg(c, (v) => v.t === 'str')!.v)!),
  },
  {
    text: (cs) => {
      const c = cs[0]!;
      const w = `\`${otherArg(c, isInt)!.name}\``;
      const left = cs.every((x) => strOf(x.y)!.endsWith(strOf(x.x)!));
      const right = cs.every((x) => strOf(x.y)!.startsWith(strOf(x.x)!));
      const longer = cs.some((x) => [...strOf(x.x)!].length > num(otherArg(x, isInt)!.v)!);
      return `Pads ${mainName(c)} to ${w} characters${left ? ' on the left' : right ? ' on the right' : ''}${longer ? '; a longer text comes back unchanged' : ''}.`;
    },
    applies: (c) => c.x.t === 'str' && c.y.t === 'str' && otherArg(c, isInt) !== undefined,
    holds: (c) => {
      const x = strOf(c.x)!;
      const y = strOf(c.y)!;
      const w = num(otherArg(c, isInt)!.v)!;
      return [...y].length === Math.max([...x].length, w) && y.includes(x);
    },
  },
  {
    text: (cs) => `Removes the whitespace at both ends of ${mainName(cs[0]!)}.`,
    applies: (c) => c.x.t === 'str' && c.y.t === 'str' && !/[\ufeff\u180e]/.test(strOf(c.x)!),
    holds: (c) => strOf(c.y) === strOf(c.x)!.trim(),
  },
  {
    text: (cs) => `Parses ${mainName(cs[0]!)} as ${cs.every((c) => c.y.t === 'int') ? 'an int' : 'a number'}.`,
    applies: (c) => c.x.t === 'str' && /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i.test(strOf(c.x)!) && num(c.y) !== null,
    holds: (c) => near(num(c.y)!, Number(strOf(c.x)!.trim())),
  },
  {
    text: (cs) =>
      `Looks up ${nameOf(
        cs[0]!,
        cs[0]!.args.findIndex((a) => a.t !== 'dict'),
      )} in ${nameOf(
        cs[0]!,
        cs[0]!.args.findIndex((a) => a.t === 'dict'),
      )} and returns its value.`,
    applies: (c) => {
      const d = c.args.find((a): a is Extract<TaggedValue, { t: 'dict' }> => a.t === 'dict');
      const k = c.args.find((a) => a.t !== 'dict');
      return c.args.length === 2 && !!d && !!k && d.v.some(([key]) => taggedEqual(key, k));
    },
    holds: (c) => {
      const d = c.args.find((a) => a.t === 'dict') as Extract<TaggedValue, { t: 'dict' }>;
      const k = c.args.find((a) => a.t !== 'dict')!;
      return taggedEqual(d.v.find(([key]) => taggedEqual(key, k))![1], c.y);
    },
  },
  {
    text: (cs) => `Counts how often \`${otherArg(cs[0]!, () => true)!.name}\` occurs in ${mainName(cs[0]!)}.`,
    applies: (c) => c.args.length === 2 && isSeq(c.x) && c.y.t === 'int',
    holds: (c) => num(c.y) === count(items(c.x)!, otherArg(c, () => true)!.v),
  },
  ...(
    [
      ['Adds', (a: number, b: number) => a + b, 'and'],
      ['Multiplies', (a: number, b: number) => a * b, 'by'],
    ] as const
  ).map(([verb, op, by]): Rule => ({
    text: (cs) => `${verb} ${nameOf(cs[0]!, 0)} ${by} ${nameOf(cs[0]!, 1)}.`,
    applies: (c) => c.args.length === 2 && num(c.args[0]) !== null && num(c.args[1]) !== null && num(c.y) !== null,
    holds: (c) => near(num(c.y)!, op(num(c.args[0])!, num(c.args[1])!)),
  })),
  // Sequences in, sequences out.
  {
    text: SORTS,
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
    // The same number of pieces every time (splitext's two) is worth saying.
    text: (cs) => {
      const counts = new Set(cs.map((c) => items(c.y)!.length));
      const pieces = counts.size === 1 ? `${[...counts][0]} consecutive pieces` : 'consecutive pieces';
      return `Cuts ${mainName(cs[0]!)} into ${pieces}${counts.size === 1 ? ' (joined, they give it back)' : ''}.`;
    },
    applies: (c) => items(c.x) !== null && isSeq(c.y) && items(c.y)!.every((p) => isSeq(p) || p.t === 'str'),
    holds: (c) => {
      const joined = items(c.y)!.flatMap((p) => items(p)!);
      return taggedEqual({ t: 'list', v: joined }, { t: 'list', v: items(c.x)! });
    },
  },
  {
    text: (cs) =>
      `Returns the longest common prefix of the ${cs.every((c) => items(c.x)!.every((v) => v.t === 'str')) ? 'texts' : 'sequences'} in ${mainName(cs[0]!)}.`,
    applies: (c) =>
      isSeq(c.x) && items(c.x)!.length >= 1 && items(c.x)!.every((v) => items(v) !== null && !isSeq(v) === (c.y.t === 'str')) && items(c.y) !== null,
    holds: (c) => {
      const xs = items(c.x)!.map((v) => items(v)!);
      let n = 0;
      while (xs.every((x) => n < x.length && taggedEqual(x[n]!, xs[0]![n]!))) n++;
      return taggedEqual(listOf(xs[0]!.slice(0, n)), listOf(items(c.y)!));
    },
    // A prefix of some length shared, and one call where it stopped short of the shortest.
    enough: (cs) => cs.some((c) => items(c.y)!.length > 0) && cs.some((c) => items(c.x)!.length >= 2),
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
  TEMPLATE,
  ...ESCAPES,
  ...MASKS,
  // Text in, text out.
  { text: 'Converts the text to upper case.', applies: (c) => c.x.t === 'str' && c.y.t === 'str', holds: (c) => strOf(c.y) === strOf(c.x)!.toUpperCase() },
  { text: 'Converts the text to lower case.', applies: (c) => c.x.t === 'str' && c.y.t === 'str', holds: (c) => strOf(c.y) === strOf(c.x)!.toLowerCase() },
  {
    // Case is named only when some call changed it (cleandoc keeps it, slugify lowers it).
    text: (cs) =>
      cs.some((c) => strOf(c.y)!.replace(/[^A-Za-z0-9]/g, '') !== strOf(c.x)!.replace(/[^A-Za-z0-9]/g, ''))
        ? 'Keeps the letters and digits in order, changing only their case and what stands between them.'
        : 'Keeps the letters and digits in order and their case, changing only what stands between them.',
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
    text: 'Leaves plain words as they are and writes some other characters as longer sequences (as escaping or encoding does); no call made the text shorter.',
    applies: (c) => c.x.t === 'str' && c.y.t === 'str',
    holds: (c) => [...strOf(c.y)!].length >= [...strOf(c.x)!].length && (/^[\w]*$/.test(strOf(c.x)!) ? strOf(c.y) === strOf(c.x) : true),
    // Both halves of the sentence seen: a plain word kept, and a text made longer.
    enough: (cs) => plainWordKept(cs) && cs.some((c) => [...strOf(c.y)!].length > [...strOf(c.x)!].length),
  },
  {
    text: 'Leaves plain words as they are and shortens the text around other characters (as decoding or trimming does); no call made the text longer.',
    applies: (c) => c.x.t === 'str' && c.y.t === 'str',
    holds: (c) => [...strOf(c.y)!].length <= [...strOf(c.x)!].length && (/^[\w]*$/.test(strOf(c.x)!) ? strOf(c.y) === strOf(c.x) : true),
    enough: (cs) => plainWordKept(cs) && cs.some((c) => [...strOf(c.y)!].length < [...strOf(c.x)!].length),
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
  ...DATES,
  // Numbers in, a number out.
  ...PERCENTAGES,
  LINE,
  ONE_OF_ARGUMENTS,
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
  ...(['lower', 'higher'] as const).map((which): Rule => ({
    text: `Returns the middle one of the numbers in sorted order (the ${which} of the two middle ones for an even count).`,
    applies: (c) => numbers(items(c.x)) !== null && numericValue(c.y) !== null,
    holds: (c) => {
      const s = [...numbers(items(c.x))!].sort((a, b) => a - b);
      const m = s.length % 2 ? (s.length - 1) / 2 : which === 'lower' ? s.length / 2 - 1 : s.length / 2;
      return numericValue(c.y) === s[m];
    },
    // An even count shows which middle one: with only odd counts it is the median.
    enough: (cs) => cs.some((c) => items(c.x)!.length % 2 === 0 && items(c.x)!.length > 0),
  })),
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
    // Where every element occurs once, any element is "the most common": only calls with one
    // element more common than the rest say anything, and they must be most of them.
    enough: (cs) => 2 * cs.filter(uniqueMode).length >= cs.length,
  },
];

/** Whether a case is one where the output differs from the input (the relation did something). */
function changed(c: Case): boolean {
  return !taggedEqual(c.x, c.y);
}

/**
 * The relations that hold, at most two: the one that speaks of the most calls first (what the
 * function mostly did, not a side use), the catalogue's order (most specific first) among equals.
 */
export function findRelations(observations: Observation[], positions: Position[]): Relation[] {
  const cases = casesOf(observations, positions);
  // A call that left an argument out passed its default: a relation of the arguments must hold
  // for it read that way too (format_money's currency shown in every output given one, but
  // not for the default 'USD', which gives '$3.00').
  const defaulted = casesOf(observations, positions, true);
  const held: (Relation & { lastResort: boolean })[] = [];
  for (const listed of RULES) {
    // Parts are read off every call, the ones that left an argument to its default included (round(price * 0.2, 2)).
    const rule = listed.fit ? listed.fit([...cases, ...defaulted].filter(listed.applies)) : listed;
    if (!rule) continue;
    const applicable = cases.filter(rule.applies);
    // A relation of a side use (a median of the letters of a text, where lists of numbers were
    // the main use) is not what the function does: it must speak of a quarter of the calls at least.
    if (applicable.length < 3 || 4 * applicable.length < cases.length || !applicable.every(rule.holds)) continue;
    if (!defaulted.filter(rule.applies).every(rule.holds)) continue;
    const support = applicable.filter(changed);
    // Several distinct inputs where the function did something, and the relation is not just "returns a constant".
    if (support.length < 2 || new Set(support.map((c) => JSON.stringify(c.y))).size < 2) continue;
    // Sorted-looking inputs say nothing about sorting.
    if (rule.text === SORTS && !applicable.some((c) => orderOf(items(c.x)!) === null)) continue;
    if (rule.enough && !rule.enough(applicable)) continue;
    // Parts read off the calls (100 in "Returns -`amount` + 100") may come from the object a
    // method was called on (a BankAccount(100)): they hold only if other objects gave the same.
    if (listed.fit && applicable.some((c) => c.receiver !== undefined) && new Set(applicable.map((c) => c.receiver)).size < 2) continue;
    held.push({
      text: typeof rule.text === 'string' ? rule.text : rule.text(applicable),
      support: support.map((c) => c.index),
      tested: applicable.map((c) => c.index),
      lastResort: rule.lastResort === true,
    });
  }
  const specific = held.filter((r) => !r.lastResort);
  // Calls the explorer made of its own outputs (f(f(x)), swapped arguments) test laws; they are
  // not uses a reader would make, so they do not count toward what the function mostly did.
  const ownOutputs = new Set(observations.filter((o) => o.purpose === 'reapply' || o.purpose === 'swap').map((o) => o.record.index));
  const uses = (r: Relation): number => r.tested.filter((i) => !ownOutputs.has(i)).length;
  const [first, ...rest] = [...(specific.length ? specific : held)]
    .sort((a, b) => uses(b) - uses(a))
    .map(({ text, support, tested }) => ({ text, support, tested }));
  if (!first) return [];
  // A second relation only when it speaks of calls the first does not: on the same calls a
  // vaguer sentence ("shortens the text around other characters") only blurs the first.
  const second = rest.find((r) => r.tested.some((i) => !first.tested.includes(i)));
  return second ? [first, second] : [first];
}
