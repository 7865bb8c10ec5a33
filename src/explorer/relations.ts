// A catalogue of input→output relations, checked over the calls that returned: what the
// function does with its main argument (sorts it, drops repeats, splits it, changes case,
// escapes or adds text, counts elements, averages numbers…). A relation is stated only when
// it held on every call it applies to, with at least two calls where the output differs
// from the input; it becomes the summary. Generators are judged by what they yielded.
import { secondRunsAsCalls } from './repeatable.js';
import type { TaggedValue } from '../core/probe-types.js';
import { positionalOf } from '../core/probe-types.js';
import { numericValue, orderOf, taggedCompare, taggedEqual } from './compare.js';
import type { Observation, Position } from './inputs.js';
import { parseSource } from './parse.js';
import { fromTagged, toSource, toTagged } from './values.js';
import { preparingCalls } from './prepared-receiver.js';
import type { Family } from './breakers.js';
import { untriedFor } from './breakers.js';
import { wordLimitRule } from './word-limit.js';
import { fixedRangeRule } from './fixed-range.js';
import { keptArgumentRule } from './kept-argument.js';
import { pluralChoiceRule } from './plural-choice.js';

export interface Relation {
  /** The sentence for the summary, e.g. "Sorts the elements in ascending order." */
  text: string;
  /** Probes where the relation held and did something. */
  support: number[];
  /** Probes it was checked on (all the ones it applies to). */
  tested: number[];
  /** The kind of inputs chosen to break it (breakers.ts), for the verification pass. */
  family?: Family;
  /** What those inputs are, when no call that returned had one: the text is then an observation of the calls tried. */
  untried?: string;
  /** The parameter the breakers vary, when not the main argument (the one a function gives back unchanged). */
  param?: string;
}

/** What a call did: its main argument and its output (a generator's items as a list). */
interface Case {
  index: number;
  x: TaggedValue;
  y: TaggedValue;
  /** All the arguments, for relations between several (merges). */
  args: TaggedValue[];
  /** The arguments given, by parameter name, in the signature's order (numbers included); `star`: an item of `*args`. */
  named: { name: string; v: TaggedValue; star?: true }[];
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
function casesOf(observations: Observation[], positions: Position[], withDefaults = false, withState = false): Case[] {
  const out: Case[] = [];
  for (const o of observations) {
    if (o.purpose === 'repeat') continue;
    const y = outputOf(o);
    // `withState`: only calls on an object just made, what it was made with named first.
    const state = withState ? madeWith(o, positions) : [];
    if (state === null) continue;
    // Each parameter beside the value the input gives it (as toRequest pairs them).
    const given = positions.map((p, i) => ({ p, value: o.input[i]?.value }));
    if (withDefaults && !given.some(({ p, value }) => value === undefined && p.default !== undefined)) continue;
    const named = [
      ...state,
      ...given.flatMap(({ p, value }) => {
        const v = value ?? (withDefaults ? p.default : undefined);
        return v !== undefined && p.role !== 'receiver' && v.k !== 'fn'
          ? [{ name: p.name, v: toTagged(v), ...(p.role === 'varargs' ? { star: true as const } : {}) }]
          : [];
      }),
    ];
    const args = named.map((a) => a.v);
    const data = args.filter((a) => a.t !== 'int' || args.length === 1);
    // The main argument: the first that is not a count (numbers only when all are numbers).
    const x = data[0] ?? args[0];
    if (!y || x === undefined) continue;
    const receiver = given.find(({ p }) => p.role === 'receiver')?.value;
    out.push({ index: o.record.index, x, y, args, named, ...(receiver ? { receiver: toSource(receiver) } : {}) });
  }
  return out;
}

/** A list with a first element: the cases a relation is stated on. */
type NonEmpty<T> = [T, ...T[]];

/**
 * What the object a method was called on was made with, by its constructor's parameter names
 * (`BankAccount(100)`: `balance` 100; `Counter()`: `start` at its default 0), for an object just
 * made by its own class; null for any other receiver (one filled by other calls first, one of
 * another class, one whose constructor's arguments cannot all be read).
 */
function madeWith(o: Observation, positions: Position[]): { name: string; v: TaggedValue }[] | null {
  const at = positions.findIndex((p) => p.role === 'receiver');
  const owner = positions[at]?.owner;
  const v = o.input[at]?.value;
  if (!owner || !v || v.k !== 'call' || v.callee !== owner.callee) return null;
  const params = positionalOf(owner.init);
  if (v.args.length > params.length) return null;
  const out: { name: string; v: TaggedValue }[] = [];
  for (const [k, p] of params.entries()) {
    const given = v.args[k] ?? (p.default === undefined ? null : parseSource(p.default));
    if (!given) return null;
    out.push({ name: p.name, v: toTagged(given) });
  }
  return out;
}

type Rule = {
  /**
   * The sentence, or a sentence naming the parameters of the cases it applies to (null where those
   * cases do not show every part of it, as `enough`).
   */
  text: string | ((cases: NonEmpty<Case>) => string | null);
  /** Whether the rule speaks of this case at all. */
  applies: (c: Case) => boolean;
  /** Whether it holds for the case. */
  holds: (c: Case) => boolean;
  /** Whether the applicable cases show every part of the sentence. */
  enough?: (cases: NonEmpty<Case>) => boolean;
  /**
   * For a rule with parts read off the calls (a line's coefficients, a text's template): the rule
   * with those parts fixed, from the cases it applies to, or null when none fit. The fitted rule
   * is then checked on every case like any other, the calls left to their defaults included.
   */
  fit?: (cases: Case[]) => Rule | null;
  /** Stated only where no other rule held: vaguer than any (clamp(x, lo, hi) also gives back one of its arguments). */
  lastResort?: boolean;
  /** The inputs that would break the rule if anything does (breakers.ts): a law only once a call with one returned. */
  family?: Family;
  /** The parameter given back unchanged (kept-argument.ts): every call is support, the output never differs from it. */
  keeps?: string;
  /**
   * Stated for the calls that left the other parameters out when calls that gave one broke it
   * ("With `tax` left out, …"), rather than not at all.
   */
  leftOut?: boolean;
  /** The output is one of the arguments, picked (plural-choice.ts): every call is support, as for `keeps`. */
  picks?: boolean;
  /**
   * Says what the whole output is (a text wrapped to a width, quoted, taken back to its margin):
   * chosen before a rule of what the output keeps ("keeps the letters in order…"), even one that
   * speaks of more calls.
   */
  exact?: boolean;
};

/** The elements of `xs` when none is null, else null. */
const allOf = <T>(xs: (T | null)[]): T[] | null => (xs.every((x): x is T => x !== null) ? xs : null);
/** The first value `f` gives for an element of `xs` (null: none for this one). */
function firstOf<T, U>(xs: T[], f: (x: T) => U | null): U | undefined {
  for (const x of xs) {
    const u = f(x);
    if (u !== null) return u;
  }
  return undefined;
}

/**
 * A rule on the cases `view` reads a shape from (a text in and a text out, numbers in and a number
 * out…), null where the rule does not speak of the case: its parts are given the shaped case.
 */
interface Shaped<V> {
  text: string | ((views: NonEmpty<V>) => string | null);
  /** A further condition on a shaped case for the rule to speak of it. */
  applies?: (v: V) => boolean;
  holds: (v: V) => boolean;
  enough?: (views: NonEmpty<V>) => boolean;
  family?: Family;
}
function shaped<V>(view: (c: Case) => V | null, { text, applies = () => true, holds, enough, family }: Shaped<V>): Rule {
  const viewsOf = (cs: NonEmpty<Case>): NonEmpty<V> => {
    const [first, ...rest] = allOf(cs.map(view)) ?? [];
    // findRelations states a rule only on cases it applies to, and each of those has the shape.
    if (first === undefined) throw new Error('a relation was stated on calls it does not apply to');
    return [first, ...rest];
  };
  return {
    text: typeof text === 'string' ? text : (cs) => text(viewsOf(cs)),
    applies: (c) => {
      const v = view(c);
      return v !== null && applies(v);
    },
    holds: (c) => {
      const v = view(c);
      return v !== null && holds(v);
    },
    ...(enough ? { enough: (cs: NonEmpty<Case>) => enough(viewsOf(cs)) } : {}),
    ...(family ? { family } : {}),
  };
}
/** A rule that says what the whole output is (Rule.exact). */
const exactly = (rule: Rule): Rule => ({ ...rule, exact: true });
/** A rule whose parts `fit` reads off the shaped cases (the rule it gives is checked on every case). */
function fitted<V>(view: (c: Case) => V | null, fit: (views: V[]) => Rule | null): Rule {
  return {
    text: '',
    applies: (c) => view(c) !== null,
    holds: () => false,
    fit: (cs) =>
      fit(
        cs.flatMap((c) => {
          const v = view(c);
          return v === null ? [] : [v];
        }),
      ),
  };
}

type Of<K extends TaggedValue['t']> = Extract<TaggedValue, { t: K }>;
const seqOf = (t: TaggedValue): TaggedValue[] | null => (t.t === 'list' || t.t === 'tuple' ? t.v : null);
const items = (t: TaggedValue): TaggedValue[] | null => seqOf(t) ?? (t.t === 'str' ? [...t.v].map((ch) => ({ t: 'str', v: ch })) : null);
const isSeq = (t: TaggedValue): boolean => seqOf(t) !== null;
/** The elements of `xs` with each list or tuple among them replaced by its elements, to `depth` levels. */
const flattened = (xs: TaggedValue[], depth: number): TaggedValue[] =>
  xs.flatMap((x) => {
    const inner = seqOf(x);
    return inner && depth > 0 ? flattened(inner, depth - 1) : [x];
  });
/** Whether `y` is the lists that make up `x` joined, one level down (every element of `x` a list or tuple). */
const joinedOneLevel = ({ x, y }: { x: TaggedValue[]; y: TaggedValue[] }): boolean =>
  x.every(isSeq) && taggedEqual({ t: 'list', v: flattened(x, 1) }, { t: 'list', v: y });
const strOf = (t: TaggedValue): string | null => (t.t === 'str' ? t.v : null);
const dictOf = (t: TaggedValue): [TaggedValue, TaggedValue][] | null => (t.t === 'dict' ? t.v : null);
/** A list or tuple of texts. */
const textsOf = (t: TaggedValue): string[] | null => {
  const xs = seqOf(t);
  return xs && allOf(xs.map(strOf));
};
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
  // NaN: no numbers, no median.
  const upper = s[m] ?? NaN;
  return s.length % 2 ? upper : ((s[m - 1] ?? NaN) + upper) / 2;
};
const words = (s: string): string[] => s.split(/\s+/).filter(Boolean);
/** The letters and digits of a text, any script's, in order (what Python's str.isalnum keeps). */
const lettersAndDigits = (s: string): string => s.replace(/[^\p{L}\p{N}]/gu, '');
const capitalized = (w: string): string => w.slice(0, 1).toUpperCase() + w.slice(1).toLowerCase();
/** Whether one element of the main argument occurs more often than every other. */
const uniqueMode = (xs: TaggedValue[]): boolean => {
  const counts = firstOccurrences(xs).map((x) => count(xs, x));
  const top = Math.max(0, ...counts);
  return counts.filter((n) => n === top).length === 1;
};
/** Whether some call gave a plain word (letters, digits, `_`) back as it was. */
const plainWordKept = (vs: Texts[]): boolean => vs.some((v) => /^\w+$/.test(v.x) && v.y === v.x);

