// A call whose value is 70 MB (a str of 70 MiB): how long until the host has its answer. The
// child renders it under maxReprChars (the answer carries the type, the length and the first
// characters, marked truncated), so what crosses the pipes stays small; the cost is making
// and rendering the value in the child, and tearing it down.
// Baseline, same run: the research harness's model returns str() of the value through a
// multiprocessing.Queue (all 70 MB pickled through a pipe), timed in Python.
import { startWorker } from '../../src/probe/client.js';
import { figures, PAU_STYLE, python, type Figures } from './probe.bench.js';
import type { Goal } from './run.js';

export const name = 'largeResult';

const BYTES = 70 * 1024 * 1024;
const CALLS = 5;
const GOAL_MS = 2000;

async function ours(): Promise<Figures> {
  const worker = await startWorker({ target: { source: 'def f(n):\n    return "x" * n\n', qualname: 'f' } });
  try {
    const samples: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const started = performance.now();
      const result = await worker.call({ args: [String(BYTES)] });
      samples.push(performance.now() - started);
      if (result.status !== 'returned' || result.value?.truncated !== true || result.value?.type !== 'str') {
        throw new Error(`unexpected answer: ${JSON.stringify(result).slice(0, 300)}`);
      }
    }
    return figures(samples);
  } finally {
    await worker.stop();
  }
}

export async function run(): Promise<Record<string, unknown>> {
  const warm = await ours();
  const baseline = figures(python(PAU_STYLE, [String(CALLS), 'fork', String(BYTES)]));
  console.log('| what | median ms | p95 ms | n |');
  console.log('|---|---:|---:|---:|');
  console.log(`| warm worker, a call returning 70 MB | ${warm.medianMs} | ${warm.p95Ms} | ${warm.n} |`);
  console.log(`| research-harness model: Process + Queue, str() of 70 MB | ${baseline.medianMs} | ${baseline.p95Ms} | ${baseline.n} |`);
  const goals: Goal[] = [
    {
      figure: 'a call returning 70 MB, answered (rendered, capped)',
      value: `${warm.medianMs} ms`,
      goal: `< ${GOAL_MS} ms`,
      met: warm.medianMs < GOAL_MS,
      baseline: `${baseline.medianMs} ms (Process + Queue, str() of the value)`,
    },
  ];
  return { bytes: BYTES, warm, baseline, goals };
}
