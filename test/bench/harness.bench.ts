// The harness's own overhead: `pau bench`'s runner (runBench + runTask, as the CLI runs it) on
// synthetic PAU tasks against a scripted model that answers at once, so the time measured is
// ours: worker start, 20 probes, the comparison (an implementation run on held-out inputs,
// the judge), the HTTP turns to the local model. Tasks per minute at concurrency 1, 2 and 4.
//
// The task set is 741 synthetic PAU rows (test/support/pau-tasks.ts: task i is
// `arg0 * (i + 2)`), made the same way on every run. By default every 25th task is run (30);
// PAU_BENCH_FULL=1 runs all 741 at each concurrency (about 3 × 741 tasks: minutes);
// PAU_BENCH_EVERY=n runs every n-th.
// Baseline, same run: the research harness's model for the calls alone (20 calls, each a
// multiprocessing.Process + Queue, fork), timed in Python: no model, no comparison.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTask } from '../../src/bench/evaluate.js';
import { startWorker } from '../../src/probe/client.js';
import { WarmParent } from '../../src/probe/warm.js';
import { runBench, type TaskPhases } from '../../src/bench/runner.js';
import { loadTasks } from '../../src/bench/tasks.js';
import { startScriptedServer } from '../support/llm-server.js';
import { pauTaskFile, probingPauModel } from '../support/pau-tasks.js';
import { figures, PAU_STYLE, python } from './probe.bench.js';
import type { Goal } from './run.js';

export const name = 'harness';

const TASKS = 741;
const SAMPLE_EVERY = 25;
const PROBES = 20;
const PROBES_PER_TURN = 5;
const GOAL_MS_PER_TASK = 300;

const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : NaN);
const r1 = (x: number) => Math.round(x * 10) / 10;