const num = (t: TaggedValue | undefined): number | null => (t ? numericValue(t) : null);
const isInt = (t: TaggedValue | undefined): t is Of<'int'> => t?.t === 'int';
const isStr = (t: TaggedValue): t is Of<'str'> => t.t === 'str';
/** The first argument after the main one that is of kind `T`, with its name. */
function otherArg<T extends TaggedValue>(c: Case, is: (v: TaggedValue) => v is T): { name: string; v: T } | undefined {
  for (const { name, v } of c.named) if (v !== c.x && is(v)) return { name, v };
  return undefined;
}
const nameOf = (c: Case, k: number): string => `\`${c.named[k]?.name ?? '?'}\``;
const mainName = (c: Case): string => `\`${c.named.find((a) => a.v === c.x)?.name ?? 'x'}\``;
const collapse = (s: string): string => s.split(/\s+/).filter(Boolean).join(' ');
const reversed = (xs: TaggedValue[]): TaggedValue[] => [...xs].reverse();
const listOf = (xs: TaggedValue[]): TaggedValue => ({ t: 'list', v: xs });
const longestCommonSuffix = ([first = '', ...rest]: string[]): string => {
  let suffix = first;
  for (const s of rest) while (!s.endsWith(suffix)) suffix = suffix.slice(1);
  return suffix;
};

/** A case shaped: its main argument and its output read as `X` and `Y`. */
type Shape<X, Y> = { c: Case; x: X; y: Y };
const shape =
  <X, Y>(readX: (t: TaggedValue) => X | null, readY: (t: TaggedValue) => Y | null) =>
  (c: Case): Shape<X, Y> | null => {
    const x = readX(c.x);
    const y = readY(c.y);
    return x === null || y === null ? null : { c, x, y };
  };
/**
 * Text in, text out. "The text" of a call is its one text argument: where the main argument is no
 * text and one other is (boltons' args2sh(['b', 'a', 'c'], ',') and its separator), that one, as a
 * reader takes it, so that such a call tests the rule too.
 */
const texts = (c: Case): Shape<string, string> | null => shape(strOf, strOf)(theText(c));
function theText(c: Case): Case {
  const given = c.named.filter((a) => a.v.t === 'str');
  return c.x.t !== 'str' && given.length === 1 && given[0] ? { ...c, x: given[0].v } : c;
}
type Texts = Shape<string, string>;
/**
 * A rule of what the function does to a text (text in, text out), read only off two different texts
 * at least among the calls that changed theirs: every call of Formatter.format_field that returned
 * gave '' as its text, and '5'.endswith('') made 'with more added at its start' of one text, which
 * no other was seen to do.
 */
function textRule(spec: Shaped<Texts>): Rule {
  const { enough } = spec;
  return shaped(texts, { ...spec, enough: (vs) => new Set(vs.filter(({ x, y }) => x !== y).map(({ x }) => x)).size >= 2 && (enough?.(vs) ?? true) });
}
/** Sequences in and out: a list or tuple each. */
const seqs = shape(seqOf, seqOf);
/** A shape with the count among the other arguments (a width, a number of elements), by name. */
const withCount =
  <V extends { c: Case }>(view: (c: Case) => V | null) =>
  (c: Case): (V & { k: { name: string; n: number } }) | null => {
    const v = view(c);
    const k = otherArg(c, isInt);
    return v && k ? { ...v, k: { name: k.name, n: Number(k.v.v) } } : null;
  };
/** Two numbers in, a number out. */
const twoNumbers = (c: Case): { c: Case; a: number; b: number; y: number } | null => {
  const [a, b, ...more] = c.args.map(numericValue);
  const y = num(c.y);
  return a == null || b == null || more.length > 0 || y === null ? null : { c, a, b, y };
};

/** One list of numbers in, a list of numbers out. */
const numbersToNumbers = (c: Case): Shape<number[], number[]> | null =>
  c.args.length === 1
    ? shape(
        (t) => numbers(items(t)),
        (t) => numbers(seqOf(t)),
      )(c)
    : null;

/** Text in, text out, and a width. */
const textsToWidth = withCount(texts);
type TextsToWidth = NonNullable<ReturnType<typeof textsToWidth>>;

/** A text cut to `width`: where it was cut, the placeholder it ended in, from the calls that were cut. */
function cutPlaceholder(vs: TextsToWidth[]): string | null {
  const cut = vs.filter((v) => collapse(v.x).length > v.k.n);
  if (cut.length < 2) return null;
  const p = longestCommonSuffix(cut.map((v) => v.y)).replace(/^[\w]+/, '');
  return p.trim() ? p : null;
}

const SHORTENS: Rule = shaped(textsToWidth, {
  // Stated where the calls that were cut show the placeholder.
  text: (vs) => {
    const p = cutPlaceholder(vs);
    const [{ c, k }] = vs;
    return p === null
      ? null
      : `Shortens ${mainName(c)} to at most \`${k.name}\` characters: runs of whitespace become one space, and a text too long is cut between words and ends in ${JSON.stringify(p.trim())}.`;
  },
  holds: ({ x, y, k }) => {
    const w = k.n;
    const text = collapse(x);
    if (text.length <= w) return y === text;
    if (y.length > w) return false;
    // Cut: a prefix of the text ending at a word boundary, then the placeholder (or the placeholder alone).
    const m = /^(.*?)(\s*\S*[^\w\s]\S*)$/.exec(y);
    if (!m) return false;
    const prefix = (m[1] ?? '').trimEnd();
    return text.startsWith(prefix) && (prefix.length === 0 || text[prefix.length] === ' ');
  },
});

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

/**
 * Where a call split one of its numbers into a list of parts: each [the argument holding the
 * count of parts, the argument the parts add up to] that fits, by position among the named
 * arguments (split(3, 3) fits both ways).
 */
function splitPairs(c: Case): { k: number; t: number }[] {
  const parts = numbers(seqOf(c.y));
  if (!parts) return [];
  const total = parts.reduce((a, b) => a + b, 0);
  const given = c.named.map((a) => num(a.v));
  const out: { k: number; t: number }[] = [];
  c.named.forEach((a, k) => {
    if (!isInt(a.v) || num(a.v) !== parts.length) return;
    given.forEach((n, t) => {
      if (t !== k && n !== null && near(n, total)) out.push({ k, t });
    });
  });
  return out;
}
/** The first pair every case fits, or null. */
const agreedSplit = ([first, ...rest]: Case[]): { k: number; t: number } | null => {
  if (!first) return null;
  const key = ({ k, t }: { k: number; t: number }): string => `${k},${t}`;
  const common = rest.reduce((acc, c) => {
    const fits = new Set(splitPairs(c).map(key));
    return acc.filter((p) => fits.has(key(p)));
  }, splitPairs(first));
  return common[0] ?? null;
};

/** A number as a reader writes it: 1.8, 32, 0.5 (ten significant digits at most). */
const numberWords = (n: number): string => String(Number(n.toPrecision(10)));
/** How many decimals a number has (0 to 6), or null for more. */
const decimals = (n: number): number | null => {
  for (let d = 0; d <= 6; d++) if (near(Math.round(n * 10 ** d), n * 10 ** d)) return d;
  return null;
};
/** The numbers of a case by parameter name. */
const numbersByName = (c: Case): Map<string, number> =>
  new Map(
    c.named.flatMap((a) => {
      const n = num(a.v);
      return n === null ? [] : [[a.name, n] as const];
    }),
  );

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

/** A number out, and several numbers in, by parameter name. */
const numbersIn = (c: Case): { c: Case; y: number; ns: Map<string, number> } | null => {
  const y = num(c.y);
  const ns = numbersByName(c);
  return y !== null && ns.size >= 2 ? { c, y, ns } : null;
};
/** The same, with the numbers named `base` and `pct` among them. */
const percentageOf =
  (base: string, pct: string) =>
  (c: Case): { c: Case; y: number; b: number; p: number } | null => {
    const v = numbersIn(c);
    const b = v?.ns.get(base);
    const p = v?.ns.get(pct);
    return v && b !== undefined && p !== undefined ? { c, y: v.y, b, p } : null;
  };

