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

test("a generator's calls are shown by the items they yielded, as the examples write them, once re-runs gave the same (difflib's unified_diff)", () => {
  const positions: Position[] = [{ name: 'seqs', role: 'varargs', positionalOnly: false, candidates: ['list'] }];
  const yielded = (index: number, arg: PyValue, items: string[], ended = true): Observation => {
    const o = returnedObservation(positions, index, [arg], int(0));
    const value = { type: 'generator', repr: '<generator object diff at 0x7f00>', truncated: false, iteration: { items, ended } };
    return { ...o, record: { ...o.record, result: { ...o.record.result, value } } };
  };
  const list = (...ns: number[]): PyValue => ({ k: 'list', items: ns.map(int) });
  const observations = [yielded(1, list(1, 2), ['(1, 2)']), yielded(2, list(3), ['(3,)']), yielded(3, list(4, 5, 6), ['4', '5'], false)];
  const callText = (o: Observation) => `diff(${o.request.args.join(', ')})`;
  assert.equal(seenPairs(observations, positions, callText, () => true, true)?.text, 'list(diff([3])) → [(3,)]; list(diff([1, 2])) → [(1, 2)]');
  // Not of a function whose re-runs did not show it gives the same: its items are not quoted at all.
  assert.equal(seenPairs(observations, positions, callText), null);
});
