// A receiver filled by other calls before the call under test (explorer.ts fillReceiver): written
// in the argument grammar as `(lambda s: (s.push(3), s.push(7), s)[-1])(Stack())`, which the
// worker evaluates like any other argument. Built and read back as values here; its shape and
// how it reads to a person are src/core/readable-call.ts's.
import { splitTopLevel } from '../core/python-source.js';
import { PREPARING_CALLEE, preparingCallee } from '../core/readable-call.js';
import { parseSource } from './parse.js';
import type { PyValue } from './values.js';

/** The receiver `built`, after the method calls `calls` (each `s.name(args)`) were made on it. */
export function preparedReceiver(built: PyValue, calls: string[]): PyValue {
  return { k: 'call', callee: preparingCallee(calls), args: [built] };
}

/** One call made on a receiver before the call under test. */
export interface PreparingCall {
  method: string;
  args: PyValue[];
}

/** The calls that filled a prepared receiver and the object they were made on, or null for any other value. */
export function preparingCalls(v: PyValue | undefined): { calls: PreparingCall[]; built: PyValue } | null {
  if (!v || v.k !== 'call' || v.args.length !== 1) return null;
  const m = PREPARING_CALLEE.exec(v.callee);
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
