// Arguments that name each other's parts: `subdict(d, keep, drop)` keeps the keys of `d` listed
// in `keep`, so a `keep` none of whose items is a key of `d` changes nothing a call can show.
// After a call that returned with a dict argument and a list, tuple or set argument that holds
// none of the dict's keys, the same call with that argument holding the dict's first key; with
// two such arguments, also the first holding every key and the second the last one.
import type { Input } from './inputs.js';
import { withSlot } from './properties.js';
import type { PyValue } from './values.js';
import { toSource } from './values.js';

type Container = Extract<PyValue, { k: 'list' | 'tuple' | 'set' | 'frozenset' }>;

function isContainer(v: PyValue | undefined): v is Container {
  return v?.k === 'list' || v?.k === 'tuple' || v?.k === 'set' || v?.k === 'frozenset';
}

/**
 * Calls of `input` whose container arguments (not `skip`, the receiver) hold keys of its first dict
 * argument, with what each is for; none when no dict has keys or every container holds one already.
 */
export function withSharedKeys(input: Input, names: string[], skip = -1): { input: Input; note: string }[] {
  const at = input.findIndex((s, i) => i !== skip && s.value?.k === 'dict' && s.value.entries.length > 0);
  const dict = input[at]?.value;
  if (!dict || dict.k !== 'dict') return [];
  const keys = dict.entries.map(([k]) => k);
  const sources = new Set(keys.map(toSource));
  const containers = input.map((s, i) => (i !== skip && i !== at && isContainer(s.value) ? i : -1)).filter((i) => i >= 0);
  const holdsNone = containers.filter((i) => {
    const v = input[i]?.value;
    return isContainer(v) && !v.items.some((x) => sources.has(toSource(x)));
  });
  if (holdsNone.length === 0) return [];
  // The container at `i` of `from` with other items (its kind and class kept).
  const holding = (i: number, items: PyValue[], from = input): Input => {
    const v = from[i]?.value;
    return isContainer(v) ? withSlot(from, i, { ...v, items }) : from;
  };
  const [first] = keys;
  const last = keys[keys.length - 1];
  if (first === undefined || last === undefined) return [];
  const name = (i: number): string => names[i] ?? `argument ${i + 1}`;
  const out = holdsNone.map((i) => ({ input: holding(i, [first]), note: `${name(i)} holding a key of ${name(at)}: ${toSource(first)}` }));
  if (containers.length >= 2 && keys.length >= 2) {
    const [a, b] = containers as [number, number];
    const both = holding(a, keys, holding(b, [last]));
    out.push({ input: both, note: `${name(a)} holding every key of ${name(at)}, ${name(b)} the last` });
  }
  return out;
}
