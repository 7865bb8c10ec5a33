// What the host's check of a ProbeResult asks beyond its type (src/core/probe-types.ts): caps on
// text, numbers and lists, so that a result the probed code forged cannot make the host hold
// or walk more than the worker would ever send. The schema itself is generated from the type
// (src/probe/result-schema.ts, by scripts/gen-result-schema.mjs): a field added to ProbeResult
// is checked, with the defaults below, without a line here.
import { z } from 'zod';

/** Type names, argument labels, signal names (the worker cuts type names at 200). */
export const MAX_NAME_CHARS = 10_000;
/** Reprs, messages and captured output (the worker's caps are far lower; the message cap is 80 MiB). */
export const MAX_TEXT_CHARS = 16 * 1024 * 1024;
/** Items of a list in the result (mutations, generator items, tagged containers; the worker keeps 10000 nodes). */
export const MAX_ITEMS = 100_000;
/** Nesting of tagged data (the worker stops at 64). */
export const MAX_DATA_DEPTH = 100;
/** Comparison records of a call, and values per record (the worker keeps 48 and 8). */
export const MAX_COMPARISONS = 1000;
export const MAX_COMPARED = 100;

/** An ISO date or time, or a timedelta's "days seconds microseconds". */
export const MAX_ISO_CHARS = 100;

/** A string that names something; also every record key. */
export const name = z.string().max(MAX_NAME_CHARS);
/** Any other string: the default. */
export const text = z.string().max(MAX_TEXT_CHARS);
export const isoText = z.string().max(MAX_ISO_CHARS);
export const int = z.number().int();
export const nonnegative = z.number().nonnegative();
export const count = z.number().int().nonnegative();

/**
 * The same bounds as plain tests, for the generated plain check (result-plain-check.ts);
 * test/unit/probe/result-plain-check.test.ts holds each to its zod schema above.
 */
export const plain = {
  name: (v: unknown) => typeof v === 'string' && v.length <= MAX_NAME_CHARS,
  text: (v: unknown) => typeof v === 'string' && v.length <= MAX_TEXT_CHARS,
  isoText: (v: unknown) => typeof v === 'string' && v.length <= MAX_ISO_CHARS,
  int: (v: unknown) => Number.isSafeInteger(v),
  nonnegative: (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0,
  count: (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0,
} satisfies Record<string, (v: unknown) => boolean>;

/**
 * An object a record's schema reads as zod does: JSON's objects, except one with a `__proto__`
 * or `constructor` key, which zod handles its own way (the plain check leaves those to it).
 */
export function plainRecord(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v) || Object.getPrototypeOf(v) !== Object.prototype) return false;
  return !Object.hasOwn(v, '__proto__') && !Object.hasOwn(v, 'constructor');
}

/** Tagged data nested deeper than MAX_DATA_DEPTH levels (each an object and its list: two JSON levels). */
export function tooDeep(value: unknown): boolean {
  return nestsDeeper(value, MAX_DATA_DEPTH * 2);
}

/** Whether a JSON value nests deeper than `max` objects and arrays (iterative: no stack to overflow). */
function nestsDeeper(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [node, level] = next;
    if (node === null || typeof node !== 'object') continue;
    if (level >= max) return true;
    for (const item of Object.values(node)) stack.push([item, level + 1]);
  }
  return false;
}

/** A recursive type (tagged data) where another type holds it: checked for depth before the recursive schema walks it. */
export function shallow<T>(schema: z.ZodType<T>) {
  return z
    .unknown()
    .refine((value) => !tooDeep(value), `is nested deeper than ${MAX_DATA_DEPTH} levels`)
    .pipe(schema);
}

/**
 * The bounds that differ from the defaults (a string is `text`, a number any finite number, a
 * list at most MAX_ITEMS long, a record key a `name`), by path: the type that declares the
 * field, then the fields through anonymous object types, `[]` for a list's items, and for a
 * member of a union its discriminant's values (`TaggedValue.temporal.v`). A value is one of the
 * schemas above, or for a list (its own path, without `[]`) one of the MAX_ constants.
 * scripts/gen-result-schema.mjs reads this table from the syntax tree and fails on a path that
 * names no field (a renamed field loses no bound silently).
 */
export const RESULT_BOUNDS = {
  'ProbeResult.exception.type': 'name',
  'ProbeResult.crash.exitCode': 'int',
  'ProbeResult.crash.signal': 'name',
  'ProbeResult.mutations[].arg': 'name',
  'ObjectState.attributes[].name': 'name',
  'ObjectState.length': 'count',
  'ProbeResult.durationMs': 'nonnegative',
  'ProbeResult.comparisons': 'MAX_COMPARISONS',
  'ProbeResult.effects[]': 'name',
  'RenderedValue.type': 'name',
  'RenderedValue.iteration.raised.type': 'name',
  'TaggedValue.other.type': 'name',
  'TaggedValue.temporal.v': 'isoText',
  'CoverageCounts.hit': 'count',
  'CoverageCounts.total': 'count',
  'CoverageCounts.new': 'count',
  'BuiltArguments.receiver.className': 'name',
  'ComparisonRecord.arg': 'name',
  'ComparisonRecord.op': 'name',
  'ComparisonRecord.values': 'MAX_COMPARED',
  'ComparisonRecord.types': 'MAX_COMPARED',
  'ComparisonRecord.types[]': 'name',
  'ComparisonRecord.through': 'name',
  'SecondRun.shown': 'name',
  'RenderedValue.callable.signature': 'name',
  'AppliedResult.exception.type': 'name',
} as const;
