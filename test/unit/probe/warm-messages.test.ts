// The warm parent's lines are read against a schema (src/probe/warm.ts): a line that is not one
// of its messages, field by field, is not acted on (the parent is then killed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseParentMessage, SAMPLE_PARENT_LINES } from '../../../src/probe/warm.js';

test("the parent's three messages are read", () => {
  assert.deepEqual(parseParentMessage('{"event":"ready","landlock":6,"ipc":"own"}'), { event: 'ready', landlock: 6, ipc: 'own' });
  assert.deepEqual(parseParentMessage('{"event":"forked","id":1,"pid":42}'), { event: 'forked', id: 1, pid: 42 });
  assert.deepEqual(parseParentMessage('{"event":"exited","pid":42,"status":9}'), { event: 'exited', pid: 42, status: 9 });
});

test('anything else is no message', () => {
  for (const line of [
    'not json',
    'null',
    '{"event":"ready","landlock":6}', // no ipc: which isolation its workers get is unknown
    '{"event":"ready","landlock":"6","ipc":"own"}',
    '{"event":"ready","landlock":6,"ipc":"mine"}',
    '{"event":"forked","id":1,"pid":"42"}', // a pid the host would signal must be a number
    '{"event":"forked","id":1,"pid":-1}', // -1 is every process the host may signal
    '{"event":"exited","pid":0,"status":0}',
    '{"event":"started","pid":42}',
  ]) {
    assert.equal(parseParentMessage(line), undefined, line);
  }
});

test('the lines parsed while the parent boots are one valid message of each kind', () => {
  // An invalid sample would warm only the refusal, not the checks a real message passes.
  const events = SAMPLE_PARENT_LINES.map((line) => parseParentMessage(line)?.event);
  assert.deepEqual(events, ['ready', 'forked', 'exited']);
});
