// The panel's "Changed in place" field names what changed on a receiver, as the CLI and the summary do.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ProbeResult } from '../../../src/core/probe-types.js';
import { changedText } from '../../../webview/format.js';

const list = (...items: string[]) => ({ t: 'list' as const, v: items.map((v) => ({ t: 'str' as const, v })) });

test('a receiver whose state was read shows the attributes that changed, not its address', () => {
  const mutation = { arg: 'receiver', repr: '<app.TodoList object at 0x1>' };
  const result: ProbeResult = {
    status: 'returned',
    mutations: [mutation],
    stdout: '',
    stderr: '',
    durationMs: 1,
    receiverState: {
      before: {
        attributes: [
          { name: 'open', value: list('hello', 'x') },
          { name: 'done', value: list() },
          { name: 'raw', value: { t: 'bytes', v: '610a' } },
        ],
      },
      after: {
        attributes: [
          { name: 'open', value: list('x') },
          { name: 'done', value: list('hello') },
          { name: 'raw', value: { t: 'bytes', v: '610a' } },
        ],
      },
    },
  };
  assert.equal(changedText(result, mutation), "open ['hello', 'x'] → ['x'], done [] → ['hello']");
  // An argument, or a receiver whose state was not read, shows its repr after the call.
  assert.equal(changedText({ ...result, receiverState: undefined }, mutation), '<app.TodoList object at 0x1>');
  assert.equal(changedText(result, { arg: 'args[0]', repr: '[1, 2]' }), '[1, 2]');
});
