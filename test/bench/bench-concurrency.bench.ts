// `pau bench --concurrency`: 20 PAU-format tasks against a scripted server that answers
// every turn after 200 ms, run with concurrency 1 and 4 in the same process. Goal ≥ 3×.
//
// With it, how busy the machine's CPUs were during each run (all processes: the workers,
// their call processes, this one): the CPU time the tasks take at concurrency 1, spread over
// every core, is the least wall time any concurrency can reach, so it bounds the speed-up.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTask } from '../../src/bench/evaluate.js';
import { startWorker } from '../../src/probe/client.js';
import { runBench } from '../../src/bench/runner.js';
import { loadTasks } from '../../src/bench/tasks.js';
import { startScriptedServer } from '../support/llm-server.js';
import { pauTaskFile, solvePauTasks } from '../support/pau-tasks.js';
import type { Goal } from './run.js';

export const name = 'benchConcurrency';

/** CPU milliseconds the whole machine has spent busy and idle since boot, all cores. */
function cpuTimes(): { busy: number; idle: number } {
  let busy = 0;
  let idle = 0;
  for (const { times } of cpus()) {
    busy += times.user + times.nice + times.sys + times.irq;
    idle += times.idle;
  }
  return { busy, idle };
}

export async function run(): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'pau-bench-concurrency-'));
  const file = join(dir, 'tasks.jsonl');
  writeFileSync(file, pauTaskFile(20));
  const { tasks } = loadTasks(file);
  const server = await startScriptedServer((req) => ({ ...solvePauTasks(req), delayMs: 200 }));
  const seconds: Record<number, number> = {};
  const busySeconds: Record<number, number> = {};
  const utilisation: Record<number, number> = {};
  try {
    for (const concurrency of [1, 4]) {
      const before = cpuTimes();
      const { results, wallSeconds } = await runBench({
        tasks,
        variants: [{ strictness: 'anonymized', coverageFeedback: true }],
        settings: { mode: 'llm', maxProbes: 20, timeoutMs: 5000, memoryMb: 1024 },
        llm: { baseURL: server.url, model: 'scripted', apiKey: 'bench' },
        concurrency,
        startWorker,
        runTask,
      });
      const failed = results.filter((r) => !r.ok).length;
      if (failed) throw new Error(`${failed} tasks failed at concurrency ${concurrency}: ${results.find((r) => !r.ok)?.error}`);
      seconds[concurrency] = wallSeconds;
      const after = cpuTimes();
      busySeconds[concurrency] = (after.busy - before.busy) / 1000;
      utilisation[concurrency] = (after.busy - before.busy) / (after.busy - before.busy + after.idle - before.idle);
    }
  } finally {
    await server.close();
  }
  const speedup = seconds[1]! / seconds[4]!;
  const cores = cpus().length;
  // The least wall time for concurrency 1's CPU work on every core, and at most 4 tasks at once.
  const floorSeconds = Math.max(busySeconds[1]! / cores, seconds[1]! / 4);
  const bound = seconds[1]! / floorSeconds;
  const pct = (x: number) => `${Math.round(100 * x)}%`;
  console.table(
    [1, 4].map((c) => ({
      concurrency: c,
      'wall s': seconds[c]!.toFixed(1),
      'CPU busy s': busySeconds[c]!.toFixed(1),
      [`busy, of ${cores} cores`]: pct(utilisation[c]!),
    })),
  );
  console.log(`speed-up at --concurrency 4: ${speedup.toFixed(2)}× (goal ≥ 3×)`);
  console.log(
    `the CPU time of concurrency 1 (${busySeconds[1]!.toFixed(1)} s) on ${cores} cores takes at least ${floorSeconds.toFixed(1)} s: ` +
      `no concurrency can beat ${bound.toFixed(2)}× on this machine`,
  );
  const goals: Goal[] = [
    {
      figure: 'pau bench, 20 tasks, model answers in 200 ms: concurrency 4 vs 1',
      value: `${speedup.toFixed(2)}×`,
      goal: '≥ 3×',
      met: speedup >= 3,
      baseline: `concurrency 1: ${seconds[1]!.toFixed(1)} s; its CPU time on ${cores} cores caps any concurrency at ${bound.toFixed(2)}×`,
    },
  ];
  return {
    tasks: 20,
    turnDelayMs: 200,
    concurrency1Seconds: seconds[1],
    concurrency4Seconds: seconds[4],
    speedup,
    cpuBusySeconds: busySeconds,
    cpuUtilisation: utilisation,
    speedupBound: bound,
    goals,
  };
}
