// Python values as the explorer builds them: plain data it can render as argument source,
// read back from a result's tagged data, compare, order and mutate. Only the subset of the
// worker's safe argument grammar that the explorer itself writes.
import type { TaggedValue } from '../core/probe-types.js';
import { pyStrRepr } from '../core/python-string.js';
import { parsePyFloat } from '../core/values.js';

export type PyValue =
  | { k: 'none' }
  | { k: 'bool'; v: boolean }
  | { k: 'int'; v: bigint }
  | { k: 'float'; v: number }
  | { k: 'str'; v: string }
  /** Bytes as lowercase hex, as tagged data carries them. */
  | { k: 'bytes'; hex: string }
  | { k: 'list' | 'tuple' | 'set' | 'frozenset'; items: PyValue[] }
  | { k: 'dict'; entries: [PyValue, PyValue][] }
  | { k: 'date'; y: number; m: number; d: number }
  /** A constructor call by name, e.g. `BankAccount(100)`: instances of the target module's classes. */
  | { k: 'call'; callee: string; args: PyValue[] }
  /** A callable written as source the worker's grammar accepts: `len`, `str.upper`, `lambda x: x * 2`. */
  | { k: 'fn'; src: string };

export const none: PyValue = { k: 'none' };
export const int = (v: number | bigint): PyValue => ({ k: 'int', v: BigInt(v) });
export const float = (v: number): PyValue => ({ k: 'float', v });
export const str = (v: string): PyValue => ({ k: 'str', v });
/** The code points of a text, in order (each character a string's iteration gives has one at 0). */
export const codePoints = (text: string): number[] => Array.from(text, (c) => c.codePointAt(0) ?? 0);
/** Bytes of an ASCII text (each character one byte; others are written as \\xNN by toSource). */
export const bytesOf = (text: string): PyValue => ({
  k: 'bytes',
  hex: codePoints(text)
    .map((c) => (c & 0xff).toString(16).padStart(2, '0'))
    .join(''),
});
export const bool = (v: boolean): PyValue => ({ k: 'bool', v });
export const list = (items: PyValue[]): PyValue => ({ k: 'list', items });
export const tuple = (items: PyValue[]): PyValue => ({ k: 'tuple', items });
export const date = (y: number, m: number, d: number): PyValue => ({ k: 'date', y, m, d });
export const ints = (...vs: number[]): PyValue[] => vs.map(int);
/** A datetime.datetime of these parts (year, month, day, hour, minute…), as the argument grammar builds one. */
export const datetimeOf = (...parts: number[]): PyValue => ({ k: 'call', callee: 'datetime.datetime', args: ints(...parts) });
export const strs = (...vs: string[]): PyValue[] => vs.map(str);

/** Python's repr of bytes given as hex: printable ASCII as itself, the rest as escapes. */
export function pyBytesRepr(hex: string): string {
  let out = "b'";
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const b = parseInt(hex.slice(i, i + 2), 16);
    if (b === 0x5c) out += '\\\\';
    else if (b === 0x27) out += "\\'";
    else if (b === 0x0a) out += '\\n';
    else if (b === 0x0d) out += '\\r';
    else if (b === 0x09) out += '\\t';
    else if (b >= 0x20 && b < 0x7f) out += String.fromCharCode(b);
    else out += `\\x${hex.slice(i, i + 2)}`;
  }
  return out + "'";
}

/** Python's repr of a float, or the `float('nan')` form the grammar accepts for non-finite ones. */
export function pyFloatRepr(v: number): string {
  if (Number.isNaN(v)) return "float('nan')";
  if (!Number.isFinite(v)) return v > 0 ? "float('inf')" : "float('-inf')";
  if (Object.is(v, -0)) return '-0.0';
  if (Number.isInteger(v) && Math.abs(v) < 1e16) return `${v.toFixed(0)}.0`;
  return String(v);
}

/** Argument source for a value. */
export function toSource(v: PyValue): string {
  switch (v.k) {
    case 'none':
      return 'None';
    case 'bool':
      return v.v ? 'True' : 'False';
    case 'int':
      return v.v.toString();
    case 'float':
      return pyFloatRepr(v.v);
    case 'str':
      return pyStrRepr(v.v);
    case 'bytes':
      return pyBytesRepr(v.hex);
    case 'list':
      return `[${v.items.map(toSource).join(', ')}]`;
    case 'tuple':
      return v.items.length === 1 ? `(${v.items.map(toSource).join('')},)` : `(${v.items.map(toSource).join(', ')})`;
    case 'set':
      return v.items.length === 0 ? 'set()' : `{${v.items.map(toSource).join(', ')}}`;
    case 'frozenset':
      return v.items.length === 0 ? 'frozenset()' : `frozenset({${v.items.map(toSource).join(', ')}})`;
    case 'dict':
      return `{${v.entries.map(([a, b]) => `${toSource(a)}: ${toSource(b)}`).join(', ')}}`;
    case 'date':
      return `datetime.date(${v.y}, ${v.m}, ${v.d})`;
    case 'call':
      return `${v.callee}(${v.args.map(toSource).join(', ')})`;
    case 'fn':
      return v.src;
  }
}

