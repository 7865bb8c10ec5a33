import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeSessionError } from '../../../src/protocol/problems.js';
import type { SessionError } from '../../../src/core/session-types.js';

const KINDS: SessionError['kind'][] = [
  'llm-auth',
  'llm-rate-limit',
  'llm-server',
  'llm-stream',
  'llm-other',
  'worker',
  'import',
  'stopped',
  'budget',
  'internal',
];

test('a rejected key names the command that fixes it, once', () => {
  const bare = describeSessionError({ kind: 'llm-auth', message: 'the LLM endpoint refused the API key (401: bad key)' })!;
  assert.match(`${bare.message} ${bare.hint}`, /PAU: Set API Key/);
  assert.deepEqual(bare.fix, { action: 'set-api-key', label: 'Set API Key' });
  assert.equal(bare.message, 'The LLM endpoint refused the API key (401: bad key)', 'the refusal is said once');
  const hinted = describeSessionError({ kind: 'llm-auth', message: 'refused (401); run “PAU: Set API Key” to store a valid key' })!;
  assert.equal(`${hinted.message} ${hinted.hint}`.split('PAU: Set API Key').length - 1, 1);
});

test('a deliberate stop has no banner; every other kind says what happened and what to do', () => {
  assert.equal(describeSessionError({ kind: 'stopped', message: 'stopped' }), undefined);
  for (const kind of KINDS.filter((k) => k !== 'stopped')) {
    const p = describeSessionError({ kind, message: `details of ${kind}` })!;
    assert.ok(p.message.includes(`details of ${kind}`), kind);
    assert.ok(p.hint.length > 5, kind);
    assert.ok(p.fix, `${kind} offers a fix`);
  }
  assert.equal(describeSessionError({ kind: 'budget', message: 'x' })!.severity, 'warning');
  assert.equal(describeSessionError({ kind: 'import', message: 'x' })!.fix?.action, 'open-setting');
});
