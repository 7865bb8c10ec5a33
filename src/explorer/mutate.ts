// Small changes to an input that keep its shape: the coverage-guided phase mutates inputs that
// reached new code, hoping the neighbourhood holds more.
import { itemAt } from '../core/item-at.js';
import { isScratchFile } from './scratch-files.js';
import type { Rng } from './random.js';
import type { PyValue } from './values.js';
import { bytesOf, date, datetimeOf, float, int, str } from './values.js';
import { CALLABLES } from './type-classes.js';

const EXTRA_CHARS = ['a', 'Z', ' ', '-', '!', '1', 'é', '_', '.', 'x'];
// Mutants stay small: a probe's input should be readable in the I/O table.
const MAX_STR_CHARS = 64;
const MAX_ITEMS = 24;

export function mutateValue(v: PyValue, rng: Rng): PyValue {
  switch (v.k) {
    case 'none':
      return v;
    case 'bool':
      return { k: 'bool', v: !v.v };
    case 'int':
      return int(mutateInt(v.v, rng));
    case 'float':
      return float(mutateFloat(v.v, rng));
    case 'str':
      return str([...mutateString(v.v, rng)].slice(0, MAX_STR_CHARS).join(''));
    case 'list':
    case 'tuple':
    case 'set':
    case 'frozenset': {
      const items = mutateItems(v.items, rng).slice(0, MAX_ITEMS);
      return { k: v.k, items: v.k === 'set' || v.k === 'frozenset' ? uniqueBySource(items) : items };
    }
    case 'dict':
      return mutateDict(v, rng);
    case 'bytes': {
      // As text, one byte a character: the string mutations, kept to bytes.
      const text = v.hex.replace(/../g, (h) => String.fromCharCode(parseInt(h, 16)));
      return bytesOf([...mutateString(text, rng)].slice(0, MAX_STR_CHARS).join(''));
    }
    case 'date':
      return shiftDate(v, rng.pick([1, -1, 7, -7, 30, 365]));
    case 'call':
      if (v.callee === 'datetime.datetime') return shiftMoment(v.args, rng);
      // A sample file (sample_file) is what its name's ending says: nothing of it varies.
      if (v.callee === 'sample_file') return v;
      if (isScratchFile(v)) return { ...v, args: v.args.map((a, i) => (i === 1 ? mutateValue(a, rng) : a)) };
      // A match (re.match(pattern, text)): the text varies, the pattern stays one that compiles.
      if (v.callee.startsWith('re.')) return { ...v, args: v.args.map((a, i) => (i === 1 ? mutateValue(a, rng) : a)) };
      return v.args.length === 0 ? v : { ...v, args: v.args.map((a, i) => (i === rng.below(v.args.length) ? mutateValue(a, rng) : a)) };
    case 'fn':
      return rng.pick(CALLABLES);
  }
}

// Growth is capped: a function that loops up to its argument would otherwise spend the
// budget on timeouts.
const INT_GROWTH_LIMIT = 1_000_000n;

function mutateInt(n: bigint, rng: Rng): bigint {
  switch (rng.below(6)) {
    case 0:
      return n + 1n;
    case 1:
      return n - 1n;
    case 2:
      return -n;
    case 3:
      return n < INT_GROWTH_LIMIT && n > -INT_GROWTH_LIMIT ? n * 10n : n / 10n;
    case 4:
      return n / 2n;
    default:
      return BigInt(rng.below(41) - 20);
  }
}

function mutateFloat(x: number, rng: Rng): number {
  if (!Number.isFinite(x)) return rng.pick([0.5, -2.5, 1.0]);
  switch (rng.below(6)) {
    case 0:
      return x + 0.5;
    case 1:
      return x - 1;
    case 2:
      return -x;
    case 3:
      return x * 10;
    case 4:
      return x / 2;
    default:
      return Math.round(x) + 0.5;
  }
}

function mutateString(s: string, rng: Rng): string {
  const chars = [...s];
  const at = rng.below(chars.length + 1);
  switch (rng.below(8)) {
    case 0:
      chars.splice(at, 0, rng.pick(EXTRA_CHARS));
      return chars.join('');
    case 1:
      if (chars.length) chars.splice(Math.min(at, chars.length - 1), 1);
      return chars.join('');
    case 2:
      return s === s.toUpperCase() ? s.toLowerCase() : s.toUpperCase();
    case 3:
      return s.length < 40 ? s + s : s.slice(0, s.length / 2);
    case 4:
      return chars.reverse().join('');
    case 5:
      return s + [...s].reverse().join(''); // a palindrome
    case 6:
      return ` ${s} `;
    default:
      return s.slice(0, at);
  }
}