/** The value a result's tagged data stands for, when the explorer can write it back as source. */
export function fromTagged(t: TaggedValue): PyValue | null {
  switch (t.t) {
    case 'none':
      return none;
    case 'bool':
      return bool(t.v);
    case 'int':
      return /^-?\d+$/.test(t.v) ? int(BigInt(t.v)) : null;
    case 'float':
      return float(parsePyFloat(t.v));
    case 'str':
      return str(t.v);
    case 'bytes':
      return /^(?:[0-9a-f]{2})*$/.test(t.v) ? { k: 'bytes', hex: t.v } : null;
    case 'list':
    case 'tuple':
    case 'set':
    case 'frozenset': {
      const items = t.v.map(fromTagged);
      return items.every((x): x is PyValue => x !== null) ? { k: t.t, items } : null;
    }
    case 'dict': {
      const entries: [PyValue, PyValue][] = [];
      for (const [a, b] of t.v) {
        const ka = fromTagged(a);
        const vb = fromTagged(b);
        if (!ka || !vb) return null;
        entries.push([ka, vb]);
      }
      return { k: 'dict', entries };
    }
    case 'other': {
      const m = /^datetime\.date\((\d+), (\d+), (\d+)\)$/.exec(t.repr);
      return m ? date(Number(m[1]), Number(m[2]), Number(m[3])) : null;
    }
    default:
      return null;
  }
}

/** The tagged form of a value the explorer wrote, to compare inputs with outputs. Calls have none. */
export function toTagged(v: PyValue): TaggedValue {
  switch (v.k) {
    case 'none':
      return { t: 'none' };
    case 'bool':
      return { t: 'bool', v: v.v };
    case 'int':
      return { t: 'int', v: v.v.toString() };
    case 'float':
      return { t: 'float', v: String(v.v) };
    case 'str':
      return { t: 'str', v: v.v };
    case 'bytes':
      return { t: 'bytes', v: v.hex };
    case 'list':
    case 'tuple':
    case 'set':
    case 'frozenset':
      return { t: v.k, v: v.items.map(toTagged) };
    case 'dict':
      return { t: 'dict', v: v.entries.map(([a, b]) => [toTagged(a), toTagged(b)] as [TaggedValue, TaggedValue]) };
    case 'date':
      return { t: 'other', type: 'datetime.date', repr: toSource(v) };
    case 'call':
      return { t: 'other', type: v.callee, repr: toSource(v) };
    case 'fn':
      return { t: 'other', type: 'function', repr: v.src };
  }
}

/** A few words for the kind of input, used to group exceptions: `negative int`, `empty list`… */
export function inputClass(v: PyValue | undefined): string {
  if (v === undefined) return 'default';
  switch (v.k) {
    case 'none':
      return 'None';
    case 'bool':
      return 'bool';
    case 'int':
      if (v.v === 0n) return 'zero int';
      if (v.v < 0n) return v.v <= -1_000_000n ? 'large negative int' : 'negative int';
      return v.v >= 1_000_000n ? 'large int' : 'positive int';
    case 'float':
      if (Number.isNaN(v.v)) return 'nan';
      if (!Number.isFinite(v.v)) return 'infinite float';
      if (v.v === 0) return 'zero float';
      return v.v < 0 ? 'negative float' : 'positive float';
    case 'str':
      if (v.v === '') return 'empty str';
      // eslint-disable-next-line no-control-regex
      return /[^\x00-\x7f]/.test(v.v) ? 'non-ASCII str' : 'str';
    case 'bytes':
      return v.hex === '' ? 'empty bytes' : 'bytes';
    case 'list':
    case 'tuple':
    case 'set':
    case 'frozenset':
      return v.items.length === 0 ? `empty ${v.k}` : `${v.k} of ${elementKinds(v.items)}`;
    case 'dict':
      return v.entries.length === 0 ? 'empty dict' : 'dict';
    case 'date':
      return 'date';
    case 'call':
      return `${v.callee} instance`;
    case 'fn':
      return 'callable';
  }
}

function elementKinds(items: PyValue[]): string {
  const kinds = [...new Set(items.map((x) => (x.k === 'list' || x.k === 'tuple' ? 'nested' : x.k === 'call' ? x.callee : x.k)))];
  if (kinds.includes('nested')) return 'nested lists';
  return kinds.length === 1 ? kinds.join('') : 'mixed types';
}

/** A class called by its name (`Stack([1, 2])`), not a receiver filled through its methods first (a lambda called on one). */
export function isConstructorCall(v: PyValue): v is Extract<PyValue, { k: 'call' }> {
  return v.k === 'call' && /^[\w.]+$/.test(v.callee);
}

/** Elements of a container value (characters of a str), or null for non-containers. */
export function elementsOf(v: PyValue): PyValue[] | null {
  switch (v.k) {
    case 'list':
    case 'tuple':
    case 'set':
    case 'frozenset':
      return v.items;
    case 'dict':
      return v.entries.map(([a]) => a);
    case 'str':
      return [...v.v].map(str);
    default:
      return null;
  }
}

export function isNumber(v: PyValue): v is { k: 'int'; v: bigint } | { k: 'float'; v: number } {
  return v.k === 'int' || v.k === 'float';
}
