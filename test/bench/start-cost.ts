// What the OS layer adds to a worker's start, measured one way for every bench that reports
// it (sandbox.bench.ts and probe.bench.ts): paired starts. Each pair starts one worker with
// the OS layer (bubblewrap + guards) and one without (guards only), back to back, in
// alternating order; the figure is the median of the pairs' differences, with its
// interquartile range as the spread. Two rows measured minutes apart on this shared 2-core
// machine differ by more than the OS layer costs (earlier runs: +14.5 ms in one bench, +50 ms
// in the other, from the same code): pairing puts both halves under the same load.
//
// What a start is: startWorker() until the worker can take a call (spawn, through bwrap in os
// mode; import; describe). The first call's process is forked as the start ends, so a call
// made at once waits for it: startWith() times that first call too. Once per session, before
// any start, the host also probes the OS layer (a `bwrap … true`) and asks the interpreter for
// its folders (which compiles the worker's bytecode); those run once, before the pairs, and
// are reported on their own.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWorker, workerPackageRoot } from '../../src/probe/client.js';
import { WarmParent } from '../../src/probe/warm.js';
import type { WorkerOptions } from '../../src/core/probe-types.js';
import { interpreterPaths } from '../../src/probe/interpreter.js';
import { probeOsLayer } from '../../src/probe/sandbox.js';
import { workerEnvironment } from '../../src/probe/environment.js';

const SOURCE = 'import json, re, collections, datetime\n\ndef f(x):\n    return x + 1\n';

type Mode = 'os' | 'guards';

export interface Spread {
  medianMs: number;
  p25Ms: number;
  p75Ms: number;
  p95Ms: number;
  n: number;
}

/** A distribution-free 95% confidence interval of a median: order statistics by the binomial(n, ½). */
export interface MedianInterval {
  lowMs: number;
  highMs: number;
}

function medianInterval(samples: number[]): MedianInterval {
  const sorted = [...samples].sort((a, b) => a - b);
  const n = sorted.length;
  // The largest k with P(Binomial(n, ½) < k) ≤ 2.5%: the interval is [x(k), x(n+1-k)], 1-based.
  let k = 0;
  let below = 0;
  let term = 0.5 ** n; // P(X = 0)
  while (k < n && below + term <= 0.025) {
    below += term;
    k++;
    term = (term * (n - k + 1)) / k;
  }
  const ms = (v: number | undefined) => Number((v ?? NaN).toPrecision(3));
  return k === 0 ? { lowMs: -Infinity, highMs: Infinity } : { lowMs: ms(sorted[k - 1]), highMs: ms(sorted[n - k]) };
}

export interface StartCost {
  /** Worker start with the OS layer on, and off. */
  os: Spread;
  guards: Spread;
  /** Per pair: os minus guards, and the 95% interval of its median. */
  added: Spread;
  addedInterval: MedianInterval;
  /** Once per session: the OS layer's probe and the interpreter's folders (with the worker's bytecode compiled), in ms. */
  onceMs: { probe: number; interpreterFolders: number };
  /** One line for the bench's output: what was measured and the figure with its spread. */
  summary: string;
}

function spread(samples: number[]): Spread {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const ms = (v: number) => Number(v.toPrecision(3));
  return { medianMs: ms(at(0.5)), p25Ms: ms(at(0.25)), p75Ms: ms(at(0.75)), p95Ms: ms(at(0.95)), n: samples.length };
}

/** What a worker is started with besides its target: a sandbox mode, and the sandbox's parts turned off. */
export type Variant = Pick<WorkerOptions, 'seccomp' | 'cgroups'> & { sandbox: Mode };

async function timedStart(variant: Mode | Variant, python?: string): Promise<number> {
  return (await timedStartAndCall(variant, python, false)).startMs;
}

