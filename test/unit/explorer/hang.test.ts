// A call that never finished, where changing one argument gave a result, is key behaviour: the
// summary tells it with its contrast call (add_business_days(date, 2.5) loops for ever).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, PyTimeout, expectInt, expectNumber, fakeProbe, info, param, pyInt } from './fake-python.js';

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
