// Inputs chosen to break a relation of the summary before it is stated, per kind of relation (as
// Daikon states an invariant only once the inputs that would falsify it had their chance): texts
// whose words stand apart by other separators, or by none, for relations that join or cut words;
// option-like items ('-x', '--flag=v') for relations of argument lists; empty, shorter, longer and
// non-ASCII values for relations of length; non-ASCII letters for relations of case; for an
// argument given back unchanged, a long text of capitals, accents and loose spaces, a negative and
// a fractional number, a list out of order with a repeat (what most functions would change); for a
// text whose letters and digits are said to be kept, its digits alone after a 0 (a number's text
// loses the zero: intcomma('0000000') gives '0') and a tab and a non-ASCII letter (an escape writes
// them with letters and digits: json.dumps('\té') gives '"\\t\\u00e9"'). A relation
// whose calls that returned never held such an input is worded as what the calls tried did (relations.ts), not as a law.
import type { TaggedValue } from '../core/probe-types.js';
import type { Input, Observation, Position } from './inputs.js';
import { withSlot } from './properties.js';
import type { PyValue } from './values.js';
import { int, str, toSource } from './values.js';

export type Family = 'words' | 'pieces' | 'length' | 'case' | 'kept' | 'chars';

/** What a relation was checked on: its main argument and all the arguments (relations.ts `Case`). */
interface Tried {
  x: TaggedValue;
  args: TaggedValue[];
}

/** Two words standing apart by punctuation ('a-b', 'a.b', 'a_b'). */
const PUNCTUATION_BETWEEN = /[A-Za-z0-9][^A-Za-z0-9\s]+[A-Za-z0-9]/;
/** Punctuation before the first word or after the last ('_a', 'a-'). */
const PUNCTUATION_AT_EDGE = /^[^A-Za-z0-9\s]|[^A-Za-z0-9\s]$/;
const OPTION_LIKE = /^-/;
/** A text of digits alone that starts with 0 ('007'): what a function reading numbers changes. */
const LEADING_ZERO = /^0[0-9]+$/;
const NON_ASCII = /\P{ASCII}/u;
const NON_ASCII_LETTER = /[^\P{L}\p{ASCII}]/u;
/** A control character (a tab, a newline): what an escape writes as '\t', '\n' or '\x01'. */
const CONTROL = /\p{Cc}/u;
/** A text most functions of text would change: long, capitals, accents, spaces at its ends and doubled. */
const UNTIDY = (t: string): boolean => t.length >= 60 && /[A-Z]/.test(t) && NON_ASCII_LETTER.test(t) && /^\s|\s$/.test(t) && /\S\s{2,}\S/.test(t);
const numberOf = (t: TaggedValue): number | null => (t.t === 'int' || t.t === 'float' ? Number(t.v) : null);
/** A list a function of lists would change: out of order, with a repeat. */
const UNSORTED = (xs: TaggedValue[]): boolean => {
  const keys = xs.map((x) => JSON.stringify(x));
  return new Set(keys).size < keys.length && keys.some((k, i) => i > 0 && k < (keys[i - 1] ?? ''));
};

const textOf = (t: TaggedValue): string | null => (t.t === 'str' ? t.v : null);
const itemsOf = (t: TaggedValue): TaggedValue[] | null => (t.t === 'list' || t.t === 'tuple' ? t.v : null);
const sized = (t: TaggedValue): number | null => (t.t === 'str' ? t.v.length : t.t === 'list' || t.t === 'tuple' || t.t === 'dict' ? t.v.length : null);

/**
 * The inputs of `family` none of these calls had, in words ("punctuation between words"),
 * or null when some call that returned had each kind.
 */
export function untriedFor(family: Family, cases: Tried[]): string | null {
  const texts = cases.flatMap((c) => {
    const s = textOf(c.x);
    return s === null ? [] : [s];
  });
  const missing: string[] = [];
  if (family === 'words') {
    const between = texts.some((s) => PUNCTUATION_BETWEEN.test(s));
    const edge = texts.some((s) => PUNCTUATION_AT_EDGE.test(s));
    if (!between || !edge) missing.push(`punctuation ${!between && !edge ? 'between or before' : between ? 'before' : 'between'} words`);
  }
  if (family === 'pieces') {
    const lists = cases.flatMap((c) => itemsOf(c.x) ?? []);
    if (cases.some((c) => itemsOf(c.x) !== null) && !lists.some((t) => OPTION_LIKE.test(textOf(t) ?? ''))) missing.push("an option-like item ('-x')");
  }
  if (family === 'case' && !texts.some((s) => NON_ASCII_LETTER.test(s))) missing.push('non-ASCII letters');
  if (family === 'chars' && !texts.some((s) => LEADING_ZERO.test(s))) missing.push('digits with a leading zero');
  // An escape writes a tab or a non-ASCII letter with letters and digits of its own (json.dumps gives '"\\t"' and '"\\u00e9"').
  if (family === 'chars' && !(texts.some((s) => NON_ASCII_LETTER.test(s)) && texts.some((s) => CONTROL.test(s)))) missing.push('a tab or a non-ASCII letter');
  if (family === 'length') {
    if (texts.length > 0 && !texts.some((s) => NON_ASCII.test(s))) missing.push('non-ASCII text');
    // Another argument that is a text or a collection: one call with it empty (a value filled into a template).
    const others = (c: Tried): TaggedValue[] => c.args.filter((a) => a !== c.x && sized(a) !== null);
    if (cases.some((c) => others(c).length > 0) && !cases.some((c) => others(c).some((a) => sized(a) === 0))) missing.push('another argument empty');
  }
  if (family === 'kept') {
    const xs = cases.map((c) => c.x);
    if (texts.length > 0 && !texts.some(UNTIDY)) missing.push('a long text of capitals, accents and loose spaces');
    const ns = xs.flatMap((x) => {
      const n = numberOf(x);
      return n === null ? [] : [n];
    });
    if (ns.length > 0 && !(ns.some((n) => n < 0) && ns.some((n) => !Number.isInteger(n)))) missing.push('a negative and a fractional number');
    const lists = xs.flatMap((x) => {
      const items = itemsOf(x);
      return items ? [items] : [];
    });
    if (lists.length > 0 && !lists.some(UNSORTED)) missing.push('a list out of order with a repeat');
  }
  return missing.length ? missing.join(' or ') : null;
}