/** A start and, when asked, the first call right after it (which waits for what the start left: its call process). */
async function timedStartAndCall(
  variant: Mode | Variant,
  python: string | undefined,
  call: boolean,
  warm?: WarmParent,
): Promise<{ startMs: number; firstCallMs: number }> {
  const options = typeof variant === 'string' ? { sandbox: variant } : variant;
  const sandbox = options.sandbox;
  const t0 = performance.now();
  const worker = await startWorker({ target: { source: SOURCE, qualname: 'f' }, ...options, ...(python ? { python } : {}) }, warm);
  const startMs = performance.now() - t0;
  let firstCallMs = NaN;
  try {
    if (worker.sandbox?.layer !== sandbox) throw new Error(`asked for ${sandbox}, got ${JSON.stringify(worker.sandbox)}`);
    if (warm && !readFileSync(`/proc/${worker.pid}/cmdline`, 'utf8').includes('pau_probe.warm_parent'))
      throw new Error('the warm parent did not serve the start');
    if (call) {
      const t1 = performance.now();
      const result = await worker.call({ args: ['1'] });
      firstCallMs = performance.now() - t1;
      if (result.value?.repr !== '2') throw new Error(`the first call answered ${JSON.stringify(result)}`);
    }
  } finally {
    await worker.stop();
  }
  return { startMs, firstCallMs };
}

/** Paired worker starts, OS layer on and off; throws where there is no OS layer to compare. */
export async function osLayerStartCost(pairs = 20): Promise<StartCost> {
  let t0 = performance.now();
  const layer = await probeOsLayer();
  const probe = performance.now() - t0;
  if (layer.layer !== 'os') throw new Error(`no OS sandbox here to compare with: ${layer.detail}`);
  // A folder of its own: the interpreter's folders are cached by interpreter and folder.
  const fresh = mkdtempSync(join(tmpdir(), 'pau-start-cost-'));
  t0 = performance.now();
  await interpreterPaths('python3', workerEnvironment(), fresh, workerPackageRoot());
  const interpreterFolders = performance.now() - t0;
  rmSync(fresh, { recursive: true, force: true });
  // One start of each first, not counted: it fills the session's caches (the probe above is
  // not the one startWorker shares) and the page cache.
  await timedStart('os');
  await timedStart('guards');
  const paired = await pairedStarts({ sandbox: 'os' }, { sandbox: 'guards' }, pairs);
  const cost = { os: paired.on, guards: paired.off, added: paired.added, addedInterval: paired.addedInterval };
  const round = (v: number) => Number(v.toPrecision(3));
  const summary =
    'a start: startWorker() until the worker can take a call; pairs of starts with the OS layer on and off, back to back, order alternating\n' +
    `the OS layer adds ${cost.added.medianMs} ms to a worker start (median of ${pairs} paired starts, 95% interval of that median ` +
    `${cost.addedInterval.lowMs} to ${cost.addedInterval.highMs} ms, pairs' interquartile range ${cost.added.p25Ms} to ${cost.added.p75Ms} ms; ` +
    `starts ${cost.os.medianMs} vs ${cost.guards.medianMs} ms); ` +
    `once per session before that: the OS-layer probe ${round(probe)} ms, the interpreter's folders and the worker's bytecode ${round(interpreterFolders)} ms`;
  return { ...cost, onceMs: { probe: round(probe), interpreterFolders: round(interpreterFolders) }, summary };
}

export interface PairedCost {
  on: Spread;
  off: Spread;
  /** Per pair: on minus off, and the 95% interval of its median. */
  added: Spread;
  addedInterval: MedianInterval;
}

/** Starts in pairs, `on` and `off` back to back in alternating order: what `on` adds, per pair. */
export async function pairedStarts(on: Variant, off: Variant, pairs = 20): Promise<PairedCost> {
  return paired((variant) => timedStart(variant), on, off, pairs);
}

/**
 * Calls in pairs on two warm workers, one started `on` and one `off`, alternating which goes
 * first: what `on` adds to a back-to-back call, per pair.
 */
export async function pairedCalls(on: Variant, off: Variant, pairs = 300): Promise<PairedCost> {
  const workers = new Map<Variant, Awaited<ReturnType<typeof startWorker>>>();
  try {
    for (const variant of [on, off]) workers.set(variant, await startWorker({ target: { source: SOURCE, qualname: 'f' }, ...variant }));
    let i = 0;
    const call = async (variant: Variant) => {
      const worker = workers.get(variant)!;
      const n = i++;
      const t0 = performance.now();
      const result = await worker.call({ args: [String(n)] });
      const ms = performance.now() - t0;
      if (result.value?.repr !== String(n + 1)) throw new Error(`wrong answer: ${JSON.stringify(result).slice(0, 200)}`);
      return ms;
    };
    for (let warm = 0; warm < 20; warm++) for (const variant of [on, off]) await call(variant);
    return await paired(call, on, off, pairs);
  } finally {
    for (const worker of workers.values()) await worker.stop();
  }
}

