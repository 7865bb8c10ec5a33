// Types in a description as the user writes them: a class of the target's own module by its
// name, and the worker's dataclass (a stand-in for "any dataclass") as a dataclass instance.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import { DEFAULT_STRICTNESS } from '../../../src/core/limits.js';
import { typeAsWritten } from '../../../src/explorer/describe.js';
import { toTagged } from '../../../src/explorer/values.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, fakeProbe, info, param } from './fake-python.js';

test("a class of the target's module is named as the module's code names it", async () => {
  const fn: FakeFunction = {
    params: [param('balance')],
    moduleClasses: ['Wallet'],
    state: (w) => (w.k === 'call' && w.args[0] ? { attributes: [{ name: 'balance', value: toTagged(w.args[0]) }] } : undefined),
    body: ([balance]) => {
      if (balance?.k !== 'int') throw new PyError('TypeError', 'balance must be a number');
      return { k: 'call', callee: 'Wallet', args: [balance] };
    },
  };
  const report = await exploreOffline(info('open_wallet', fn), fakeProbe(fn, { cache: false }).probe, { maxProbes: 20, strictness: DEFAULT_STRICTNESS });
  assert.match(report.description.returns, /^A Wallet \(/, report.description.returns);
});

test('a type of another module keeps its module; the worker dataclass reads as a dataclass instance', () => {
  const shown = typeAsWritten({ ...info('f', { params: [], body: () => ({ k: 'none' }) }), moduleClasses: ['Wallet'] });
  assert.equal(shown('app.Wallet'), 'Wallet');
  assert.equal(shown('collections.OrderedDict'), 'collections.OrderedDict');
  assert.equal(shown('pau_probe.safe_args.DataRecord'), 'dataclass instance');
  assert.equal(shown('int'), 'int');
});
