// A webview that loads late (or reloads) must end up showing what one that saw every message shows.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HostMessage } from '../../../src/protocol/messages.js';
import type { ProbeRecord } from '../../../src/core/session-types.js';
import { Transcript } from '../../../src/extension/transcript.js';
import { apply, createModel, type Section } from '../../../webview/model.js';

const probe = (index: number): ProbeRecord => ({
  index,
  args: [String(index)],
  origin: 'offline',
  result: { status: 'returned', value: { type: 'int', repr: String(index * 2), truncated: false }, mutations: [], stdout: '', stderr: '', durationMs: 1 },
});

const target = { file: '/w/m.py', displayPath: 'm.py', qualname: 'double' };
const settings = { mode: 'offline' as const, maxProbes: 5, timeoutMs: 5000, memoryMb: 1024, strictness: 'anonymized' as const, coverageFeedback: true };

function liveRun(): HostMessage[] {
  return [
    { type: 'reset', target: { ...target, qualname: 'old' }, mode: 'live', maxProbes: 5 },
    { type: 'events', events: [{ type: 'probe-finished', probe: probe(99) }] },
    { type: 'problem', problem: { severity: 'error', message: 'old problem', hint: 'x' } },
    { type: 'reset', target, mode: 'live', maxProbes: 5 },
    { type: 'problem', problem: null },
    { type: 'state', state: { status: 'running', insertBlocked: 'wait', canRerun: false, canExport: false } },
    { type: 'events', events: [{ type: 'started', target: { file: target.file, qualname: 'double', shownAs: { name: 'f', params: ['arg0'] } }, settings }] },
    {
      type: 'events',
      events: [
        { type: 'probe-started', index: 1, request: { args: ['1'] }, origin: 'offline' },
        { type: 'probe-finished', probe: probe(1) },
      ],
    },
    {
      type: 'events',
      events: [
        { type: 'hypothesis', afterProbe: 1, text: 'doubles' },
        { type: 'probe-finished', probe: probe(2) },
      ],
    },
    { type: 'docstrings', texts: { inferred: 'Double it.', actual: null, style: 'google' } },
    { type: 'state', state: { status: 'done', insertBlocked: null, canRerun: true, canExport: true } },
  ];
}

test('the transcript redraws the same panel as the live messages, without the previous run', () => {
  const live = createModel();
  const transcript = new Transcript();
  const dirty = new Set<Section>();
  for (const m of liveRun()) {
    apply(live, m, dirty);
    transcript.record(m);
  }
  const late = createModel();
  for (const m of transcript.messages()) apply(late, m, dirty);
  // Only the reset counter differs (the live panel saw two resets); it exists so that rows are never reused across runs.
  assert.deepEqual({ ...late, generation: 0 }, { ...live, generation: 0 });
  assert.ok(live.generation > late.generation);
  assert.deepEqual(
    late.probes.map((p) => p.index),
    [1, 2],
  );
  assert.equal(late.hostProblem, null);
  const events = transcript.messages().filter((m) => m.type === 'events');
  assert.equal(events.length, 1, 'the events go as one batch');
});

test('a replay is redrawn from its session', () => {
  const transcript = new Transcript();
  const session = {
    version: 1 as const,
    target: { file: target.file, qualname: 'double', shownAs: { name: 'f', params: ['arg0'] } },
    settings,
    probes: [probe(1), probe(2), probe(3)],
    hypotheses: [],
    final: { concluded: true, description: null },
    usage: { requests: 0, promptTokens: 0, completionTokens: 0 },
  };
  transcript.record({ type: 'reset', target, mode: 'replay', maxProbes: 5 });
  transcript.record({ type: 'load-session', session });
  transcript.record({ type: 'state', state: { status: 'replay', insertBlocked: 'replay', canRerun: true, canExport: true } });
  const model = createModel();
  for (const m of transcript.messages()) apply(model, m, new Set());
  assert.equal(model.mode, 'replay');
  assert.equal(model.state.status, 'replay');
  assert.equal(model.probes.length, 3);
});
