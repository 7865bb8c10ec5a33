// An example in doctest form, the one form the CLI, the Markdown report, the panel and Insert
// Docstring show (core/doctest-example.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { doctestExample, preparedDoctest } from '../../../src/core/doctest-example.js';

test('a prepared receiver: every preparing call bound to _, the last call printed', () => {
  assert.equal(preparedDoctest('s = Stack(); s.push(3); s.pop()'), 's = Stack(); _ = s.push(3); s.pop()');
  assert.equal(preparedDoctest('clamp(5, 0, 3)'), null);
  assert.deepEqual(doctestExample("s = TodoList(); s.add('a'); s.complete('a')", '0'), [">>> s = TodoList(); _ = s.add('a'); s.complete('a')", '0']);
});

test('None prints nothing; a traceback and a multi-line result are kept, blank lines as <BLANKLINE>', () => {
  assert.deepEqual(doctestExample(">>> f('')", 'None'), [">>> f('')"]);
  const tb = 'Traceback (most recent call last):\n    ...\nValueError: bad';
  assert.deepEqual(doctestExample('f(-1)', tb), ['>>> f(-1)', ...tb.split('\n')]);
  assert.deepEqual(doctestExample('show()', 'a\n\nb'), ['>>> show()', 'a', '<BLANKLINE>', 'b']);
});
