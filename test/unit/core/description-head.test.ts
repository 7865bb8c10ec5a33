// The head of a description (core/description-head.ts): an example line keeps the arguments a
// reader needs when the call is too long for one line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exampleLine, shortCall } from '../../../src/core/description-head.js';

test('a long call cuts its longest string literals before its end, so the arguments after a URL still show', () => {
  // The new-user trial's add_params_to_uri: "add_params_to_uri('https://example.com/docs/page?q=search&lang=en#intro', {'a':… →"
  // hid the params, the function's point, behind the whole URL.
  const call = "add_params_to_uri('https://example.com/docs/page?q=search&lang=en#intro', {'a': 1, 'b': 2})";
  const line = exampleLine({ call, result: "'https://example.com/docs/page?q=search&lang=en&a=1&b=2#intro'" });
  const [shown] = line.split(' → ');
  assert.ok((shown ?? '').length <= 80, shown);
  assert.ok(shown?.endsWith(", {'a': 1, 'b': 2})"), shown);
  assert.ok(shown?.startsWith("add_params_to_uri('https://example.com/docs/"), shown);
});

test('a short call is unchanged; one with no long literal is cut at its end', () => {
  assert.equal(shortCall('clamp(5, 0, 3)', 80), 'clamp(5, 0, 3)');
  const numbers = `f([${Array.from({ length: 40 }, (_, i) => i).join(', ')}])`;
  assert.equal(shortCall(numbers, 30), `${numbers.slice(0, 29)}…`);
  // Every literal cut to its shortest, then the end.
  const strings = `g(${Array.from({ length: 8 }, () => `'${'x'.repeat(20)}'`).join(', ')})`;
  const out = shortCall(strings, 60);
  assert.equal(out.length, 60);
  assert.match(out, /^g\('xxxxxxxxxxx…', 'xxxxxxxxxxx…', /);
});
