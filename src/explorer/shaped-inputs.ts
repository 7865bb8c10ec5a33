// Arguments of the shape an error says the function reads, in place of the one refused:
// - "not enough values to unpack (expected 2, got 1)" from `for name, value in params`: a list
//   whose items ARE pairs (of words for a text argument, whose items were characters);
// - "<lambda>() takes 1 positional argument but 2 were given": a callable of two arguments
//   (a reducer, a binary operation) where the one-argument callable was;
// - "'>' not supported between instances of 'str' and 'int'" from a predicate `lambda x: x > 0`
//   applied to str keys: the predicate comparing with a value of the items' type;
// - "'int' object is not callable" at a parameter named like a line reader (`readline`): the
//   bound `readline` of a text in memory.
import type { PyValue } from './values.js';
import { int, ints, list, strs, toSource, tuple } from './values.js';

const fn = (src: string): PyValue => ({ k: 'fn', src });

const UNPACK = /(?:not enough|too many) values to unpack \(expected (\d+)(?:, got \d+)?\)|cannot unpack non-iterable \w+ object/;
/** A callable given more arguments than it takes: how many it takes and got (a lambda of the argument grammar says neither: two, most often). */
const ARITY = /\btakes (\d+|exactly one) (?:positional )?arguments? (?:but (\d+) (?:was|were) given|\((\d+) given\))|^too many positional arguments$/;
const ORDER = /'([<>]=?)' not supported between instances of '(\w+)' and '(\w+)'/;
const NOT_CALLABLE = /'\w+' object is not callable/;
/** Parameters that are a function giving one line per call (tokenize's `readline`). */
export const LINE_READER = /^(readline|readlines|getline|next_?line|line_?reader|read_?line)$/;
/** A one-line predicate comparing its argument with a literal: `lambda x: x > 0`. */
const COMPARING = /^lambda (\w+): \1 ([<>]=?) (.+)$/;

/** Words for the members of a tuple of n: ('name', 'value'), ('charset', 'utf-8'). */
const WORDS = [strs('name', 'value', 'a', 'b', 'c', 'd', 'e', 'f'), strs('charset', 'utf-8', 'x', 'y', 'z', 'u', 'v', 'w')];

/**
 * Pairs of ints as ranges are most often written: two that overlap and one apart, then one
 * reversed, so that merging, ordering and a check of start against end each show.
 */
export const INT_PAIRS: PyValue[] = [list([tuple(ints(1, 3)), tuple(ints(2, 5)), tuple(ints(8, 10))]), list([tuple(ints(5, 1))])];

/** Lists of two n-tuples: of words, then of ints. */
function listsOfTuples(n: number): PyValue[] {
  if (!(n >= 2 && n <= 8)) return [];
  const words = list(WORDS.map((w) => tuple(w.slice(0, n))));
  if (n === 2) return [words, ...INT_PAIRS];
  const numbers = list([1, 10].map((start) => tuple(Array.from({ length: n }, (_, k) => int(start + k)))));
  return [words, numbers];
}

/** A callable of n arguments that combines them (a sum, the first for non-numbers too: max). */
function callableOf(n: number): PyValue[] {
  if (n === 2) return [fn('lambda a, b: a + b'), fn('max')];
  if (!(n >= 3 && n <= 5)) return [];
  const names = 'abcde'.slice(0, n).split('');
  return [fn(`lambda ${names.join(', ')}: ${names.join(' + ')}`)];
}

/** A literal of the Python type a comparison message names, for a predicate: one that splits small values. */
const OF_TYPE: Record<string, string> = { int: '1', float: '0.5', str: "'b'" };

/** The readline of a small program in memory (tokenize), then of bytes (tokenize.tokenize). */
export const LINE_READERS: PyValue[] = [
  fn("(lambda f: f.readline)(io.StringIO('x = 1\\nprint(x)\\n'))"),
  fn("(lambda f: f.readline)(io.BytesIO(b'x = 1\\nprint(x)\\n'))"),
];

/**
 * Values to try at a position given `value`, whose parameter is `name`, after a call raised
 * `message`, with what each is for; empty when the message asks for no other shape.
 */
export function shapedFor(message: string, value: PyValue, name: string): { value: PyValue; note: string }[] {
  const out: { value: PyValue; note: string }[] = [];
  const unpack = UNPACK.exec(message);
  if (unpack && (value.k === 'str' || value.k === 'list' || value.k === 'tuple')) {
    for (const v of listsOfTuples(Number(unpack[1] ?? 2))) out.push({ value: v, note: `items that unpack: ${toSource(v)}` });
  }
  const arity = ARITY.exec(message);
  const takes = arity?.[1] === undefined ? 1 : arity[1] === 'exactly one' ? 1 : Number(arity[1]);
  const given = Number(arity?.[2] ?? arity?.[3] ?? 2);
  if (arity && value.k === 'fn' && given > takes) {
    for (const v of callableOf(given)) out.push({ value: v, note: `a callable of ${given} arguments` });
  }
  const order = ORDER.exec(message);
  const comparing = value.k === 'fn' ? COMPARING.exec(value.src) : null;
  if (order && comparing) {
    // The message names the items' type on one side and the literal's on the other.
    const own = literalType(comparing[3] ?? '');
    const other = [order[2], order[3]].find((t) => t !== own);
    const wanted = other === undefined ? undefined : OF_TYPE[other];
    if (wanted) out.push({ value: fn(`lambda ${comparing[1]}: ${comparing[1]} ${comparing[2]} ${wanted}`), note: `a predicate comparing with ${wanted}` });
  }
  if (NOT_CALLABLE.test(message) && value.k !== 'fn' && LINE_READER.test(name.toLowerCase())) {
    for (const v of LINE_READERS) out.push({ value: v, note: 'the readline of a text in memory' });
  }
  return out;
}

/** The Python type of a literal as written in a predicate: int, float or str. */
function literalType(src: string): string {
  if (/^-?\d+$/.test(src)) return 'int';
  if (/^-?\d*\.\d+$/.test(src)) return 'float';
  return /^['"]/.test(src) ? 'str' : 'other';
}
