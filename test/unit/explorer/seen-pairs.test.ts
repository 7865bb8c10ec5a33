// Where no relation says what a function computes, the summary shows calls that returned, each
// with a result of its own (not an argument given back), instead of the type of the results.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, expectStr, fakeProbe, info, param, pyStr } from './fake-python.js';

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
