// A dict given the key a KeyError named (src/explorer/named-keys.ts).
import assert from 'node:assert/strict';
import test from 'node:test';
import { keyNamed, withNamedKey } from '../../../src/explorer/named-keys.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { int, list, str, toSource } from '../../../src/explorer/values.js';

const dict = (entries: [PyValue, PyValue][]): PyValue => ({ k: 'dict', entries });

test('the key a KeyError names: a quoted text or a number, nothing else', () => {
  assert.deepEqual(keyNamed("'type'"), str('type'));
  assert.deepEqual(keyNamed('5'), int(5));
  assert.equal(keyNamed('no such key'), undefined);
  assert.equal(keyNamed('[1, 2]'), undefined);
});

test('a dict gets the key, with a value of the family its name suggests; not twice, not past its size, not a non-dict', () => {
  const given = dict([[str('a'), int(1)]]);
  assert.equal(toSource(withNamedKey(given, str('items')) ?? str('')), "{'a': 1, 'items': [4, 8, 15, 16, 23, 42]}");
  assert.equal(toSource(withNamedKey(given, str('zz')) ?? str('')), "{'a': 1, 'zz': 'abc'}");
  assert.equal(withNamedKey(given, str('a')), undefined);
  assert.equal(withNamedKey(list([int(1)]), str('a')), undefined);
  const full = dict(Array.from({ length: 8 }, (_, n): [PyValue, PyValue] => [int(n), int(n)]));
  assert.equal(withNamedKey(full, str('a')), undefined);
});
