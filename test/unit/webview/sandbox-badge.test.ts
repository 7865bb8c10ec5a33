// The panel's sandbox badge: fed by the session's `sandbox` field through the host⇄webview
// messages (the `started` event of a live run, a loaded session file), worded by sandboxBadge.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SessionFile } from '../../../src/core/session-types.js';
import type { HostMessage } from '../../../src/protocol/messages.js';
import { apply, createModel, type Model, type Section } from '../../../webview/model.js';
import { sandboxBadge } from '../../../webview/sandbox-badge.js';

const target = { file: '/w/m.py', qualname: 'f', shownAs: { name: 'f', params: ['arg0'] } };
const settings = { mode: 'offline' as const, maxProbes: 5, timeoutMs: 5000, memoryMb: 1024, strictness: 'anonymized' as const, coverageFeedback: true };
const reset: HostMessage = { type: 'reset', target: { file: '/w/m.py', displayPath: 'm.py', qualname: 'f' }, mode: 'live', maxProbes: 5 };
const OS = { layer: 'os' as const, detail: 'bubblewrap' };
const GUARDS = { layer: 'guards' as const, detail: 'bubblewrap is not installed (Debian/Ubuntu: apt install bubblewrap)' };

function run(...messages: HostMessage[]): { model: Model; dirty: Set<Section> } {
  const model = createModel();
  const dirty = new Set<Section>();
  for (const m of messages) apply(model, m, dirty);
  return { model, dirty };
}

function file(sandbox?: SessionFile['sandbox']): SessionFile {
  return {
    version: 1,
    target,
    settings,
    probes: [],
    hypotheses: [],
    final: { concluded: true, description: null },
    usage: { requests: 0, promptTokens: 0, completionTokens: 0 },
    ...(sandbox ? { sandbox } : {}),
  };
}

test('a live run in the OS sandbox: the started event sets the badge and marks the header', () => {
  const { model } = run(reset);
  const dirty = new Set<Section>();
  apply(model, { type: 'events', events: [{ type: 'started', target, settings, sandbox: OS }] }, dirty);
  assert.deepEqual(model.sandbox, OS);
  assert.ok(dirty.has('header'));
  const badge = sandboxBadge(model.sandbox)!;
  assert.equal(badge.text, 'OS sandbox');
  assert.equal(badge.layer, 'os');
  assert.match(badge.title, /bubblewrap/);
});

test('guards only says so plainly, points at the README and keeps the reason', () => {
  const { model } = run(reset, { type: 'events', events: [{ type: 'started', target, settings, sandbox: GUARDS }] });
  const badge = sandboxBadge(model.sandbox)!;
  assert.equal(badge.layer, 'guards');
  assert.match(badge.text, /^guards only/);
  assert.match(badge.text, /README/);
  assert.match(badge.title, /bubblewrap is not installed/);
  assert.match(badge.title, /environment/);
});

test('a replayed session shows the sandbox its calls ran in; a file without the field shows no badge', () => {
  assert.deepEqual(run(reset, { type: 'load-session', session: file(GUARDS) }).model.sandbox, GUARDS);
  const old = run(reset, { type: 'load-session', session: file() }).model;
  assert.equal(old.sandbox, null);
  assert.equal(sandboxBadge(old.sandbox), null);
});

test('a new run clears the previous badge until its own started event', () => {
  const { model } = run(reset, { type: 'events', events: [{ type: 'started', target, settings, sandbox: OS }] }, reset);
  assert.equal(model.sandbox, null);
  apply(model, { type: 'events', events: [{ type: 'finished', session: file(GUARDS) }] }, new Set());
  assert.deepEqual(model.sandbox, GUARDS, "the finished session's word is final");
});
