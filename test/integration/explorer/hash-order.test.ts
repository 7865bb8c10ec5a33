// The worker runs every call under hash seed 0; the user's Python does not. A result that hangs
// on set order is re-run in an interpreter of another hash seed before it becomes an example,
// and one that changes there is shown as no example and said plainly to vary.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { DEFAULT_MAX_PROBES } from '../../../src/core/limits.js';
import { exploreExample, property } from './harness.js';

const FIXTURE = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'fixtures', 'probe', 'hash_order.py');

test('unique_words (list of a set of words): not deterministic, no returned example, and the summary says why', async () => {
  const { report, records } = await exploreExample(FIXTURE, 'unique_words', { maxProbes: DEFAULT_MAX_PROBES });
  assert.ok(
    records.some((r) => r.note?.includes('hash seed')),
    records.map((r) => r.note).join('\n'),
  );
  const deterministic = property(report, 'deterministic');
  assert.equal(deterministic?.holds, false, JSON.stringify(deterministic));
  // No value: its ordinary call is shown with the type it gives in any interpreter, at most.
  const returnedExamples = report.description.examples.filter((e) => !e.result.startsWith('Traceback') && !e.call.startsWith('type('));
  assert.deepEqual(returnedExamples, []);
  for (const e of report.description.examples.filter((x) => x.call.startsWith('type('))) assert.equal(e.result, "<class 'list'>");
  assert.match(report.description.summary, /Not the same from run to run: .*another hash seed/);
});

test('word_count (the size of that set): the same under any hash seed, so its examples stay', async () => {
  const { report } = await exploreExample(FIXTURE, 'word_count', { maxProbes: DEFAULT_MAX_PROBES });
  assert.equal(property(report, 'deterministic')?.holds, true, JSON.stringify(property(report, 'deterministic')));
  assert.ok(
    report.description.examples.some((e) => !e.result.startsWith('Traceback')),
    JSON.stringify(report.description.examples),
  );
  assert.doesNotMatch(report.description.summary, /run to run/);
});

test("stamp (a label and today's date): no example shows the date, which the next call would not repeat", async () => {
  const { report, records } = await exploreExample(FIXTURE, 'stamp', { maxProbes: DEFAULT_MAX_PROBES });
  assert.ok(records.some((r) => r.result.status === 'returned'));
  const today = new Date().toISOString().slice(0, 10);
  assert.deepEqual(
    report.description.examples.filter((e) => e.result.includes(today)),
    [],
  );
});
