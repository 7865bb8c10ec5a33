// Receivers prepared through a sibling method taking the same arguments (src/explorer/sibling-first.ts).
import assert from 'node:assert/strict';
import test from 'node:test';
import { siblingPreparations } from '../../../src/explorer/sibling-first.js';
import { int, str } from '../../../src/explorer/values.js';

test('a sibling whose required parameters are all given by name is called first, twice, with the same values', () => {
  const methods = [
    { name: 'receive', required: 2, params: ['sku', 'qty'] },
    { name: 'ship', required: 2, params: ['sku', 'qty'] },
    { name: '_audit', required: 1, params: ['sku'] },
    { name: 'rename', required: 2, params: ['sku', 'label'] },
    { name: 'clear', required: 0, params: [] },
  ];
  const given = new Map([
    ['sku', str('a')],
    ['qty', int(3)],
  ]);
  assert.deepEqual(siblingPreparations(methods, 'ship', given), [{ method: 'receive', calls: ["s.receive('a', 3)", "s.receive('a', 3)"] }]);
  assert.deepEqual(siblingPreparations(methods, 'ship', new Map([['qty', int(3)]])), []);
});

test('a sibling that reads or converts (getLink, number_to_words) prepares nothing', () => {
  const methods = [
    { name: 'getLink', required: 2, params: ['data', 'index'] },
    { name: 'number_to_words', required: 1, params: ['data'] },
    { name: 'feed', required: 1, params: ['data'] },
  ];
  const given = new Map([
    ['data', str('a')],
    ['index', int(0)],
  ]);
  assert.deepEqual(
    siblingPreparations(methods, 'getText', given).map((p) => p.method),
    ['feed'],
  );
});
