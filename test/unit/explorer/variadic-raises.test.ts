// A raise blamed on a `*args` argument is one Raises line about the variadic parameter, whichever
// of its positions held the value: not one line per position (heapq.merge's `*iterables`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, fakeProbe, info, param, pyInt } from './fake-python.js';

test('raises blamed on several positions of *args are one line', async () => {
  const total: FakeFunction = {
    params: [param('nums', 'VAR_POSITIONAL')],
    body: (args) => {
      let sum = 0n;
      for (const a of args) {
        if (a.k !== 'int') throw new PyError('TypeError', `unsupported operand type(s) for +: 'int' and '${a.k}'`);
        if (a.v < 0n) throw new PyError('ValueError', 'negative number');
        sum += a.v;
      }
      return pyInt(sum);
    },
  };
  const report = await exploreOffline(info('total', total), fakeProbe(total, { cache: false }).probe, { maxProbes: 40, strictness: 'anonymized' });
  const raises = report.description.raises ?? '';
  const lines = raises.split('\n').filter(Boolean);
  for (const type of ['TypeError', 'ValueError']) {
    const own = lines.filter((l) => l.startsWith(`${type} for \`*nums=`));
    assert.ok(own.length <= 1, raises);
  }
  assert.ok(
    lines.some((l) => l.startsWith('TypeError for `*nums=')),
    raises,
  );
});
