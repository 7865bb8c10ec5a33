import { test } from 'node:test';
import assert from 'node:assert/strict';

import { pyStrRepr } from '../../../src/core/python-string.js';

// [text, repr(text)] as /usr/bin/python3 (3.11, Unicode 14) printed them; code points whose
// category is the same in every Unicode version since.
const PYTHON_REPR: [string, string][] = [
  ['', "''"],
  ['abc', "'abc'"],
  ["it's", '"it\'s"'],
  ['say "hi"', '\'say "hi"\''],
  ['both \' and "', "'both \\' and \"'"],
  ['back\\slash', "'back\\\\slash'"],
  ['a\nb\rc\td', "'a\\nb\\rc\\td'"],
  ['\u0000\u001f\u007f', "'\\x00\\x1f\\x7f'"],
  ['\u0080\u009f', "'\\x80\\x9f'"],
  ['\u00a0\u00ad\u00e9', "'\\xa0\\xad\u00e9'"],
  ['\u0378', "'\\u0378'"],
  ['\u2028\u2029', "'\\u2028\\u2029'"],
  ['\u200e\u202e', "'\\u200e\\u202e'"],
  ['\u3000\ufeff', "'\\u3000\\ufeff'"],
  ['\ue000', "'\\ue000'"],
  ['\ud800', "'\\ud800'"],
  ['\udfff', "'\\udfff'"],
  ['h\u00e9llo w\u00f6rld \ud83c\udf89', "'h\u00e9llo w\u00f6rld \ud83c\udf89'"],
  ['\udb40\udc01', "'\\U000e0001'"],
  ['\udbff\udfff', "'\\U0010ffff'"],
  ['\\\'"', "'\\\\\\'\"'"],
];

test("pyStrRepr writes what Python's repr() of a str writes", () => {
  for (const [text, repr] of PYTHON_REPR) assert.equal(pyStrRepr(text), repr, JSON.stringify(text));
});
