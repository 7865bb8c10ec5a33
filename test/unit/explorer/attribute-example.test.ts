// An example showing an attribute of an object shown by its address (pycodestyle get_parser):
// its re-run in an interpreter of another hash seed asks for the object's state as the first call did.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_STRICTNESS } from '../../../src/core/limits.js';
import { exploreOffline } from '../../../src/explorer/index.js';
import { toTagged } from '../../../src/explorer/values.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, fakeProbe, info, param } from './fake-python.js';

test('an example showing an attribute of an object shown by its address: its hash-seed re-run asks for the state too, so the example stays', async () => {
  const fn: FakeFunction = {
    params: [param('balance')],
    stateWhenAsked: true,
    state: (w) => (w.k === 'call' && w.args[0] ? { attributes: [{ name: 'balance', value: toTagged(w.args[0]) }] } : undefined),
    body: ([balance]) => {
      if (balance?.k !== 'int') throw new PyError('TypeError', 'balance must be a number');
      if (balance.v < 0n) throw new PyError('ValueError', 'balance must not be negative');
      return { k: 'call', callee: 'Wallet', args: [balance] };
    },
  };
  const fake = fakeProbe(fn, { cache: false });
  const report = await exploreOffline(info('open_wallet', fn), fake.probe, { maxProbes: 20, strictness: DEFAULT_STRICTNESS });
  assert.ok(
    report.description.examples.some((e) => /^open_wallet\(\d+\)\.balance$/.test(e.call)),
    JSON.stringify(report.description.examples),
  );
});