/** The position of a call's main argument, as relations.ts reads it: the first given that is not a count. */
function mainSlot(o: Observation, positions: Position[]): number | null {
  const given = o.input.flatMap((s, i) => (s.value !== undefined && s.value.k !== 'fn' && positions[i]?.role !== 'receiver' ? [i] : []));
  return given.find((i) => o.input[i]?.value?.k !== 'int' || given.length === 1) ?? given[0] ?? null;
}

const EMPTY: Partial<Record<PyValue['k'], PyValue>> = { str: str(''), list: { k: 'list', items: [] }, tuple: { k: 'tuple', items: [] } };

/** Values of the main argument meant to break a relation of `family`; `others`: the call's other arguments. */
function variantsOf(family: Family, v: PyValue, others: PyValue[]): PyValue[] {
  if (v.k === 'str') {
    const found = v.v.match(/[A-Za-z0-9]+/g) ?? [];
    const [a = 'Ada', b = 'Lovelace'] = found.length >= 2 ? found : [found[0] ?? 'Ada', 'Lovelace'];
    if (family === 'words') return [`${a}-${b}`, `_${a}_${b}`, `${a}.${b}`, `${a}  ${b}`, `${a}${b}`].map(str);
    if (family === 'case') return [`${v.v} é`, `Straße Éclair ${a}`].map(str);
    if (family === 'chars') {
      const digits = v.v.replace(/[^0-9]/g, '');
      return [...(digits ? [str(`0${digits}`)] : []), str(`${v.v}\té`)];
    }
    if (family === 'kept') return [str(`  Straße ÉCLAIR  ${v.v}  ${a.toUpperCase()}, ${b}:  ${'ÀÉÎ Õü '.repeat(6)} `), str('')];
    return family === 'pieces' ? [] : [`${v.v}é`, `Straße ${a}`, `${v.v}${v.v}`, ''].map(str);
  }
  if (family === 'kept') {
    if (v.k === 'int' || v.k === 'float') return [{ k: 'float', v: -2.5 }];
    if (v.k === 'list' || v.k === 'tuple') {
      const items = v.items.length >= 2 ? [...v.items].reverse() : [int(3), int(1), int(2)];
      return [{ k: v.k, items: [...items, ...items.slice(0, 1)] }];
    }
  }
  if ((v.k === 'list' || v.k === 'tuple') && family === 'pieces') {
    // An option the call's other texts name ('-a' where 'abc' was passed beside it) is one it may know.
    const letters = others.flatMap((o) => (o.k === 'str' ? (o.v.match(/[A-Za-z]/)?.slice(0, 1) ?? []) : []));
    const options = [...letters.map((l) => `-${l}`), '-x', '--flag=v'];
    return options.slice(0, 3).map((opt) => ({ k: v.k, items: [str(opt), ...v.items] }));
  }
  return [];
}

/** Calls varying one call a relation rests on, meant to break it: its main argument, then (for length) each other one emptied. */
export function breakerPlans(family: Family, o: Observation, positions: Position[], param?: string): { input: Input; note: string }[] {
  const named = param === undefined ? -1 : positions.findIndex((p) => p.name === param);
  const at = named >= 0 ? named : mainSlot(o, positions);
  const main = at === null ? undefined : o.input[at]?.value;
  if (at === null || main === undefined) return [];
  const others = o.input.flatMap((s, i) => (i !== at && s.value !== undefined ? [s.value] : []));
  const plans = variantsOf(family, main, others).map((w) => ({
    input: withSlot(o.input, at, w),
    note: `verification (${family}): ${toSource(w).slice(0, 40)}`,
  }));
  if (family === 'length') {
    for (const [i, s] of o.input.entries()) {
      const empty = s.value && i !== at && positions[i]?.role !== 'receiver' ? EMPTY[s.value.k] : undefined;
      if (empty && s.value && toSource(s.value) !== toSource(empty))
        plans.splice(1, 0, { input: withSlot(o.input, i, empty), note: `verification (length): an empty argument ${i}` });
    }
  }
  return plans;
}
