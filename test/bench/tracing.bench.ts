// The coverage tracer on hot loops (python/pau_probe/coverage.py, docs/worker-protocol.md): a
// loop of 1,234,567 passes and a helper called 300,000 times from a loop, untraced, under a full
// trace (every line event: what each call paid before saturation) and under the tracer as it is,
// in python3 and in the newest Python 3.12+ found (sys.monitoring). Baseline, same run: the full
// trace. Goal (ours, from issue 23's "tracing only what the run uses"): the hot loop traced
// within 3x its untraced time, so a loop that fits the call's timeout untraced fits it traced.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../e2e/harness/code-server.js';
import type { Goal } from './run.js';

export const name = 'tracing';

const GOAL_RATIO = 3;
const SCRIPT = join(REPO_ROOT, 'test', 'bench', 'tracing', 'hot_loops.py');

interface Case {
  case: string;
  plainMs: number;
  fullTraceMs: number;
  tracedMs: number;
}

/** python3, and the newest pyenv interpreter of 3.12 or later when there is one. */
function interpreters(): string[] {
  const root = '/root/.pyenv/versions';
  const newer = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^3\.(1[2-9]|[2-9]\d)\.\d+$/.test(v))
        .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))
        .map((v) => join(root, v, 'bin', 'python3'))
        .filter((p) => existsSync(p))
    : [];
  return ['python3', ...newer.slice(-1)];
}

const ratio = (ms: number, plain: number): string => `${(ms / plain).toFixed(1)}x`;

export async function run(): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'pau-tracing-'));
  const measured: { python: string; cases: Case[] }[] = [];
  try {
    for (const python of interpreters()) {
      const out = execFileSync(python, [SCRIPT, join(dir, 'sat_target.py')], { encoding: 'utf8', timeout: 600_000 });
      measured.push(JSON.parse(out) as { python: string; cases: Case[] });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log('| Python | case | untraced ms | full trace ms (x untraced) | traced ms (x untraced) |');
  console.log('|---|---|---:|---:|---:|');
  for (const m of measured) {
    for (const c of m.cases) {
      console.log(
        `| ${m.python} | ${c.case} | ${c.plainMs} | ${c.fullTraceMs} (${ratio(c.fullTraceMs, c.plainMs)}) | ${c.tracedMs} (${ratio(c.tracedMs, c.plainMs)}) |`,
      );
    }
  }
  const goals: Goal[] = measured.flatMap((m) => {
    const loop = m.cases[0];
    if (loop === undefined) return [];
    return [
      {
        figure: `traced / untraced, ${loop.case}, Python ${m.python}`,
        value: ratio(loop.tracedMs, loop.plainMs),
        goal: `≤ ${GOAL_RATIO}x`,
        met: loop.tracedMs / loop.plainMs <= GOAL_RATIO,
        baseline: `${ratio(loop.fullTraceMs, loop.plainMs)} (a full trace)`,
      },
    ];
  });
  return { interpreters: measured, goals };
}
