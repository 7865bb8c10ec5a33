// Which test files run beside another (scripts/run-tests.mjs runs two at a time) and which alone:
// a file that times something must not share the machine with another file's work.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { byLoad, runsAlone, testFiles } from '../../../scripts/test-files.mjs';

// (Written apart, so that this file's own text takes no time.)
const [dateNow, performanceNow] = ['Date.now()', 'performance.now()'];

test('a file that takes an elapsed time, or says it runs alone, runs alone; a deadline to wait for is no timing', () => {
  assert.ok(runsAlone(`const took = ${dateNow} - started;\nassert.ok(took < 2000);`));
  assert.ok(runsAlone(`const seconds = (${performanceNow} - started) / 1000;`));
  assert.ok(runsAlone('// Runs alone: it lists the whole temporary folder.\nimport x from "y";'));
  assert.ok(!runsAlone('const until = Date.now() + 60_000;\nwhile (Date.now() < until) await sleep(100);'));
  assert.ok(!runsAlone('// It runs alone in its own folder.'));
});

test('every integration file is in one group of the two, and the ones asserting on time run alone', () => {
  const files = testFiles('integration');
  const { together, alone } = byLoad(files);
  assert.deepEqual([...together, ...alone].sort(), files);
  assert.ok(together.length > alone.length, `${alone.length} of ${files.length} alone`);
  for (const timed of ['probe/limits.test.ts', 'probe/lifecycle.test.ts', 'sandbox/litter.test.ts', 'sandbox/disk.test.ts', 'safe-args/rejected.test.ts']) {
    assert.ok(
      alone.some((file) => file.endsWith(timed)),
      timed,
    );
  }
});
