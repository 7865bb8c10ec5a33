// Where no relation says what a function computes, the summary shows calls that returned, each
// with a result of its own (not an argument given back), instead of the type of the results.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { Observation, Position } from '../../../src/explorer/inputs.js';
import { seenPairs } from '../../../src/explorer/seen-pairs.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { float, int } from '../../../src/explorer/values.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, expectStr, fakeProbe, info, param, pyStr, returnedObservation } from './fake-python.js';

test('a summary that could not say what the function computes shows what two or three calls gave', async () => {
  // Every word but the last cut to its initial, the last written backwards: no relation of the catalogue describes it.
  const initials: FakeFunction = {
    params: [param('name')],
    body: ([name]) => {
      const s = expectStr(name, 'initials');
      if (s.includes('@')) throw new PyError('ValueError', 'not a name');
      const words = s.split(/\s+/).filter(Boolean);
      const last = [...(words.pop() ?? '')].reverse().join('');
      return pyStr([...words.map((w) => `${w.charAt(0).toUpperCase()}.`), last].join(' '));
    },
  };
  const report = await exploreOffline(info('initials', initials), fakeProbe(initials, { cache: false }).probe, { maxProbes: 20, strictness: 'signature' });
  const { summary } = report.description;
  assert.match(
    summary,
    /^In the calls tried \(\d+ of \d+ returned\), it returned a str(?: never longer than `name`)?, as in initials\('[^']+'\) → '[^']+'; initials\(/,
    summary,
  );
  assert.doesNotMatch(summary, /gave a str/, summary);
});

test('a call whose result shows the clock is not one of the calls the summary shows', async () => {
  // email.utils.formatdate() gives the time of the call: the same a moment later, not when the reader runs it.
  const stamp = new Date().toUTCString();
  const stamped: FakeFunction = {
    params: [param('name')],
    body: ([name]) => {
      const s = expectStr(name, 'stamped');
      return pyStr(s === 'hello' ? stamp : [...s].reverse().join(''));
    },
  };
  const report = await exploreOffline(info('stamped', stamped), fakeProbe(stamped, { cache: false }).probe, { maxProbes: 20, strictness: 'signature' });
  const { summary } = report.description;
  assert.match(summary, /, as in stamped\(/, summary);
  assert.doesNotMatch(summary, new RegExp(stamp.slice(5, 16)), summary);
});

test('an argument given back as another type is shown, one result of each type first (tomlkit array(1) → 1, an Integer)', () => {
  // The summary read "it returned a tomlkit.items.Integer, a tomlkit.items.Array or a tomlkit.items.Float".
  const positions: Position[] = [{ name: 'raw', role: 'positional', positionalOnly: false, candidates: ['int', 'float', 'list[int]'] }];
  const item = (index: number, args: (PyValue | undefined)[], type: string, repr: string): Observation => {
    const o = returnedObservation(positions, index, args, int(0));
    return { ...o, record: { ...o.record, result: { ...o.record.result, value: { type: `tomlkit.items.${type}`, repr, truncated: false } } } };
  };
  const observations = [
    item(1, [undefined], 'Array', '[]'),
    item(2, [int(1)], 'Integer', '1'),
    item(3, [int(3)], 'Integer', '3'),
    item(4, [float(2.5)], 'Float', '2.5'),
  ];
  const pairs = seenPairs(observations, positions, (o) => `array(${o.request.args.join(', ')})`);
  assert.equal(pairs?.text.split('; ').length, 3, pairs?.text);
  for (const shown of ['array() → []', 'array(1) → 1', 'array(2.5) → 2.5']) assert.ok(pairs?.text.includes(shown), pairs?.text);
  // The same argument given back as it was (an int for an int) is an echo: it teaches nothing.
  const echoed = [item(1, [undefined], 'Array', '[]'), ...[1, 3, 7].map((n, k) => returnedObservation(positions, k + 2, [int(n)], int(n)))];
  assert.equal(
    seenPairs(echoed, positions, (o) => `array(${o.request.args.join(', ')})`),
    null,
  );
});
