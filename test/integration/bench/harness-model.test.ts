// The harness bench's scripted model (test/bench/harness.bench.ts) must time the harness, not
// a model the agent keeps refusing: its 20 probes, then one submission that is taken.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTask } from '../../../src/bench/evaluate.js';
import { runBench } from '../../../src/bench/runner.js';
import { loadTasks } from '../../../src/bench/tasks.js';
import { startWorker } from '../../../src/probe/client.js';
import { startScriptedServer } from '../../support/llm-server.js';
import { pauTaskFile, probingPauModel } from '../../support/pau-tasks.js';

test('the harness bench model probes 20 times, 5 a turn, and its one submission is taken', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'pau-harness-model-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'tasks.jsonl'), pauTaskFile(1));
  const server = await startScriptedServer(probingPauModel(20, 5));
  t.after(() => server.close());
  const { results } = await runBench({
    tasks: loadTasks(join(dir, 'tasks.jsonl')).tasks,
    variants: [{ strictness: 'anonymized', coverageFeedback: true }],
    settings: { mode: 'llm', maxProbes: 20, timeoutMs: 5000, memoryMb: 1024 },
    llm: { baseURL: server.url, model: 'scripted', apiKey: 'bench' },
    concurrency: 1,
    startWorker: (options) => startWorker(options),
    runTask,
  });
  const [result] = results;
  assert.ok(result?.ok, result?.error);
  const session = result.session;
  assert.ok(session?.final.concluded, 'the submission concluded the run');
  // Two seed examples, then the agent's 20 inputs (-1 … 18), of which 2 and 5 repeat a seed: 20 calls.
  assert.equal(session.probes.filter((p) => p.origin !== 'cache').length, 20);
  const agentTurns = server.requests.filter((r) => !/^You (implement|judge)/.test(String(r.body.messages?.[0]?.content)));
  const refusals = agentTurns.flatMap((r) => r.body.messages ?? []).filter((m) => m.role === 'tool' && String(m.content).startsWith('Refused'));
  assert.equal(refusals.length, 0, `refused: ${String(refusals[0]?.content)}`);
  assert.equal(agentTurns.length, 5, 'four turns of five probes, then the submission');
});
