// How a refuted law's counterexample reads: it must show the law failing, not two true equations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import { expectStr, fakeProbe, info, param, pyStr } from './fake-python.js';
import type { FakeFunction } from './fake-python.js';

test('an involution counterexample names the input that f(f(x)) failed to give back', async () => {
  // A slug of a long word is '' and the slug of '' is '' too: "slugify('aaa…') = '', but slugify('') = ''"
  // read as no counterexample at all (newuser2's trial); f(f(x)) != x is what refutes it.
  const upper: FakeFunction = { params: [param('s')], body: ([s]) => pyStr(expectStr(s, 'upper').toUpperCase()) };
  const report = await exploreOffline(info('upper', upper), fakeProbe(upper).probe, { maxProbes: 40, strictness: 'anonymized' });
  const involution = report.properties.find((p) => p.name === 'involution');
  assert.equal(involution?.holds, false);
  const shown = /^counterexample: upper\((.+?)\) = (.+?), but upper\(\2\) = \2, not (.+)$/.exec(involution.evidence);
  assert.ok(shown, involution.evidence);
  assert.equal(shown[3], shown[1]);
});