export async function run(): Promise<Record<string, unknown>> {
  const full = process.env.PAU_BENCH_FULL === '1';
  const dir = mkdtempSync(join(tmpdir(), 'pau-bench-harness-'));
  const file = join(dir, 'tasks.jsonl');
  writeFileSync(file, pauTaskFile(TASKS));
  const all = loadTasks(file).tasks;
  if (all.length !== TASKS) throw new Error(`expected ${TASKS} synthetic tasks, loaded ${all.length}`);
  const every = full ? 1 : Number(process.env.PAU_BENCH_EVERY ?? SAMPLE_EVERY);
  const tasks = all.filter((_, i) => i % every === 0);
  const server = await startScriptedServer(probingPauModel(PROBES, PROBES_PER_TURN));
  // Workers forked from one warm parent (src/probe/warm.ts), as `pau bench` does; the same
  // tasks with cold starts at concurrency 1 are the baseline of the same run.
  const warm = await WarmParent.start().catch((error: Error) => {
    console.log(`no warm parent, cold starts only: ${error.message}`);
    return undefined;
  });
  const byConcurrency: Record<string, { tasksPerMinute: number; msPerTask: number; wallSeconds: number; phases: Record<string, number> }> = {};
  try {
    for (const [label, concurrency, parent] of [
      ['1 cold', 1, undefined],
      ['1', 1, warm],
      ['2', 2, warm],
      ['4', 4, warm],
    ] as const) {
      const phases: TaskPhases[] = [];
      const requestsBefore = server.requests.length;
      const { results, wallSeconds } = await runBench({
        tasks,
        variants: [{ strictness: 'anonymized', coverageFeedback: true }],
        settings: { mode: 'llm', maxProbes: PROBES, timeoutMs: 5000, memoryMb: 1024 },
        llm: { baseURL: server.url, model: 'scripted', apiKey: 'bench' },
        concurrency,
        startWorker: (options) => startWorker(options, parent),
        runTask,
        onPhases: (_, p) => phases.push(p),
      });
      const failed = results.filter((r) => !r.ok);
      if (failed.length) throw new Error(`${failed.length} tasks failed at concurrency ${concurrency}: ${failed[0]!.error}`);
      const wrong = results.filter((r) => r.metrics.judgeScore === null || r.metrics.behaviouralAgreement === null);
      if (wrong.length) throw new Error(`${wrong.length} tasks have no comparison at concurrency ${concurrency}`);
      // The model's turns are not the harness's: each task is its probing turns, one submission, one implementation, the judge.
      const turns = server.requests.length - requestsBefore;
      const expected = tasks.length * (PROBES / PROBES_PER_TURN + 3);
      if (turns !== expected) throw new Error(`${turns} model requests at concurrency ${concurrency}, expected ${expected}: the scripted model was refused`);
      byConcurrency[label] = {
        tasksPerMinute: r1((tasks.length / wallSeconds) * 60),
        msPerTask: r1((wallSeconds * 1000) / tasks.length),
        wallSeconds: r1(wallSeconds),
        phases: {
          startMs: r1(median(phases.map((p) => p.startMs))),
          probes: median(phases.map((p) => p.probes)),
          probeMs: r1(median(phases.map((p) => p.probeMs))),
          perProbeMs: r1(median(phases.map((p) => p.probeMs / Math.max(1, p.probes)))),
          compareMs: r1(median(phases.map((p) => p.compareMs))),
          compareCalls: median(phases.map((p) => p.compareCalls)),
          totalMs: r1(median(results.map((r) => r.metrics.wallSeconds * 1000))),
        },
      };
      console.log(`concurrency ${label}: ${JSON.stringify(byConcurrency[label])}`); // a long full run shows each as it ends
    }
  } finally {
    await warm?.stop();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  // Baseline: PROBES calls in the research harness's model, per task (the best of 3 rounds).
  const baselineRounds = [0, 1, 2].map(() => figures(python(PAU_STYLE, [String(PROBES * 5), 'fork'])).medianMs);
  const baselineMsPerTask = r1(Math.min(...baselineRounds) * PROBES);
  const c1 = byConcurrency['1']!;
  const cold = byConcurrency['1 cold']!;
  console.log(`${tasks.length} of ${TASKS} synthetic PAU tasks${full ? '' : ` (every ${every}th; PAU_BENCH_FULL=1 runs all)`}, model answers at once`);
  console.log(
    '| concurrency | tasks/min | ms per task (wall / tasks) | median task: start ms | probes | probe calls ms | compare ms (held-out calls of the real function; the implementation runs in a worker not counted here) | task ms |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const [c, f] of Object.entries(byConcurrency)) {
    const p = f.phases;
    console.log(
      `| ${c} | ${f.tasksPerMinute} | ${f.msPerTask} | ${p.startMs} | ${p.probes} | ${p.probeMs} (${p.perProbeMs}/call) | ${p.compareMs} (${p.compareCalls}) | ${p.totalMs} |`,
    );
  }
  console.log(`baseline: ${PROBES} calls as multiprocessing.Process + Queue (fork) = ${baselineMsPerTask} ms per task (calls only)`);
  const goals: Goal[] = [
    {
      figure: `harness overhead per ${PROBES}-probe PAU task, concurrency 1 (${tasks.length} tasks)`,
      value: `${c1.msPerTask} ms (start ${c1.phases.startMs}, probes ${c1.phases.probeMs}, compare ${c1.phases.compareMs})`,
      goal: `≤ ${GOAL_MS_PER_TASK} ms`,
      met: c1.msPerTask <= GOAL_MS_PER_TASK,
      baseline: `${baselineMsPerTask} ms: ${PROBES} calls alone, research-harness model; cold starts ${cold.msPerTask} ms (start ${cold.phases.startMs}, compare ${cold.phases.compareMs})`,
    },
    {
      figure: 'pau bench tasks per minute, model answers at once, concurrency 1 / 2 / 4',
      value: ['1', '2', '4'].map((c) => byConcurrency[c]!.tasksPerMinute).join(' / '),
      goal: 'reported (2 cores)',
      met: null,
      baseline: `${r1(60000 / baselineMsPerTask)}/min: the ${PROBES} calls alone, research-harness model`,
    },
  ];
  return { tasks: tasks.length, of: TASKS, full, probesPerTask: PROBES, byConcurrency, baselineMsPerTask, goals };
}
