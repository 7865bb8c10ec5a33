// A generator whose every call yielded the same items that show the worker (traceback.walk_tb
// walking the worker's own frames) is not quoted: the items are the probing process's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Observation, Position } from '../../../src/explorer/inputs.js';
import { buildReport } from '../../../src/explorer/describe.js';
import { int } from '../../../src/explorer/values.js';
import { info, param, returnedObservation } from './fake-python.js';

const positions: Position[] = [{ name: 'tb', role: 'positional', positionalOnly: false, candidates: ['int'] }];

function walked(index: number, item: string): Observation {
  const o = returnedObservation(positions, index, [int(index)], int(0));
  const value = { type: 'generator', repr: '<generator object walk_tb at 0x1>', truncated: false, iteration: { items: [item], ended: true } };
  return { ...o, record: { ...o.record, result: { ...o.record.result, value } } };
}

const describe = (item: string) =>
  buildReport({
    info: info('walk_tb', { params: [param('tb')], body: () => int(0) }),
    positions,
    observations: [1, 2, 3, 4].map((k) => walked(k, item)),
    accepted: [new Set()],
    maxProbes: 20,
  }).description;

test("items that show the worker's files are not quoted in the summary or the Returns line", () => {
  const d = describe("(<frame at 0x2, file '/opt/x/pau_probe/safe_args.py', line 335, code _exc_info>, 333)");
  assert.doesNotMatch(`${d.summary} ${d.returns}`, /pau_probe|safe_args/, `${d.summary} ${d.returns}`);
  assert.match(d.summary, /a generator yielding/, d.summary);
});

test('items of the function itself are quoted', () => {
  const d = describe('(1, 2)');
  assert.match(d.summary, /that yields \(1, 2\)/, d.summary);
});
