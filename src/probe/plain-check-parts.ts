// The parts the generated plain check of a result (result-plain-check.ts, written by
// scripts/gen-result-schema.mjs) is built of: each returns what zod's parse of the same schema
// returns (a copy, undeclared fields dropped), or FAIL where that parse finds a problem.
import { plain, plainRecord } from './result-bounds.js';

export const FAIL = Symbol('does not fit');
export type Check = (v: unknown) => unknown;
/** An object's fields: name, check, optional. */
export type Fields = readonly (readonly [string, Check, boolean])[];

/** An object with each field checked (an optional one may be missing), and nothing else. */
export function fields(v: unknown, spec: Fields): unknown {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return FAIL;
  const o = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, check, optional] of spec) {
    const value = o[key];
    if (optional && value === undefined) {
      if (key in o) out[key] = undefined;
      continue;
    }
    const x = check(value);
    if (x === FAIL) return FAIL;
    out[key] = x;
  }
  return out;
}

/** A list of at most `max` items, each checked. */
export function list(v: unknown, max: number, check: Check): unknown {
  if (!Array.isArray(v) || v.length > max) return FAIL;
  const out: unknown[] = [];
  for (const item of v as unknown[]) {
    const x = check(item);
    if (x === FAIL) return FAIL;
    out.push(x);
  }
  return out;
}

/** A list of exactly one item per check. */
export function tuple(v: unknown, checks: readonly Check[]): unknown {
  if (!Array.isArray(v) || v.length !== checks.length) return FAIL;
  const out: unknown[] = [];
  for (const [i, check] of checks.entries()) {
    const x = check(v[i]);
    if (x === FAIL) return FAIL;
    out.push(x);
  }
  return out;
}

/** An object whose keys are names and whose values are checked. */
export function record(v: unknown, check: Check): unknown {
  if (!plainRecord(v)) return FAIL;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(v)) {
    if (!plain.name(key)) return FAIL;
    const x = check(item);
    if (x === FAIL) return FAIL;
    out[key] = x;
  }
  return out;
}

/** What the first check that accepts `v` returns, as zod's union does. */
export function firstOf(v: unknown, checks: readonly Check[]): unknown {
  for (const check of checks) {
    const x = check(v);
    if (x !== FAIL) return x;
  }
  return FAIL;
}
