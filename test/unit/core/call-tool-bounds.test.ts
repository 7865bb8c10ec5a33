// The bounds of the call tool's input (core/call-tool.ts) for callers no schema checked: VS Code
// hands a language-model tool whatever the agent sent. Each bound is named, the value never repeated.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_ARGS, MAX_KWARGS, MAX_NAME_LENGTH, MAX_PATH_LENGTH, MAX_SOURCE_LENGTH, overBounds } from '../../../src/core/call-tool.js';

const ok = { file: 'mod.py', qualname: 'f', args: ['1'], kwargs: { k: '2' }, receiver: 'Box()' };
const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, '1']));

test('input within every bound passes, at each bound exactly too', () => {
  assert.equal(overBounds(ok), undefined);
  assert.equal(overBounds({}), undefined);
  const atBounds = {
    file: 'f'.repeat(MAX_PATH_LENGTH),
    qualname: 'q'.repeat(MAX_NAME_LENGTH),
    args: Array.from({ length: MAX_ARGS }, () => '1'.repeat(MAX_SOURCE_LENGTH)),
    kwargs: many(MAX_KWARGS),
    receiver: 'r'.repeat(MAX_SOURCE_LENGTH),
  };
  assert.equal(overBounds(atBounds), undefined);
});

test('each field over its bound is named with the bound, and the value is not repeated', () => {
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ ...ok, file: 'a'.repeat(1_000_000) }, /^file is longer than 4096 characters$/],
    [{ ...ok, qualname: 'a'.repeat(MAX_NAME_LENGTH + 1) }, /^qualname is longer than 1000 characters$/],
    [{ ...ok, args: Array.from({ length: MAX_ARGS + 1 }, () => '1') }, /^at most 50 positional arguments, got 51$/],
    [{ ...ok, kwargs: many(100_000) }, /^at most 50 keyword arguments, got 100000$/],
    [{ ...ok, kwargs: { ['a'.repeat(5000)]: '1' } }, /^a keyword argument's name is longer than 1000 characters$/],
    [{ ...ok, args: ['1', 'x'.repeat(MAX_SOURCE_LENGTH + 1)] }, /^args\[1\] is longer than 10000 characters$/],
    [{ ...ok, kwargs: { k: 'x'.repeat(MAX_SOURCE_LENGTH + 1) } }, /^kwargs\.k is longer than 10000 characters$/],
    [{ ...ok, receiver: 'x'.repeat(MAX_SOURCE_LENGTH + 1) }, /^receiver is longer than 10000 characters$/],
  ];
  for (const [input, expected] of cases) assert.match(overBounds(input) ?? 'passed', expected);
});
