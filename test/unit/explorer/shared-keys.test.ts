import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withSharedKeys } from '../../../src/explorer/shared-keys.js';
import type { Input } from '../../../src/explorer/inputs.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { int, ints, list, str, toSource, tuple } from '../../../src/explorer/values.js';

const dict: PyValue = {
  k: 'dict',
  entries: [
    [str('apples'), int(3)],
    [str('pears'), int(5)],
  ],
};
const slot = (value: PyValue | undefined): Input[number] => ({ cls: value ? value.k : 'omit', value });
const shown = (input: Input): string => input.map((s) => (s.value ? toSource(s.value) : '-')).join(', ');

test("a list holding none of the dict's keys gets its first key; two get every key and the last", () => {
  const out = withSharedKeys([slot(dict), slot(list(ints(3, 1, 2))), slot(tuple(ints(1, 2)))], ['d', 'keep', 'drop']);
  assert.deepEqual(
    out.map((c) => shown(c.input)),
    [
      "{'apples': 3, 'pears': 5}, ['apples'], (1, 2)",
      "{'apples': 3, 'pears': 5}, [3, 1, 2], ('apples',)",
      "{'apples': 3, 'pears': 5}, ['apples', 'pears'], ('pears',)",
    ],
  );
  assert.match(out[0]?.note ?? '', /keep holding a key of d/);
});

test('nothing when a list holds a key already, when there is no dict, or when the dict is the receiver', () => {
  assert.deepEqual(withSharedKeys([slot(dict), slot(list([str('pears')]))], ['d', 'keep']), []);
  assert.deepEqual(withSharedKeys([slot(list(ints(1))), slot(list(ints(2)))], ['a', 'b']), []);
  assert.deepEqual(withSharedKeys([slot(dict), slot(list(ints(1)))], ['self', 'keep'], 0), []);
});
