// Where no relation of the catalogue says what a function computes, the size of what it returned
// beside the size of what it was given still teaches something a type does not: "a str one
// character longer than `s`", "a list no longer than `items`", "a tuple of 3 items". Worded as
// what the calls that returned showed, never as a rule; three such calls at least, and for a
// comparison with an argument, arguments of two sizes at least (one size says nothing of "as long as").
import type { TaggedValue } from '../core/probe-types.js';
import type { Observation, Position } from './inputs.js';
import type { PyValue } from './values.js';

/** Fewest calls that returned a sized result before their sizes are told. */
const FEWEST = 3;

type Unit = 'character' | 'byte' | 'item';

interface Size {
  n: number;
  unit: Unit;
}

function resultSize(t: TaggedValue | undefined): Size | null {
  if (!t) return null;
  if (t.t === 'str') return { n: [...t.v].length, unit: 'character' };
  if (t.t === 'bytes') return { n: t.v.length / 2, unit: 'byte' };
  if (t.t === 'list' || t.t === 'tuple' || t.t === 'set' || t.t === 'frozenset' || t.t === 'dict') return { n: t.v.length, unit: 'item' };
  return null;
}

function argumentSize(v: PyValue | undefined): Size | null {
  if (!v) return null;
  if (v.k === 'str') return { n: [...v.v].length, unit: 'character' };
  if (v.k === 'bytes') return { n: v.hex.length / 2, unit: 'byte' };
  if (v.k === 'list' || v.k === 'tuple' || v.k === 'set' || v.k === 'frozenset') return { n: v.items.length, unit: 'item' };
  if (v.k === 'dict') return { n: v.entries.length, unit: 'item' };
  return null;
}

const count = (n: number, unit: Unit): string => `${n === 1 ? 'one' : n} ${unit}${n === 1 ? '' : 's'}`;

/** How every result's size stood to the argument's, in words, or null when it varied both ways. */
function against(diffs: number[], unit: Unit, name: string): string | null {
  const [first] = diffs;
  if (first === undefined) return null;
  if (diffs.every((d) => d === first)) {
    if (first === 0) return `as long as \`${name}\``;
    return `${count(Math.abs(first), unit)} ${first > 0 ? 'longer' : 'shorter'} than \`${name}\``;
  }
  if (diffs.every((d) => d > 0)) return `longer than \`${name}\``;
  if (diffs.every((d) => d < 0)) return `shorter than \`${name}\``;
  if (diffs.every((d) => d >= 0)) return `never shorter than \`${name}\``;
  if (diffs.every((d) => d <= 0)) return `never longer than \`${name}\``;
  return null;
}

/**
 * The size of what the calls that returned gave, against an argument's size when every one of
 * them gave that argument one of the same unit ("one character longer than `s`"), else when every
 * result had one size ("of 3 items"), as words to follow the result's type; null when neither.
 */
export function seenSizes(observations: Observation[], positions: Position[]): { text: string; support: number[] } | null {
  const own = observations.filter((o) => o.record.result.status === 'returned' && o.purpose !== 'repeat' && o.purpose !== 'reapply');
  const sized = own.flatMap((o) => {
    const size = resultSize(o.record.result.value?.data);
    return size ? [{ o, size }] : [];
  });
  if (sized.length < FEWEST || sized.length < own.length) return null;
  const support = sized.map(({ o }) => o.record.index);
  const [{ size: one }] = sized as [(typeof sized)[number]];
  if (sized.some(({ size }) => size.unit !== one.unit)) return null;
  for (const [i, p] of positions.entries()) {
    if (p.role !== 'positional' && p.role !== 'keyword') continue;
    const pairs = sized.map(({ o, size }) => ({ size, given: argumentSize(o.input[i]?.value) }));
    if (!pairs.every((x) => x.given?.unit === one.unit)) continue;
    if (new Set(pairs.map((x) => x.given?.n)).size < 2) continue;
    const words = against(
      pairs.map((x) => x.size.n - (x.given?.n ?? 0)),
      one.unit,
      p.name,
    );
    if (words) return { text: words, support };
  }
  // Sizes of one item and fewer say little; a fixed size of two or more is a shape.
  if (one.n >= 2 && sized.every(({ size }) => size.n === one.n)) return { text: `of ${count(one.n, one.unit)}`, support };
  return null;
}
