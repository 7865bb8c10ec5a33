// A function made with @contextmanager is described by the `with` statement that uses it, not
// by an attribute of contextlib's wrapper (click's raw_terminal().args → ()).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildReport } from '../../../src/explorer/describe.js';
import type { Observation } from '../../../src/explorer/inputs.js';
import { withStatement } from '../../../src/explorer/context-manager.js';
import { info, returnedObservation } from './fake-python.js';

/** raw_terminal() as the worker reports it: the wrapper, shown by its address, with contextlib's attributes. */
function wrapperCall(index: number, type = 'contextlib._GeneratorContextManager'): Observation {
  const o = returnedObservation([], index, [], { k: 'none' });
  const result = {
    ...o.record.result,
    value: { type, repr: `<${type} object at 0x1>`, truncated: false },
    valueState: { attributes: [{ name: 'args', value: { t: 'tuple' as const, v: [] } }] },
  };
  return { ...o, record: { ...o.record, result } };
}

test('a returned @contextmanager wrapper reads "Use it as `with raw_terminal() as …:`", and no example shows its attributes', () => {
  const target = info('raw_terminal', { params: [], body: () => ({ k: 'none' }) });
  const observations = [1, 2, 3, 4].map((i) => wrapperCall(i));
  const { description } = buildReport({ info: target, positions: [], observations, accepted: [], maxProbes: 20 });
  assert.match(description.summary, /^Takes no arguments and returns a context manager\. Use it as `with raw_terminal\(\) as …:`\.$/, description.summary);
  assert.ok(!description.examples.some((e) => /\.args/.test(e.call)), JSON.stringify(description.examples));
});

test("only contextlib's wrappers are taken for context managers; the async one reads `async with`", () => {
  assert.equal(withStatement('contextlib._AsyncGeneratorContextManager', 'session()'), 'async with session() as …:');
  assert.equal(withStatement('app.Wallet', 'open_wallet(3)'), null);
});
