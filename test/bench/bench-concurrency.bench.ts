// `pau bench --concurrency`: 20 PAU-format tasks against a scripted server that answers
// every turn after 200 ms, run with concurrency 1 and 4 in the same process. Goal ≥ 3×.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTask } from '../../src/bench/evaluate.js';
import { runBench } from '../../src/bench/runner.js';
import { loadTasks } from '../../src/bench/tasks.js';
import { startScriptedServer } from '../support/llm-server.js';
import { pauTaskFile, solvePauTasks } from '../support/pau-tasks.js';
import type { Goal } from './run.js';

export const name = 'benchConcurrency';

export async function run(): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'pau-bench-concurrency-'));
  const file = join(dir, 'tasks.jsonl');
  writeFileSync(file, pauTaskFile(20));
  const { tasks } = loadTasks(file);
  const server = await startScriptedServer((req) => ({ ...solvePauTasks(req), delayMs: 200 }));
  const seconds: Record<number, number> = {};
  try {
    for (const concurrency of [1, 4]) {
      const { results, wallSeconds } = await runBench({
        tasks,
        variants: [{ strictness: 'anonymized', coverageFeedback: true }],
        settings: { mode: 'llm', maxProbes: 20, timeoutMs: 5000, memoryMb: 1024 },
        llm: { baseURL: server.url, model: 'scripted', apiKey: 'bench' },
        concurrency,
        runTask,
      });
      const failed = results.filter((r) => !r.ok).length;
      if (failed) throw new Error(`${failed} tasks failed at concurrency ${concurrency}: ${results.find((r) => !r.ok)?.error}`);
      seconds[concurrency] = wallSeconds;
    }
  } finally {
    await server.close();
  }
  const speedup = seconds[1]! / seconds[4]!;
  console.table([
    { concurrency: 1, 'wall s': seconds[1]!.toFixed(1) },
    { concurrency: 4, 'wall s': seconds[4]!.toFixed(1) },
  ]);
  console.log(`speed-up at --concurrency 4: ${speedup.toFixed(2)}× (goal ≥ 3×)`);
  const goals: Goal[] = [
    {
      figure: 'pau bench, 20 tasks, model answers in 200 ms: concurrency 4 vs 1',
      value: `${speedup.toFixed(2)}×`,
      goal: '≥ 3×',
      met: speedup >= 3,
      baseline: `concurrency 1: ${seconds[1]!.toFixed(1)} s`,
    },
  ];
  return { tasks: 20, turnDelayMs: 200, concurrency1Seconds: seconds[1], concurrency4Seconds: seconds[4], speedup, goals };
}
