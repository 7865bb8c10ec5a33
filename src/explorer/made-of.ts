// Where no relation of the catalogue says what a function computes and its results are many, the
// summary says what each result was made of, relative to the one argument given, when every call
// that returned shows it: "a list of pieces of `text`" (each item a part of the string given),
// "`n` as 16 bytes, big-endian", "`x` written as Python source", "Time(…) of the numbers written in
// `raw`, in order". Worded as what was seen: the summary's sentence opens with "In the calls tried".
import type { TaggedValue } from '../core/probe-types.js';
import { itemAt } from '../core/item-at.js';
import type { Observation, Position } from './inputs.js';
import { toSource, type PyValue } from './values.js';

/** Distinct arguments needed before a pattern is said. */
const ENOUGH = 3;

interface Given {
  o: Observation;
  at: number;
  arg: PyValue;
  /** The result as data: none for an object the worker writes only as its repr. */
  out: TaggedValue | undefined;
}

/**
 * The calls that returned, each with its one given argument (a receiver aside) and its result; null
 * when any has more or none. Outputs fed back are calls the summary counts too: a pattern and its
 * counts hold over them or are not said.
 */
function oneArgument(returned: Observation[], positions: Position[]): Given[] | null {
  const own = returned.filter((o) => o.purpose !== 'repeat');
  const given: Given[] = [];
  for (const o of own) {
    const args = o.input.flatMap((s, i) => (s.value !== undefined && itemAt(positions, i).role !== 'receiver' ? [{ at: i, arg: s.value }] : []));
    const out = o.record.result.value?.data;
    const [only] = args;
    if (args.length !== 1 || !only) return null;
    given.push({ o, ...only, out });
  }
  const [first] = given;
  if (!first || given.some((g) => g.at !== first.at)) return null;
  return new Set(given.map((g) => toSource(g.arg))).size >= ENOUGH ? given : null;
}

/** Each item of a list or tuple result is a non-empty part of the string given, and some result has one. */
function piecesOf(given: Given[]): boolean {
  const items = (g: Given): TaggedValue[] | null => (g.out?.t === 'list' || g.out?.t === 'tuple' ? g.out.v : null);
  const fits = given.every((g) => {
    const its = items(g);
    const text = g.arg.k === 'str' ? g.arg.v : null;
    return its !== null && text !== null && its.every((x) => x.t === 'str' && x.v !== '' && text.includes(x.v));
  });
  return fits && given.filter((g) => (items(g)?.length ?? 0) > 0).length >= 2;
}

/** Bytes of one length whose number, read big-endian (or little-endian), is the int given, for every call. */
function bytesOfInt(given: Given[]): { length: number; order: 'big' | 'little' } | null {
  // A bool is an int to Python (True == 1).
  const number = (v: PyValue): bigint | null => (v.k === 'int' ? v.v : v.k === 'bool' ? BigInt(Number(v.v)) : null);
  const hexes = given.map((g) => (g.out?.t === 'bytes' && number(g.arg) !== null ? g.out.v : null));
  const lengths = new Set(hexes.map((h) => h?.length));
  const [hexLength] = lengths;
  if (hexes.some((h) => h === null) || lengths.size !== 1 || !hexLength) return null;
  const reversed = (hex: string): string => (hex.match(/../g) ?? []).reverse().join('');
  const reads = (order: 'big' | 'little'): boolean =>
    given.every((g, k) => BigInt(`0x${order === 'big' ? hexes[k] : reversed(hexes[k] ?? '')}`) === number(g.arg));
  const order = reads('big') ? 'big' : reads('little') ? 'little' : null;
  return order ? { length: hexLength / 2, order } : null;
}

/** A str result that is the argument as it is written in Python (its repr), for arguments of two kinds at least. */
function writtenAsSource(given: Given[]): boolean {
  return given.every((g) => g.out?.t === 'str' && g.out.v === toSource(g.arg)) && new Set(given.map((g) => g.arg.k)).size >= 2;
}

/** The numbers of a result written as a constructor call (`Time(9, 5, 30)`, `datetime.date(2024, 1, 5)`): null for any other repr. */
function callNumbers(repr: string): string[] | null {
  const m = /^[A-Za-z_][\w.]*\((.*)\)$/s.exec(repr);
  return m ? (m[1]?.match(/\d+/g) ?? []) : null;
}

/**
 * Results of one type, each written with the numbers of the string given, in the order written
 * (`'09:05:30'` → `Time(9, 5, 30)`): a parser's results. A number matches one written with other
 * leading or trailing zeros (`'.250'` read as 250000 microseconds); numbers written after the last
 * one shown are all zero (`'14:30:00'` → `Time(14, 30)`). The name the results are written with, or null.
 */
function numbersRead(given: Given[]): string | null {
  const digits = (d: string): string => d.replace(/^0+/, '').replace(/0+$/, '');
  // The name the repr is written with (`Time`, not `tomlkit.items.Time`): what the reader sees.
  const types = new Set(given.map((g) => /^[^(]*/.exec(g.o.record.result.value?.repr ?? '')?.[0]));
  const [type] = types;
  const fits = (g: Given): boolean => {
    const shown = callNumbers(g.o.record.result.value?.repr ?? '');
    const written = g.arg.k === 'str' ? (g.arg.v.match(/\d+/g) ?? []) : null;
    if (!shown || !written || shown.length === 0 || shown.length > written.length) return false;
    return shown.every((n, k) => digits(n) === digits(written[k] ?? '')) && written.slice(shown.length).every((d) => digits(d) === '');
  };
  return types.size === 1 && type && given.every(fits) && given.some((g) => (callNumbers(g.o.record.result.value?.repr ?? '')?.length ?? 0) >= 2) ? type : null;
}

/** What every result was made of from the one argument given, as words after "it returned", or null. */
export function madeOf(returned: Observation[], positions: Position[]): { text: string; support: number[] } | null {
  const given = oneArgument(returned, positions);
  const [first] = given ?? [];
  if (!given || !first) return null;
  const name = `\`${itemAt(positions, first.at).name}\``;
  const support = given.map((g) => g.o.record.index);
  if (piecesOf(given)) {
    const empty = given.filter((g) => (g.out?.t === 'list' || g.out?.t === 'tuple') && g.out.v.length === 0).length;
    const kind = first.out?.t === 'tuple' ? 'a tuple' : 'a list';
    return { text: `${kind} of pieces of ${name}${empty ? ` (empty in ${empty} of ${given.length})` : ''}`, support };
  }
  const bytes = bytesOfInt(given);
  if (bytes) return { text: `${name} as ${bytes.length} bytes, ${bytes.order}-endian`, support };
  if (writtenAsSource(given)) return { text: `${name} written as Python source (as repr() writes it)`, support };
  const read = numbersRead(given);
  if (read) return { text: `${read}(…) of the numbers written in ${name}, in order`, support };
  return null;
}
