// `pau bench merge`: the --out files of the shards of one run (pau bench --shard i/n, e.g. the
// pods of a Kubernetes Indexed Job) become one set of results, as if one process had run them.
import { readFinished, resultKey } from './runner.js';
import type { TaskResult } from './metrics.js';

export interface Merged {
  /** Every task and variant once, in task order (row index), then variant. */
  results: TaskResult[];
  /** Shards that both hold a task: its first result is kept. */
  duplicates: string[];
  /** The shards' wall time: the slowest task set decides when a parallel run is done. */
  wallSeconds: number;
}

const rowIndex = (taskId: string) => Number(taskId.split('-')[0]);

export function mergeShards(files: string[]): Merged {
  const merged = new Map<string, TaskResult>();
  const duplicates: string[] = [];
  const wall: number[] = [];
  for (const file of files) {
    const results = [...readFinished(file).values()];
    wall.push(results.reduce((sum, r) => sum + (r.metrics.wallSeconds ?? 0), 0));
    for (const result of results) {
      const key = resultKey(result.taskId, result.variant);
      if (merged.has(key)) duplicates.push(`${result.taskId} (${file})`);
      else merged.set(key, result);
    }
  }
  const results = [...merged.values()].sort(
    (a, b) => rowIndex(a.taskId) - rowIndex(b.taskId) || resultKey(a.taskId, a.variant).localeCompare(resultKey(b.taskId, b.variant)),
  );
  return { results, duplicates, wallSeconds: Math.max(0, ...wall) };
}

/** `--shard auto`: the shard of this pod of a Kubernetes Indexed Job (JOB_COMPLETION_INDEX is 0-based). */
export function shardFromEnvironment(env: NodeJS.ProcessEnv): { i: number; n: number } {
  const index = env.JOB_COMPLETION_INDEX;
  const count = env.JOB_COMPLETIONS;
  if (index === undefined || count === undefined) {
    throw new Error(
      '--shard auto reads JOB_COMPLETION_INDEX and JOB_COMPLETIONS (a Kubernetes Indexed Job sets the first; set the second from spec.completions)',
    );
  }
  const i = Number(index);
  const n = Number(count);
  if (!/^\d+$/.test(index) || !/^\d+$/.test(count) || n < 1 || i >= n) {
    throw new Error(`--shard auto: JOB_COMPLETION_INDEX=${index} and JOB_COMPLETIONS=${count} must be integers with 0 ≤ index < completions`);
  }
  return { i: i + 1, n };
}
