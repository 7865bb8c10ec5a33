// Coverage of the target: counts of lines and branch arcs, with what is new this session;
// and a smoke matrix over every interpreter found here, so both the sys.settrace path
// (before 3.12) and the sys.monitoring path (3.12+) really run.
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { execFileSync } from 'node:child_process';
import { startWorker } from '../../../src/probe/client.js';
import { ProbeError, type CoverageCounts } from '../../../src/core/probe-types.js';
import { describeResult, fixture, freshWorker, workerFor } from './support.js';

const counts = (hit: number, total: number, fresh: number): CoverageCounts => ({ hit, total, new: fresh });

test('coverage gives hit/total/new for lines and arcs; an identical call adds nothing new', async () => {
  const w = await freshWorker('basics.py', 'classify');
  const negative = await w.call({ args: ['-1'] });
  assert.deepEqual(negative.coverage, { lines: counts(2, 9, 2), arcs: counts(1, 8, 1) }, describeResult(negative));
  const again = await w.call({ args: ['-1'] });
  assert.deepEqual(again.coverage, { lines: counts(2, 9, 0), arcs: counts(1, 8, 0) });
  const zero = await w.call({ args: ['0'] });
  assert.deepEqual(zero.coverage, { lines: counts(3, 9, 2), arcs: counts(2, 8, 2) });
  const five = await w.call({ args: ['5'] });
  assert.deepEqual(five.coverage, { lines: counts(7, 9, 5), arcs: counts(6, 8, 5) });
});

test('a loop of 1,234,567 passes returns within the default timeout, with the coverage a full trace finds', async () => {
  // Traced line by line (sys.settrace, before 3.12) it took 16-19 s and timed out; coverage.py
  // stops a frame's line events once they teach nothing new, and infers the lines after the loop.
  const w = await freshWorker('loops.py', 'split_bill');
  const result = await w.call({ args: ['1234567', '3'] });
  assert.equal(result.status, 'returned', describeResult(result));
  assert.equal(result.value?.repr, '3');
  assert.deepEqual(result.coverage, { lines: counts(5, 6, 5), arcs: counts(3, 4, 3) });
});

test('a loop of 1,234,567 passes, then a comparison: within the default timeout, coverage and the comparison recorded', async () => {
  // Before 3.12 the frame's line events stop inside the loop; the comparison after it is read at
  // the return (coverage.py), the lines it certainly ran on are inferred.
  const w = await freshWorker('loops.py', 'count_until');
  const result = await w.call({ args: ['1234567', "'go'"] }, { comparisons: true });
  assert.equal(result.status, 'returned', describeResult(result));
  assert.equal(result.value?.repr, String((1234567 * 1234566) / 2));
  assert.deepEqual(result.coverage, { lines: counts(5, 6, 5), arcs: counts(3, 4, 3) });
  assert.deepEqual(
    result.comparisons?.filter((c) => c.arg === 'args[1]').map((c) => [c.op, c.values]),
    [['==', ['halt']]],
    JSON.stringify(result.comparisons),
  );
});

test('coverage carries counts only, never line numbers', async () => {
  const w = await workerFor('basics.py', 'classify');
  const result = await w.call({ args: ['3'] });
  assert.deepEqual(Object.keys(result.coverage!).sort(), ['arcs', 'lines']);
  for (const part of Object.values(result.coverage!)) assert.deepEqual(Object.keys(part).sort(), ['hit', 'new', 'total']);
});

test('coverage can be switched off', async () => {
  const w = await workerFor('basics.py', 'classify', { coverage: false });
  const result = await w.call({ args: ['5'] });
  assert.equal(result.coverage, undefined);
  assert.equal(result.value?.repr, '4');
});

/** python3 plus every pyenv interpreter present on this machine. */
function interpreters(): { label: string; python: string }[] {
  const found = [{ label: 'python3', python: 'python3' }];
  const root = '/root/.pyenv/versions';
  if (existsSync(root)) {
    for (const version of readdirSync(root).sort()) {
      const python = join(root, version, 'bin', 'python3');
      if (existsSync(python)) found.push({ label: version, python });
    }
  }
  return found;
}

function versionOf(python: string): [number, number] {
  const out = execFileSync(python, ['-c', 'import sys; print(sys.version_info[0], sys.version_info[1])'], {
    encoding: 'utf8',
  });
  const [major = 0, minor = 0] = out.trim().split(' ').map(Number);
  return [major, minor];
}

const matrix = interpreters();
console.log(`probe smoke matrix: ${matrix.map((m) => m.label).join(', ')}`);

for (const { label, python } of matrix) {
  const [major, minor] = versionOf(python);
  const supported = major === 3 && minor >= 9;
  const path = minor >= 12 ? 'sys.monitoring' : 'sys.settrace';
  test(`smoke on ${label} (Python ${major}.${minor}, ${supported ? path : 'unsupported'})`, async () => {
    if (!supported) {
      await assert.rejects(
        startWorker({ target: { file: fixture('basics.py'), qualname: 'classify' }, python }),
        (err: unknown) => err instanceof ProbeError && err.kind === 'no-python' && /3\.9 or newer/.test(err.message),
      );
      return;
    }
    const w = await freshWorker('basics.py', 'classify', { python });
    assert.equal(w.info.pythonVersion.split('.').slice(0, 2).join('.'), `${major}.${minor}`);
    const results = [];
    for (const n of ['-1', '0', '5', '5']) results.push(await w.call({ args: [n] }));
    assert.deepEqual(
      results.map((r) => r.value?.repr),
      ["'negative'", "'zero'", '4', '4'],
    );
    const last = results[3]!.coverage!;
    assert.equal(last.lines.new + last.arcs.new, 0, 'the repeated call adds nothing');
    const union = results.reduce((sum, r) => sum + r.coverage!.lines.new, 0);
    assert.equal(union, last.lines.total, `all ${last.lines.total} lines reached on ${label}`);
    const arcs = results.reduce((sum, r) => sum + r.coverage!.arcs.new, 0);
    assert.equal(arcs, last.arcs.total, `all ${last.arcs.total} arcs reached on ${label}`);
    const generator = await (await workerFor('basics.py', 'gen', { python })).call({ args: ['2'] });
    assert.deepEqual(generator.value?.iteration, { items: ['0', '1'], ended: true });
  });
}
