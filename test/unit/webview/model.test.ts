import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ProbeRecord, SessionEvent, SessionFile } from '../../../src/core/session-types.js';
import { apply, callName, createModel, finishedProbes, type Section } from '../../../webview/model.js';

const target = { file: '/w/text.py', qualname: 'slugify', shownAs: { name: 'f', params: ['arg0'] } };
const settings = { mode: 'llm' as const, maxProbes: 20, timeoutMs: 5000, memoryMb: 1024, strictness: 'anonymized' as const, coverageFeedback: true };

function probe(index: number, repr = `'${index}'`, origin: ProbeRecord['origin'] = 'llm'): ProbeRecord {
  return {
    index,
    args: [`'x${index}'`],
    origin,
    result: { status: 'returned', value: { type: 'str', repr, truncated: false }, mutations: [], stdout: '', stderr: '', durationMs: 1 },
  };
}

function liveEvents(n: number): SessionEvent[] {
  const events: SessionEvent[] = [{ type: 'started', target, settings }];
  for (let i = 1; i <= n; i++) {
    const p = probe(i);
    events.push({ type: 'probe-started', index: i, request: { args: p.args }, origin: p.origin });
    events.push({ type: 'probe-finished', probe: p });
    if (i === 2) events.push({ type: 'hypothesis', afterProbe: 2, text: 'It lowercases.' });
  }
  return events;
}

const reset = { type: 'reset' as const, target: { file: '/w/text.py', displayPath: 'text.py', qualname: 'slugify' }, mode: 'live' as const, maxProbes: 20 };

test('a live run: rows appear in order, a started row is updated when it finishes, sections are marked dirty', () => {
  const m = createModel();
  const dirty = new Set<Section>();
  apply(m, reset, dirty);
  assert.equal(m.target?.qualname, 'slugify');
  dirty.clear();
  apply(
    m,
    {
      type: 'events',
      events: [
        { type: 'started', target, settings },
        { type: 'probe-started', index: 1, request: { args: ["'A b'"] }, origin: 'offline' },
      ],
    },
    dirty,
  );
  assert.equal(m.probes.length, 1);
  assert.equal(m.probes[0]!.result, undefined);
  assert.equal(finishedProbes(m), 0);
  assert.ok(dirty.has('timeline'));
  const rev = m.revisions.get(1);
  apply(m, { type: 'events', events: [{ type: 'probe-finished', probe: { ...probe(1, "'a-b'", 'offline'), args: ["'A b'"] } }] }, dirty);
  assert.equal(m.probes.length, 1);
  assert.equal(m.probes[0]!.result!.value!.repr, "'a-b'");
  assert.ok(m.revisions.get(1)! > rev!, 'the row is redrawn');
  assert.equal(finishedProbes(m), 1);
  assert.equal(callName(m), 'slugify', 'calls are shown with the real name even though the agent saw f');
});

test('a late answer (out of order) is placed by its index', () => {
  const m = createModel();
  const d = new Set<Section>();
  apply(
    m,
    {
      type: 'events',
      events: [
        { type: 'probe-finished', probe: probe(1) },
        { type: 'probe-finished', probe: probe(3) },
        { type: 'probe-finished', probe: probe(2) },
      ],
    },
    d,
  );
  assert.deepEqual(
    m.probes.map((p) => p.index),
    [1, 2, 3],
  );
  assert.deepEqual([...m.positions.entries()].sort(), [
    [1, 0],
    [2, 1],
    [3, 2],
  ]);
});

test('reasoning streams within a turn and starts over after the turn’s probes', () => {
  const m = createModel();
  const d = new Set<Section>();
  apply(
    m,
    {
      type: 'events',
      events: [
        { type: 'reasoning', text: 'Try ' },
        { type: 'reasoning', text: 'empty.' },
      ],
    },
    d,
  );
  assert.equal(m.reasoning, 'Try empty.');
  apply(
    m,
    {
      type: 'events',
      events: [
        { type: 'probe-finished', probe: probe(1) },
        { type: 'reasoning', text: 'Now unicode.' },
      ],
    },
    d,
  );
  assert.equal(m.reasoning, 'Now unicode.');
});

