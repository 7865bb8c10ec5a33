// A function that gives one of its arguments back as it was (gettext's pgettext, natsort's
// as_utf8) is summarised in one line, "Returns `message` unchanged.", once the inputs most
// functions would change came back unchanged too; one that changes some of them is not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import { findRelations } from '../../../src/explorer/relations.js';
import type { Position } from '../../../src/explorer/inputs.js';
import { str } from '../../../src/explorer/values.js';
import type { FakeFunction } from './fake-python.js';
import { expectStr, fakeProbe, info, param, pyStr, returnedObservation } from './fake-python.js';

test('a function that returns one argument unchanged is summarised as such, a law only after its breakers', async () => {
  const pgettext: FakeFunction = { params: [param('context'), param('message')], body: ([, message]) => message ?? { k: 'none' } };
  const fake = fakeProbe(pgettext, { cache: false });
  const report = await exploreOffline(info('pgettext', pgettext), fake.probe, { maxProbes: 40, strictness: 'anonymized' });
  assert.match(report.description.summary, /^Returns `message` unchanged\./, report.description.summary);
  assert.ok(
    fake.records.some((r) => /ÉCLAIR/.test(r.args[1] ?? '')),
    'a text most functions would change was tried as `message` before the law was stated',
  );
});

test('a function that keeps short texts but cuts long ones is not said to return its argument unchanged', async () => {
  const shorten: FakeFunction = {
    params: [param('text')],
    body: ([text]) => {
      const s = expectStr(text, 'shorten');
      return pyStr(s.length > 50 ? `${s.slice(0, 45)}[...]` : s);
    },
  };
  const fake = fakeProbe(shorten, { cache: false });
  const report = await exploreOffline(info('shorten', shorten), fake.probe, { maxProbes: 20, strictness: 'anonymized' });
  assert.doesNotMatch(report.description.summary, /^Returns `text` unchanged/, report.description.summary);
});

test('until a text most functions would change came back unchanged, it is what the calls tried did, not a law', () => {
  const positions: Position[] = ['context', 'message'].map((name) => ({ name, role: 'positional', positionalOnly: false, candidates: ['str'] }));
  const pairs: [string, string][] = [
    ['menu', 'Open'],
    ['verb', 'Close file'],
    ['noun', 'Save as'],
  ];
  const calls = pairs.map(([c, m], i) => returnedObservation(positions, i + 1, [str(c), str(m)], str(m), () => 'str'));
  assert.match(
    findRelations(calls, positions)[0]?.text ?? '',
    /^In the 3 calls tried \(none with a long text of capitals, accents and loose spaces\), it returns `message` unchanged\./,
  );
  const untidy = `  Straße ÉCLAIR  Open  OPEN, file:  ${'ÀÉÎ Õü '.repeat(6)} `;
  calls.push(returnedObservation(positions, 4, [str('menu'), str(untidy)], str(untidy), () => 'str'));
  assert.equal(findRelations(calls, positions)[0]?.text, 'Returns `message` unchanged.');
  // One that came back changed (trimmed): no such relation at all.
  calls.push(returnedObservation(positions, 5, [str('menu'), str(` ${untidy}`)], str(untidy.trim()), () => 'str'));
  assert.ok(!findRelations(calls, positions).some((r) => /unchanged/.test(r.text)));
});
