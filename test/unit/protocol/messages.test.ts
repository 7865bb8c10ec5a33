import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseWebviewMessage } from '../../../src/protocol/messages.js';

test('the host accepts every command of the protocol', () => {
  for (const type of ['ready', 'stop', 'insert-docstring', 'rerun', 'export', 'reveal-target'] as const) {
    assert.deepEqual(parseWebviewMessage({ type }), { type });
  }
  assert.deepEqual(parseWebviewMessage({ type: 'copy', what: 'docstring' }), { type: 'copy', what: 'docstring' });
  assert.deepEqual(parseWebviewMessage({ type: 'fix', fix: { action: 'set-api-key' } }), { type: 'fix', fix: { action: 'set-api-key' } });
  assert.deepEqual(parseWebviewMessage({ type: 'fix', fix: { action: 'open-setting', setting: 'pythonPath' } }), {
    type: 'fix',
    fix: { action: 'open-setting', setting: 'pythonPath' },
  });
});

test('anything else is refused, and extra fields are dropped', () => {
  for (const raw of [
    null,
    undefined,
    'stop',
    42,
    [],
    {},
    { type: 1 },
    { type: 'delete-everything' },
    { type: 'copy' },
    { type: 'copy', what: 'file' },
    { type: 'fix' },
    { type: 'fix', fix: { action: 'run-command', command: 'workbench.action.terminal.new' } },
    { type: 'fix', fix: { action: 'open-setting', setting: 'apiKey' } },
    { type: 'fix', fix: { action: 'open-setting', setting: '__proto__' } },
  ]) {
    assert.equal(parseWebviewMessage(raw), undefined, JSON.stringify(raw));
  }
  assert.deepEqual(parseWebviewMessage({ type: 'stop', command: 'rm -rf /' }), { type: 'stop' });
  assert.deepEqual(parseWebviewMessage({ type: 'fix', fix: { action: 'show-log', extra: 1 } }), { type: 'fix', fix: { action: 'show-log' } });
});
