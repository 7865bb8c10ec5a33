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
      // Each short list of keys is also a path the dict is built along.
      '{3: {1: {2: 3}}}, [3, 1, 2], (1, 2)',
      '{1: {2: 3}}, [3, 1, 2], (1, 2)',
    ],
  );
  assert.match(out[0]?.note ?? '', /keep holding a key of d/);
});

test('nothing when a list holds a key already, when there is no dict, or when the dict is the receiver', () => {
  assert.deepEqual(withSharedKeys([slot(dict), slot(list([str('pears')]))], ['d', 'keep']), []);
  assert.deepEqual(withSharedKeys([slot(list(ints(1))), slot(list(ints(2)))], ['a', 'b']), []);
  assert.deepEqual(withSharedKeys([slot(dict), slot(list(ints(1)))], ['self', 'keep'], 0), []);
});

test('a list of two or three keys is a path: the dict is built nested along it (get_in(keys, coll))', () => {
  const out = withSharedKeys([slot(list([str('a'), str('b')])), slot(dict)], ['keys', 'coll']);
  assert.deepEqual(
    out.map((c) => shown(c.input)),
    ["['apples'], {'apples': 3, 'pears': 5}", "['a', 'b'], {'a': {'b': 3}}"],
  );
  assert.match(out[1]?.note ?? '', /coll nested along the keys of keys/);
  // Already nested so, a set (no order), one key or four: no path.
  const nested: PyValue = { k: 'dict', entries: [[str('a'), { k: 'dict', entries: [[str('b'), int(3)]] }]] };
  assert.deepEqual(withSharedKeys([slot(list([str('a'), str('b')])), slot(nested)], ['keys', 'coll']), []);
  const set: PyValue = { k: 'set', items: [str('x'), str('y')] };
  assert.ok(withSharedKeys([slot(set), slot(dict)], ['keys', 'coll']).every((c) => !/nested/.test(c.note)));
  const four = list([str('w'), str('x'), str('y'), str('z')]);
  assert.ok(withSharedKeys([slot(four), slot(dict)], ['keys', 'coll']).every((c) => !/nested/.test(c.note)));
});
