// A receiver built from its constructor's required arguments alone has every option at its
// default: `BankAccount('hello')` has a balance of 0, so every `withdraw` says "insufficient
// funds". When a method's call raises for another reason than a type, the receiver is built
// again with its next optional parameter given, one at a time, a value of its default's type
// (of the family its name suggests first: `balance` an amount), so the state the message is
// about can differ.
import type { ParameterInfo } from '../core/probe-types.js';
import { positionalOf } from '../core/probe-types.js';
import { valuesForName } from './name-hints.js';
import { parseSource } from './parse.js';
import type { PyValue } from './values.js';
import { bool, float, int, isConstructorCall, str, toSource } from './values.js';

/** A value of the default's type other than the default, the name's family first; undefined when none fits. */
function otherThanDefault(p: ParameterInfo): PyValue | undefined {
  const d = p.default === undefined ? null : parseSource(p.default);
  if (!d) return undefined;
  if (d.k === 'bool') return bool(!d.v);
  const family = valuesForName(p.name);
  // A default of None says nothing of the type: the name's family does.
  const fits = (v: PyValue): boolean => (d.k === 'none' ? v.k !== 'none' : v.k === d.k || (d.k === 'int' && v.k === 'float'));
  const named = family.find((v) => fits(v) && toSource(v) !== p.default);
  if (named) return named;
  // An amount well above the default (a balance, a capacity): small arguments then fit inside it.
  if (d.k === 'int') return int(d.v === 100n ? 1000 : 100);
  if (d.k === 'float') return float(d.v === 100 ? 1000 : 100);
  if (d.k === 'str') return str(d.v === '' ? 'abc' : '');
  // An empty container (defaults=()): one item, so that what it holds counts.
  if ((d.k === 'tuple' || d.k === 'list') && d.items.length === 0) return { k: d.k, items: [int(1)] };
  return undefined;
}

/**
 * `built` (a constructor call) with one more positional argument: the first optional positional
 * parameter of `init` it does not pass yet, given a value of its default's type. Undefined when
 * it passes all of them already or none fits.
 */
export function withNextOption(built: PyValue, init: ParameterInfo[] | undefined): PyValue | undefined {
  if (built.k !== 'call' || !isConstructorCall(built) || !init) return undefined;
  const positional = positionalOf(init);
  const next = positional[built.args.length];
  if (!next || next.default === undefined) return undefined;
  const value = otherThanDefault(next);
  return value && { ...built, args: [...built.args, value] };
}

/**
 * A refusal to write on an object opened for reading ("write() on read-only GzipFile object", "File
 * not open for writing"). Not tarfile's "bad operation for mode 'a'": a read refused in another mode
 * (extractall), which a writing mode does not answer.
 */
const READ_ONLY = /\bread-only\b|\bnot (?:open(?:ed)? )?for writing\b|\bnot writable\b|\bwrite\(\) requires mode\b/i;

/**
 * `built` (a constructor call) opened for writing, when a method's refusal says it was opened for
 * reading and its constructor takes a `mode` at a place the call reaches (`GzipFile(<file>)` →
 * `GzipFile(<file>, 'w')`): 'wb' where the default reads bytes, else 'w'. Undefined otherwise.
 */
export function withWriteMode(built: PyValue, init: ParameterInfo[] | undefined, message: string): PyValue | undefined {
  if (built.k !== 'call' || !isConstructorCall(built) || !init || !READ_ONLY.test(message)) return undefined;
  const positional = positionalOf(init);
  const at = positional.findIndex((p) => p.name === 'mode');
  if (at < 0 || at > built.args.length) return undefined;
  const mode = str(positional[at]?.default === "'rb'" ? 'wb' : 'w');
  const current = built.args[at];
  if (current !== undefined && toSource(current) === toSource(mode)) return undefined;
  return { ...built, args: [...built.args.slice(0, at), mode, ...built.args.slice(at + 1)] };
}

/**
 * `built` (a constructor call) with the option its refusal says is missing ("Missing required
 * parameter 'digestmod'" from `HMAC(b'abc')`) given a value of the family its name suggests, the
 * options before it at their defaults (`HMAC(b'abc', None, 'sha256')`). Undefined when the message
 * names none, the name suggests nothing, or a default before it cannot be written.
 */
export function withMissingOption(built: PyValue, init: ParameterInfo[] | undefined, missing: string | undefined): PyValue | undefined {
  if (built.k !== 'call' || !isConstructorCall(built) || !init || missing === undefined) return undefined;
  const positional = positionalOf(init);
  const at = positional.findIndex((p) => p.name === missing);
  const [value] = valuesForName(missing).filter((v) => v.k !== 'fn' && v.k !== 'call');
  if (at < built.args.length || value === undefined) return undefined;
  const between = positional.slice(built.args.length, at).map((p) => (p.default === undefined ? null : parseSource(p.default)));
  if (between.some((v) => v === null)) return undefined;
  return { ...built, args: [...built.args, ...between.filter((v): v is PyValue => v !== null), value] };
}

/**
 * `built` (a constructor call) with its last argument, a value of the family its parameter's name
 * suggests, replaced by that family's next value: `Specifier('>=1.0,<2.0')` refused ("Invalid
 * specifier"), `Specifier('==1.2.3')`. Undefined when that argument is no value of the family or
 * the family has no next one.
 */
export function withNextFamilyValue(built: PyValue, init: ParameterInfo[] | undefined): PyValue | undefined {
  if (built.k !== 'call' || !isConstructorCall(built) || !init) return undefined;
  const k = built.args.length - 1;
  const p = positionalOf(init)[k];
  const last = built.args[k];
  if (!p || !last) return undefined;
  const family = valuesForName(p.name);
  const at = family.findIndex((v) => toSource(v) === toSource(last));
  const next = at >= 0 ? family[at + 1] : undefined;
  return next && { ...built, args: [...built.args.slice(0, k), next] };
}