/** A percentage of one number applied to another: `base` less, plus, or just `pct` percent of it. */
const PERCENTAGES: Rule[] = (
  [
    [-1, (b: string, p: string) => `Returns ${b} less ${p} percent`],
    [1, (b: string, p: string) => `Returns ${b} plus ${p} percent`],
    [0, (b: string, p: string) => `Returns ${p} percent of ${b}`],
  ] as const
).map(([sign, words]): Rule => {
  const exact = (base: number, pct: number): number => (sign === 0 ? (base * pct) / 100 : base * (1 + (sign * pct) / 100));
  return fitted(numbersIn, (vs) => {
    const [first] = vs;
    if (!first) return null;
    const names = [...first.ns.keys()];
    for (const base of names)
      for (const pct of names) {
        if (base === pct) continue;
        const view = percentageOf(base, pct);
        const given = vs.flatMap((v) => view(v.c) ?? []);
        const places = placesOf(given.map((g) => ({ y: g.y, exact: exact(g.b, g.p) })));
        if (places !== null && places > 6) continue;
        if (!given.every((g) => roundedTo(g.y, exact(g.b, g.p), places))) continue;
        return shaped(view, {
          text: `${words(`\`${base}\``, `\`${pct}\``)}${roundingWords(places)}.`,
          holds: (g) => roundedTo(g.y, exact(g.b, g.p), places),
          // Both numbers seen doing their work: several bases, and several percentages that changed the
          // result (a rounding that swallows every percentage tried fits anything: pgettext(3, 100) is 100).
          enough: () =>
            new Set(given.map((g) => g.b)).size >= 2 &&
            new Set(given.filter((g) => g.p !== 0 && !near(g.y, sign === 0 ? 0 : g.b) && !near(g.y, g.b)).map((g) => g.p)).size >= 2,
        });
      }
    return null;
  });
});

/** A number in, a number out, on a straight line: result = a·x + b (Celsius to Fahrenheit). */
const numberToNumber = (c: Case): Shape<number, number> | null => (c.named.length === 1 ? shape(num, num)(c) : null);
const LINE: Rule = fitted(numberToNumber, (vs) => {
  // The two calls farthest apart: where results were rounded (round(c * 1.8 + 32, 1)), the slope read off them moves least.
  const byX = [...vs].sort((p, q) => p.x - q.x);
  const first = byX[0];
  const other = byX[byX.length - 1];
  if (!first || !other || first.x === other.x) return null;
  const [x0, y0, x1, y1] = [first.x, first.y, other.x, other.y];
  const slope = (y1 - y0) / (x1 - x0);
  const intercept = y0 - slope * x0;
  if (!Number.isFinite(slope) || !Number.isFinite(intercept) || near(slope, 0)) return null;
  // Exact, or else rounded: the slope and intercept snapped to the fewest decimals that give every
  // result within the rounding of the places the results show (as ARITHMETIC's rounded operations).
  const fits = (a: number, b: number): { a: number; b: number; places: number | null } | null => {
    const places = placesOf(vs.map((v) => ({ y: v.y, exact: a * v.x + b })));
    // A whole number is not told from floor division (x // 3), as for ARITHMETIC.
    if (places !== null && (places === 0 || places > 6)) return null;
    return !near(a, 0) && vs.every((v) => roundedTo(v.y, a * v.x + b, places)) ? { a, b, places } : null;
  };
  const snap = (n: number, d: number): number => Math.round(n * 10 ** d) / 10 ** d;
  const exact = vs.every((v) => near(v.y, slope * v.x + intercept)) ? { a: slope, b: intercept, places: null } : null;
  const found = exact ?? firstOf([0, 1, 2, 3, 4, 5, 6], (d) => fits(snap(slope, d), snap(intercept, d)));
  if (!found) return null;
  const { a, b, places } = found;
  const line = (x: number): number => a * x + b;
  return {
    ...shaped(numberToNumber, {
      text: ([v]) => {
        const x = mainName(v.c);
        const times = near(a, 1) ? x : near(a, -1) ? `-${x}` : `${numberWords(a)} × ${x}`;
        const plus = near(b, 0) ? '' : b > 0 ? ` + ${numberWords(b)}` : ` − ${numberWords(-b)}`;
        return `Returns ${times}${plus}${roundingWords(places)}.`;
      },
      holds: (v) => roundedTo(v.y, line(v.x), places),
      // A line through two points says nothing: a third x, and one far from the rest.
      enough: (vs) => new Set(vs.map((v) => v.x)).size >= 3,
    }),
    // Another parameter may change the line or its places (`precision`): said of the calls that left it out.
    leftOut: true,
  };
});

const lengthOf = (t: TaggedValue): number | null =>
  t.t === 'str' ? [...t.v].length : t.t === 'list' || t.t === 'tuple' || t.t === 'set' || t.t === 'frozenset' || t.t === 'dict' ? t.v.length : null;
const truthy = (t: TaggedValue): boolean => (t.t === 'none' ? false : t.t === 'bool' ? t.v : num(t) !== null ? num(t) !== 0 : (lengthOf(t) ?? 1) > 0);

/** How one of several arguments may be chosen: the value it gives each, higher is chosen, or null where it cannot say. */
const SELECTIONS: { words: (names: string[]) => string; score: (v: TaggedValue, k: number, all: TaggedValue[]) => number | null }[] = [
  {
    words: (ns) => `the longer of ${joinWords(ns)} (the first on a tie)`,
    score: (v, k) => {
      const n = lengthOf(v);
      return n === null ? null : n - k / 1000;
    },
  },
  {
    words: (ns) => `the shorter of ${joinWords(ns)} (the first on a tie)`,
    score: (v, k) => {
      const n = lengthOf(v);
      return n === null ? null : -n - k / 1000;
    },
  },
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
        const [only, ...more] = c.named.filter((a) => taggedEqual(a.v, c.y));
        return only && more.length === 0 ? [only.name] : [];
      }),
    );
    const [first] = cs;
    if (returned.size < 2 || !first) return null;
    const names = first.named.map((a) => a.name).filter((n) => returned.has(n));
    const choices = (c: Case): TaggedValue[] | null => {
      const vs = names.map((n) => c.named.find((a) => a.name === n)?.v);
      return vs.every((v) => v !== undefined) ? vs : null;
    };
    const chosenBy = (sel: (typeof SELECTIONS)[number], c: Case): boolean => {
      const vs = choices(c);
      if (!vs) return false;
      const scores = allOf(vs.map((v, k) => sel.score(v, k, vs)));
      if (!scores) return false;
      const chosen = vs[scores.indexOf(Math.max(...scores))];
      return chosen !== undefined && taggedEqual(chosen, c.y);
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
  const [whole = '', frac] = Math.abs(n).toFixed(places).split('.');
  return `${n < 0 ? '-' : ''}${grouped ? commas(whole) : whole}${frac === undefined ? '' : `.${frac}`}`;
};

/**
 * How a template may write a number: as str() does (ints only; a float's repr is not a format a
 * reader would name), or in a format a person writes prices and counts in; decimals before a
 * comma alone, which ints written as `1,234.00` also fit as `{n}.00`.
 */
interface NumberFormat {
  words: string;
  write: (t: TaggedValue) => string | null;
}
/** The first format: str() of an int. */
const AS_STR: NumberFormat = { words: '', write: (t) => (t.t === 'int' ? t.v : null) };
/** A number (no bool) with 2 decimals. */
const twoDecimals = (t: TaggedValue, grouped: boolean): string | null => {
  const n = num(t);
  return n === null || t.t === 'bool' ? null : fixed(n, 2, grouped);
};
const NUMBER_FORMATS: NumberFormat[] = [
  AS_STR,
  { words: 'with 2 decimals', write: (t) => twoDecimals(t, false) },
  { words: 'with 2 decimals and a comma every three digits', write: (t) => twoDecimals(t, true) },
  { words: 'with a comma every three digits', write: (t) => (t.t === 'int' ? (t.v.startsWith('-') ? `-${commas(t.v.slice(1))}` : commas(t.v)) : null) },
  { words: 'divided by 100, with 2 decimals (cents written as units)', write: (t) => (t.t === 'int' ? fixed(Number(t.v) / 100, 2, false) : null) },
];

/** An argument's text as the template writes it: a text as it is, a number in the format tried. */
const textOf = (t: TaggedValue | undefined, f: NumberFormat = AS_STR): string | null =>
  t?.t === 'str' ? t.v : t && t.t !== 'bool' && num(t) !== null ? f.write(t) : null;
type Template = (string | { name: string })[];
const MARK = '\u0000';

/** A case's result with each argument's text (longest first) marked as its place in a template. */
function templateOf(c: Case, f: NumberFormat): Template | null {
  const y = strOf(c.y);
  if (y === null || y.includes(MARK)) return null;
  const named = c.named
    .flatMap((a) => {
      const text = textOf(a.v, f);
      return text ? [{ name: a.name, text }] : [];
    })
    .sort((a, b) => b.text.length - a.text.length);
  let marked = y;
  named.forEach((a, k) => (marked = marked.split(a.text).join(`${MARK}${k}${MARK}`)));
  return allOf(
    marked.split(MARK).map((part, i) => {
      if (i % 2 === 0) return part;
      const a = named[Number(part)];
      return a ? { name: a.name } : null;
    }),
  );
}
/**
 * What an f-string writes for a value no template place was read from (`{word}s` given
 * [3, 1, 2] writes `[3, 1, 2]s`): Python's str(), which for these is their repr.
 */
const pythonStr = (t: TaggedValue | undefined): string | null => {
  const date = t?.t === 'other' && t.type === 'datetime.date' ? /^datetime\.date\((\d+), (\d+), (\d+)\)$/.exec(t.repr) : null;
  if (date) {
    const [, year = '', month = '', day = ''] = date;
    return `${year.padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  }
  if (!t || t.t === 'str' || t.t === 'other' || t.t === 'bytes') return null;
  const v = fromTagged(t);
  return v ? toSource(v) : null;
};
const render = (t: Template, c: Case, f: NumberFormat): string | null => {
  const parts = t.map((p) => {
    if (typeof p === 'string') return p;
    const v = c.named.find((a) => a.name === p.name)?.v;
    return textOf(v, f) ?? (f === AS_STR ? pythonStr(v) : null);
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
    const [longest] = cs
      .flatMap((d) => {
        const v = valueOf(d, n);
        const text = v && v.t !== 'str' ? textOf(v, f) : null;
        return v && text !== null ? [{ v, text }] : [];
      })
      .sort((a, b) => b.text.length - a.text.length);
    return longest ? ` (${longest.v.t === 'float' ? longest.v.v : num(longest.v)} as \`${longest.text}\`)` : '';
  };
  const [firstFormatted] = formatted;
  const how = f.words && firstFormatted !== undefined ? `; ${joinWords(formatted.map((n) => `\`${n}\``))} written ${f.words}${instance(firstFormatted)}` : '';
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
        const [only, ...others] = special;
        if (!only || rest.length < 3) continue;
        // One call of that value is read as it came (`1 Hello`), and said to be one call.
        const single = others.length === 0 ? templateOf(only, AS_STR) : null;
        const a = single ? { t: single, f: AS_STR, shown: '', places: [] } : fitTemplate(special, name);
        const b = fitTemplate(rest);
        const gave = strOf(only.y);
        if (!a || !b || gave === null || a.shown === b.shown || !b.places.includes(name) || !special.every((d) => render(a.t, d, a.f) === strOf(d.y))) continue;
        const pick = (d: Case) => (valueOf(d) === value ? a : b);
        const other = single ? `the one call with \`${name}\` ${value} gave ${code(gave)} instead` : `when \`${name}\` is ${value}, \`${a.shown}\``;
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
function readEscapes(plain: string, escaped: string, map: CharMap, both = false): boolean {
  const chars = [...plain];
  if (chars.length > 2000) return false;
  let budget = 20_000;
  const read = (k: number, j: number, to: Map<string, string>, kept: Set<string>): CharMap | null => {
    if (--budget < 0) return null;
    const c = chars[k];
    if (c === undefined) return j === escaped.length ? { to, kept } : null;
    const known = to.get(c);
    // `both`: a character may stand as itself beside its escape (a decoder gives `<` for `&lt;` and for `<`).
    const keep = (): CharMap | null => (escaped.startsWith(c, j) ? read(k + 1, j + c.length, to, kept.has(c) ? kept : new Set(kept).add(c)) : null);
    if (known !== undefined) return (escaped.startsWith(known, j) ? read(k + 1, j + known.length, to, kept) : null) ?? (both ? keep() : null);
    const token = ESCAPED.exec(escaped.slice(j))?.[0];
    // An escape of this character: it holds the character, or is an entity or %-bytes.
    const escapes = (both || !kept.has(c)) && token !== undefined && token !== c && (token.includes(c) || /^[&%]/.test(token));
    return (escapes ? read(k + 1, j + token.length, new Map(to).set(c, token), kept) : null) ?? keep();
  };
  const found = read(0, 0, map.to, map.kept);
  if (!found) return false;
  for (const [c, t] of found.to) map.to.set(c, t);
  for (const c of found.kept) map.kept.add(c);
  return true;
}

/** `escaped` with each escape `map` knows turned back into its character, the rest as it is: what a decoder of those escapes gives. */
function decodedWith(map: CharMap, escaped: string): string {
  const tokens = [...map.to.entries()].sort((a, b) => b[1].length - a[1].length);
  let out = '';
  for (let j = 0; j < escaped.length;) {
    const hit = tokens.find(([, t]) => escaped.startsWith(t, j));
    out += hit ? hit[0] : escaped.charAt(j);
    j += hit ? hit[1].length : 1;
  }
  return out;
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
  const [first] = pairs;
  if (first && pairs.every(([c, t]) => t === `[${c}]`))
    return `Wraps each ${listed(chars)} in ${of} in brackets (${code(first[0])} becomes ${code(first[1])}); ${rest}.`;
  return `Writes ${listed(pairs.map(([c, t]) => `${code(c)} as ${code(t)}`))} in ${of}; ${rest}.`;
}

/**
 * Characters written in an escaped form, each always the same way, the rest kept (re.escape,
 * html.escape, quote); or the other way round, escapes turned back into characters.
 */
const ESCAPES: Rule[] = [false, true].flatMap((decodes): Rule[] =>
  [false, true].map((alone): Rule => {
    const sides = ({ x, y }: Texts): [string, string] => (decodes ? [y, x] : [x, y]);
    const learn = (vs: Texts[]): CharMap | null => {
      const map: CharMap = { to: new Map(), kept: new Set() };
      return vs.every((v) => readEscapes(...sides(v), map, decodes)) ? map : null;
    };
    // `alone`: the calls given the text only, as html.escape(s) writes `"` as `&quot;` and escape(s, False) keeps it;
    // the sentence then says the other arguments were left out when the calls that gave one differ.
    const view = alone ? (c: Case) => (c.named.length === 1 ? texts(c) : null) : texts;
    return fitted(view, (vs) => {
      const map = learn(vs);
      if (!map) return null;
      const rule = shaped(view, {
        text: (rs) => escapeWords(learn(rs) ?? map, mainName(rs[0].c), decodes),
        // Fresh inputs must agree with every escape learned; a character not seen before may go either way.
        // A decoder turns every escape it knows back, wherever it stands.
        holds: (v) => {
          const m = { to: new Map(map.to), kept: new Set(map.kept) };
          return readEscapes(...sides(v), m, decodes) && (!decodes || decodedWith(m, v.x) === v.y);
        },
        // Two characters seen escaped, and a text where one was (and something kept) in the same call.
        enough: (rs) => {
          const m = learn(rs);
          return !!m && m.to.size >= 2 && rs.some((v) => [...sides(v)[0]].some((ch) => m.to.has(ch)) && [...sides(v)[0]].some((ch) => m.kept.has(ch)));
        },
      });
      return alone ? { ...rule, leftOut: true } : rule;
    });
  }),
);

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
    // The first argument that is a date, the first that is an int, and the date that came out.
    const moved = (c: Case) => {
      const from = firstOf(c.named, (a) => {
        const day = dayNumber(a.v);
        return day === null ? null : { name: a.name, t: a.v.t, day };
      });
      const by = firstOf(c.named, (a) => (a.v.t === 'int' ? { name: a.name, n: Number(a.v.v) } : null));
      const to = dayNumber(c.y);
      return c.named.length === 2 && from && by && to !== null && c.y.t === from.t ? { from, by, to } : null;
    };
    return shaped(moved, {
      text: ([{ from, by }]) => `Returns \`${from.name}\` moved \`${by.name}\` ${unit} later${note}; a negative \`${by.name}\` moves it back.`,
      holds: ({ from, by, to }) => move(from.day, by.n) === to,
      // Several counts, a negative one among them, and (for weekdays) a move across a weekend.
      enough: (vs) =>
        new Set(vs.map((v) => v.by.n)).size >= 3 && vs.some((v) => v.by.n < 0) && (unit === 'days' || vs.some((v) => v.to - v.from.day !== v.by.n)),
    });
  }),
  shaped(
    (c) => {
      const [from, to, ...more] = c.named.map((a) => dayNumber(a.v));
      return from == null || to == null || more.length > 0 || c.y.t !== 'int' ? null : { c, from, to, n: Number(c.y.v) };
    },
    {
      text: ([{ c }]) => `Returns the number of days from ${nameOf(c, 0)} to ${nameOf(c, 1)} (negative when ${nameOf(c, 1)} comes first).`,
      holds: ({ from, to, n }) => n === to - from,
      enough: (vs) => vs.some((v) => v.n < 0) && vs.some((v) => v.n > 1),
    },
  ),
];

