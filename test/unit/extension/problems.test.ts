import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeSessionError, problemForEvent, pythonNotFoundProblem, sessionProblem } from '../../../src/extension/notices.js';
import type { Description, SessionError } from '../../../src/core/session-types.js';

const KINDS: SessionError['kind'][] = [
  'llm-auth',
  'llm-rate-limit',
  'llm-server',
  'llm-stream',
  'llm-other',
  'worker',
  'sandbox',
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

test('the host decides the banner of a whole session: a budget with nothing to show is an error', () => {
  const described = { concluded: false, description: { summary: 'adds' } as Description };
  const nothing = { concluded: false, description: null };
  const budget = { kind: 'budget', message: 'used 20 of 20 probes' } as const;
  assert.equal(sessionProblem({ error: budget, final: described })?.severity, 'warning');
  assert.equal(sessionProblem({ error: budget, final: nothing })?.severity, 'error');
  assert.equal(sessionProblem({ final: described }), null);
  assert.equal(sessionProblem({ error: { kind: 'stopped', message: 'stopped' }, final: nothing }), null);
});

test('live events: an error sets the banner, a stop clears it, other events leave it', () => {
  assert.equal(problemForEvent({ type: 'error', error: { kind: 'worker', message: 'died' } })?.fix?.action, 'show-log');
  assert.equal(problemForEvent({ type: 'error', error: { kind: 'stopped', message: 'stopped' } }), null);
  assert.equal(problemForEvent({ type: 'hypothesis', afterProbe: 1, text: 'adds' }), undefined);
});

test('os mode without an OS sandbox: the banner says what is missing, that nothing ran, and opens pau.sandbox', () => {
  const p = describeSessionError({
    kind: 'sandbox',
    message: 'the OS sandbox is not available: bubblewrap is not installed (Debian/Ubuntu: apt install bubblewrap)',
  })!;
  assert.equal(p.severity, 'error');
  assert.match(
    p.message,
    /^Nothing was run, because pau\.sandbox is “os” and the OS sandbox is not available: bubblewrap is not installed \(Debian\/Ubuntu: apt install bubblewrap\)$/,
  );
  assert.match(p.hint, /pau\.sandbox to “auto”/);
  assert.deepEqual(p.fix, { action: 'open-setting', setting: 'sandbox', label: 'Open Setting' });
});

test('no interpreter: the banner opens the pythonPath setting', () => {
  const p = pythonNotFoundProblem('No Python 3.9+ found.');
  assert.deepEqual(p.fix, { action: 'open-setting', setting: 'pythonPath', label: 'Open Setting' });
  assert.match(p.hint, /pau\.pythonPath/);
});
