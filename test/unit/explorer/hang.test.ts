// A call that never finished, where changing one argument gave a result, is key behaviour: the
// summary tells it with its contrast call (add_business_days(date, 2.5) loops for ever).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { FakeFunction } from './fake-python.js';
import { hangWithContrast } from '../../../src/explorer/hang.js';
import type { Observation, Position } from '../../../src/explorer/inputs.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { PyError, PyTimeout, expectInt, expectNumber, fakeProbe, info, param, pyFloat, pyInt, returnedObservation } from './fake-python.js';

test('a hang that a one-argument change avoids is in the summary, with the call that returned', async () => {
  // Counts down by one until it reaches 0: a fraction never does.
  const countdown: FakeFunction = {
    params: [param('start'), param('days')],
    body: ([start, days]) => {
      const s = Number(expectInt(start, 'add_days'));
      const d = expectNumber(days, 'add_days');
      if (d < 0) throw new PyError('ValueError', 'days must be >= 0');
      if (!Number.isInteger(d) || d > 1e6) throw new PyTimeout();
      return pyInt(s + d);
    },
  };
  const report = await exploreOffline(info('add_days', countdown), fakeProbe(countdown, { cache: false }).probe, { maxProbes: 40, strictness: 'signature' });
  assert.match(
    report.description.summary,
    /It did not finish in time for add_days\([^)]*\); with `(start|days)=[^`]+` it returned -?\d+\./,
    report.description.summary,
  );
});

test('a hang at a huge count (a loop the time limit cut) is left to the details', () => {
  const positions: Position[] = ['start', 'days'].map((name) => ({ name, role: 'positional', positionalOnly: false, candidates: ['int'] }));
  const timedOut = (index: number, args: PyValue[]): Observation => {
    const o = returnedObservation(positions, index, args, pyInt(0), () => 'int');
    return { ...o, record: { ...o.record, result: { status: 'timeout', mutations: [], stdout: '', stderr: '', durationMs: 5000 } } };
  };
  const calls = [returnedObservation(positions, 1, [pyInt(0), pyInt(3)], pyInt(3), () => 'int'), timedOut(2, [pyInt(0), pyInt(1234567)])];
  assert.equal(hangWithContrast(calls, positions), null);
  calls.push(timedOut(3, [pyInt(0), pyFloat(2.5)]));
  assert.equal(hangWithContrast(calls, positions)?.timedOut.record.index, 3);
});
