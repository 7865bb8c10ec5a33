// A call as a person would type it, shared by the description's examples, the CLI's probe lines,
// the Markdown probe table and the panel's rows. A receiver filled by other calls before the call
// under test (src/explorer/prepared-receiver.ts) travels in the argument grammar as
// `(lambda s: (s.push(3), s.push(7), s)[-1])(Stack())`; a reader sees `s = Stack(); s.push(3);
// s.push(7); s.pop()`. The grammar's shape is defined here, once. A call whose returned object is
// then called (CallRequest.apply) reads `g = make_adder(2); g(3)`.
import { renderCall, renderOutcome } from './format.js';
import type { CallRequest, ProbeResult } from './probe-types.js';
import { splitTopLevel } from './python-source.js';

/** The lambda that makes the calls `calls` (each `s.name(args)`) on its argument and returns it. */
export function preparingCallee(calls: string[]): string {
  return `(lambda s: (${calls.join(', ')}, s)[-1])`;
}

/** `preparingCallee`'s text: its calls in group 1. */
export const PREPARING_CALLEE = /^\(lambda s: \((.+), s\)\[-1\]\)$/s;
/** The same receiver as source: the callee, then the object it is made from in parentheses. */
const SOURCE = /^(\(lambda s: \(.+, s\)\[-1\]\))\((.+)\)$/s;

/** A prepared receiver's source (a request's `receiver`) as its calls' source and the object's: null for any other. */
export function preparedSource(src: string): { calls: string[]; built: string } | null {
  const m = SOURCE.exec(src);
  const calls = m?.[1] ? splitTopLevel(PREPARING_CALLEE.exec(m[1])?.[1] ?? '') : null;
  return m?.[2] && calls ? { calls, built: m[2] } : null;
}

/**
 * A prepared receiver as the statements that make it (`s = Stack(); s.push(3)`), null for any
 * other receiver: the object is `s` after them.
 */
export function preparingStatements(receiver: string): string | null {
  const prepared = preparedSource(receiver);
  if (!prepared || !prepared.calls.every((c) => c.startsWith('s.'))) return null;
  return [`s = ${prepared.built}`, ...prepared.calls].join('; ');
}

/**
 * A call as a person would type it at a REPL: on a receiver prepared by other calls, the object
 * made, those calls, then this one (`s = Stack(); s.push(3); s.pop()`); any other call as
 * `renderCall` writes it. `awaited`: a coroutine function's call, whose reported value is awaited.
 */
export function readableCall(name: string, request: CallRequest, awaited = false): string {
  const await_ = awaited ? 'await ' : '';
  const statements = request.receiver === undefined ? null : preparingStatements(request.receiver);
  const call = await_ + renderCall(name, statements === null ? request : { ...request, receiver: 's' });
  // What the call returned, called in turn (CallRequest.apply), as its own statement.
  const bound = name === 'g' ? 'h' : 'g';
  // A further call of what that gave (its `then`: a decorator factory's decorator, then the function it made) follows it: `g(abs)(-3)`.
  const once = request.apply ? renderCall(bound, request.apply) : '';
  const applied = request.apply ? `${bound} = ${call}; ${request.apply.then ? renderCall(once, request.apply.then) : once}` : call;
  return statements === null ? applied : `${statements}; ${applied}`;
}

/** The outcome of a call as readableCall writes it: for `g = f(2); g(3)` (CallRequest.apply), what g(3) gave. */
export function readableOutcome(result: ProbeResult, max = 200): string {
  return renderOutcome(appliedOutcome(result) ?? result, max);
}

/** What the returned object gave when called in turn, as a result of its own; null when it was not called. */
export function appliedOutcome(result: ProbeResult): ProbeResult | null {
  const applied = result.status === 'returned' ? result.applied : undefined;
  return applied ? { ...result, ...applied, applied: undefined } : null;
}
