// Type-aware equality of two call results, for the behavioural comparison. Stricter than
// the research harness's `str()` comparison where it should be (tuple ≠ list; 1, 1.0 and True
// are three different answers) and looser where it should be (floats within a tolerance,
// NaN equal to NaN, dicts and sets in any order).
import type { ProbeResult, RenderedValue, TaggedValue } from './probe-types.js';
import { group } from './regex-group.js';

const FLOAT_REL_TOL = 1e-9;
const FLOAT_ABS_TOL = 1e-12;

/**
 * A Python float repr or `float()` argument (`1.5`, `1e+20`, `inf`, `-Infinity`, `+nan`) as a
 * number: the one float parser (the worker sends floats as text, the explorer reads `float('…')`).
 */
export function parsePyFloat(text: string): number {
  const t = text.trim().toLowerCase();
  const special = /^([+-]?)(inf|infinity|nan)$/.exec(t);
  if (special) return special[2] === 'nan' ? NaN : special[1] === '-' ? -Infinity : Infinity;
  return Number(t);
}

function floatsClose(a: number, b: number): boolean {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b);
  if (a === b) return true; // also equal infinities
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
  return Math.abs(a - b) <= Math.max(FLOAT_REL_TOL * Math.max(Math.abs(a), Math.abs(b)), FLOAT_ABS_TOL);
}

/** A Python complex repr (`1j`, `(1+2j)`, `(-0-1j)`, `(nan+infj)`) as [real, imag], or null. */
export function parsePyComplex(text: string): [number, number] | null {
  const t = text.trim().replace(/^\((.*)\)$/, '$1');
  const num = String.raw`[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?|inf|nan)`;
  const pure = new RegExp(`^(${num})j$`, 'i').exec(t);
  if (pure) return [0, parsePyFloat(group(pure, 1))];
  const both = new RegExp(`^(${num})(${num.replace('[+-]?', '[+-]')})j$`, 'i').exec(t);
  return both ? [parsePyFloat(group(both, 1)), parsePyFloat(group(both, 2))] : null;
}

function intsEqual(a: string, b: string): boolean {
  try {
    return BigInt(a) === BigInt(b);
  } catch {
    return a === b;
  }
}

/** Every item of `a` paired with a distinct equal item of `b` (order-insensitive, tolerance-aware). */
function sameItems<T>(a: T[], b: T[], equal: (x: T, y: T) => boolean): boolean {
  if (a.length !== b.length) return false;
  const used = new Array<boolean>(b.length).fill(false);
  return a.every((x) => {
    const j = b.findIndex((y, k) => !used[k] && equal(x, y));
    if (j < 0) return false;
    used[j] = true;
    return true;
  });
}

/** The last dotted component: generated code lives in another module than the real function. */
export function shortTypeName(type: string): string {
  return type.slice(type.lastIndexOf('.') + 1);
}

export function valuesEqual(a: TaggedValue, b: TaggedValue): boolean {
  switch (a.t) {
    case 'none':
      return b.t === 'none';
    case 'bool':
      return b.t === 'bool' && a.v === b.v;
    case 'int':
      return b.t === 'int' && intsEqual(a.v, b.v);
    case 'float':
      return b.t === 'float' && floatsClose(parsePyFloat(a.v), parsePyFloat(b.v));
    case 'complex': {
      if (b.t !== 'complex') return false;
      const x = parsePyComplex(a.v);
      const y = parsePyComplex(b.v);
      if (!x || !y) return a.v === b.v;
      return floatsClose(x[0], y[0]) && floatsClose(x[1], y[1]);
    }
    case 'str':
    case 'bytes':
      return b.t === a.t && a.v === b.v;
    case 'list':
    case 'tuple':
      return (
        b.t === a.t &&
        a.v.length === b.v.length &&
        a.v.every((x, i) => {
          const y = b.v[i];
          return y !== undefined && valuesEqual(x, y);
        })
      );
    case 'set':
    case 'frozenset':
      return b.t === a.t && sameItems(a.v, b.v, valuesEqual);
    case 'dict':
      return b.t === 'dict' && sameItems(a.v, b.v, (x, y) => valuesEqual(x[0], y[0]) && valuesEqual(x[1], y[1]));
    case 'other':
      return b.t === 'other' && shortTypeName(a.type) === shortTypeName(b.type) && a.repr === b.repr;
    case 'temporal':
      return b.t === 'temporal' && a.type === b.type && a.v === b.v;
  }
}

function renderedEqual(a: RenderedValue, b: RenderedValue): { agree: boolean; reason?: string } {
  if (a.iteration || b.iteration) {
    // Generators: their reprs name the function and differ; what they yield is the behaviour.
    if (!a.iteration || !b.iteration) return { agree: false, reason: 'one is an iterator, the other is not' };
    const same = a.iteration.ended === b.iteration.ended && a.iteration.items.length === b.iteration.items.length;
    const itemsB = b.iteration.items;
    if (!same || a.iteration.items.some((x, i) => x !== itemsB[i])) return { agree: false, reason: 'different items' };
    const raisedA = a.iteration.raised?.type;
    const raisedB = b.iteration.raised?.type;
    if ((raisedA === undefined) !== (raisedB === undefined) || (raisedA && raisedB && shortTypeName(raisedA) !== shortTypeName(raisedB))) {
      return { agree: false, reason: 'the iteration raised differently' };
    }
    return { agree: true };
  }
  if (a.data && b.data) return valuesEqual(a.data, b.data) ? { agree: true } : { agree: false, reason: 'different values' };
  if (shortTypeName(a.type) !== shortTypeName(b.type)) return { agree: false, reason: `type ${a.type} vs ${b.type}` };
  return a.repr === b.repr ? { agree: true } : { agree: false, reason: 'different reprs' };
}

function mutationsEqual(a: ProbeResult['mutations'], b: ProbeResult['mutations']): boolean {
  const byArg = (ms: ProbeResult['mutations']) => new Map(ms.map((m) => [m.arg, m.repr]));
  const x = byArg(a);
  const y = byArg(b);
  return x.size === y.size && [...x].every(([arg, repr]) => y.get(arg) === repr);
}

/**
 * Do two results of the same input agree? Returned values are compared type-aware (see
 * valuesEqual), exceptions by type name only (messages are ignored), and so are the arguments
 * mutated in place and what was printed (trailing whitespace ignored). Timeouts, crashes and
 * rejected inputs never agree: they say nothing about the function's behaviour.
 */
export function compareValues(a: ProbeResult, b: ProbeResult): { agree: boolean; reason?: string } {
  for (const r of [a, b]) {
    if (r.status === 'timeout' || r.status === 'crashed' || r.status === 'rejected') return { agree: false, reason: r.status };
  }
  if (a.status !== b.status) return { agree: false, reason: `${a.status} vs ${b.status}` };
  if (a.status === 'raised') {
    const x = a.exception?.type ?? '';
    const y = b.exception?.type ?? '';
    if (shortTypeName(x) !== shortTypeName(y)) return { agree: false, reason: `raised ${x} vs ${y}` };
  } else if (a.value && b.value) {
    const v = renderedEqual(a.value, b.value);
    if (!v.agree) return v;
  } else if (a.value || b.value) {
    return { agree: false, reason: 'one returned no value' };
  }
  if (!mutationsEqual(a.mutations, b.mutations)) return { agree: false, reason: 'different in-place mutations' };
  if (a.stdout.trimEnd() !== b.stdout.trimEnd()) return { agree: false, reason: 'different printed output' };
  return { agree: true };
}