async function paired(measure: (variant: Variant) => Promise<number>, on: Variant, off: Variant, pairs: number): Promise<PairedCost> {
  const onMs: number[] = [];
  const offMs: number[] = [];
  const added: number[] = [];
  for (let i = 0; i < pairs; i++) {
    const order = i % 2 === 0 ? [on, off] : [off, on];
    const ms = new Map<Variant, number>();
    for (const variant of order) ms.set(variant, await measure(variant));
    onMs.push(ms.get(on)!);
    offMs.push(ms.get(off)!);
    added.push(ms.get(on)! - ms.get(off)!);
  }
  return { on: spread(onMs), off: spread(offMs), added: spread(added), addedInterval: medianInterval(added) };
}

/** Met when the median's 95% interval is within the goal, missed when it is all above it, else not judged (too noisy to say). */
export function judgeAdded(interval: MedianInterval, goalMs: number): boolean | null {
  if (interval.highMs <= goalMs) return true;
  if (interval.lowMs > goalMs) return false;
  return null;
}

/**
 * Worker starts with the OS layer on and a given interpreter (unpaired), next to what that
 * interpreter takes to start and exit doing nothing (`python -c pass`: its own start-up, the
 * site-packages' .pth files included), the floor under any worker start.
 */
export async function startWith(python: string, starts = 20): Promise<{ python: string; start: Spread; firstCall: Spread; interpreterAlone: Spread }> {
  const resolved = await interpreterExecutable(python);
  const alone: number[] = [];
  for (let i = 0; i < starts; i++) {
    const t0 = performance.now();
    const run = spawnSync(resolved, ['-B', '-c', 'pass'], { env: workerEnvironment() });
    if (run.status !== 0) throw new Error(`${resolved} -c pass exited with ${run.status}`);
    alone.push(performance.now() - t0);
  }
  await timedStart('os', python); // fills the session's caches, not counted
  const timed: { startMs: number; firstCallMs: number }[] = [];
  for (let i = 0; i < starts; i++) timed.push(await timedStartAndCall('os', python, true));
  return {
    python: resolved,
    start: spread(timed.map((t) => t.startMs)),
    firstCall: spread(timed.map((t) => t.firstCallMs)),
    interpreterAlone: spread(alone),
  };
}

/** The executable `python` runs as (through a pyenv shim, say), as the host resolves it; `python` when it will not say. */
export async function interpreterExecutable(python: string): Promise<string> {
  const answer = await interpreterPaths(python, workerEnvironment(), process.cwd(), workerPackageRoot());
  return answer && 'executable' in answer ? answer.executable : python;
}

/**
 * Warm starts (a worker forked by a warm parent, src/probe/warm.ts) against cold ones, OS
 * layer on, one interpreter: pairs back to back, order alternating, each start followed by
 * its first call. The parent's own start is paid once and reported apart.
 */
export async function warmAndColdStarts(
  python: string,
  pairs = 20,
): Promise<{ parentMs: number; warm: Spread; cold: Spread; warmFirstCall: Spread; coldFirstCall: Spread }> {
  const t0 = performance.now();
  const parent = await WarmParent.start({ python, sandbox: 'os' });
  const parentMs = Number((performance.now() - t0).toPrecision(3));
  try {
    await timedStartAndCall('os', python, true, parent); // not counted: fills the caches
    await timedStartAndCall('os', python, true);
    const warm: { startMs: number; firstCallMs: number }[] = [];
    const cold: { startMs: number; firstCallMs: number }[] = [];
    for (let i = 0; i < pairs; i++) {
      for (const which of i % 2 === 0 ? ['warm', 'cold'] : ['cold', 'warm']) {
        if (which === 'warm') warm.push(await timedStartAndCall('os', python, true, parent));
        else cold.push(await timedStartAndCall('os', python, true));
      }
    }
    return {
      parentMs,
      warm: spread(warm.map((t) => t.startMs)),
      cold: spread(cold.map((t) => t.startMs)),
      warmFirstCall: spread(warm.map((t) => t.firstCallMs)),
      coldFirstCall: spread(cold.map((t) => t.firstCallMs)),
    };
  } finally {
    await parent.stop();
  }
}
