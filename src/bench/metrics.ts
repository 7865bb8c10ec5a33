// Per-task metrics and the summary over a run: the PAU metrics (judge mean ± std, share ≥ 3,
// conclusion rate, mean probes, code exact-match) plus ours (behavioural agreement,
// coverage reached, tokens, wall time). A metric that does not apply is null, never 0.
import type { SessionFile, Strictness } from '../core/session-types.js';

export interface Variant {
  strictness: Strictness;
  coverageFeedback: boolean;
}

export interface TaskMetrics {
  judgeScore: number | null;
  concluded: boolean;
  probes: number;
  /** Every held-out test input agreed (the PAU code task), or null without an implementation. */
  codeExactMatch: boolean | null;
  /** Share of held-out inputs where the implementation from the description agrees with the function. */
  behaviouralAgreement: number | null;
  /** Share of the target's lines reached by the end of the run. */
  coverage: number | null;
  tokens: number;
  /** Dollars, when the endpoint's prices were given (--prompt-price, --completion-price). */
  costUsd?: number | null;
  wallSeconds: number;
}

/** One line of `--out`. */
export interface TaskResult {
  taskId: string;
  ok: boolean;
  variant: Variant;
  metrics: TaskMetrics;
  session: SessionFile | null;
  error?: string;
}

export interface Summary {
  tasks: number;
  completed: number;
  failed: number;
  judgeMean: number | null;
  judgeStd: number | null;
  shareAtLeast3: number | null;
  conclusionRate: number | null;
  meanProbes: number | null;
  codeExactMatch: number | null;
  behaviouralAgreement: number | null;
  coverage: number | null;
  tokens: number;
  costUsd: number | null;
  wallSeconds: number;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** Population standard deviation, as the paper reports spread over the test set. */
function std(xs: number[]): number | null {
  const m = mean(xs);
  if (m === null) return null;
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / xs.length);
}

const present = <T>(xs: (T | null)[]): T[] => xs.filter((x): x is T => x !== null);

/**
 * `tasks` is the number of tasks the run was asked to do; `wallSeconds` the run's own wall
 * time (tasks overlap under --concurrency, so it is not the sum of the tasks' times).
 */
export function summarize(results: TaskResult[], tasks: number, wallSeconds: number): Summary {
  const done = results.filter((r) => r.ok);
  const judge = present(done.map((r) => r.metrics.judgeScore));
  const code = present(done.map((r) => r.metrics.codeExactMatch));
  return {
    tasks,
    completed: done.length,
    failed: results.length - done.length,
    judgeMean: mean(judge),
    judgeStd: std(judge),
    shareAtLeast3: judge.length ? judge.filter((s) => s >= 3).length / judge.length : null,
    conclusionRate: mean(done.map((r) => (r.metrics.concluded ? 1 : 0))),
    meanProbes: mean(done.map((r) => r.metrics.probes)),
    codeExactMatch: code.length ? code.filter(Boolean).length / code.length : null,
    behaviouralAgreement: mean(present(done.map((r) => r.metrics.behaviouralAgreement))),
    coverage: mean(present(done.map((r) => r.metrics.coverage))),
    tokens: results.reduce((a, r) => a + r.metrics.tokens, 0),
    costUsd: results.some((r) => typeof r.metrics.costUsd === 'number') ? results.reduce((a, r) => a + (r.metrics.costUsd ?? 0), 0) : null,
    wallSeconds,
  };
}

/**
 * Coverage reached by the whole run: the lines first reached by each probe (`new`) add up
 * to the union over the worker's lifetime; divided by the target's executable lines.
 */
export function coverageReached(session: SessionFile): number | null {
  let reached = 0;
  let total = 0;
  for (const p of session.probes) {
    const lines = p.result.coverage?.lines;
    if (!lines) continue;
    reached += lines.new;
    total = Math.max(total, lines.total);
  }
  return total > 0 ? Math.min(1, reached / total) : null;
}

export function variantKey(v: Variant): string {
  return `${v.strictness}/${v.coverageFeedback ? 'coverage-on' : 'coverage-off'}`;
}