/** `text` with the spaces and tabs all its lines begin with taken off, and lines of only spaces or tabs emptied (as textwrap.dedent). */
function dedented(text: string): string {
  const lines = text.split('\n').map((l) => (/^[ \t]+$/.test(l) ? '' : l));
  const indents = lines.flatMap((l) => {
    const m = /^([ \t]*)[^ \t]/.exec(l);
    return m ? [m[1] ?? ''] : [];
  });
  let margin = indents[0] ?? '';
  for (const i of indents) while (!i.startsWith(margin)) margin = margin.slice(0, -1);
  return lines.map((l) => (margin && l.startsWith(margin) ? l.slice(margin.length) : l)).join('\n');
}

/** Lines that share an indentation taken back to the margin (textwrap.dedent, inspect.cleandoc's body). */
const DEDENTS: Rule = exactly(
  textRule({
    text: (vs) => {
      const blank = vs.some(({ x }) => x.split('\n').some((l) => /^[ \t]+$/.test(l)));
      return `Removes the indentation (spaces and tabs) that all the lines of ${mainName(vs[0].c)} begin with${blank ? '; a line of only spaces or tabs becomes empty' : ''}.`;
    },
    holds: ({ x, y }) => y === dedented(x),
    // Two lines or more indented alike and taken back, one of them indented deeper than the other.
    enough: (vs) =>
      vs.some(({ x, y }) => {
        const lines = x.split('\n').filter((l) => l.trim());
        return y !== x && lines.length >= 2 && new Set(lines.map((l) => /^[ \t]*/.exec(l)?.[0].length)).size >= 2;
      }),
  }),
);

/** The lines of a text wrapped to a width: a text's lines (split at newlines), or a list of texts. */
const linesOf = (t: TaggedValue): { lines: string[]; listed: boolean } | null => {
  if (t.t === 'str') return { lines: t.v === '' ? [] : t.v.split('\n'), listed: false };
  const xs = textsOf(t);
  return xs && t.t === 'list' ? { lines: xs, listed: true } : null;
};
const noSpace = (s: string): string => s.replace(/\s+/g, '');
const firstWord = (s: string): string => /^\S*/.exec(s)?.[0] ?? '';

/** Whether each line break falls between words of `x`, or inside a word longer than `n` characters. */
function cutsOnlyLongWords(x: string, lines: string[], n: number): boolean {
  const ws = words(x);
  // The word each character but whitespace belongs to, in order.
  const wordAt = ws.flatMap((w, k) => [...w].map(() => k));
  let p = 0;
  for (const l of lines.slice(0, -1)) {
    p += [...noSpace(l)].length;
    const [before, after] = [wordAt[p - 1], wordAt[p]];
    if (before !== undefined && before === after && [...(ws[before] ?? '')].length <= n) return false;
  }
  return true;
}

/**
 * A text wrapped to a width (textwrap.fill, wrap): its characters but whitespace kept in order, in
 * lines of at most `width` characters, each line as full as the next line's first word allows.
 */
const WRAPS: Rule = exactly(
  shaped(
    (c) => {
      const v = withCount(shape(strOf, linesOf))(c);
      return v && v.k.n > 0 && v.k.n <= 10_000 ? v : null;
    },
    {
      text: (vs) => {
        const [{ c, k, y }] = vs;
        const longWord = vs.some(({ x, k: w }) => words(x).some((word) => [...word].length > w.n));
        const cut = longWord ? `; a word longer than \`${k.name}\` is cut` : '';
        return `Wraps ${mainName(c)} into ${y.listed ? 'a list of lines' : 'lines joined by newlines'}, each of at most \`${k.name}\` characters, breaking at whitespace${cut}.`;
      },
      holds: ({ x, y: { lines }, k: { n } }) =>
        noSpace(lines.join('')) === noSpace(x) &&
        lines.every((l, i) => {
          const next = lines[i + 1];
          return [...l].length <= n && l.trim() !== '' && (next === undefined || [...l.trimEnd()].length + 1 + [...firstWord(next.trimStart())].length > n);
        }) &&
        cutsOnlyLongWords(x, lines, n),
      // A text broken into several lines, at two widths at least.
      enough: (vs) => vs.some(({ y }) => y.lines.length >= 3) && new Set(vs.filter(({ y }) => y.lines.length >= 2).map(({ k }) => k.n)).size >= 2,
    },
  ),
);

/** How a text was quoted: the quote mark around it and how a quote mark inside it was written, read off the calls. */
function quoting(vs: Texts[]): { q: string; inside: string | null } | null {
  const quoted = vs.filter(({ x, y }) => y !== x && y.length >= 2);
  const q = quoted[0]?.y.charAt(0);
  if (q === undefined || !`'"`.includes(q)) return null;
  // A text with one quote mark in it: what stands in its place in the output.
  const one = quoted.find(({ x }) => x.split(q).length === 2);
  if (!one) return { q, inside: null };
  const [before = '', after = ''] = one.x.split(q);
  const body = one.y.slice(1, -1);
  return body.startsWith(before) && body.endsWith(after) && body.length >= before.length + after.length
    ? { q, inside: body.slice(before.length, body.length - after.length) }
    : null;
}

