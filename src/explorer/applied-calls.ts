// A function that returns a function (functools.partial, operator.itemgetter, a decorator, a
// `make_*` factory, a curried function): what it gave back, called in turn, is what a user wants
// to know. The arguments of that call come from the returned object's signature (its parameters'
// names suggest values, as the target's own do: buildPositions), else from the kinds of the call's
// own arguments, else from ordinary values. Each travels as CallRequest.apply with the call that
// made the object: one request, one call process (python/pau_probe/call.py).
import type { AppliedCall, FunctionInfo, ParameterInfo } from '../core/probe-types.js';
import { matchingBracket, splitTopLevel } from '../core/python-source.js';
import type { Input } from './inputs.js';
import { buildPositions, slotClassOf, toRequest } from './inputs.js';
import { ordinaryValue, representative } from './type-classes.js';
import type { PyValue } from './values.js';
import { int, ints, list, str, toSource } from './values.js';

/** Argument lists tried for one returned callable, at most: the first call that returns ends them. */
export const APPLY_TRIES = 3;

/** One parameter of a signature as inspect writes it: `x`, `x: int = 3`, `*args`, `**kw`. */
const PARAMETER = /^(\*{0,2})([A-Za-z_]\w*)\s*(?::\s*(.*?))?\s*(?:=\s*(.*))?$/s;

/** `(x, /, y=2, *args, key=None, **kw) -> int` as parameters; null when it cannot be read. */
export function signatureParams(signature: string): ParameterInfo[] | null {
  const text = signature.trim();
  const close = text.startsWith('(') ? matchingBracket(text, 0) : -1;
  const parts = close > 0 ? splitTopLevel(text.slice(1, close)) : null;
  if (!parts) return null;
  const out: ParameterInfo[] = [];
  let keywordOnly = false;
  for (const part of parts) {
    if (part === '/') {
      for (const p of out) p.kind = 'POSITIONAL_ONLY';
      continue;
    }
    if (part === '*') {
      keywordOnly = true;
      continue;
    }
    const m = PARAMETER.exec(part);
    if (!m) return null;
    const [, stars, name = '', annotation, dflt] = m;
    const kind = stars === '**' ? 'VAR_KEYWORD' : stars === '*' ? 'VAR_POSITIONAL' : keywordOnly ? 'KEYWORD_ONLY' : 'POSITIONAL_OR_KEYWORD';
    if (stars === '*') keywordOnly = true;
    out.push({ name, kind, ...(annotation ? { annotation } : {}), ...(dflt !== undefined ? { default: dflt } : {}) });
  }
  return out;
}

/** Whether a signature names what it takes: a parameter other than `*args` and `**kwargs` (`()` takes nothing: it says so too). */
function namesItsParameters(params: ParameterInfo[]): boolean {
  return params.some((p) => p.kind !== 'VAR_POSITIONAL' && p.kind !== 'VAR_KEYWORD');
}

/**
 * The argument lists to call a returned callable with, likeliest first, at most APPLY_TRIES.
 * `signature`: RenderedValue.callable's; `given`: the values of the call that returned it.
 */
export function appliedArguments(info: FunctionInfo, signature: string | undefined, given: PyValue[]): AppliedCall[] {
  const params = signature === undefined ? null : signatureParams(signature);
  const lists = params && (params.length === 0 || namesItsParameters(params)) ? fromSignature(info, params) : fromKinds(given);
  const seen = new Set<string>();
  return lists
    .filter((a) => {
      const key = JSON.stringify(a);
      return !seen.has(key) && seen.add(key);
    })
    .slice(0, APPLY_TRIES);
}

/**
 * Values for the required parameters of a signature, as the target's own are chosen: what each
 * name suggests, else an ordinary value of the first class it suggests; the nth list takes each
 * parameter's nth value. One list of no arguments when none is required.
 */
function fromSignature(info: FunctionInfo, params: ParameterInfo[]): AppliedCall[] {
  const returned: FunctionInfo = {
    qualname: info.qualname,
    name: info.name,
    kind: 'function',
    needsReceiver: false,
    params,
    isGenerator: false,
    isAsync: false,
    docstring: null,
    moduleClasses: info.moduleClasses,
    pythonVersion: info.pythonVersion,
  };
  const positions = buildPositions(returned, 'signature');
  const out: AppliedCall[] = [];
  for (let n = 0; n < APPLY_TRIES; n++) {
    const input: Input = positions.map((p) => {
      const required = (p.role === 'positional' || p.role === 'keyword') && p.default === undefined && !p.candidates.includes('omit');
      const cls = p.candidates.find((c) => c !== 'omit');
      const value = !required || cls === undefined ? undefined : (p.hinted?.[n] ?? ordinaryValue(cls, n) ?? representative(cls));
      return { cls: value === undefined ? 'omit' : slotClassOf(value), value };
    });
    const request = toRequest(positions, input);
    out.push({ args: request.args, ...(request.kwargs ? { kwargs: request.kwargs } : {}) });
  }
  return out;
}

/** Ordinary values to call a callable that does not say what it takes (`*args, **kwargs`, or no signature): a list, a text, a number. */
const ORDINARY_ARGUMENTS: PyValue[] = [list(ints(3, 1, 2)), str('abc'), int(3)];

/**
 * One argument of each kind the call's own arguments were (`partial(add, 1)` → an int), a
 * callable's left out (a decorator's wrapper takes what the decorated function takes, not a
 * function); then ORDINARY_ARGUMENTS.
 */
function fromKinds(given: PyValue[]): AppliedCall[] {
  const kinds = given.filter((v) => v.k !== 'fn').map((v) => ordinaryValue(slotClassOf(v), 0) ?? v);
  return [...kinds, ...ORDINARY_ARGUMENTS].map((v) => ({ args: [toSource(v)] }));
}
