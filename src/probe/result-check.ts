// The host's check of a ProbeResult from the worker. The worker copies the call's answer from
// the process that ran the probed code, and that code can write its own JSON to the result pipe:
// what arrives is untrusted input. A result that does not have the declared shape (probe-types.ts,
// as the generated schema of result-schema.ts checks it with the bounds of result-bounds.ts)
// becomes a `crashed` result that says so; the worker itself is fine and keeps serving.
import type { z } from 'zod';
import type { ProbeResult, WorkerLimits } from '../core/probe-types.js';
import { text } from './result-bounds.js';
import { plainProbeResult } from './result-plain-check.js';
import { probeResult } from './result-schema.js';

/**
 * `true` only when A and B are the same type. The schema is generated (its unit test and
 * `gen-worker-protocol.mjs --check` fail when it is stale); this makes a stale one, which zod
 * would let drop a new field, a compile error too.
 */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
export const SCHEMA_IS_PROBE_RESULT: Same<z.infer<typeof probeResult>, ProbeResult> = true;

const EXPECTED: Record<string, string> = {
  array: 'a list',
  number: 'a finite number',
  int: 'an integer',
  string: 'a string',
  object: 'an object',
  boolean: 'a boolean',
  tuple: 'a pair',
};

/** `mutations[0].repr` */
function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i ? '.' : ''}${String(key)}`)).join('') || 'the result';
}

/** What is wrong with the first problem zod found, in a few words. */
function problem(issue: z.core.$ZodIssue): string {
  const where = fieldPath(issue.path);
  if (issue.code !== 'custom' && issue.input === undefined) return `${where} is missing`;
  switch (issue.code) {
    case 'invalid_type':
      return `${where} is not ${EXPECTED[issue.expected] ?? issue.expected}`;
    case 'too_big':
      return `${where} is too ${issue.origin === 'number' ? 'large' : 'long'}`;
    case 'too_small':
      return `${where} is negative`;
    case 'invalid_value':
      return `${where} is not one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'custom':
      return `${where} ${issue.message}`;
    default:
      return `${where} has the wrong shape`;
  }
}

/**
 * The most text a result the worker rendered under `limits` holds: its tagged data (1M
 * characters, 10000 nodes), reprs of the value, of each changed argument and of each generator
 * item, and the two captured streams, with room to spare. Each field's own cap is above; this
 * bounds their sum, which a call that writes its own result could spread over many fields.
 */
export function resultBudget(limits: WorkerLimits): number {
  return 2_000_000 + 2 * limits.maxOutputBytes + (limits.maxIterItems + 64) * limits.maxReprChars;
}

/** Characters in the strings of a JSON value (iterative), stopping once past `max`. */
function textChars(value: unknown, max: number): number {
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length && total <= max) {
    const node = stack.pop();
    if (typeof node === 'string') total += node.length;
    else if (node !== null && typeof node === 'object') for (const item of Object.values(node)) stack.push(item);
  }
  return total;
}

/**
 * The result when it has the declared shape (and, given `maxChars`, holds no more text than
 * that), else a `crashed` result saying what is wrong.
 */
export function checkResult(raw: unknown, maxChars?: number): ProbeResult {
  // The generated plain check returns what zod's parse would, at a third of its cost; zod reads
  // only what it refuses, to name the problem (or to pass what the plain check leaves to it).
  const plain = plainProbeResult(raw);
  const parsed = plain ? { success: true as const, data: plain } : probeResult.safeParse(raw, { reportInput: true });
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    return crashed(raw, maxChars, `the call's process wrote a malformed result${issue ? ` (${problem(issue)})` : ''}`);
  }
  if (maxChars !== undefined && textChars(parsed.data, maxChars) > maxChars) {
    return crashed(
      raw,
      maxChars,
      `the call's process wrote a result with more than ${maxChars.toLocaleString('en')} characters of text, more than the host reads`,
    );
  }
  return parsed.data;
}

/** A `crashed` result saying what is wrong with what the call's process wrote (`raw`). */
function crashed(raw: unknown, maxChars: number | undefined, reason: string): ProbeResult {
  // The output is the worker's own capture: kept when it is text.
  const fields = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const output = (value: unknown) => (text.safeParse(value).data ?? '').slice(0, maxChars === undefined ? undefined : Math.floor(maxChars / 4));
  return {
    status: 'crashed',
    crash: { exitCode: null, signal: null, reason },
    mutations: [],
    stdout: output(fields.stdout),
    stderr: output(fields.stderr),
    durationMs: 0,
  };
}