/** A text put between quote marks, or given back as it is (shlex.quote). */
const QUOTES: Rule = exactly(
  fitted(
    (c) => (c.named.length === 1 ? texts(c) : null),
    (vs) => {
      const how = quoting(vs);
      if (!how) return null;
      const { q, inside } = how;
      const wrapped = (x: string): string | null => (x.includes(q) ? (inside === null ? null : q + x.split(q).join(inside) + q) : q + x + q);
      const mark = q === "'" ? 'single quotes' : 'double quotes';
      // Every call given one argument, a text or not: json.dumps(3) gives '3', so "puts `obj` between double quotes" is no rule of it.
      const one = (c: Case): { c: Case; x: string | null; y: string | null } | null => (c.named.length === 1 ? { c, x: strOf(c.x), y: strOf(c.y) } : null);
      const quotedTexts = (rs: { c: Case; x: string | null; y: string | null }[]): Texts[] =>
        rs.flatMap(({ c, x, y }) => (x !== null && y !== null ? [{ c, x, y }] : []));
      return shaped(one, {
        text: (rs) => {
          const ts = quotedTexts(rs);
          const kept = ts.filter(({ x, y }) => x === y && x !== '').map(({ x }) => code(x));
          const seenInside = inside !== null && ts.some(({ x, y }) => x !== y && x.includes(q));
          const writes = seenInside ? `, writing each ${code(q)} in it as ${code(inside)}` : '';
          const unchanged = kept.length
            ? `; some texts came back as they were (${joinWords(kept.length > 3 ? [...kept.slice(0, 3), `${kept.length - 3} more`] : kept)})`
            : '';
          return `Puts ${mainName(rs[0].c)} between ${mark}${writes}${unchanged}.`;
        },
        holds: ({ x, y }) => x !== null && y !== null && (y === x || y === wrapped(x)),
        // Two texts quoted, one of them with a space or a quote mark in it.
        enough: (rs) => {
          const ts = quotedTexts(rs);
          return ts.filter(({ x, y }) => x !== y).length >= 2 && ts.some(({ x, y }) => x !== y && /[\s'"]/.test(x));
        },
        // Texts most quoting functions would escape inside the quotes (non-ASCII, an empty one) are tried first.
        family: 'length',
      });
    },
  ),
);

/**
 * A text masked but for its last characters (a card number as `************1234`): every
 * character but the last `keep` written as one mask character, with spaces dropped first or not.
 */
const MASKS: Rule[] = [false, true].map((dropSpaces): Rule => {
  const masked = (text: string, mask: string, keep: number): string => mask.repeat(Math.max(0, [...text].length - keep)) + [...text].slice(-keep).join('');
  // The text and what is masked of it (`base`).
  const view = (c: Case): (Texts & { base: string }) | null => {
    const v = texts(c);
    return v && c.args.length === 1 ? { ...v, base: dropSpaces ? v.x.replace(/ /g, '') : v.x } : null;
  };
  return fitted(view, (vs) => {
    // The mask: what the masked results start with, a character that is no letter or digit.
    const long = vs.filter((v) => v.y !== v.base && v.y.length > 0);
    const mask = long[0]?.y[0];
    if (!mask || /[\p{L}\p{N}\s]/u.test(mask)) return null;
    const keeps = new Set(long.map((v) => [...v.y].length - (/^(.)\1*/u.exec(v.y)?.[0].length ?? 0)));
    const [keep] = keeps;
    if (keeps.size !== 1 || keep === undefined || keep < 1) return null;
    const spaces = dropSpaces ? ' (spaces are dropped first)' : '';
    return shaped(view, {
      text: (rs) =>
        `Writes every character of ${mainName(rs[0].c)} but the last ${keep} as ${code(mask)}${spaces}${
          rs.some((v) => v.base.length > 0 && [...v.base].length <= keep) ? `; a text of ${keep} characters or fewer comes back as it is` : ''
        }.`,
      holds: (v) => v.y === masked(v.base, mask, keep),
      // Texts of several lengths masked, one with a space when spaces are said to go, and a short one kept.
      enough: (rs) =>
        new Set(rs.filter((v) => [...v.base].length > keep + 1).map((v) => v.base.length)).size >= 2 &&
        (!dropSpaces || rs.some((v) => v.x.includes(' ') && [...v.base].length > keep)),
    });
  });
});

/** Numbers in (a list or tuple of them, or a text's digits), a number out. */
const numbersToNumber = shape((t) => numbers(items(t)), numericValue);

/** How a dict of counts matches the pieces of a text: each piece once, with how often it occurs. */
function countsOf(pieces: string[], y: TaggedValue): boolean {
  if (y.t !== 'dict') return false;
  const counts = new Map<string, number>();
  for (const p of pieces) counts.set(p, (counts.get(p) ?? 0) + 1);
  return y.v.length === counts.size && y.v.every(([k, v]) => k.t === 'str' && numericValue(v) === counts.get(k.v));
}

/** The pieces a text is counted by (a word counter, a letter frequency), in the case given or lower-cased. */
const COUNTS_OF_TEXT: Rule[] = (
  [
    ['word', (s: string) => s.split(/\s+/).filter(Boolean), 'split at whitespace'],
    ['letter', (s: string) => [...s].filter((ch) => /\p{L}/u.test(ch)), 'other characters left out'],
  ] as const
).flatMap(([unit, pieces, how]) =>
  [false, true].map((lower): Rule => ({
    text: (cs) => `Counts how often each ${unit} of ${mainName(cs[0])} occurs (${lower ? 'lower-cased; ' : ''}${how}).`,
    applies: (c) => c.x.t === 'str' && c.y.t === 'dict',
    holds: (c) => countsOf(pieces(lower ? (strOf(c.x) ?? '').toLowerCase() : (strOf(c.x) ?? '')), c.y),
    // Some piece seen more than once, so that the numbers are counts and not a 1 for each.
    enough: (cs) => cs.some((c) => c.y.t === 'dict' && c.y.v.some(([, v]) => (numericValue(v) ?? 0) > 1)),
  })),
);

/** Where a text is cut at a separator: the part after (or before) its first (or last) occurrence; null without one. */
const CUTS: { words: string; cut: (s: string, sep: string) => string | null }[] = [
  { words: 'after its last', cut: (s, sep) => (s.includes(sep) ? s.slice(s.lastIndexOf(sep) + sep.length) : null) },
  { words: 'after its first', cut: (s, sep) => (s.includes(sep) ? s.slice(s.indexOf(sep) + sep.length) : null) },
  { words: 'before its first', cut: (s, sep) => (s.includes(sep) ? s.slice(0, s.indexOf(sep)) : null) },
  { words: 'before its last', cut: (s, sep) => (s.includes(sep) ? s.slice(0, s.lastIndexOf(sep)) : null) },
];

/**
 * A part of the text cut at a separator (a file extension, the user of an address), read off the
 * first call it fits, as given or lower-cased, with what a text without the separator gave ('' or
 * all of it) when such a text was tried.
 */
const SEPARATED: Rule[] = CUTS.flatMap(({ words, cut }) =>
  [false, true].map((lower): Rule => {
    const applies = (c: Case): boolean => c.x.t === 'str' && c.y.t === 'str';
    const as = (s: string): string => (lower ? s.toLowerCase() : s);
    const text = (c: Case): string => strOf(c.x) ?? '';
    const out = (c: Case): string => strOf(c.y) ?? '';
    return {
      text: '',
      applies,
      holds: () => false,
      fit: (cs) => {
        for (const c of cs) {
          const x = text(c);
          if (out(c) === '' || out(c) === as(x)) continue;
          for (const sep of new Set([...x].filter((ch) => /[^\p{L}\p{N}\s]/u.test(ch)))) {
            const part = cut(x, sep);
            if (part === null || as(part) !== out(c)) continue;
            const without = cs.filter((d) => !text(d).includes(sep));
            const none = without.every((d) => out(d) === '') ? 'empty' : without.every((d) => out(d) === as(text(d))) ? 'whole' : null;
            if (none === null) continue;
            const notes = [lower ? 'lower-cased' : '', without.length ? (none === 'empty' ? "'' when it has none" : 'all of it when it has none') : ''].filter(
              Boolean,
            );
            return {
              text: (rs) => `Returns the part of ${mainName(rs[0])} ${words} \`${sep}\`${notes.length ? ` (${notes.join('; ')})` : ''}.`,
              applies,
              holds: (d) => {
                const p = cut(text(d), sep);
                return p === null ? without.length > 0 && out(d) === (none === 'empty' ? '' : as(text(d))) : out(d) === as(p);
              },
              // Several texts with the separator that gave different parts.
              enough: (rs) => new Set(rs.filter((d) => text(d).includes(sep)).map(out)).size >= 2,
            };
          }
        }
        return null;
      },
    };
  }),
);

/** Kinds of characters a text's count may be of (count_vowels, count of digits), and the words. */
const COUNTED: { words: string; count: (s: string) => number }[] = [
  { words: 'the vowels (a, e, i, o, u, in either case) in', count: (s) => [...s].filter((ch) => 'aeiouAEIOU'.includes(ch)).length },
  { words: 'the letters in', count: (s) => [...s].filter((ch) => /\p{L}/u.test(ch)).length },
  { words: 'the digits in', count: (s) => [...s].filter((ch) => /[0-9]/.test(ch)).length },
  { words: 'the upper-case letters in', count: (s) => [...s].filter((ch) => /\p{Lu}/u.test(ch)).length },
  { words: 'the lower-case letters in', count: (s) => [...s].filter((ch) => /\p{Ll}/u.test(ch)).length },
  { words: 'the words (split at whitespace) of', count: (s) => words(s).length },
  { words: 'the whitespace characters in', count: (s) => [...s].filter((ch) => /\s/.test(ch)).length },
];
const COUNTS_IN_TEXT: Rule[] = COUNTED.map(({ words: what, count: n }) =>
  shaped(
    shape(strOf, (t) => (t.t === 'int' ? Number(t.v) : null)),
    {
      text: ([{ c }]) => `Counts ${what} ${mainName(c)}.`,
      holds: ({ x, y }) => n(x) === y,
      // Texts with the counted kind and other characters besides, giving two different counts above
      // 0: a 0 or a 1 alone is what a status gives (pygments' main('-l') gave 1, main('') 0, and
      // was said to count the letters in `args`; main('ab') gives 1 too).
      enough: (vs) => vs.some(({ x, y }) => y > 0 && y < [...x].length) && new Set(vs.filter((v) => v.y > 0).map((v) => v.y)).size >= 2,
    },
  ),
);

/** How a text of pairs is split: between pairs, then between a key and its value. */
const PAIR_SEPARATORS: [string, string][] = [
  ['&', '='],
  [';', '='],
  [',', '='],
  ['\n', '='],
  [',', ':'],
  ['\n', ':'],
  [' ', '='],
];
/** The dict a text of `key=value` pairs reads as (a later key wins), splitting each pair at its first `inner`. */
function pairsOf(s: string, outer: string, inner: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const pair of s.split(outer)) {
    if (!pair) continue;
    const at = pair.indexOf(inner);
    out.set(at < 0 ? pair : pair.slice(0, at), at < 0 ? '' : pair.slice(at + inner.length));
  }
  return out;
}
const PAIRS: Rule[] = PAIR_SEPARATORS.map(([outer, inner]) =>
  shaped(shape(strOf, dictOf), {
    text: ([{ c }]) =>
      `Reads ${mainName(c)} as \`key${inner}value\` pairs separated by ${code(outer === '\n' ? '\\n' : outer)} into a dict (a later key wins; a pair without ${code(inner)} gets '').`,
    holds: ({ x, y }) => {
      const m = pairsOf(x, outer, inner);
      return y.length === m.size && y.every(([k, v]) => k.t === 'str' && v.t === 'str' && m.get(k.v) === v.v);
    },
    // Several pairs in one text, and texts that gave different dicts.
    enough: (vs) => vs.some(({ y }) => y.length >= 2) && new Set(vs.map((v) => JSON.stringify(v.y))).size >= 2,
  }),
);

/** Two texts that were not empty, each changed: an affix rule kept something there. */
const keptTwoTexts = (vs: Texts[]): boolean => new Set(vs.filter(({ x, y }) => x !== '' && y !== x).map(({ x }) => x)).size >= 2;

/** A vague rule, stated only where no rule that says what the output becomes held (truncate_words' first words). */
const vague = (rule: Rule): Rule => ({ ...rule, lastResort: true });

/** The numbers given as `*args` items, with their parameter's name, when they are all the call gave and two at least. */
function starNumbers(c: Case): { name: string; ns: number[]; y: number } | null {
  const [first] = c.named;
  const ns = allOf(c.named.map((a) => (a.star ? num(a.v) : null)));
  const y = num(c.y);
  return first && ns && ns.length >= 2 && y !== null ? { name: first.name, ns, y } : null;
}
/** A result's length and what it is made of: characters, bytes or elements. */
function sizeOf(t: TaggedValue): { n: number; of: string } | null {
  if (t.t === 'str') return { n: [...t.v].length, of: 'a text of {} characters' };
  if (t.t === 'bytes') return { n: t.v.length / 2, of: '{} bytes' };
  if (t.t === 'list' || t.t === 'tuple') return { n: t.v.length, of: `a ${t.t} of {} elements` };
  return null;
}
/** The first count given (an int, by name) and the result's size. */
function countAndSize(c: Case): { name: string; count: number; n: number; of: string } | null {
  const given = c.named.find((a) => a.v.t === 'int' && !a.star);
  const size = sizeOf(c.y);
  return given && size ? { name: given.name, count: Number(num(given.v)), ...size } : null;
}
/**
 * A result as long as a count it was given (randbytes(n): `n` bytes), which holds of a function
 * whose output varies from call to call as much as of any other: three counts at least.
 */
const SIZED_BY_COUNT: Rule = shaped(countAndSize, {
  text: ([v]) => `Returns ${v.of.replace('{}', `\`${v.name}\``)}.`,
  holds: ({ count, n }) => count === n,
  enough: (vs) => new Set(vs.map((v) => v.count)).size >= 3 && new Set(vs.map((v) => `${v.name} ${v.of}`)).size === 1,
});

/** What a function of numbers passed as `*args` does with them (total(3, 7, 12) == 22.0). */
const STAR_ITEMS: Rule[] = [
  { words: 'sum', of: (ns: number[]) => ns.reduce((a, b) => a + b, 0) },
  { words: 'product', of: (ns: number[]) => ns.reduce((a, b) => a * b, 1) },
].map(({ words, of }) => ({
  ...shaped(starNumbers, {
    text: ([v]) => `Returns the ${words} of the numbers given as \`*${v.name}\`.`,
    holds: ({ ns, y }) => near(y, of(ns)),
    // Three items at least once: with two, a sum is also many another formula's.
    enough: (vs) => vs.some((v) => v.ns.length >= 3),
  }),
  leftOut: true,
}));

