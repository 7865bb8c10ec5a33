// Runs a task set: a pool of concurrent tasks, resumable from the --out file (one JSONL
// line per finished task, appended as soon as it finishes, so a killed run loses only the
// tasks in flight), sharded, with progress on a TTY.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { costInDollars } from '../core/cost.js';
import type { LlmConfig } from '../core/run-types.js';
import type { SessionFile, SessionSettings } from '../core/session-types.js';
import type { StartWorker } from '../core/worker-options.js';
import { coverageReached, variantKey, type TaskMetrics, type TaskResult, type Variant } from './metrics.js';
import type { BenchTask } from './tasks.js';

export interface BenchOptions {
  tasks: BenchTask[];
  variants: Variant[];
  settings: Omit<SessionSettings, 'strictness' | 'coverageFeedback'>;
  llm?: LlmConfig;
  judge?: LlmConfig;
  python?: string;
  concurrency: number;
  out?: string;
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
  /** What starts each task's worker; the CLI passes the real client's. */
  startWorker: StartWorker;
  /** How one task is run; the CLI passes the real one (runTask in evaluate.ts), tests may too. */
  runTask: (task: BenchTask, variant: Variant, ctx: TaskContext) => Promise<{ session: SessionFile; metrics: TaskMetrics }>;
  /** Called after each task with where its time went (benchmarks of the harness itself). */
  onPhases?: (taskId: string, phases: TaskPhases) => void;
}

export interface TaskContext {
  settings: SessionSettings;
  startWorker: StartWorker;
  llm?: LlmConfig;
  judge?: LlmConfig;
  python?: string;
  signal?: AbortSignal;
  /** When given, runTask adds where the task's time went into it. */
  phases?: TaskPhases;
}

/** Where one task's wall time went, milliseconds (the harness-overhead benchmark reads it). */
export interface TaskPhases {
  /** startWorker: interpreter, import, first child. */
  startMs: number;
  /** Calls to the target during the exploration (seeds and the agent's probes). */
  probeMs: number;
  probes: number;
  /** The comparison, its own calls to the target (held-out inputs) included. */
  compareMs: number;
  compareCalls: number;
}

export function emptyPhases(): TaskPhases {
  return { startMs: 0, probeMs: 0, probes: 0, compareMs: 0, compareCalls: 0 };
}

export interface Progress {
  done: number;
  total: number;
  failed: number;
  running: number;
  skipped: number;
  tokens: number;
  /** Running cost in dollars; null when no prices were given. */
  costUsd: number | null;
  elapsedSeconds: number;
  etaSeconds: number | null;
  last?: TaskResult;
}

/** Finished results already in `out`, keyed by task and variant; a torn last line is ignored. */
export function readFinished(out: string | undefined): Map<string, TaskResult> {
  const finished = new Map<string, TaskResult>();
  if (!out || !existsSync(out)) return finished;
  for (const line of readFileSync(out, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const r = JSON.parse(line) as TaskResult;
      if (r && typeof r.taskId === 'string' && r.variant) finished.set(resultKey(r.taskId, r.variant), r);
    } catch {
      /* a line cut by a kill: the task runs again */
    }
  }
  return finished;
}

export const resultKey = (taskId: string, v: Variant) => `${taskId}@${variantKey(v)}`;

const emptyMetrics = (wallSeconds: number): TaskMetrics => ({
  judgeScore: null,
  concluded: false,
  probes: 0,
  codeExactMatch: null,
  behaviouralAgreement: null,
  coverage: null,
  tokens: 0,
  wallSeconds,
});

/** Runs what is not finished yet; returns every result of this shard (earlier ones included). */
export async function runBench(options: BenchOptions): Promise<{ results: TaskResult[]; wallSeconds: number }> {
  const started = Date.now();
  const finished = readFinished(options.out);
  const jobs: { task: BenchTask; variant: Variant }[] = [];
  const results: TaskResult[] = [];
  for (const task of options.tasks) {
    for (const variant of options.variants) {
      const previous = finished.get(resultKey(task.taskId, variant));
      if (previous) results.push(previous);
      else jobs.push({ task, variant });
    }
  }
  const skipped = results.length;
  const total = jobs.length;
  let done = 0;
  let failed = 0;
  let running = 0;
  let tokens = 0;
  let cost: number | null = null;
  const progress = (last?: TaskResult) => {
    const elapsed = (Date.now() - started) / 1000;
    const eta = done > 0 ? (elapsed / done) * (total - done) : null;
    options.onProgress?.({ done, total, failed, running, skipped, tokens, costUsd: cost, elapsedSeconds: elapsed, etaSeconds: eta, last });
  };

  let next = 0;
  const worker = async () => {
    for (let job = jobs[next++]; job && !options.signal?.aborted; job = jobs[next++]) {
      const { task, variant } = job;
      running++;
      progress();
      const result = await runOne(task, variant, options);
      running--;
      if (options.signal?.aborted && !result.ok) break; // stopped, not failed: it runs again on resume
      done++;
      if (!result.ok) failed++;
      tokens += result.metrics.tokens;
      if (typeof result.metrics.costUsd === 'number') cost = (cost ?? 0) + result.metrics.costUsd;
      results.push(result);
      if (options.out) appendFileSync(options.out, JSON.stringify(result) + '\n');
      progress(result);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, jobs.length)) }, worker));
  return { results, wallSeconds: (Date.now() - started) / 1000 };
}

async function runOne(task: BenchTask, variant: Variant, options: BenchOptions): Promise<TaskResult> {
  const t0 = Date.now();
  const settings: SessionSettings = { ...options.settings, ...variant };
  const phases = options.onPhases ? emptyPhases() : undefined;
  try {
    const { session, metrics: measured } = await options.runTask(task, variant, {
      settings,
      startWorker: options.startWorker,
      llm: options.llm,
      judge: options.judge,
      python: options.python,
      signal: options.signal,
      ...(phases ? { phases } : {}),
    });
    if (phases) options.onPhases?.(task.taskId, phases);
    const metrics = { ...measured, costUsd: costOf(session, options.llm?.pricing) };
    // A budget stop still ends in a description: only another error fails the task.
    const failure = session.error && session.error.kind !== 'budget' ? session.error : undefined;
    return { taskId: task.taskId, ok: !failure, variant, metrics, session, ...(failure ? { error: failure.message } : {}) };
  } catch (err) {
    return {
      taskId: task.taskId,
      ok: false,
      variant,
      metrics: emptyMetrics((Date.now() - t0) / 1000),
      session: null,
      error: err instanceof Error ? err.message : String(err),
    };
  }
}

/** Metrics every run has, before the comparison adds judge and behaviour. */
export function baseMetrics(session: SessionFile, wallSeconds: number): TaskMetrics {
  return {
    ...emptyMetrics(wallSeconds),
    concluded: session.final.concluded,
    probes: session.probes.filter((p) => p.origin !== 'cache').length,
    coverage: coverageReached(session),
    tokens: session.usage.promptTokens + session.usage.completionTokens,
  };
}

/** Dollars for a session's tokens at the endpoint's prices (per million); null without prices. */
export function costOf(session: SessionFile, pricing: LlmConfig['pricing']): number | null {
  if (!pricing) return null;
  return costInDollars(session.usage, pricing);
}
