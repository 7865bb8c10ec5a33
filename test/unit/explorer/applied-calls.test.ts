// The arguments a returned callable is called with (applied-calls.ts): from its signature, whose
// parameter names suggest values as the target's own do; from the kinds of the call's own arguments
// when it names none (`*args, **kwargs`, no signature); ordinary values last.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { APPLY_TRIES, appliedArguments, signatureParams } from '../../../src/explorer/applied-calls.js';
import { int, str } from '../../../src/explorer/values.js';
import { info, param } from './fake-python.js';

const target = info('make', { params: [param('n')], body: () => int(0) });

test('a signature as inspect writes it, read back as parameters', () => {
  assert.deepEqual(signatureParams('(x, /, y: int = 2, *args, key=None, **kw) -> Tuple[int, int]'), [
    { name: 'x', kind: 'POSITIONAL_ONLY' },
    { name: 'y', kind: 'POSITIONAL_OR_KEYWORD', annotation: 'int', default: '2' },
    { name: 'args', kind: 'VAR_POSITIONAL' },
    { name: 'key', kind: 'KEYWORD_ONLY', default: 'None' },
    { name: 'kw', kind: 'VAR_KEYWORD' },
  ]);
  assert.deepEqual(signatureParams('(*, sep)'), [{ name: 'sep', kind: 'KEYWORD_ONLY' }]);
  assert.deepEqual(signatureParams('()'), []);
  assert.equal(signatureParams('x'), null);
});

test('required parameters get what their names suggest, options are left out, at most APPLY_TRIES lists', () => {
  const lists = appliedArguments(target, '(text, width=70)', []);
  assert.ok(lists.length > 0 && lists.length <= APPLY_TRIES);
  for (const a of lists) {
    assert.equal(a.args.length, 1, JSON.stringify(a));
    assert.match(a.args[0] ?? '', /^['"]/, 'a text for `text`');
  }
  assert.deepEqual(appliedArguments(target, '()', []), [{ args: [] }]);
});

test("a callable that names nothing it takes: one argument of each kind the call's own were, a function's left out, then ordinary values", () => {
  const lists = appliedArguments(target, '(*args, **kwargs)', [str('x'), { k: 'fn', src: 'len' }]);
  assert.deepEqual(lists[0], { args: ["'abc'"] });
  assert.equal(lists.length, APPLY_TRIES);
  assert.ok(lists.every((a) => !a.args.includes('len')));
  assert.deepEqual(
    appliedArguments(target, undefined, []).map((a) => a.args),
    [['[3, 1, 2]'], ["'abc'"], ['3']],
  );
});