function mutateItems(items: PyValue[], rng: Rng): PyValue[] {
  const out = [...items];
  const at = rng.below(out.length + 1);
  switch (out.length === 0 ? 0 : rng.below(8)) {
    case 0: {
      const model = out.length ? rng.pick(out) : int(rng.below(10));
      out.splice(at, 0, mutateValue(model, rng));
      return out;
    }
    case 1:
      out.splice(Math.min(at, out.length - 1), 1);
      return out;
    case 2:
      return out.reverse();
    case 3:
      return sortValues(out);
    case 4:
      out.splice(at, 0, itemAt(out, Math.min(at, out.length - 1))); // a duplicate
      return out;
    case 5: {
      const i = Math.min(at, out.length - 1);
      out[i] = mutateValue(itemAt(out, i), rng);
      return out;
    }
    case 6:
      return [...out, ...out];
    default: {
      const i = Math.min(at, out.length - 1);
      out[i] = { k: 'list', items: [itemAt(out, i)] }; // one level deeper
      return out;
    }
  }
}

function mutateDict(v: Extract<PyValue, { k: 'dict' }>, rng: Rng): PyValue {
  const entries = [...v.entries];
  if (entries.length && rng.chance(0.4)) {
    entries.splice(rng.below(entries.length), 1);
  } else {
    const key = str(`k${entries.length}`);
    const model = entries.length ? rng.pick(entries)[1] : int(1);
    entries.push([key, mutateValue(model, rng)]);
  }
  return { k: 'dict', entries };
}

function uniqueBySource(items: PyValue[]): PyValue[] {
  const seen = new Set<string>();
  return items.filter((x) => {
    const key = JSON.stringify(x, (_k, val: unknown) => (typeof val === 'bigint' ? val.toString() : val));
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Numbers and strings in ascending order; anything else is left as it is. */
function sortValues(items: PyValue[]): PyValue[] {
  const cmp = <T>(a: T, b: T): number => (a < b ? -1 : a > b ? 1 : 0);
  if (items.every((x) => x.k === 'int')) return [...items].sort((a, b) => cmp((a as { v: bigint }).v, (b as { v: bigint }).v));
  if (items.every((x) => x.k === 'int' || x.k === 'float'))
    return [...items].sort((a, b) => cmp(Number((a as { v: number }).v), Number((b as { v: number }).v)));
  if (items.every((x) => x.k === 'str')) return [...items].sort((a, b) => cmp((a as { v: string }).v, (b as { v: string }).v));
  return items;
}

export function sortedCopy(v: PyValue): PyValue {
  return v.k === 'list' || v.k === 'tuple' ? { k: v.k, items: sortValues(v.items) } : v;
}

/** A datetime moved by whole days, an hour or a quarter of an hour: its parts stay in their ranges (the worker would refuse a minute of 61). */
function shiftMoment(args: PyValue[], rng: Rng): PyValue {
  const n = args.map((a) => (a.k === 'int' ? Number(a.v) : 0));
  const [y = 2024, m = 1, d = 1, h = 0, mi = 0, ...rest] = n;
  const day = shiftDate({ k: 'date', y, m, d }, rng.pick([1, -1, 7, 365])) as Extract<PyValue, { k: 'date' }>;
  const which = rng.below(3);
  const parts = which === 0 ? [day.y, day.m, day.d, h, mi] : which === 1 ? [y, m, d, (h + 1) % 24, mi] : [y, m, d, h, (mi + 15) % 60];
  return datetimeOf(...parts, ...rest);
}

function shiftDate(v: Extract<PyValue, { k: 'date' }>, days: number): PyValue {
  if (v.y < 100) return v; // Date.UTC reads years 0-99 as 1900-1999
  const t = new Date(Date.UTC(v.y, v.m - 1, v.d + days));
  const y = t.getUTCFullYear();
  if (y < 1 || y > 9999) return v;
  return date(y, t.getUTCMonth() + 1, t.getUTCDate());
}
