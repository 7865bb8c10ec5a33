// The exported module says what it does not pin down: a probe left out that was the first to
// reach a branch of the function may be the only probe there (issue 22).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pytestModule } from '../../../src/export/pytest-source.js';
import { leftOutSummary } from '../../../src/export/pytest-export.js';

const input = {
  moduleName: 'mathx',
  rootFromTest: '.',
  qualname: 'clamp',
  moduleClasses: [],
  cases: [],
  skipped: [
    { probe: 3, reason: 'not reproducible: re-running it gave another result' },
    { probe: 5, reason: 'it timed out' },
    { probe: 6, reason: 'it timed out' },
  ],
};

test('a left-out probe that first reached branches is named as a gap; one that reached nothing new is not', () => {
  const { source } = pytestModule({
    ...input,
    firstReached: new Map([
      [3, 2],
      [5, 0],
      [6, 1],
    ]),
  });
  const line = (probe: number) => source.split('\n').find((l) => l.startsWith(`  probe ${probe}:`))!;
  assert.match(line(3), /first probe to reach 2 branches of the function, so the tests here possibly leave them unchecked$/);
  assert.doesNotMatch(line(5), /branch/);
  assert.match(line(6), /first probe to reach a branch of the function, so the tests here possibly leave it unchecked$/);
});

test('an export that writes nothing names each reason once, with the probes it applies to', () => {
  // more_itertools.map_if (new-user trial, seed 24680): "probe 1 args[1] (function) is not plain
  // data, and an exported test holds …; probe 2 args[1] (function) is not plain data, …" 16 times.
  const plain = 'args[1] (function) is not plain data, and an exported test holds only the values a call was made with';
  const skipped = [1, 2, 3, 5, 6, 7, 8, 9, 10, 14, 15, 16, 17, 18, 20].map((probe) => ({ probe, reason: plain }));
  skipped.splice(3, 0, { probe: 4, reason: plain.replace('args[1]', 'args[2]') });
  assert.equal(leftOutSummary(skipped), `probes 1–3, 5–10, 14–18 and 20 ${plain}; probe 4 ${plain.replace('args[1]', 'args[2]')}`);
  assert.equal(leftOutSummary([{ probe: 7, reason: 'timed out' }]), 'probe 7 timed out');
  assert.equal(
    leftOutSummary([
      { probe: 2, reason: 'x' },
      { probe: 3, reason: 'x' },
    ]),
    'probes 2 and 3 x',
  );
});
