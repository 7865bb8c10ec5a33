// The pytest export against argument sources written to run harm outside the sandbox. A source
// can take a harmless branch in the sandbox (where PYTHONHASHSEED is 0) and a harmful one
// anywhere else, and spell a refused name with a fullwidth letter that Python folds (NFKC) to
// the real one. The export writes the values the worker built, never the source, so pytest on
// the host sees only `[1, 2]`: nothing is written outside, whatever branch the source had.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { exportPytest } from '../../../src/export/pytest-export.js';
import { startWorker } from '../../../src/probe/client.js';
import { pytestRunner } from '../../../src/probe/pytest-run.js';
import { runSession } from '../../../src/session/run.js';
import type { ProbeRecord } from '../../../src/core/session-types.js';

const PYTHON = '/usr/bin/python3';
const work = mkdtempSync(join(tmpdir(), 'pau-export-attack-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** hash('pau') as the sandbox sees it (the worker fixes PYTHONHASHSEED=0). */
const SANDBOX_HASH = execFileSync(PYTHON, ['-c', "print(hash('pau'))"], { env: { PYTHONHASHSEED: '0' }, encoding: 'utf8' }).trim();

// The fullwidth spelling wrote the marker on the host before values replaced sources (the
// export's old filter matched ASCII names only); the plain one was caught by that filter.
for (const [label, getter, keys] of [
  ['a fullwidth attrgetter and attribute', 'operator.\uff41ttrgetter', 'c.\uff4beys()'],
  ['a plain attrgetter', 'operator.attrgetter', 'c.keys()'],
] as const) {
  test(`an argument source with ${label} behind a hash() branch writes nothing on the host`, async () => {
    const dir = mkdtempSync(join(work, 'ws-'));
    const module = join(dir, 'first.py');
    writeFileSync(module, 'def first(xs):\n    return xs[0]\n');
    const marker = join(dir, 'MARKER');
    const harm = `(lambda c: ${getter}('gi_frame.f_builtins')(iter(${keys}))['open'](${JSON.stringify(marker)}, 'w'))(ChainMap({1: 2}))`;
    const source = `[1, 2] if hash('pau') == ${SANDBOX_HASH} else ${harm}`;

    const worker = await startWorker({ target: { file: module, qualname: 'first' }, python: PYTHON });
    let result;
    try {
      result = await worker.call({ args: [source] });
    } finally {
      await worker.stop();
    }
    assert.equal(result.status, 'returned', JSON.stringify(result));
    const settings = { mode: 'offline' as const, maxProbes: 1, timeoutMs: 5000, memoryMb: 1024, strictness: 'signature' as const, coverageFeedback: false };
    const session = await runSession({ target: { file: module, qualname: 'first' }, settings, compare: false, python: PYTHON });
    const probe: ProbeRecord = { index: 0, origin: 'llm', args: [source], result };
    const exported = await exportPytest({
      session: { ...session, probes: [probe] },
      startWorker,
      runPytest: pytestRunner(),
      python: PYTHON,
      workspaceRoot: dir,
    });

    assert.ok(exported.verified.ok, exported.verified.output);
    const written = readFileSync(exported.path, 'utf8');
    assert.doesNotMatch(written, /ttrgetter|gi_frame|hash\(/, 'the source reached the module');
    assert.match(written, /lambda: \(None, \[\[1, 2\]\], \{\}\)/);
    // The module's own run outside the export (as the user's test suite would run it).
    execFileSync(PYTHON, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', exported.path], { cwd: dir, env: { PATH: process.env.PATH ?? '' } });
    assert.equal(existsSync(marker), false, 'the harmful branch ran on the host');
  });
}

test('the export runs pytest inside the OS sandbox: a test module cannot write outside its folder', async () => {
  const dir = mkdtempSync(join(work, 'ws-'));
  const module = join(dir, 'noisy.py');
  const outside = join(work, `outside-${process.pid}`);
  // The user's module writes at import: under the sandbox that write fails, and the file stays absent.
  writeFileSync(module, `try:\n    open(${JSON.stringify(outside)}, 'w').write('x')\nexcept OSError:\n    pass\n\ndef one(x):\n    return 1\n`);
  const runPytest = pytestRunner({ sandbox: 'os' });
  const test = join(dir, 'test_noisy.py');
  writeFileSync(test, 'import noisy\n\ndef test_one():\n    assert noisy.one(0) == 1\n');
  rmSync(outside, { force: true });
  const run = await runPytest(test, { python: PYTHON, moduleFile: module, timeoutMs: 60_000 });
  assert.ok(run.ok, run.output);
  assert.match(run.sandbox, /OS/);
  assert.equal(existsSync(outside), false, 'pytest ran the module outside the sandbox');
});
