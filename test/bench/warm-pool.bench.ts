// Warm starts for workspace files (src/probe/warm-pool.ts), as batch docstrings, the MCP server
// and the language-model tools use them: workers for the functions of examples/seqs.py, each
// started and given its first call, one pool's forks against cold starts, in pairs, order
// alternating, OS layer on. The pool's first target (cold, its parent starting beside it) is
// reported apart. Kept only where it saves: the bench says whether it does.
import { join } from 'node:path';
import { startWorker, type ProbeWorker } from '../../src/probe/client.js';
import { WarmPool } from '../../src/probe/warm-pool.js';
import { REPO_ROOT } from '../e2e/harness/code-server.js';
import type { Goal } from './run.js';

export const name = 'warmPool';

const FILE = join(REPO_ROOT, 'examples', 'seqs.py');
const TARGETS = ['dedupe', 'chunk', 'merge_sorted', 'flatten', 'rotate'];
const PAIRS = 10;
const median = (xs: number[]) => Number([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]?.toFixed(1));

async function timed(start: () => Promise<ProbeWorker>): Promise<{ ms: number; forked: boolean }> {
  const t0 = performance.now();
  const worker = await start();
  try {
    const result = await worker.call({ args: ['[3, 1, 3]'] });
    if (result.status === 'crashed') throw new Error(`the first call crashed: ${JSON.stringify(result).slice(0, 300)}`);
    return { ms: performance.now() - t0, forked: worker.pid !== undefined && (await cmdline(worker.pid)).includes('pau_probe.warm_parent') };
  } finally {
    await worker.stop();
  }
}

async function cmdline(pid: number): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  return readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
}

export async function run(): Promise<Record<string, unknown>> {
  const pool = new WarmPool();
  const options = (i: number) => ({ target: { file: FILE, qualname: TARGETS[i % TARGETS.length] ?? 'dedupe' }, sandbox: 'os' as const });
  try {
    const first = await timed(() => pool.startWorker(options(0)));
    if (!(await pool.parentReady(options(1)))) throw new Error('the warm parent did not start');
    await timed(() => startWorker(options(0))); // not counted: fills the caches
    const warm: number[] = [];
    const cold: number[] = [];
    for (let i = 0; i < PAIRS; i++) {
      for (const which of i % 2 === 0 ? ['warm', 'cold'] : ['cold', 'warm']) {
        if (which === 'cold') {
          cold.push((await timed(() => startWorker(options(i)))).ms);
          continue;
        }
        const forked = await timed(() => pool.startWorker(options(i)));
        if (!forked.forked) throw new Error('the pool did not fork a worker for a second target of the folder');
        warm.push(forked.ms);
      }
    }
    const figures = { firstTargetMs: Number(first.ms.toFixed(1)), warmMedianMs: median(warm), coldMedianMs: median(cold), pairs: PAIRS, counts: pool.counts };
    console.log('| start + first call, a workspace file, OS layer | median ms |');
    console.log('|---|---:|');
    console.log(`| forked from the folder's warm parent | ${figures.warmMedianMs} |`);
    console.log(`| cold | ${figures.coldMedianMs} |`);
    console.log(`| the pool's first target (cold, its parent starting beside it) | ${figures.firstTargetMs} |`);
    const goals: Goal[] = [
      {
        figure: 'workspace-file target, start + first call, warm pool',
        value: `${figures.warmMedianMs} ms (median of ${PAIRS})`,
        goal: 'below cold (kept only where it saves)',
        met: figures.warmMedianMs < figures.coldMedianMs,
        baseline: `cold in the same run: ${figures.coldMedianMs} ms`,
      },
    ];
    return { ...figures, goals };
  } finally {
    await pool.dispose();
  }
}