const RULES: Rule[] = [
  // A text cut to its first words (word-limit.ts).
  { text: '', applies: () => true, holds: () => false, fit: (cases) => wordLimitRule(cases) },
  // A number kept within bounds the function holds itself (fixed-range.ts).
  { text: '', applies: () => true, holds: () => false, fit: (cases) => fixedRangeRule(cases) },
  // One argument given back as it was (kept-argument.ts).
  { text: '', applies: () => true, holds: () => false, fit: (cases) => keptArgumentRule(cases), family: 'kept' },
  // One of two arguments picked by a count, as plural forms are (plural-choice.ts).
  { text: '', applies: () => true, holds: () => false, fit: (cases) => pluralChoiceRule(cases), picks: true },
  // Several arguments with named roles.
  shaped(
    (c) => {
      const parts = numbers(seqOf(c.y));
      return parts && c.named.length >= 2 && c.named.every((a) => num(a.v) !== null) ? { c, parts } : null;
    },
    {
      // Stated where every case splits by the same two arguments.
      text: (vs) => {
        const split = agreedSplit(vs.map((v) => v.c));
        const even = vs.every(({ parts }) => parts.length === 0 || Math.max(...parts) - Math.min(...parts) <= 1);
        const [{ c }] = vs;
        return split
          ? `Splits ${nameOf(c, split.t)} into a list of ${nameOf(c, split.k)} numbers that add up to it${even ? ', as evenly as possible (no two differ by more than 1)' : ''}.`
          : null;
      },
      holds: ({ c }) => splitPairs(c).length > 0,
      // More than one count of parts seen.
      enough: (vs) => new Set(vs.map((v) => v.parts.length)).size > 1,
    },
  ),
  shaped(
    (c) => {
      const [a, lo, hi, ...more] = c.args.map(numericValue);
      const y = num(c.y);
      return a == null || lo == null || hi == null || more.length > 0 || lo > hi || y === null ? null : { c, a, lo, hi, y };
    },
    {
      text: ([{ c }]) =>
        `Clamps ${nameOf(c, 0)} into the range from ${nameOf(c, 1)} to ${nameOf(c, 2)}: below ${nameOf(c, 1)} it returns ${nameOf(c, 1)}, above ${nameOf(c, 2)} it returns ${nameOf(c, 2)}, otherwise ${nameOf(c, 0)} itself.`,
      holds: ({ a, lo, hi, y }) => y === Math.min(Math.max(a, lo), hi),
      // Both ends seen doing their work.
      enough: (vs) => vs.some((v) => v.a < v.lo) && vs.some((v) => v.a > v.hi),
    },
  ),
  shaped(shape(items, seqOf), {
    text: (vs) => {
      const v = vs.find((u) => otherArg(u.c, isInt)) ?? vs[0];
      const k = otherArg(v.c, isInt);
      const kept = vs.some((u) => u.y.length < u.x.length);
      return kept && k
        ? `Keeps the \`${k.name}\` largest elements of ${mainName(v.c)}, largest first.`
        : `Returns the elements of ${mainName(v.c)} from largest to smallest.`;
    },
    applies: ({ x }) => x.length > 0,
    holds: ({ c, x, y: ys }) => {
      const s = sortedCopy(x);
      if (!s) return false;
      const k = num(otherArg(c, isInt)?.v);
      if (k !== null && ys.length !== Math.max(0, Math.min(k, s.length))) return false;
      if (k === null && ys.length === 0) return false;
      return taggedEqual(listOf(reversed(s).slice(0, ys.length)), listOf(ys));
    },
    // Inputs already in descending order say nothing about ordering.
    enough: (vs) => vs.some(({ x }) => orderOf(x) !== 'desc' && orderOf(x) !== 'both'),
  }),
  shaped(withCount(seqs), {
    text: ([{ c, k }]) => `Returns the first \`${k.name}\` elements of ${mainName(c)}.`,
    applies: ({ c }) => c.args.length === 2,
    holds: ({ x: xs, y, k: { n: k } }) => {
      // Python's xs[:k]: a negative k counts from the end.
      const end = k < 0 ? Math.max(0, xs.length + k) : Math.min(k, xs.length);
      return taggedEqual(listOf(xs.slice(0, end)), listOf(y));
    },
  }),
  SHORTENS,
  ...(['-', '_'] as const).map((sep): Rule =>
    textRule({
      text: ([{ c }]) => `Lower-cases ${mainName(c)} and joins its words (runs of letters and digits) with ${JSON.stringify(sep)} (on the ASCII texts tried).`,
      applies: ({ x }) => /^[\x20-\x7e\s]*$/.test(x),
      holds: ({ x, y }) => y === (x.toLowerCase().match(/[a-z0-9]+/g) ?? []).join(sep),
      family: 'words',
      enough: (vs) => vs.some(({ x }) => (x.match(/[a-zA-Z0-9]+/g) ?? []).length >= 2),
    }),
  ),
  // Each word capitalized: words split at whitespace and joined by one space, or runs of letters in place (str.title).
  ...(
    [
      ['and joins its words (split at whitespace) with single spaces', (s: string) => words(s).map(capitalized).join(' ')],
      ['in place, where a word is a run of letters (as str.title does)', (s: string) => s.replace(/[A-Za-z]+/g, capitalized)],
    ] as const
  ).map(([how, f]): Rule =>
    textRule({
      text: ([{ c }]) => `Upper-cases the first letter of each word of ${mainName(c)} and lower-cases the rest, ${how} (on the ASCII texts tried).`,
      applies: ({ x }) => /^[\x20-\x7e\s]*$/.test(x),
      holds: ({ x, y }) => y === f(x),
      // Both halves seen: a word's first letter raised, and a later letter lowered, in texts of several words.
      enough: (vs) =>
        vs.some(({ x }) => words(x).length >= 2) && vs.some(({ x }) => /(^|[^A-Za-z])[a-z]/.test(x)) && vs.some(({ x }) => /[A-Za-z][A-Z]/.test(x)),
    }),
  ),
  // Arithmetic of two numbers: the first operation of the table that every call agrees with.
  // A result rounded to cents (round(price * rate, 2)) is the operation rounded: the places are
  // the most any result shows, and at least one result must be off the exact value by rounding.
  ...ARITHMETIC.map(({ verb, op }): Rule => {
    const view = (c: Case) => {
      const v = twoNumbers(c);
      const exact = v && op(v.a, v.b);
      return v && exact !== null ? { ...v, exact } : null;
    };
    return fitted(view, (vs) => {
      const off = placesOf(vs);
      const shown = Math.max(0, ...vs.map((v) => decimals(v.y) ?? 99));
      const places = off === null ? null : Math.max(off, shown);
      // Rounding to a whole number is not told apart from floor division by a tie: exact only.
      if (places !== null && (places === 0 || places > 6)) return null;
      // The places are stated only when a result rounded at the last of them was seen: 3.998 shown
      // as 4.0 beside an exact 0.6 fits 1, 2 or more places, and says none of them.
      if (places !== null && off !== places) return null;
      return shaped(view, {
        text: ([{ c }]) => `${verb(nameOf(c, 0), nameOf(c, 1)).replace(/\.$/, '')}${roundingWords(places)}.`,
        holds: (v) => roundedTo(v.y, v.exact, places),
        // Both arguments seen doing their work: more than one value of each.
        enough: (rs) => new Set(rs.map((v) => v.a)).size > 1 && new Set(rs.map((v) => v.b)).size > 1,
      });
    });
  }),
  // The same of two sequences, element by element (as zip pairs them).
  ...ARITHMETIC.flatMap(({ pairwise, op }): Rule[] =>
    pairwise === undefined
      ? []
      : [
          shaped(
            (c) => {
              const [a, b, ...more] = c.args.map((t) => numbers(items(t)));
              const y = numbers(seqOf(c.y));
              return a && b && more.length === 0 && y ? { c, a, b, y } : null;
            },
            {
              text: ([{ c }]) => `Returns the ${pairwise} of ${nameOf(c, 0)} and ${nameOf(c, 1)} element by element (as far as the shorter goes).`,
              holds: ({ a, b, y }) =>
                y.length === Math.min(a.length, b.length) &&
                y.every((v, i) => {
                  const [p, q] = [a[i], b[i]];
                  const r = p === undefined || q === undefined ? null : op(p, q);
                  return r !== null && near(v, r);
                }),
              enough: (vs) => vs.some(({ a, b }) => Math.min(a.length, b.length) >= 2),
            },
          ),
        ],
  ),
  // The same of each element and the next (pairwise sums, differences between neighbours).
  ...ARITHMETIC.flatMap(({ pairwise, op }): Rule[] =>
    pairwise === undefined
      ? []
      : [
          shaped(numbersToNumbers, {
            text: ([{ c }]) => `Returns the ${pairwise} of each element of ${mainName(c)} and the next (one fewer element).`,
            holds: ({ x: xs, y: ys }) =>
              ys.length === Math.max(0, xs.length - 1) &&
              ys.every((y, i) => {
                const [p, q] = [xs[i], xs[i + 1]];
                const r = p === undefined || q === undefined ? null : op(p, q);
                return r !== null && near(y, r);
              }),
            // Lists of three or more, so that each inner element is seen in two pairs.
            enough: (vs) => vs.some(({ x }) => x.length >= 3),
          }),
        ],
  ),
  shaped(numbersToNumbers, {
    text: ([{ c }]) => `Returns the running totals of ${mainName(c)}: each element is the sum of those up to it.`,
    holds: ({ x: xs, y: ys }) => {
      let total = 0;
      return (
        ys.length === xs.length &&
        xs.every((x, i) => {
          total += x;
          const y = ys[i];
          return y !== undefined && near(y, total);
        })
      );
    },
    enough: (vs) => vs.some(({ x }) => x.length >= 3),
  }),
  shaped((c) => (c.args.length === 1 ? texts(c) : null), {
    text: ([{ c }]) => `Returns the first letter of each word of ${mainName(c)}, upper-cased and run together.`,
    holds: ({ x, y }) =>
      y ===
      words(x)
        .map((w) => w.charAt(0).toUpperCase())
        .join(''),
    enough: (vs) => vs.some(({ x }) => words(x).length >= 2 && /[a-z]/.test(x)),
  }),
  shaped(
    (c) => {
      const x = items(c.x);
      const y = items(c.y);
      const alike = (c.x.t === 'str' && c.y.t === 'str') || (isSeq(c.x) && isSeq(c.y));
      return alike && x && y ? { c, x, y } : null;
    },
    {
      text: ([{ c }]) => `Returns ${mainName(c)} reversed.`,
      holds: ({ x, y }) => taggedEqual(listOf(reversed(x)), listOf(y)),
    },
  ),
  shaped(
    (c) => {
      const v = shape(strOf, seqOf)(c);
      const sep = otherArg(c, isStr);
      return v && sep && otherArg(c, (t): t is Of<'str'> => isStr(t) && t.v.length > 0) ? { ...v, sep } : null;
    },
    {
      text: ([{ c, sep }]) => `Splits ${mainName(c)} at each \`${sep.name}\`.`,
      holds: ({ x, y, sep }) => taggedEqual(listOf(x.split(sep.v.v).map((v) => ({ t: 'str', v }))), listOf(y)),
    },
  ),
  shaped(
    (c) => {
      const v = shape(textsOf, strOf)(c);
      const sep = otherArg(c, isStr);
      return v && sep ? { ...v, sep } : null;
    },
    {
      text: ([{ c, sep }]) => `Joins the strings of ${mainName(c)} with \`${sep.name}\` between them.`,
      holds: ({ x, y, sep }) => y === x.join(sep.v.v),
    },
  ),
  shaped(withCount(texts), {
    text: (vs) => {
      const [{ c, k }] = vs;
      const w = `\`${k.name}\``;
      const left = vs.every(({ x, y }) => y.endsWith(x));
      const right = vs.every(({ x, y }) => y.startsWith(x));
      const longer = vs.some((v) => [...v.x].length > v.k.n);
      return `Pads ${mainName(c)} to ${w} characters${left ? ' on the left' : right ? ' on the right' : ''}${longer ? '; a longer text comes back unchanged' : ''}.`;
    },
    holds: ({ x, y, k }) => [...y].length === Math.max([...x].length, k.n) && y.includes(x),
  }),
  textRule({
    text: ([{ c }]) => `Removes the whitespace at both ends of ${mainName(c)}.`,
    applies: ({ x }) => !/[\ufeff\u180e]/.test(x),
    holds: ({ x, y }) => y === x.trim(),
  }),
  shaped(shape(strOf, num), {
    text: (vs) => `Parses ${mainName(vs[0].c)} as ${vs.every(({ c }) => c.y.t === 'int') ? 'an int' : 'a number'}.`,
    applies: ({ x }) => /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i.test(x),
    holds: ({ x, y }) => near(y, Number(x.trim())),
  }),
  shaped(
    (c) => {
      const table = c.args.findIndex((a) => a.t === 'dict');
      const key = c.args.findIndex((a) => a.t !== 'dict');
      const d = c.args[table];
      const k = c.args[key];
      const entry = d?.t === 'dict' && k ? d.v.find(([e]) => taggedEqual(e, k)) : undefined;
      return c.args.length === 2 && entry ? { c, value: entry[1], table, key } : null;
    },
    {
      text: ([{ c, key, table }]) => `Looks up ${nameOf(c, key)} in ${nameOf(c, table)} and returns its value.`,
      holds: ({ c, value }) => taggedEqual(value, c.y),
    },
  ),
  shaped(
    (c) => {
      const xs = seqOf(c.x);
      const other = c.named.find((a) => a.v !== c.x);
      return c.args.length === 2 && xs && c.y.t === 'int' && other ? { c, xs, other, n: Number(c.y.v) } : null;
    },
    {
      text: ([{ c, other }]) => `Counts how often \`${other.name}\` occurs in ${mainName(c)}.`,
      holds: ({ xs, other, n }) => n === count(xs, other.v),
    },
  ),
  ...(
    [
      ['Adds', (a: number, b: number) => a + b, 'and'],
      ['Multiplies', (a: number, b: number) => a * b, 'by'],
    ] as const
  ).map(([verb, op, by]): Rule =>
    shaped(twoNumbers, {
      text: ([{ c }]) => `${verb} ${nameOf(c, 0)} ${by} ${nameOf(c, 1)}.`,
      holds: ({ a, b, y }) => near(y, op(a, b)),
    }),
  ),
  // Sequences in, sequences out.
  // Lists within lists: flattened at every depth, by one level, or the lists inside joined. Each said
  // only once a case told it from the next: a list two deep inside, or a list of several lists.
  shaped(seqs, {
    text: ([{ c }]) => `Returns the elements of ${mainName(c)} with each list or tuple inside it replaced by its own elements, at any depth (flattened).`,
    holds: ({ x, y }) => taggedEqual({ t: 'list', v: flattened(x, Infinity) }, { t: 'list', v: y }),
    enough: (vs) => vs.some(({ x }) => x.some((e) => seqOf(e)?.some(isSeq))),
  }),
  shaped(seqs, {
    text: ([{ c }]) => `Returns the elements of the lists inside ${mainName(c)}, joined into one list (one level: a list inside those stays a list).`,
    holds: joinedOneLevel,
    enough: (vs) => vs.some(({ x }) => x.some((e) => seqOf(e)?.some(isSeq))),
  }),
  shaped(seqs, {
    text: ([{ c }]) => `Returns the elements of the lists inside ${mainName(c)}, joined into one list.`,
    holds: joinedOneLevel,
    enough: (vs) => vs.some(({ x }) => x.filter((e) => (seqOf(e)?.length ?? 0) > 0).length >= 2),
  }),
  shaped(seqs, {
    text: 'Sorts the elements in ascending order.',
    holds: ({ x, y }) => {
      const s = sortedCopy(x);
      return !!s && taggedEqual({ t: 'list', v: s }, { t: 'list', v: y });
    },
    // Sorted-looking inputs say nothing about sorting.
    enough: (vs) => vs.some(({ x }) => orderOf(x) === null),
  }),
  shaped(shape(items, seqOf), {
    text: 'Drops repeated elements, keeping the first occurrence of each in order.',
    holds: ({ x, y }) => taggedEqual({ t: 'list', v: firstOccurrences(x) }, { t: 'list', v: y }),
  }),
  shaped(seqs, { text: 'Returns the same elements in another order.', holds: ({ x, y }) => sameMultiset(x, y) }),
  shaped(
    shape(items, (t) => {
      const pieces = seqOf(t);
      return pieces && allOf(pieces.map(items));
    }),
    {
      // The same number of pieces every time (splitext's two) is worth saying.
      text: (vs) => {
        const counts = new Set(vs.map(({ y }) => y.length));
        // One piece every time is no cutting: the text itself, alone in a list.
        if (counts.size === 1 && counts.has(1)) return `Returns ${mainName(vs[0].c)} itself, alone in a sequence of one.`;
        const pieces = counts.size === 1 ? `${[...counts][0]} consecutive pieces` : 'consecutive pieces';
        return `Cuts ${mainName(vs[0].c)} into ${pieces}${counts.size === 1 ? ' (joined, they give it back)' : ''}.`;
      },
      holds: ({ x, y }) => taggedEqual({ t: 'list', v: y.flat() }, { t: 'list', v: x }),
      family: 'pieces',
    },
  ),
  shaped(
    (c) => {
      const xs = seqOf(c.x);
      const seqsIn = xs && allOf(xs.map(items));
      const first = seqsIn?.[0];
      const y = items(c.y);
      return xs && seqsIn && first && y && xs.every((v) => !isSeq(v) === (c.y.t === 'str')) ? { c, xs, seqsIn, first, y } : null;
    },
    {
      text: (vs) =>
        `Returns the longest common prefix of the ${vs.every(({ xs }) => xs.every((v) => v.t === 'str')) ? 'texts' : 'sequences'} in ${mainName(vs[0].c)}.`,
      holds: ({ seqsIn, first, y }) => {
        let n = 0;
        const agree = (s: TaggedValue[]): boolean => {
          const [a, b] = [s[n], first[n]];
          return a !== undefined && b !== undefined && taggedEqual(a, b);
        };
        while (seqsIn.every(agree)) n++;
        return taggedEqual(listOf(first.slice(0, n)), listOf(y));
      },
      // One call of several sequences whose shared prefix is neither empty nor the whole of the
      // shortest: a single path, or paths sharing nothing, fit a common path as well (commonpath).
      enough: (vs) => vs.some(({ xs, seqsIn, y }) => xs.length >= 2 && y.length > 0 && y.length < Math.min(...seqsIn.map((s) => s.length))),
    },
  ),
  // Text in, list of text out.
  shaped(shape(strOf, textsOf), {
    text: 'Splits the text into a list of pieces (whitespace between them may go).',
    holds: ({ x, y }) => words(y.join(' ')).join('') === words(x).join(''),
  }),
  TEMPLATE,
  ...ESCAPES,
  ...MASKS,
  DEDENTS,
  WRAPS,
  QUOTES,
  // Text in, text out.
  textRule({ text: 'Converts the text to upper case.', holds: ({ x, y }) => y === x.toUpperCase(), family: 'case' }),
  textRule({ text: 'Converts the text to lower case.', holds: ({ x, y }) => y === x.toLowerCase(), family: 'case' }),
  ...SEPARATED,
  textRule({
    // Case is named only when some call changed it (cleandoc keeps it, slugify lowers it); letters
    // or digits only when a text that returned had some (a phone number's letters were never tried).
    text: (vs) => {
      const kinds = joinWords([...(vs.some(({ x }) => /[A-Za-z]/.test(x)) ? ['letters'] : []), ...(vs.some(({ x }) => /[0-9]/.test(x)) ? ['digits'] : [])]);
      // Digits have no case: with no letter seen, the case is not spoken of.
      if (kinds === 'digits') return 'Keeps the digits in order, changing only what stands between them.';
      return vs.some(({ x, y }) => lettersAndDigits(y) !== lettersAndDigits(x))
        ? `Keeps the ${kinds} in order, changing only their case and what stands between them.`
        : `Keeps the ${kinds} in order and their case, changing only what stands between them.`;
    },
    // Every letter, not only a-z: 'é' written as '\\u00e9' is not kept.
    holds: ({ x, y }) => lettersAndDigits(y.toLowerCase()) === lettersAndDigits(x.toLowerCase()),
    // A letter or a digit kept somewhere: punctuation alone shows nothing kept.
    enough: (vs) => vs.some(({ x }) => /[A-Za-z0-9]/.test(x)),
    family: 'chars',
  }),
  // Two texts that were not empty each kept whole: every text ends and starts with '' (string's
  // format_field(5, '') → '5' kept its empty format spec, which says nothing of what it adds).
  textRule({ text: 'Returns the text with more added at its start.', holds: ({ x, y }) => y.endsWith(x), enough: keptTwoTexts }),
  textRule({ text: 'Returns the text with more added at its end.', holds: ({ x, y }) => y.startsWith(x), enough: keptTwoTexts }),
  // Vaguer than any rule of what is kept or cut (a median of a text's letters is a part of it too).
  vague(textRule({ text: 'Returns a part of the text.', holds: ({ x, y }) => x.includes(y) })),
  textRule({ text: 'Replaces characters one for one, keeping the length.', holds: ({ x, y }) => [...y].length === [...x].length, family: 'length' }),
  vague(
    textRule({
      text: 'Gives a text of one plain word back as it is; other texts came back longer or unchanged, never shorter (as escaping or encoding does).',
      holds: ({ x, y }) => [...y].length >= [...x].length && (/^[\w]*$/.test(x) ? y === x : true),
      family: 'length',
      // Both halves of the sentence seen: a plain word kept, and a text made longer.
      enough: (vs) => plainWordKept(vs) && vs.some(({ x, y }) => [...y].length > [...x].length),
    }),
  ),
  vague(
    textRule({
      text: 'Gives a text of one plain word back as it is; other texts came back shorter or unchanged, never longer (as decoding or trimming does).',
      holds: ({ x, y }) => [...y].length <= [...x].length && (/^[\w]*$/.test(x) ? y === x : true),
      family: 'length',
      enough: (vs) => plainWordKept(vs) && vs.some(({ x, y }) => [...y].length < [...x].length),
    }),
  ),
  // Collections in, counts out.
  shaped(shape(items, dictOf), {
    text: 'Counts how often each element occurs.',
    holds: ({ x: xs, y: d }) => d.length === firstOccurrences(xs).length && d.every(([k, v]) => numericValue(v) === count(xs, k)),
  }),
  ...COUNTS_OF_TEXT,
  ...COUNTS_IN_TEXT,
  ...PAIRS,
  shaped(
    (c) => {
      const ds = allOf(c.args.map(dictOf));
      const y = dictOf(c.y);
      return ds && ds.length >= 2 && y ? { ds, y } : null;
    },
    {
      // Who wins on a shared key is said only when a call had one key in two dicts with different values.
      text: (vs) =>
        vs.some(({ ds }) => ds.some((d, n) => ds.slice(n + 1).some((e) => d.some(([k, v]) => e.some(([k2, v2]) => taggedEqual(k, k2) && !taggedEqual(v, v2))))))
          ? 'Merges the dicts into one (a later dict wins on a shared key).'
          : 'Merges the dicts into one; which wins on a key two of them share was not seen.',
      holds: ({ ds, y }) => {
        const merged = new Map<string, TaggedValue>();
        for (const d of ds) for (const [k, v] of d) merged.set(JSON.stringify(k), v);
        return (
          y.length === merged.size &&
          y.every(([k, v]) => {
            const m = merged.get(JSON.stringify(k));
            return m !== undefined && taggedEqual(m, v);
          })
        );
      },
    },
  ),
  ...DATES,
  // Numbers in, a number out.
  ...PERCENTAGES,
  LINE,
  ONE_OF_ARGUMENTS,
  shaped(numbersToNumber, {
    text: 'Returns the arithmetic mean of the numbers.',
    holds: ({ x: ns, y }) => near(y, ns.reduce((a, b) => a + b, 0) / ns.length),
  }),
  shaped(numbersToNumber, { text: 'Returns the median of the numbers.', holds: ({ x, y }) => near(y, median(x)) }),
  ...(['lower', 'higher'] as const).map((which): Rule =>
    shaped(numbersToNumber, {
      text: `Returns the middle one of the numbers in sorted order (the ${which} of the two middle ones for an even count).`,
      holds: ({ x, y }) => {
        const s = [...x].sort((a, b) => a - b);
        const m = s.length % 2 ? (s.length - 1) / 2 : which === 'lower' ? s.length / 2 - 1 : s.length / 2;
        return y === s[m];
      },
      // An even count shows which middle one: with only odd counts it is the median.
      enough: (vs) => vs.some(({ x }) => x.length % 2 === 0 && x.length > 0),
    }),
  ),
  shaped(numbersToNumber, {
    text: 'Returns the sum of the numbers.',
    holds: ({ x, y }) =>
      near(
        y,
        x.reduce((a, b) => a + b, 0),
      ),
  }),
  shaped(numbersToNumber, { text: 'Returns the largest element.', holds: ({ x, y }) => y === Math.max(...x) }),
  ...STAR_ITEMS,
  SIZED_BY_COUNT,
  shaped(
    (c) => {
      const xs = items(c.x);
      return xs && c.x.t !== 'str' && c.y.t === 'int' ? { xs, n: numericValue(c.y) } : null;
    },
    { text: 'Returns the number of elements.', holds: ({ xs, n }) => n === xs.length },
  ),
  shaped(
    (c) => {
      const xs = items(c.x);
      return xs && xs.length > 0 && c.y.t !== 'list' && c.y.t !== 'dict' ? { c, xs } : null;
    },
    {
      text: 'Returns the most common element.',
      holds: ({ c, xs }) => xs.some((x) => taggedEqual(x, c.y)) && xs.every((x) => count(xs, x) <= count(xs, c.y)),
      // Where every element occurs once, any element is "the most common": only calls with one
      // element more common than the rest say anything, and they must be most of them.
      enough: (vs) => 2 * vs.filter(({ xs }) => uniqueMode(xs)).length >= vs.length,
    },
  ),
];

