// "Not the same from run to run: format_stack() gave ['  File "<frozen runpy>", line 198…, then
// ['  File "<frozen runpy>", line 198…": two values that differ past the cut were quoted the same.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { differingQuotes } from '../../../src/core/format.js';

test('two values that differ only past the cut are quoted from near their first difference', () => {
  const head = `['  File "<frozen runpy>", line 198, in _run_module_as_main', '  File "<frozen runpy>", line 88, in _run_code', `;
  const [a, b] = differingQuotes(`${head}'  File "x.py", line 12, in run']`, `${head}'  File "x.py", line 31, in run']`, 60);
  assert.notEqual(a, b);
  assert.match(a, /^….*line 12/);
  assert.match(b, /^….*line 31/);
  assert.ok(a.length <= 60 && b.length <= 60, `${a} / ${b}`);
});

test('values that read differently when cut, or are equal, are quoted as they begin', () => {
  assert.deepEqual(differingQuotes('[1, 2]', '[1, 3]', 60), ['[1, 2]', '[1, 3]']);
  assert.deepEqual(differingQuotes('x'.repeat(80), 'x'.repeat(80), 10), ['xxxxxxxxx…', 'xxxxxxxxx…']);
  // One the other's beginning, cut short by the worker: no difference to show, so no jump to the cut.
  assert.deepEqual(differingQuotes(`${'y'.repeat(80)}z]`, `${'y'.repeat(70)}…`, 10), ['yyyyyyyyy…', 'yyyyyyyyy…']);
});
