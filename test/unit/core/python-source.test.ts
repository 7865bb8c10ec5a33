import { test } from 'node:test';
import assert from 'node:assert/strict';

import { logicalLineStarts } from '../../../src/core/python-source.js';

test('logical lines: strings, comments, brackets and continuations', () => {
  assert.deepEqual(logicalLineStarts('a = """\ndef x():\n"""\nb = (1,\n2)\nc = 1 + \\\n 2\nd'), [true, false, false, true, false, true, false, true]);
  assert.deepEqual(logicalLineStarts("s = 'it''s # not a comment ('\nt = 1"), [true, true], 'quotes and brackets inside a string');
  assert.deepEqual(logicalLineStarts("r = rb'\\\\'\nu = 2"), [true, true]);
  assert.deepEqual(logicalLineStarts('x = 1  # a comment (\ny = 2'), [true, true], 'a bracket in a comment');
  assert.deepEqual(logicalLineStarts('f(x)) \ny'), [true, true], 'an unmatched closer opens nothing');
});

test('logical lines: line endings and continued single-quoted strings', () => {
  assert.deepEqual(logicalLineStarts('a = """\r\n\r\n"""\r\nb = 1\rc'), [true, false, false, true, true]);
  // Python continues a single-quoted literal after a backslash at the end of a line, CRLF or LF.
  assert.deepEqual(logicalLineStarts("s = 'a\\\nb'\nt = 1"), [true, false, true]);
  assert.deepEqual(logicalLineStarts("s = 'a\\\r\nb'\r\nt = 1"), [true, false, true]);
  // An unterminated one (typing) ends at its line.
  assert.deepEqual(logicalLineStarts("s = 'open\nt = (1,\n2)"), [true, true, false]);
});
