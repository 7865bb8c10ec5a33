// A function whose first call to return comes late in the run (statistics.covariance in newuser5's
// trial: two lists of the same length). The determinism re-runs wait for a call that returned, so
// that one may be an example; before, all three went to calls that raised, and the only example
// shown was a raise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { PyValue } from '../../../src/explorer/values.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, fakeProbe, info, param, pyFloat } from './fake-python.js';

const numbers = (v: PyValue | undefined): number[] => {
  if (v?.k !== 'list') throw new PyError('TypeError', `object of type '${v?.k ?? 'NoneType'}' has no len()`);
  return v.items.map((i) => {
    if (i.k !== 'int' && i.k !== 'float') throw new PyError('TypeError', "can't convert type to numerator/denominator");
    return Number(i.v);
  });
};

const covariance: FakeFunction = {
  params: [param('x'), param('y')],
  body: ([x, y]) => {
    const xs = numbers(x);
    const ys = numbers(y);
    if (xs.length !== ys.length) throw new PyError('statistics.StatisticsError', 'covariance requires that both inputs have same number of data points');
    if (xs.length < 2) throw new PyError('statistics.StatisticsError', 'covariance requires at least two data points');
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
    const [mx, my] = [mean(xs), mean(ys)];
    return pyFloat(xs.reduce((s, xi, i) => s + (xi - mx) * ((ys[i] ?? my) - my), 0) / (xs.length - 1));
  },
};

for (const maxProbes of [20, 40])
  test(`covariance at ${maxProbes} probes: returned calls are re-run and one is the first example; no re-run of a call that raised`, async () => {
    const fake = fakeProbe(covariance);
    const report = await exploreOffline(info('covariance', covariance), fake.probe, { maxProbes, strictness: 'anonymized' });
    assert.ok(fake.budgeted() <= maxProbes);
    const reruns = fake.records.filter((r) => r.note?.startsWith('determinism'));
    assert.ok(reruns.length >= 3, `${reruns.length} re-runs`);
    assert.ok(
      reruns.every((r) => r.result.status === 'returned'),
      reruns.map((r) => `#${r.index} ${r.result.status}`).join(', '),
    );
    assert.equal(report.properties.find((p) => p.name === 'deterministic')?.holds, true);
    const [first] = report.description.examples;
    assert.match(first?.result ?? '', /^-?\d/, JSON.stringify(report.description.examples));
  });

test('nothing returned: no determinism re-runs, the budget goes to the search', async () => {
  const fn: FakeFunction = {
    params: [param('jwk')],
    body: () => {
      throw new PyError('ValueError', 'Key is not valid JSON');
    },
  };
  const fake = fakeProbe(fn);
  await exploreOffline(info('from_jwk', fn), fake.probe, { maxProbes: 20, strictness: 'anonymized' });
  assert.deepEqual(
    fake.records.filter((r) => r.note?.startsWith('determinism')).map((r) => r.index),
    [],
  );
});
