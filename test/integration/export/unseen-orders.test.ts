// The exported module says what the run did not pin down: for clamp in examples/mathx.py, an
// offline run at the default budget never puts x strictly between lo and hi, so the mutant
// `return hi if x >= lo else lo` passed every exported test (issue 22). The export now names
// the orderings of the arguments the run never probed, probes them, and the mutant fails.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { exportPytest } from '../../../src/export/pytest-export.js';
import { startWorker } from '../../../src/probe/client.js';
import { pytestRunner } from '../../../src/probe/pytest-run.js';
import { DEBIAN_PYTHON, offlineSession } from '../../support/offline-session.js';

const work = mkdtempSync(join(tmpdir(), 'pau-unseen-'));
after(() => rmSync(work, { recursive: true, force: true }));

test('the clamp export names the orderings the run never probed and kills the x-inside-[lo, hi] mutant', { timeout: 180_000 }, async () => {
  const module = join(work, 'mathx.py');
  cpSync(resolve('examples/mathx.py'), module);
  const session = await offlineSession(module, 'clamp');
  assert.equal(session.error, undefined, session.error?.message);
  // The explorer may itself probe x strictly inside [lo, hi] (clamp(5, 0, 10)); those probes
  // are taken out, so that the export is the one that must notice the ordering is missing.
  const inside = (args: string[]) => {
    const [x, lo, hi] = args.map(Number);
    return args.length === 3 && lo! < x! && x! < hi!;
  };
  const without = { ...session, probes: session.probes.filter((p) => !inside(p.args)) };
  assert.ok(without.probes.length > 5, 'the run has other probes to export');
  const exported = await exportPytest({ session: without, startWorker, runPytest: pytestRunner(), python: DEBIAN_PYTHON, workspaceRoot: work });
  assert.ok(exported.verified.ok, exported.verified.output);
  const docstring = exported.source.slice(0, exported.source.indexOf('"""', 3));
  assert.match(docstring, /Orderings of \(x, lo, hi\) the run never probed:/);
  assert.match(docstring, /lo < x < hi: probed by the export \(probe \d+\)/);

  const source = readFileSync(module, 'utf8');
  const mutant = source.replace('    return max(lo, min(x, hi))', '    return hi if x >= lo else lo');
  assert.notEqual(mutant, source);
  writeFileSync(module, mutant);
  const run = spawnSync(DEBIAN_PYTHON, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', exported.path], { cwd: work, encoding: 'utf8', timeout: 60_000 });
  assert.notEqual(run.status, 0, `the mutant survived:\n${run.stdout}`);
  assert.match(run.stdout, /FAILED .*test_returns/);
});
