// Constant seeding (code-constants.ts): the code's own constants, and its phrases on lines of their own.
import assert from 'node:assert/strict';
import test from 'node:test';
import { constantLines, constantValues } from '../../../src/explorer/code-constants.js';
import { toSource } from '../../../src/explorer/values.js';

test('constants become values of their own kind', () => {
  assert.deepEqual(constantValues(['GET', 3, 2.5]).map(toSource), ["'GET'", '3', '2.5']);
});

test("a parser's phrases are tried as lines, the one ending with a colon first; keys and short codes are no phrases", () => {
  const constants = ['utf-8', -1, 'Exception ', 'ignored', 'Traceback (most recent call last):', 'source_line', '\n', ': '];
  const lines = constantLines(constants).map((v) => (v.k === 'str' ? v.v : ''));
  assert.equal(lines[0], 'Traceback (most recent call last):\nException ');
  assert.ok(lines.length <= 3 && lines.every((l) => l.split('\n').length === 2 && !/utf-8|source_line/.test(l)), JSON.stringify(lines));
  assert.deepEqual(constantLines(['utf-8', 'key', 3]), []);
  // Regular expressions are no phrases: a camelCase splitter's patterns stay constants, not lines.
  assert.deepEqual(constantLines(['([A-Z]+)([A-Z][a-z])', String.raw`\1_\2`, String.raw`([a-z\d])([A-Z])`, '-', '_']), []);
});

test("a heading that is the code's only phrase gets an ordinary line under it (its other texts are raise messages, no input)", () => {
  const lines = constantLines(['Entries, newest first:', '\n']).map((v) => (v.k === 'str' ? v.v : ''));
  assert.equal(lines.length, 1);
  assert.match(lines[0]!, /^Entries, newest first:\n\S/);
  assert.deepEqual(constantLines(['a plain phrase only']), []);
});
