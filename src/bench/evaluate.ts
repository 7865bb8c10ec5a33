// How one bench task is run and scored. The session runs as everywhere else (runSession);
// two of its parts are swapped for the benchmark's rules:
// - PAU's seed examples (train_examples) are the agent's first observations, in place of
//   the offline explorer's seed probes;
// - the comparison scores the inferred description against the task's gold description
//   (the judge, PAU's rubric) and, through an implementation written from the description
//   alone, on the task's held-out test inputs (the code task, compared type-aware).
import type { CompareFn, ProbeFn } from '../core/run-types.js';
import type { WorkerOptions } from '../core/probe-types.js';
import type { StartWorker } from '../core/worker-options.js';
import { runSession } from '../session/run.js';
import type { SessionServices } from '../core/run-types.js';
import type { SessionFile } from '../core/session-types.js';
import { baseMetrics, type TaskContext, type TaskPhases } from './runner.js';
import type { TaskMetrics, Variant } from './metrics.js';
import type { BenchTask } from './tasks.js';

export async function runTask(task: BenchTask, _variant: Variant, ctx: TaskContext): Promise<{ session: SessionFile; metrics: TaskMetrics }> {
  const t0 = Date.now();
  const { compare } = await import('../compare/compare.js');
  // The comparison's workers (the implementations) start as the task's own do: warm where the bench has a warm parent.
  const compareFn: CompareFn = (input) => compare(input, { startWorker: ctx.startWorker });
  const measured: TimedServices = { startWorker: ctx.startWorker, compare: scoreAgainstGold(task, compareFn) };
  const services: Partial<SessionServices> = ctx.phases ? timePhases(measured, ctx.phases) : measured;
  if (task.seeds.length > 0 && ctx.settings.mode === 'llm') {
    services.exploreOffline = async (_info, probe: ProbeFn) => {
      for (const seed of task.seeds) await probe(seed, 'seed example from the task');
      return { returnTypes: [], exceptions: {}, properties: [], description: emptyDescription(), ioTable: '' };
    };
  }
  const session = await runSession(
    {
      target: task.target,
      settings: ctx.settings,
      ...(ctx.llm ? { llm: ctx.llm } : {}),
      ...(ctx.python ? { python: ctx.python } : {}),
      compare: { ...(ctx.llm ? { llm: ctx.llm } : {}), ...(ctx.judge ? { judge: ctx.judge } : {}) },
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    },
    services,
  );
  const metrics = baseMetrics(session, (Date.now() - t0) / 1000);
  const behavioural = session.comparison?.behavioural?.inferred;
  if (behavioural && behavioural.total > 0) {
    metrics.behaviouralAgreement = behavioural.agree / behavioural.total;
    metrics.codeExactMatch = behavioural.agree === behavioural.total;
  }
  metrics.judgeScore = session.comparison?.judge?.score ?? null;
  return { session, metrics };
}

/** The comparison, with the gold description as the reference and the task's test inputs held out. */
function scoreAgainstGold(task: BenchTask, compare: CompareFn): CompareFn {
  return (input) => compare({ ...input, info: { ...input.info, docstring: task.gold }, heldOut: task.testInputs, docstringImplementation: false });
}

function emptyDescription() {
  return { summary: '', details: '', parameters: {}, returns: '', raises: '', examples: [], confidence: 0 };
}

/** The services a task's clocks wrap. */
type TimedServices = { startWorker: StartWorker; compare: CompareFn };

/** The worker and the comparison of a task's services, wrapped with clocks that add into `phases`. */
function timePhases({ startWorker, compare }: TimedServices, phases: TaskPhases): TimedServices {
  let comparing = false;
  const timedStart = async (options: WorkerOptions) => {
    const started = performance.now();
    const worker = await startWorker(options);
    phases.startMs += performance.now() - started;
    const call = worker.call.bind(worker);
    worker.call = async (...args: Parameters<typeof call>) => {
      const began = performance.now();
      try {
        return await call(...args);
      } finally {
        if (!comparing) {
          phases.probeMs += performance.now() - began;
          phases.probes++;
        } else phases.compareCalls++;
      }
    };
    return worker;
  };
  const timedCompare: CompareFn = async (input) => {
    const began = performance.now();
    comparing = true;
    try {
      return await compare(input);
    } finally {
      comparing = false;
      phases.compareMs += performance.now() - began;
    }
  };
  return { startWorker: timedStart, compare: timedCompare };
}