/** Whether a case is one where the output differs from the input (the relation did something). */
function changed(c: Case): boolean {
  return !taggedEqual(c.x, c.y);
}

/** The catalogue's rules that hold over these cases, each with the calls it rests on. */
function heldRules(cases: Case[], defaulted: Case[]): (Relation & { lastResort: boolean; exact?: true })[] {
  const held: (Relation & { lastResort: boolean; exact?: true })[] = [];
  const counterpart = new Map(defaulted.map((d) => [d.index, d]));
  for (const listed of RULES) {
    // Parts are read off every call, the ones that left an argument to its default included (round(price * 0.2, 2)).
    const rule = listed.fit ? listed.fit([...cases, ...defaulted].filter(listed.applies)) : listed;
    if (!rule) continue;
    const [head, ...tail] = cases.filter(rule.applies);
    if (!head) continue;
    const applicable: NonEmpty<Case> = [head, ...tail];
    // A relation of a side use (a median of the letters of a text, where lists of numbers were
    // the main use) is not what the function does: it must speak of a quarter of the calls at least.
    if (applicable.length < 3 || 4 * applicable.length < cases.length || !applicable.every(rule.holds)) continue;
    if (!defaulted.filter(rule.applies).every(rule.holds)) continue;
    // A rule that speaks of a call only while its left-out argument is not read (a line in `x`
    // alone, from calls of `f(x)` that pass `by=1`) must hold for the calls that gave that argument
    // too, read without it (safe_divide's `default` changes nothing where `b` is not 0); it is
    // not stated when no such call was made.
    let condition = '';
    const unread = new Set(
      applicable.flatMap((c) => {
        const d = counterpart.get(c.index);
        return d && !rule.applies(d) ? d.named.filter((a) => !c.named.some((b) => b.name === a.name)).map((a) => a.name) : [];
      }),
    );
    if (unread.size) {
      const without = cases.flatMap((d): Case[] => {
        if (!d.named.some((a) => unread.has(a.name)) || d.named.some((a) => unread.has(a.name) && a.v === d.x)) return [];
        const named = d.named.filter((a) => !unread.has(a.name));
        return [{ ...d, named, args: named.map((a) => a.v) }];
      });
      const witnesses = without.filter(rule.applies);
      if (witnesses.length === 0) continue;
      if (!witnesses.every(rule.holds)) {
        if (!rule.leftOut) continue;
        condition = `With ${joinWords([...unread].map((n) => `\`${n}\``))} left out, `;
      }
    }
    const support = rule.keeps || rule.picks ? applicable : applicable.filter(changed);
    // Several distinct inputs where the function did something, and the relation is not just "returns a constant".
    if (support.length < 2 || new Set(support.map((c) => JSON.stringify(c.y))).size < 2) continue;
    if (rule.enough && !rule.enough(applicable)) continue;
    // Parts read off the calls (100 in "Returns -`amount` + 100") may come from the object a
    // method was called on (a BankAccount(100)): they hold only if other objects gave the same.
    if (listed.fit && applicable.some((c) => c.receiver !== undefined) && new Set(applicable.map((c) => c.receiver)).size < 2) continue;
    const plain = typeof rule.text === 'string' ? rule.text : rule.text(applicable);
    if (plain === null) continue;
    const stated = condition ? `${condition}${plain.charAt(0).toLowerCase()}${plain.slice(1)}` : plain;
    // A rule no input chosen to break it was tried on (none returned) is what these calls did, not a law.
    const family = listed.family ?? rule.family;
    const { keeps } = rule;
    const kept = (c: Case): Case => ({ ...c, x: c.named.find((a) => a.name === keeps)?.v ?? c.x });
    const untried = family ? untriedFor(family, keeps ? applicable.map(kept) : applicable) : null;
    const text = untried ? `In the ${applicable.length} calls tried (none with ${untried}), it ${stated.charAt(0).toLowerCase()}${stated.slice(1)}` : stated;
    held.push({
      text,
      support: support.map((c) => c.index),
      tested: applicable.map((c) => c.index),
      lastResort: rule.lastResort === true,
      ...(listed.exact || rule.exact ? { exact: true as const } : {}),
      ...(family ? { family } : {}),
      ...(untried ? { untried } : {}),
      ...(keeps ? { param: keeps } : {}),
    });
  }
  return held;
}

/**
 * Relations of a method's result with what its object was made with (`On a new
 * \`BankAccount(balance)\`: adds \`balance\` and \`amount\`.`), over the calls on objects just made:
 * stated only when the rule names a constructor parameter and objects made with different values showed it.
 */
