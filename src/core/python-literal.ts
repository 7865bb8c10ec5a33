// Python source for the values a probe observed, so a generated test can state them as
// literals: TaggedValue (core/probe-types.ts) → an expression that builds an equal value.
import type { TaggedValue } from './probe-types.js';
import { pyStrRepr } from './python-string.js';

// Numbers arrive as text from the worker, which the probed code can forge (a result it writes
// to the result pipe itself): only text of a number's own shape is written as it is.
const INT = /^-?\d+$/;
const FLOAT = /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function pyFloat(v: string): string | undefined {
  if (v === 'nan' || v === 'inf' || v === '-inf') return `float('${v}')`;
  return FLOAT.test(v) ? v : undefined;
}

// What the worker sends is untrusted: only text of the exact ISO shapes is written, and as a
// string literal, so nothing of it can become code.
const ISO: Record<'date' | 'datetime' | 'time', RegExp> = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  datetime: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{6})?([+-]\d{2}:\d{2}(:\d{2}(\.\d{6})?)?)?$/,
  time: /^\d{2}:\d{2}:\d{2}(\.\d{6})?([+-]\d{2}:\d{2}(:\d{2}(\.\d{6})?)?)?$/,
};

function temporalLiteral(value: Extract<TaggedValue, { t: 'temporal' }>): string | undefined {
  if (value.type === 'timedelta') {
    const parts = /^(-?\d{1,9}) (\d{1,5}) (\d{1,6})$/.exec(value.v);
    return parts ? `datetime.timedelta(days=${parts[1]}, seconds=${parts[2]}, microseconds=${parts[3]})` : undefined;
  }
  return ISO[value.type]?.test(value.v) ? `datetime.${value.type}.fromisoformat(${pyStrRepr(value.v)})` : undefined;
}

/** The expression, or undefined when the value is not plain data (then the test compares reprs). */
export function pyLiteral(value: TaggedValue): string | undefined {
  const all = (items: TaggedValue[]) => {
    const parts = items.map(pyLiteral);
    return parts.every((p) => p !== undefined) ? parts : undefined;
  };
  switch (value.t) {
    case 'none':
      return 'None';
    case 'bool':
      return value.v ? 'True' : 'False';
    case 'int':
      return INT.test(value.v) ? value.v : undefined;
    case 'float':
      return pyFloat(value.v);
    case 'complex':
      return `complex(${pyStrRepr(value.v)})`;
    case 'str':
      return pyStrRepr(value.v);
    case 'bytes':
      return `bytes.fromhex(${pyStrRepr(value.v)})`;
    case 'list': {
      const parts = all(value.v);
      return parts && `[${parts.join(', ')}]`;
    }
    case 'tuple': {
      const parts = all(value.v);
      return parts && (parts.length === 1 ? `(${parts[0]},)` : `(${parts.join(', ')})`);
    }
    case 'set':
    case 'frozenset': {
      const parts = all(value.v);
      return parts && `${value.t}([${parts.join(', ')}])`;
    }
    case 'dict': {
      const keys = all(value.v.map(([k]) => k));
      const values = all(value.v.map(([, v]) => v));
      return keys && values && `{${keys.map((k, i) => `${k}: ${values[i]}`).join(', ')}}`;
    }
    case 'other':
      return undefined;
    case 'temporal':
      return temporalLiteral(value);
  }
}
