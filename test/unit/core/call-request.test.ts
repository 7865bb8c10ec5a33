import { test } from 'node:test';
import assert from 'node:assert/strict';

import { callRequest } from '../../../src/core/probe-types.js';
import type { ProbeRecord } from '../../../src/core/session-types.js';

const result = { status: 'returned', stdout: '', stderr: '', durationMs: 1 } as unknown as ProbeRecord['result'];

test('callRequest keeps only the call of a probe record', () => {
  const record: ProbeRecord = { index: 3, origin: 'llm', note: 'why', result, args: ['1'], kwargs: { k: "'v'" }, receiver: 'Box(2)' };
  assert.deepEqual(callRequest(record), { args: ['1'], kwargs: { k: "'v'" }, receiver: 'Box(2)' });
});

test('callRequest leaves absent fields out rather than undefined, and reads no args as none', () => {
  const request = callRequest({ args: ['x'], kwargs: undefined, receiver: undefined });
  assert.deepEqual(Object.keys(request), ['args']);
  assert.deepEqual(callRequest({}), { args: [] });
  // An empty receiver is still a receiver the caller gave (the worker says why it is wrong).
  assert.deepEqual(callRequest({ args: [], receiver: '' }), { args: [], receiver: '' });
});
