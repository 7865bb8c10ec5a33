// Arguments that name each other's parts: `subdict(d, keep, drop)` keeps the keys of `d` listed
// in `keep`, so a `keep` none of whose items is a key of `d` changes nothing a call can show.
// After a call that returned with a dict argument and a list, tuple or set argument that holds
// none of the dict's keys, the same call with that argument holding the dict's first key; with
// two such arguments, also the first holding every key and the second the last one.
// A list of two or three keys is also a path: the dict is built nested along it (`get_in(keys, coll)`).
import type { Input } from './inputs.js';
import { withSlot } from './properties.js';
import type { PyValue } from './values.js';
import { int, toSource } from './values.js';

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
  const name = (i: number): string => names[i] ?? `argument ${i + 1}`;
  const paths = nestedAlong(input, at, containers, name);
  if (holdsNone.length === 0) return paths;
  // The container at `i` of `from` with other items (its kind and class kept).
  const holding = (i: number, items: PyValue[], from = input): Input => {
    const v = from[i]?.value;
    return isContainer(v) ? withSlot(from, i, { ...v, items }) : from;
  };
  const [first] = keys;
  const last = keys[keys.length - 1];
  if (first === undefined || last === undefined) return paths;
  const out = holdsNone.map((i) => ({ input: holding(i, [first]), note: `${name(i)} holding a key of ${name(at)}: ${toSource(first)}` }));
  if (containers.length >= 2 && keys.length >= 2) {
    const [a, b] = containers as [number, number];
    const both = holding(a, keys, holding(b, [last]));
    out.push({ input: both, note: `${name(a)} holding every key of ${name(at)}, ${name(b)} the last` });
  }
  return [...out, ...paths];
}

/**
 * A list or tuple of two or three keys is a path into nested dicts (`get_in(['a', 'b'], coll)`,
 * `assoc_in(d, keys, value)`): the call with the dict at `at` built along it, `{'a': {'b': v}}`, v
 * its first value, when it does not nest so already. Sets have no order, so they name no path.
 */
function nestedAlong(input: Input, at: number, containers: number[], name: (i: number) => string): { input: Input; note: string }[] {
  const dict = input[at]?.value;
  if (dict?.k !== 'dict') return [];
  const [entry] = dict.entries;
  return containers.flatMap((i) => {
    const v = input[i]?.value;
    if ((v?.k !== 'list' && v?.k !== 'tuple') || v.items.length < 2 || v.items.length > 3 || !v.items.every((x) => x.k === 'str' || x.k === 'int')) return [];
    if (holdsPath(dict, v.items)) return [];
    const leaf = entry && entry[1].k !== 'dict' ? entry[1] : int(1);
    const nested = v.items.reduceRight<PyValue>((inner, key) => ({ k: 'dict', entries: [[key, inner]] }), leaf);
    return [{ input: withSlot(input, at, nested), note: `${name(at)} nested along the keys of ${name(i)}: ${toSource(nested)}` }];
  });
}

/** Whether `v` is a dict nested along `keys`: each key found in the dict the last one led to. */
function holdsPath(v: PyValue, keys: PyValue[]): boolean {
  let at: PyValue | undefined = v;
  for (const key of keys) {
    if (at?.k !== 'dict') return false;
    at = at.entries.find(([k]) => toSource(k) === toSource(key))?.[1];
  }
  return at !== undefined;
}
