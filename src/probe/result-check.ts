// The host's check of a ProbeResult from the worker. The worker copies the call's answer from
// the process that ran the probed code, and that code can write its own JSON to the result pipe:
// what arrives is untrusted input. A result that does not have the declared shape (probe-types.ts)
// becomes a `crashed` result that says so; the worker itself is fine and keeps serving.
import { z } from 'zod';
import type { ProbeResult, TaggedValue, WorkerLimits } from '../core/probe-types.js';

/** Type names, argument labels, signal names (the worker cuts type names at 200). */
const MAX_NAME_CHARS = 10_000;
/** Reprs, messages and captured output (the worker's caps are far lower; the message cap is 80 MiB). */
const MAX_TEXT_CHARS = 16 * 1024 * 1024;
/** Items of a list in the result (mutations, generator items, tagged containers; the worker keeps 10000 nodes). */
const MAX_ITEMS = 100_000;
/** Nesting of tagged data (the worker stops at 64). */
const MAX_DATA_DEPTH = 100;
/** Comparison records of a call, and values per record (the worker keeps 48 and 8). */
const MAX_COMPARISONS = 1000;
const MAX_COMPARED = 100;

const name = z.string().max(MAX_NAME_CHARS);
const text = z.string().max(MAX_TEXT_CHARS);
const count = z.number().int().nonnegative();

const tagged: z.ZodType<TaggedValue> = z.lazy(() =>
  z.union([
    z.object({ t: z.literal('none') }),
    z.object({ t: z.literal('bool'), v: z.boolean() }),
    z.object({ t: z.enum(['int', 'float', 'complex', 'str', 'bytes']), v: text }),
    z.object({ t: z.enum(['list', 'tuple', 'set', 'frozenset']), v: z.array(tagged).max(MAX_ITEMS) }),
    z.object({ t: z.literal('dict'), v: z.array(z.tuple([tagged, tagged])).max(MAX_ITEMS) }),
    z.object({ t: z.literal('other'), type: name, repr: text }),
    z.object({ t: z.literal('temporal'), type: z.enum(['date', 'datetime', 'time', 'timedelta']), v: z.string().max(100) }),
  ]),
);

/** Whether a JSON value nests deeper than `max` objects and arrays (iterative: no stack to overflow). */
function nestsDeeper(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [node, level] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (level >= max) return true;
    for (const item of Object.values(node)) stack.push([item, level + 1]);
  }
  return false;
}

const coverageCounts = z.object({ hit: count, total: count, new: count });

/** Tagged data, checked for depth before the recursive schema walks it. */
const data = z
  .unknown()
  // Each level of data is an object and its list: two JSON levels.
  .refine((value) => !nestsDeeper(value, MAX_DATA_DEPTH * 2), `is nested deeper than ${MAX_DATA_DEPTH} levels`)
  .pipe(tagged);
const builtCall = { args: z.array(data).max(MAX_ITEMS), kwargs: z.record(name, data) };

/** ProbeResult as declared in src/core/probe-types.ts; unknown fields are dropped. */
const probeResultObject = z.object({
  status: z.enum(['returned', 'raised', 'rejected', 'timeout', 'crashed']),
  value: z
    .object({
      type: name,
      repr: text,
      truncated: z.boolean(),
      iteration: z
        .object({
          items: z.array(text).max(MAX_ITEMS),
          ended: z.boolean(),
          raised: z.object({ type: name, message: text }).optional(),
        })
        .optional(),
      data: data.optional(),
    })
    .optional(),
  exception: z.object({ type: name, message: text }).optional(),
  crash: z.object({ exitCode: z.number().int().nullable(), signal: name.nullable(), reason: text.optional() }).optional(),
  mutations: z.array(z.object({ arg: name, repr: text })).max(MAX_ITEMS),
  stdout: text,
  stderr: text,
  outputTruncated: z.boolean().optional(),
  durationMs: z.number().nonnegative(),
  coverage: z.object({ lines: coverageCounts, arcs: coverageCounts }).optional(),
  arguments: z
    .object({
      ...builtCall,
      receiver: z.object({ className: name, ...builtCall }).optional(),
      receiverNotPlain: z.boolean().optional(),
    })
    .optional(),
  comparisons: z
    .array(
      z.object({
        arg: name,
        op: name,
        values: z
          .array(z.union([text, z.number()]))
          .max(MAX_COMPARED)
          .optional(),
        types: z.array(name).max(MAX_COMPARED).optional(),
        via: z.enum(['part', 'item']).optional(),
        seen: z.union([text, z.number()]).optional(),
        through: name.optional(),
      }),
    )
    .max(MAX_COMPARISONS)
    .optional(),
});
const probeResult: z.ZodType<ProbeResult> = probeResultObject;

/**
 * `true` only when A and B have the same keys. zod drops a field its schema lacks, so a field
 * added to ProbeResult (or its value) without a line above would type-check and vanish here:
 * this makes it a compile error instead.
 */
type SameKeys<A, B> = [Exclude<keyof A, keyof B> | Exclude<keyof B, keyof A>] extends [never] ? true : false;
type Value = NonNullable<ProbeResult['value']>;
export const SCHEMA_HAS_EVERY_FIELD: [
  SameKeys<z.infer<typeof probeResultObject>, ProbeResult>,
  SameKeys<NonNullable<z.infer<typeof probeResultObject>['value']>, Value>,
] = [true, true];

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
  const parsed = probeResult.safeParse(raw, { reportInput: true });
  const chars = parsed.success && maxChars !== undefined ? textChars(parsed.data, maxChars) : 0;
  if (parsed.success && (maxChars === undefined || chars <= maxChars)) return parsed.data;
  const reason = parsed.success
    ? `the call's process wrote a result with more than ${maxChars!.toLocaleString('en')} characters of text, more than the host reads`
    : `the call's process wrote a malformed result (${problem(parsed.error.issues[0]!)})`;
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