test('a streamed reply shows piece by piece, is not shown twice, and 1,000 pieces stay one bounded render', () => {
  const m = createModel();
  const d = new Set<Section>();
  apply(
    m,
    {
      type: 'events',
      events: [
        { type: 'reply-delta', text: 'Try ' },
        { type: 'reply-delta', text: 'empty.' },
        { type: 'reply-delta', text: '\n→ call_function {"args": ["\'\'"]}' },
      ],
    },
    d,
  );
  assert.equal(m.reasoning, 'Try empty.\n→ call_function {"args": ["\'\'"]}');
  // The whole text that follows a streamed reply is for whole-reply subscribers (the CLI).
  apply(m, { type: 'events', events: [{ type: 'reasoning', text: 'Try empty.', streamed: true }] }, d);
  assert.equal(m.reasoning, 'Try empty.\n→ call_function {"args": ["\'\'"]}');
  // A burst arrives as one message and marks the section once; the text keeps its tail.
  apply(m, { type: 'events', events: [{ type: 'probe-finished', probe: probe(1) }] }, d);
  d.clear();
  const burst = Array.from({ length: 1000 }, (_, i) => ({ type: 'reply-delta' as const, text: `piece ${i} of the reply. ` }));
  apply(m, { type: 'events', events: burst }, d);
  assert.deepEqual([...d].sort(), ['agent']);
  assert.ok(m.reasoning.endsWith('piece 999 of the reply. '));
  assert.ok(!m.reasoning.includes('Try empty'), 'a new turn starts over');
  assert.ok(m.reasoning.length <= 12_001, `bounded (12,000 characters and an ellipsis): ${m.reasoning.length}`);
});

test('usage, conclusion, comparison and errors; a reset clears the run but keeps the host state', () => {
  const m = createModel();
  const d = new Set<Section>();
  apply(m, { type: 'state', state: { status: 'running', insertBlocked: 'wait', canRerun: false, canExport: false } }, d);
  const final = { concluded: true, description: { summary: 'Slugify.', details: '', parameters: {}, returns: '', raises: '', examples: [], confidence: 0.8 } };
  apply(
    m,
    {
      type: 'events',
      events: [
        { type: 'llm-usage', usage: { requests: 2, promptTokens: 100, completionTokens: 20 }, delta: { requests: 1, promptTokens: 50, completionTokens: 10 } },
        { type: 'concluded', final },
        { type: 'comparison', comparison: { lexicalF1: 0.5 } },
        { type: 'error', error: { kind: 'llm-auth', message: 'no' } },
      ],
    },
    d,
  );
  assert.equal(m.usage.promptTokens, 100);
  assert.equal(m.final?.description?.summary, 'Slugify.');
  assert.equal(m.comparison?.lexicalF1, 0.5);
  assert.equal(m.sessionError?.kind, 'llm-auth');
  const generation = m.generation;
  apply(m, reset, d);
  assert.equal(m.generation, generation + 1, 'a new run: no row of the old one may be reused');
  assert.equal(m.final, null);
  assert.equal(m.sessionError, null);
  assert.equal(m.probes.length, 0);
  assert.equal(m.state.status, 'running');
});

test('a replayed session ends in the same model as the live run that wrote it', () => {
  const live = createModel();
  const d = new Set<Section>();
  apply(live, reset, d);
  const events = liveEvents(5);
  const session: SessionFile = {
    version: 1,
    target,
    settings,
    probes: Array.from({ length: 5 }, (_, i) => probe(i + 1)),
    hypotheses: [{ afterProbe: 2, text: 'It lowercases.' }],
    final: { concluded: true, description: null },
    comparison: { lexicalF1: 0.25 },
    usage: { requests: 0, promptTokens: 0, completionTokens: 0 },
  };
  events.push({ type: 'concluded', final: session.final }, { type: 'comparison', comparison: session.comparison! }, { type: 'finished', session });
  apply(live, { type: 'events', events }, d);

  const replay = createModel();
  apply(replay, { ...reset, mode: 'replay' }, d);
  apply(replay, { type: 'load-session', session }, d);
  assert.equal(replay.mode, 'replay');
  assert.deepEqual(replay.probes, live.probes);
  assert.deepEqual(replay.hypothesis, live.hypothesis);
  assert.deepEqual(replay.final, live.final);
  assert.deepEqual(replay.comparison, live.comparison);
  assert.equal(replay.target?.displayPath, 'text.py', 'the host’s target (relative path) is kept');
});

test('1,000 probes in one batch apply in a few milliseconds', () => {
  const m = createModel();
  const d = new Set<Section>();
  const events = liveEvents(1000);
  const t0 = performance.now();
  apply(m, { type: 'events', events }, d);
  const ms = performance.now() - t0;
  assert.equal(m.probes.length, 1000);
  assert.equal(finishedProbes(m), 1000);
  assert.ok(ms < 200, `took ${ms.toFixed(1)} ms`);
});
