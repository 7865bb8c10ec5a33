// A doctest runs in the module's namespace: an example with a date argument, written
// `datetime.date(2024, 3, 15)`, failed with NameError in a module that did `from datetime import
// date` (newuser2's trial: age_on, weekday_name). The Examples section imports what it names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { doctestImports } from '../../../src/core/doctest-example.js';
import { renderDocstring } from '../../../src/docstring/render.js';
import type { Description } from '../../../src/core/session-types.js';

test('the standard modules a call names are imported once each, sorted; names inside strings or after a dot are not', () => {
  assert.deepEqual(doctestImports(['age_on(datetime.date(1990, 7, 4), datetime.date(2024, 3, 15))', "parse(io.StringIO('a'), re.match('x', 'x'))"]), [
    '>>> import datetime',
    '>>> import io',
    '>>> import re',
  ]);
  assert.deepEqual(doctestImports(["f('see datetime.date and io.StringIO')", 'obj.datetime.date(1)', 'Stack().push(3)', 'f(str.lower)']), []);
});

test('a date example is preceded by `>>> import datetime` in every style', () => {
  const d: Description = { summary: 'Whole years between two dates.', details: '', parameters: {}, returns: '', raises: '', examples: [], confidence: 1 };
  const examples = [{ call: 'age_on(datetime.date(1990, 7, 4), datetime.date(2024, 3, 15))', result: '33' }];
  for (const style of ['google', 'numpy', 'sphinx', 'pep257'] as const) {
    const text = renderDocstring(d, style, { functionName: 'age_on', examples });
    assert.match(text, /^ *>>> import datetime\n *>>> age_on\(datetime\.date\(1990, 7, 4\), datetime\.date\(2024, 3, 15\)\)\n *33$/m, style);
  }
  assert.doesNotMatch(renderDocstring(d, 'google', { functionName: 'f', examples: [{ call: 'f(3)', result: '3' }] }), /import/);
});