function stateRelations(observations: Observation[], positions: Position[]): (Relation & { lastResort: boolean })[] {
  const owner = positions.find((p) => p.role === 'receiver')?.owner;
  if (!owner) return [];
  // The constructor's parameters madeWith reads (its positional ones).
  const names = positionalOf(owner.init).map((p) => p.name);
  // A constructor parameter named like one of the method's could not be told from it.
  if (positions.some((p) => p.role !== 'receiver' && names.includes(p.name))) return [];
  const cases = casesOf(observations, positions, false, true);
  const byIndex = new Map(cases.map((c) => [c.index, c]));
  const madeOf = (i: number): string => JSON.stringify(byIndex.get(i)?.named.filter((a) => names.includes(a.name)) ?? []);
  return heldRules(cases, casesOf(observations, positions, true, true))
    .filter((r) => !r.lastResort && names.some((n) => r.text.includes(`\`${n}\``)) && new Set(r.support.map(madeOf)).size >= 2)
    .map((r) => ({ ...r, text: `On a new \`${owner.callee}(${names.join(', ')})\`: ${r.text.charAt(0).toLowerCase()}${r.text.slice(1)}` }));
}

/**
 * The relations that hold, at most two: the one that speaks of the most calls first (what the
 * function mostly did, not a side use), the catalogue's order (most specific first) among equals.
 */
export function findRelations(seen: Observation[], positions: Position[]): Relation[] {
  // A second run of a call in its process that gave another value is a call the law must hold for too.
  const again = secondRunsAsCalls(seen);
  if (again === null) return [];
  const observations = [...seen, ...again];
  const cases = casesOf(observations, positions);
  // A call that left an argument out passed its default: a relation of the arguments must hold
  // for it read that way too (format_money's currency shown in every output given one, but
  // not for the default 'USD', which gives '$3.00').
  const defaulted = casesOf(observations, positions, true);
  let held = heldRules(cases, defaulted);
  // A method whose result none of the catalogue's rules gives from its arguments alone: what it
  // gives of the calls that filled its object, or of what its object was made with.
  if (!held.some((r) => !r.lastResort)) {
    const filled = filledRelation(observations, positions);
    const made = filled ? [] : stateRelations(observations, positions);
    held = [...(filled ? [{ ...filled, lastResort: false }] : made), ...held];
  }
  const specific = held.filter((r) => !r.lastResort);
  // Calls the explorer made of its own outputs (f(f(x)), swapped arguments) test laws; they are
  // not uses a reader would make, so they do not count toward what the function mostly did.
  const ownOutputs = new Set(observations.filter((o) => o.purpose === 'reapply' || o.purpose === 'swap').map((o) => o.record.index));
  const uses = (r: Relation): number => r.tested.filter((i) => !ownOutputs.has(i)).length;
  const [head, ...others] = [...(specific.length ? specific : held)].sort((a, b) => Number(b.exact === true) - Number(a.exact === true) || uses(b) - uses(a));
  if (!head) return [];
  const plain = ({ lastResort: _, exact: __, ...relation }: (typeof held)[number]): Relation => relation;
  const first = plain(head);
  // A second relation only when it speaks of calls the first does not: on the same calls a
  // vaguer sentence ("shortens the text around other characters") only blurs the first. After
  // a rule that says the whole output, one that says only what it keeps blurs it on any calls
  // (the calls that left the width to its default were read under the first already).
  const second = others.find((r) => r.tested.some((i) => !first.tested.includes(i)) && (!head.exact || r.exact));
  return second ? [first, plain(second)] : [first];
}

/**
 * What a method gives back of the calls that filled its object first (explorer.ts fillReceiver):
 * a stack's pop gives what the last push put in, a queue's get what the first did. Stated only
 * when it held on every call on an object filled through that one method, in two fillings at
 * least that gave different results, one of which tells the first call from the last.
 */
function filledRelation(observations: Observation[], positions: Position[]): Relation | null {
  const at = positions.findIndex((p) => p.role === 'receiver');
  if (at < 0) return null;
  // Each returned call on a filled object whose filling calls all went to one method of one argument.
  const filled = observations.flatMap((o) => {
    const y = o.purpose === 'repeat' ? null : outputOf(o);
    const prepared = preparingCalls(o.input[at]?.value);
    if (!y || !prepared || prepared.calls.length === 0) return [];
    const methods = new Set(prepared.calls.map((c) => c.method));
    if (methods.size !== 1 || prepared.calls.some((c) => c.args.length !== 1)) return [];
    const given = prepared.calls.flatMap((c) => c.args);
    return [{ o, y, method: prepared.calls[0]?.method ?? '', given }];
  });
  const methods = [...new Set(filled.map((f) => f.method))];
  if (methods.length !== 1) return null;
  const method = methods[0] ?? '';
  for (const which of ['last', 'first'] as const) {
    const pick = (f: (typeof filled)[number]) => (which === 'last' ? f.given[f.given.length - 1] : f.given[0]);
    const holds = filled.every((f) => {
      const v = pick(f);
      return v !== undefined && taggedEqual(toTagged(v), f.y);
    });
    // Two fillings that gave different results, one of them telling the first call from the last.
    const results = new Set(filled.map((f) => JSON.stringify(f.y)));
    const tells = filled.some((f) => f.given.length >= 2 && toSource(f.given[0] ?? { k: 'none' }) !== toSource(f.given[f.given.length - 1] ?? { k: 'none' }));
    if (!holds || filled.length < 2 || results.size < 2 || !tells) continue;
    const idx = filled.map((f) => f.o.record.index);
    return {
      text: `Returns the value given to the ${which} \`${method}\` call before it (on an object filled by \`${method}\` calls).`,
      support: idx,
      tested: idx,
    };
  }
  return null;
}
