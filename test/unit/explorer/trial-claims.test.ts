// False claims found on this round's new-user trial (findings of helper `newuser`, issue 20), each
// on a small fixture that makes the old sentence false.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import { findRelations } from '../../../src/explorer/relations.js';
import type { Position } from '../../../src/explorer/inputs.js';
import { int } from '../../../src/explorer/values.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, expectInt, fakeProbe, info, param, pyStr, returnedObservation } from './fake-python.js';

const positional = (name: string, cls: string): Position => ({ name, role: 'positional', positionalOnly: false, candidates: [cls] });

test('a percentage rounded away on every call tried is not a percentage: pgettext(context, message) gives `message` back', () => {
  // Read as "message less context percent, rounded to a whole number", each of these fits: 3 less 3% is 2.91.
  const positions = [positional('context', 'int'), positional('message', 'int')];
  const calls: [number, number][] = [
    [0, 3],
    [-10, 3],
    [3, -10],
    [3, 3],
    [-1, 7],
    [2, 5],
  ];
  const observations = calls.map(([c, m], k) => returnedObservation(positions, k + 1, [int(c), int(m)], int(m)));
  const stated = findRelations(observations, positions).map((r) => r.text);
  assert.ok(!stated.some((t) => /percent/.test(t)), stated.join(' | '));
  // A real discount, seen changing the result, is still stated.
  const discount = [
    [10, 200],
    [25, 80],
    [50, 30],
    [0, 40],
  ].map(([p, b], k) => returnedObservation(positions, k + 1, [int(p ?? 0), int(b ?? 0)], int(Math.round((b ?? 0) * (1 - (p ?? 0) / 100)))));
  assert.match(findRelations(discount, positions)[0]?.text ?? '', /Returns `message` less `context` percent/);
});

test('randomness seen by re-running under another seed is not said to follow the seed: SystemRandom.randbytes changes under the same seed too', async () => {
  // OS entropy: every call gives other bytes, whatever random.seed says.
  let state = 7;
  const fn: FakeFunction = {
    params: [param('n')],
    body: ([n]) => {
      const k = Number(expectInt(n, 'randbytes'));
      if (k < 0) throw new PyError('ValueError', 'negative argument not allowed');
      state = (state * 1103515245 + 12345) % 2147483648;
      return pyStr(`bytes-${k}-${state}`);
    },
  };
  const report = await exploreOffline(info('randbytes', fn), fakeProbe(fn, { cache: false }).probe, { maxProbes: 20, strictness: 'anonymized' });
  const stated = report.description.properties ?? [];
  // What was seen, not why: another result under the same seed too, which a timing gives as well.
  assert.ok(!stated.some((p) => /randomness|changes with the random seed/.test(p)), stated.join('; '));
  assert.match(report.description.summary, /another result under the same random seed too/, report.description.summary);
});

test("a method's argument that changed no result is not said to make no difference: what it wrote through its object may not show (Reporter.flake)", async () => {
  // Reporter(stream).flake(message) writes message to the stream and returns None; the object's repr shows no change.
  const fn: FakeFunction = {
    params: [param('self'), param('message')],
    needsReceiver: true,
    ownerClass: 'Reporter',
    ownerInit: [param('stream', 'POSITIONAL_OR_KEYWORD', { default: 'None' })],
    body: () => ({ k: 'none' }),
  };
  const report = await exploreOffline(info('flake', fn), fakeProbe(fn, { cache: false }).probe, { maxProbes: 20, strictness: 'anonymized' });
  const line = report.description.parameters.message ?? '';
  assert.match(line, /made no difference to what they returned \(an effect on the object itself may not show\)/, line);
});
