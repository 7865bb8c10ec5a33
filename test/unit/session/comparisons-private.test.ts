// What a call compared its arguments with (ProbeResult.comparisons) is the offline explorer's
// alone: the session file, its events and the LLM agent never see it, and the agent's own calls
// never ask for it. The prober here attaches a comparison record to every answer, asked or not,
// about an argument no call has (the explorer makes no input of it), so any sight of its marker
// is the record itself leaking.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CallOptions, CallRequest, ProbeResult } from '../../../src/core/probe-types.js';
import type { SessionEvent } from '../../../src/core/session-types.js';
import { runSession } from '../../../src/session/run.js';
import { startScriptedServer } from '../../support/llm-server.js';
import { FakeProber } from '../agent/fake-prober.js';
import { call, sentText, SETTINGS } from '../agent/harness.js';

const MARKER = 'ZQX-COMPARED-VALUE';

class ComparingProber extends FakeProber {
  readonly asked: { req: CallRequest; comparisons: boolean }[] = [];

  override async call(req: CallRequest, opts?: CallOptions): Promise<ProbeResult> {
    this.asked.push({ req, comparisons: opts?.comparisons === true });
    const result = await super.call(req, opts);
    return { ...result, comparisons: [{ arg: 'args[9]', op: '==', values: [MARKER] }] };
  }
}

test('comparison records reach neither the session file, its events nor the agent; agent calls never ask for them', async (t) => {
  const server = await startScriptedServer([
    { kind: 'tool-calls', calls: [call(["'agent-call'"], { hypothesis: 'upper-cases' })] },
    { kind: 'text', content: 'done' },
  ]);
  t.after(() => server.close());
  const prober = new ComparingProber();
  const events: SessionEvent[] = [];
  const file = await runSession(
    {
      target: { file: 's.py', qualname: 'shout' },
      // Names shown: the explorer's seeding asks for comparisons (an anonymized one would not).
      settings: { ...SETTINGS, strictness: 'signature', seedProbes: 4, maxProbes: 2 },
      llm: { baseURL: server.url, model: 'm', apiKey: 'k', maxRetries: 0 },
      compare: false,
      onEvent: (e) => events.push(e),
    },
    { startWorker: async () => prober },
  );
  assert.ok(
    prober.asked.some((a) => a.comparisons),
    'the explorer asked for comparisons',
  );
  const agentCalls = prober.asked.filter((a) => a.req.args[0] === "'agent-call'");
  assert.equal(agentCalls.length, 1);
  assert.equal(agentCalls[0]!.comparisons, false);
  assert.ok(!JSON.stringify(file).includes(MARKER), 'the session file holds comparison records');
  assert.ok(file.probes.every((p) => !('comparisons' in p.result)));
  assert.ok(!JSON.stringify(events).includes(MARKER), 'an event holds comparison records');
  for (let n = 0; n < server.requests.length; n++) assert.ok(!sentText(server, n).includes(MARKER), `request ${n} to the model holds comparison records`);
  assert.ok(server.requests.length >= 2 && file.probes.some((p) => p.origin === 'offline'));
});
