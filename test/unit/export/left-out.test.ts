// The exported module says what it does not pin down: a probe left out that was the first to
// reach a branch of the function may be the only probe there (issue 22).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pytestModule } from '../../../src/export/pytest-source.js';

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
