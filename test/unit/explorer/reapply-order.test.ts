// Which outputs f(f(x)) is tried on first (property-probes.ts reapplyPlans): one of a shape none tried
// had before it, whatever its age. inspect.cleandoc('\n ') gave ' ', white space alone, among a dozen
// later outputs with letters; the few re-checks left went to the latest, and idempotence was claimed,
// which cleandoc(' ') = '' refutes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Position } from '../../../src/explorer/inputs.js';
import { planPropertyProbes } from '../../../src/explorer/property-probes.js';
import { pyStr, returnedObservation } from './fake-python.js';

const positions: Position[] = [{ name: 'doc', role: 'positional', positionalOnly: false, candidates: ['str'] }];

test('an output of a shape f(f(x)) was not tried on goes first, before later outputs of shapes tried', () => {
  const early = returnedObservation(positions, 1, [pyStr('\n ')], pyStr(' '));
  const later = ['  two  words ', ' Indented\n    line', '\tTabbed text', ' Spaced out ', '  Hello, World! '].map((text, k) =>
    returnedObservation(positions, k + 2, [pyStr(text)], pyStr(text.trim())),
  );
  const reapplied = planPropertyProbes([early, ...later], positions)
    .filter((p) => p.purpose === 'reapply')
    .map((p) => p.input[0]?.value);
  const first = reapplied.slice(0, 3).map((v) => (v?.k === 'str' ? v.v : null));
  assert.ok(first.includes(' '), JSON.stringify(first));
  // The later outputs, all of one shape (letters and white space), are still fed back after it.
  assert.ok(reapplied.length >= 5, JSON.stringify(reapplied));
});
