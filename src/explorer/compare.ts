// Type-aware equality and ordering of tagged values, the way Python would see them where it
// matters here: tuple ≠ list, NaN equals NaN (same outcome twice), sets and dicts ignore order.
import type { ProbeResult, TaggedValue } from '../core/probe-types.js';
import { parsePyFloat, valuesEqual } from '../core/values.js';
import { withoutAddresses } from '../core/address-repr.js';
import { codePoints } from './values.js';

/** One equality for the explorer and the comparison: tuple ≠ list, floats within tolerance, NaN == NaN. */
export const taggedEqual = valuesEqual;

/** Whether `x` is equal to some element of `pool`. Numbers compare by value (1 == 1.0), like `in`. */
export function taggedIn(x: TaggedValue, pool: TaggedValue[]): boolean {
  const n = numericValue(x);
  return pool.some((y) => {
    if (n !== null) {
      const m = numericValue(y);
      if (m !== null) return n === m;
    }
    return taggedEqual(x, y);
  });
}

/** The number a tagged int or float stands for (not bool: it is rarely meant as a number). */
export function numericValue(t: TaggedValue): number | null {
  if (t.t === 'int') return Number(t.v);
  if (t.t === 'float') {
    const v = parsePyFloat(t.v);
    return Number.isNaN(v) ? null : v;
  }
  return null;
}

function compareCodePoints(a: string, b: string): number {
  const ai = codePoints(a);
  const bi = codePoints(b);
  for (const [i, x] of ai.entries()) {
    const y = bi[i];
    if (y === undefined) break;
    if (x !== y) return x < y ? -1 : 1;
  }
  return ai.length === bi.length ? 0 : ai.length < bi.length ? -1 : 1;
}

/**
 * Python's `<` between two values, as -1/0/1, or null when Python would refuse to compare them
 * (mixed kinds, dicts, None…). Ints compare exactly even when huge.
 */
export function taggedCompare(a: TaggedValue, b: TaggedValue): number | null {
  if (a.t === 'int' && b.t === 'int') {
    const x = BigInt(a.v);
    const y = BigInt(b.v);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const x = numericValue(a);
  const y = numericValue(b);
  if (x !== null && y !== null) return x < y ? -1 : x > y ? 1 : 0;
  if (a.t === 'str' && b.t === 'str') return compareCodePoints(a.v, b.v);
  if ((a.t === 'list' && b.t === 'list') || (a.t === 'tuple' && b.t === 'tuple')) {
    for (const [i, x] of a.v.entries()) {
      const y = b.v[i];
      if (y === undefined) break;
      const c = taggedCompare(x, y);
      if (c === null) return null;
      if (c !== 0) return c;
    }
    return a.v.length === b.v.length ? 0 : a.v.length < b.v.length ? -1 : 1;
  }
  return null;
}

/** 'asc' when non-decreasing, 'desc' when non-increasing, 'both' when all equal, null otherwise or not comparable. */
export function orderOf(items: TaggedValue[]): 'asc' | 'desc' | 'both' | null {
  let asc = true;
  let desc = true;
  for (const [i, item] of items.entries()) {
    const previous = items[i - 1];
    if (previous === undefined) continue;
    const c = taggedCompare(previous, item);
    if (c === null) return null;
    if (c > 0) asc = false;
    if (c < 0) desc = false;
  }
  if (asc && desc) return 'both';
  return asc ? 'asc' : desc ? 'desc' : null;
}

/** Items of a list or tuple, or null. */
export function sequenceItems(t: TaggedValue): TaggedValue[] | null {
  if (t.t === 'list' || t.t === 'tuple') return t.v;
  return null;
}

/** Length of a sized tagged value, or null. */
export function sizeOf(t: TaggedValue): number | null {
  switch (t.t) {
    case 'str':
      return [...t.v].length;
    case 'list':
    case 'tuple':
    case 'set':
    case 'frozenset':
    case 'dict':
      return t.v.length;
    default:
      return null;
  }
}

/**
 * Two outcomes are the same when both returned equal values (tagged data when there is some,
 * else type and repr, plus generator items), or both raised the same exception type and message.
 */
export function sameOutcome(a: ProbeResult, b: ProbeResult): boolean {
  if (a.status !== b.status) return false;
  if (a.status === 'returned') {
    const va = a.value;
    const vb = b.value;
    if (!va || !vb) return va === vb;
    if (va.type !== vb.type) return false;
    if (va.data && vb.data) return taggedEqual(va.data, vb.data);
    if (va.iteration || vb.iteration) {
      return JSON.stringify(va.iteration ?? null) === JSON.stringify(vb.iteration ?? null);
    }
    return va.repr === vb.repr;
  }
  if (a.status === 'raised') return a.exception?.type === b.exception?.type && a.exception?.message === b.exception?.message;
  return true;
}

/**
 * Same return (or exception) and the same changes to the arguments. A change is shown by the
 * object's repr, whose memory address (`<gzip _io.BufferedWriter name='abc' 0x7ff6…>`) differs
 * between processes, not between runs of the function: it is left out.
 */
export function sameEffect(a: ProbeResult, b: ProbeResult): boolean {
  return sameOutcome(a, b) && withoutAddresses(JSON.stringify(a.mutations)) === withoutAddresses(JSON.stringify(b.mutations));
}
