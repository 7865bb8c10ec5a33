// A receiver filled by other calls before the call under test (explorer.ts fillReceiver): written
// in the argument grammar as `(lambda s: (s.push(3), s.push(7), s)[-1])(Stack())`, which the
// worker evaluates like any other argument. Built and read back here, in one place.
import { splitTopLevel } from '../core/python-source.js';
import { parseSource } from './parse.js';
import type { PyValue } from './values.js';

const CALLEE = /^\(lambda s: \((.+), s\)\[-1\]\)$/s;
/** The same receiver as source: the callee, then the object it is made from in parentheses. */
const SOURCE = /^(\(lambda s: \(.+, s\)\[-1\]\))\((.+)\)$/s;

/** The receiver `built`, after the method calls `calls` (each `s.name(args)`) were made on it. */
export function preparedReceiver(built: PyValue, calls: string[]): PyValue {
  return { k: 'call', callee: `(lambda s: (${calls.join(', ')}, s)[-1])`, args: [built] };
}

/** One call made on a receiver before the call under test. */
export interface PreparingCall {
  method: string;
  args: PyValue[];
}

/** The calls that filled a prepared receiver and the object they were made on, or null for any other value. */
export function preparingCalls(v: PyValue | undefined): { calls: PreparingCall[]; built: PyValue } | null {
  if (!v || v.k !== 'call' || v.args.length !== 1) return null;
  const m = CALLEE.exec(v.callee);
  const parts = m ? splitTopLevel(m[1] ?? '') : null;
  if (!parts) return null;
  const calls: PreparingCall[] = [];
  for (const part of parts) {
    const c = parseSource(part);
    if (!c || c.k !== 'call' || !c.callee.startsWith('s.')) return null;
    calls.push({ method: c.callee.slice(2), args: c.args });
  }
  const [built] = v.args;
  return built ? { calls, built } : null;
}

/** A prepared receiver's source (a request's `receiver`) as its calls' source and the object's: null for any other. */
export function preparedSource(src: string): { calls: string[]; built: string } | null {
  const m = SOURCE.exec(src);
  const calls = m?.[1] ? splitTopLevel(CALLEE.exec(m[1])?.[1] ?? '') : null;
  return m?.[2] && calls ? { calls, built: m[2] } : null;
}
