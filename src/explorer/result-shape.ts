// A result of one fixed shape in every call: a dict with the same keys, each holding the same
// constant or the same argument every time (jmespath's filter_projection(left, right, comparator)
// is {'type': 'filter_projection', 'children': [left, right, comparator]}). What it computes is
// that shape; a reader learns it from one line.
import type { Observation, Position } from './inputs.js';
import { parseSource } from './parse.js';
import { fromTagged, toSource, type PyValue } from './values.js';

/** Fewer calls than this show no shape. */
const MIN_CALLS = 3;
/** A longer line is no summary. */
const MAX_TEXT = 120;

/** Each returned call's result and arguments (undefined: left out). */
interface Case {
  out: PyValue;
  args: (PyValue | undefined)[];
}

/** The source of what a part of every result is: a constant, an argument's name, or null (it varies otherwise). */
function partOf(values: PyValue[], cases: Case[], names: string[]): string | null {
  const [first] = values;
  if (!first) return null;
  const sources = values.map(toSource);
  const same = sources.every((s) => s === sources[0]);
  // An argument that was given each time and is what this part held; when the part never
  // changed, only an argument that changed shows it is the argument, not a constant.
  const given = names.findIndex(
    (name, i) =>
      name !== '' &&
      cases.every((c, k) => c.args[i] !== undefined && toSource(c.args[i]) === sources[k]) &&
      (!same || new Set(cases.map((c) => toSource(c.args[i] as PyValue))).size > 1),
  );
  if (given >= 0) return `\`${names[given] ?? ''}\``;
  if (same) return toSource(first);
  // A list or tuple of the same length each time: its items, one by one.
  if (values.every((v) => (v.k === 'list' || v.k === 'tuple') && v.k === first.k) && (first.k === 'list' || first.k === 'tuple')) {
    const n = first.items.length;
    const itemsOf = (v: PyValue): PyValue[] => (v.k === 'list' || v.k === 'tuple' ? v.items : []);
    if (!values.every((v) => itemsOf(v).length === n) || n === 0) return null;
    const items = first.items.map((_, j) =>
      partOf(
        values.map((v) => itemsOf(v)[j] as PyValue),
        cases,
        names,
      ),
    );
    if (items.some((x) => x === null)) return null;
    return first.k === 'list' ? `[${items.join(', ')}]` : `(${items.join(', ')}${n === 1 ? ',' : ''})`;
  }
  return null;
}

/**
 * "Returns {'type': 'filter_projection', 'children': [`left`, `right`, `comparator`]}." when every
 * call that returned gave a dict of the same keys in which each key holds one constant or one
 * argument (or a list of those), some key a constant and some an argument; null otherwise.
 */
export function fixedShape(observations: Observation[], positions: Position[]): { text: string; support: number[] } | null {
  const returned = observations.filter((o) => o.record.result.status === 'returned' && o.purpose !== 'repeat');
  const cases: Case[] = [];
  for (const o of returned) {
    // A result holding a value the worker gives no data for (a date among the children) is read
    // back from its repr, as a person would read it; a cut repr is not.
    const value = o.record.result.value;
    const out = value?.data ? fromTagged(value.data) : value && !value.truncated ? parseSource(value.repr) : null;
    if (!out || out.k !== 'dict') return null;
    cases.push({ out, args: o.input.map((s) => s.value) });
  }
  if (cases.length < MIN_CALLS) return null;
  const names = positions.map((p) => (p.role === 'receiver' ? '' : p.name));
  const keysOf = (v: PyValue): string[] => (v.k === 'dict' ? v.entries.map(([k]) => toSource(k)) : []);
  const [first] = cases;
  if (!first) return null;
  const keys = keysOf(first.out);
  if (keys.length === 0 || !cases.every((c) => keysOf(c.out).join('\u0000') === keys.join('\u0000'))) return null;
  const valueAt = (v: PyValue, j: number): PyValue => (v.k === 'dict' ? (v.entries[j]?.[1] as PyValue) : v);
  const parts = keys.map((k, j) => ({
    k,
    part: partOf(
      cases.map((c) => valueAt(c.out, j)),
      cases,
      names,
    ),
  }));
  if (parts.some((p) => p.part === null)) return null;
  const shown = parts.map((p) => p.part ?? '');
  // A constant beside what the arguments gave: a result that is all constant or all arguments is said elsewhere.
  if (!shown.some((p) => p.includes('`')) || shown.every((p) => p.includes('`'))) return null;
  const text = `Returns {${parts.map((p) => `${p.k}: ${p.part ?? ''}`).join(', ')}}.`;
  return text.length > MAX_TEXT ? null : { text, support: returned.map((o) => o.record.index) };
}
