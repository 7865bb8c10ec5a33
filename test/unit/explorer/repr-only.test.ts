// A parameter whose changes did not show in results known only by their repr is not said to make
// no difference: the repr may hide it (isodate's build_tzinfo gives a FixedOffset that shows its
// name, not its offset; found by claims8).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { FakeFunction } from './fake-python.js';
import { expectStr, fakeProbe, info, param, pyStr } from './fake-python.js';

test('a change hidden by the repr of an object returned is not "no difference"', async () => {
  const offset: FakeFunction = {
    params: [param('name'), param('hours')],
    moduleClasses: ['Offset'],
    // The object's repr shows its name only, whatever the hours: a kept offset would not show.
    body: ([name]) => ({ k: 'call', callee: 'Offset', args: [pyStr(expectStr(name, 'offset'))] }),
  };
  const report = await exploreOffline(info('offset', offset), fakeProbe(offset, { cache: false }).probe, { maxProbes: 30, strictness: 'anonymized' });
  const line = report.description.parameters.hours ?? '';
  assert.doesNotMatch(line, /made no difference/, line);
  assert.match(line, /did not change the repr of what they returned/, line);
});
