// A saved session replays as the event stream a live run emits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { replaySession, sessionEvents } from '../../../src/core/replay.js';
import type { SessionEvent } from '../../../src/core/session-types.js';
import { runScripted } from '../agent/harness.js';
import { sampleSession } from './sample.js';

test('events come in the order of the run: hypotheses after the probe they followed', () => {
  const events = sessionEvents(sampleSession());
  const shape = events.map((e) => (e.type === 'probe-finished' ? `probe ${e.probe.index}` : e.type === 'hypothesis' ? `hypothesis@${e.afterProbe}` : e.type));
  assert.deepEqual(shape, [
    'started',
    'probe-started',
    'probe 1',
    'hypothesis@1',
    'probe-started',
    'probe 2',
    'probe-started',
    'probe 3',
    'hypothesis@3',
    'llm-usage',
    'concluded',
    'comparison',
    'finished',
  ]);
});

test('replaying a recorded live run gives the live run its probe and hypothesis events back', async () => {
  const { file, events } = await runScripted([
    { kind: 'tool-calls', calls: [{ name: 'call_function', arguments: { args: ["'a'"], hypothesis: 'upper' } }] },
    {
      kind: 'tool-calls',
      calls: [{ name: 'call_function', arguments: { calls: [{ args: ["''"] }, { args: ['None'] }, { args: ['1'] }], hypothesis: 'upper, str only' } }],
    },
    { kind: 'tool-calls', calls: [{ name: 'submit_description', arguments: { summary: 'Upper.', confidence: 0.9 } }] },
  ]);
  // Not recorded: the model's words, streamed or whole, and token counts.
  const keep = (e: SessionEvent) => e.type !== 'reasoning' && e.type !== 'reply-delta' && e.type !== 'llm-usage';
  const replayed: SessionEvent[] = [];
  await replaySession(JSON.parse(JSON.stringify(file)), (e) => replayed.push(e));
  // same probes, same hypotheses, same places relative to each other
  const order = (list: SessionEvent[]) =>
    list.filter(keep).map((e) => (e.type === 'hypothesis' ? `h:${e.text}` : e.type === 'probe-finished' ? `p${e.probe.index}` : e.type));
  assert.deepEqual(order(replayed), order(events));
});

test('a failed session replays its error instead of a conclusion', () => {
  const failed = { ...sampleSession(), error: { kind: 'llm-server' as const, message: 'boom' }, comparison: undefined };
  const types = sessionEvents(failed).map((e) => e.type);
  assert.deepEqual(types.slice(-2), ['error', 'finished']);
  assert.ok(!types.includes('concluded'));
});
