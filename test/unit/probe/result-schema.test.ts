// scripts/gen-result-schema.mjs: the host's schema of ProbeResult is generated from the type with
// the bounds of src/probe/result-bounds.ts. A bound applies where its path says, a field without
// one gets the defaults, and a bound that names no field (or the wrong kind) stops the generator.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { generateResultSchema, RESULT_BOUNDS_TS } from '../../../scripts/gen-result-schema.mjs';

const folder = mkdtempSync(join(tmpdir(), 'pau-bounds-'));
after(() => rmSync(folder, { recursive: true, force: true }));
const BOUNDS = readFileSync(RESULT_BOUNDS_TS, 'utf8');
const current = generateResultSchema();

/** The schema generated with result-bounds.ts edited by `change`. */
function withBounds(change: (text: string) => string): Promise<string> {
  const path = join(folder, `bounds-${Math.random().toString(36).slice(2)}.ts`);
  const changed = change(BOUNDS);
  assert.notEqual(changed, BOUNDS, 'the edit applies');
  writeFileSync(path, changed);
  return generateResultSchema(path);
}

test('a bound applies at its path; without one a string is text, a number any number, a list MAX_ITEMS long', async () => {
  const schema = await current;
  assert.match(schema, /\n {2}type: bounds\.name,\n {2}repr: bounds\.text,/, 'RenderedValue');
  assert.match(schema, /durationMs: bounds\.nonnegative,/);
  assert.match(schema, /t: z\.literal\('temporal'\), type: z\.enum\(\['date', 'datetime', 'time', 'timedelta'\]\), v: bounds\.isoText/);
  assert.match(schema, /comparisons: z\.array\(comparisonRecord\)\.max\(bounds\.MAX_COMPARISONS\)\.optional\(\)/);
  assert.match(schema, /mutations: z\.array\(z\.object\(\{ arg: bounds\.name, repr: bounds\.text \}\)\)\.max\(bounds\.MAX_ITEMS\)/);

  const defaults = await withBounds((text) =>
    text.replace("  'RenderedValue.type': 'name',\n", '').replace("  'ProbeResult.durationMs': 'nonnegative',\n", ''),
  );
  assert.match(defaults, /\n {2}type: bounds\.text,\n {2}repr: bounds\.text,/);
  assert.match(defaults, /durationMs: z\.number\(\),/);
});

test('tagged data, recursive, is checked for depth where another type holds it', async () => {
  const schema = await current;
  assert.match(schema, /const taggedValue: z\.ZodType<TaggedValue> = z\.lazy\(/);
  assert.match(schema, /data: bounds\.shallow\(taggedValue\)\.optional\(\)/);
  assert.match(schema, /z\.tuple\(\[taggedValue, taggedValue\]\)/, 'inside itself: no second depth check');
});

test('a bound that names no field, or the wrong kind of bound, stops the generator', async () => {
  await assert.rejects(
    withBounds((text) => text.replace("'ProbeResult.durationMs'", "'ProbeResult.duration'")),
    /RESULT_BOUNDS in src\/probe\/result-bounds\.ts names what ProbeResult has not: ProbeResult\.duration$/,
  );
  await assert.rejects(
    withBounds((text) => text.replace("'ProbeResult.comparisons': 'MAX_COMPARISONS'", "'ProbeResult.comparisons': 'name'")),
    /ProbeResult\.comparisons: name is not a bound for a list/,
  );
  await assert.rejects(
    withBounds((text) => text.replace("'RenderedValue.type': 'name'", "'RenderedValue.type': 'MAX_ITEMS'")),
    /RenderedValue\.type: MAX_ITEMS is not a bound for a string/,
  );
});
