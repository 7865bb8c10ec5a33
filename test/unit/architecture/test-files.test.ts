// Which test files run beside another (scripts/run-tests.mjs runs two at a time) and which alone:
// a file that times something must not share the machine with another file's work. And which
// sandbox files the second pass, in guards mode, leaves out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { byLoad, modeDependent, runsAlone, sameInEitherMode, testFiles } from '../../../scripts/test-files.mjs';

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

test('a sandbox file that says it runs the same in either mode is left out of the guards pass, and reads no mode', () => {
  assert.ok(sameInEitherMode('// The policy as text.\n// Runs the same in either sandbox mode: it starts no worker.\nimport x from "y";'));
  assert.ok(!sameInEitherMode('// It runs the same in either sandbox mode.'));
  const files = testFiles('integration', 'integration/sandbox/');
  const { kept, leftOut } = modeDependent(files);
  assert.deepEqual([...kept, ...leftOut].sort(), files);
  assert.ok(leftOut.some((file) => file.endsWith('grammar-fuzz.test.ts')));
  assert.ok(kept.some((file) => file.endsWith('escapes.test.ts')));
  // A file left out must not take the mode under test, from the environment or from readme-table.ts.
  for (const file of leftOut) assert.doesNotMatch(readFileSync(file, 'utf8'), /process\.env\.PAU_SANDBOX_MODE|readme-table/, file);
});

test('the e2e files that rebuild dist/ (the .vsix the others install is packed from it) or time something run alone', () => {
  const files = testFiles('e2e');
  const { together, alone } = byLoad(files);
  assert.deepEqual([...together, ...alone].sort(), files);
  for (const file of ['packaging.test.ts', 'start-web.test.ts', 'lm-model.test.ts'])
    assert.ok(
      alone.some((f) => f.endsWith(`/${file}`)),
      file,
    );
  assert.ok(together.length > alone.length, `${alone.length} of ${files.length} alone`);
});

test('integration files start pau bundled (test/support/cli.ts), not from source through tsx, but where the source run is the point', () => {
  // A start through tsx costs about 0.5 s more CPU than the bundle (docs/development.md).
  const fromSource = /src\/cli\/main\.ts|'src', 'cli', 'main\.ts'/;
  const starters = testFiles('integration').filter((file) => fromSource.test(readFileSync(file, 'utf8')));
  // probe/cli.test.ts: one call shows the source run finds its worker; gen/default-chain.test.ts:
  // the --help of a copied tree after `npm run gen` there.
  assert.deepEqual(
    starters.map((file) => file.replace(/^.*test\/integration\//, '')),
    ['gen/default-chain.test.ts', 'probe/cli.test.ts'],
  );
});
