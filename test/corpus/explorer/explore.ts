// Runs the offline explorer on corpus functions through the real Python worker (Debian's
// python3, which sees the Debian-packaged libraries) and scores the result against the truth
// tables: false claims, key behaviours reached, whether any call returned.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { OfflineReport } from '../../../src/core/run-types.js';
import type { ProbeTarget } from '../../../src/core/probe-types.js';
import { startWorker } from '../../../src/probe/client.js';
import { recordingProbe } from '../../support/recording-probe.js';
import type { ProbeRecord } from '../../../src/core/session-types.js';
import type { CorpusFunction } from './corpus.js';
import { idOf, targetOf } from './corpus.js';

/** Debian's interpreter when there is one: the corpus libraries are installed for it. */
export const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const CHECKER = fileURLToPath(new URL('check.py', import.meta.url));

export interface CorpusRun {
  fn: CorpusFunction;
  report: OfflineReport;
  records: ProbeRecord[];
  seconds: number;
  /** The function's parameter names, in order (a monotonicity claim names its parameters). */
  params: string[];
}

export async function exploreCorpusFunction(fn: CorpusFunction, maxProbes = 40): Promise<CorpusRun> {
  return { fn, ...(await exploreTarget(targetOf(fn), maxProbes)) };
}

/** One offline exploration through the real worker, anonymized, as the benches run it; seconds include the worker's start. */
export async function exploreTarget(target: ProbeTarget, maxProbes: number): Promise<Omit<CorpusRun, 'fn'>> {
  const started = performance.now();
  const worker = await startWorker({ target, python: PYTHON, limits: { timeoutMs: 3000 } });
  try {
    const { probe, records } = recordingProbe(worker);
    const report = await exploreOffline(worker.info, probe, { maxProbes, strictness: 'anonymized' });
    return { report, records, seconds: (performance.now() - started) / 1000, params: worker.info.params.map((p) => p.name) };
  } finally {
    await worker.stop();
  }
}

/**
 * The explorer on many functions, `concurrency` workers at a time (each run has its own worker;
 * a function's seconds include waiting for the machine, so the bench measures with 1).
 */
export async function exploreCorpus(fns: CorpusFunction[], maxProbes: number, concurrency: number, onDone?: (run: CorpusRun) => void): Promise<CorpusRun[]> {
  const runs: CorpusRun[] = new Array<CorpusRun>(fns.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < fns.length) {
      const k = next++;
      runs[k] = await exploreCorpusFunction(fns[k]!, maxProbes);
      onDone?.(runs[k]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  return runs;
}

/** What a returned call shows: its repr, or the items a generator yielded. */
function shown(r: ProbeRecord): string | null {
  const v = r.result.status === 'returned' ? r.result.value : undefined;
  if (!v) return null;
  return v.iteration && !v.iteration.raised ? v.iteration.items.join(', ') : v.repr;
}

function argsText(r: ProbeRecord): string {
  return [...r.args, ...Object.entries(r.kwargs ?? {}).map(([k, v]) => `${k}=${v}`)].join(', ');
}

export function reached(run: CorpusRun): { what: string; reached: boolean }[] {
  return run.fn.reach.map((k) => ({
    what: k.what,
    reached: run.records.some((r) => {
      const out = shown(r);
      return out !== null && new RegExp(k.output).test(out) && (!k.input || new RegExp(k.input).test(argsText(r)));
    }),
  }));
}

export function returnedOnce(run: CorpusRun): boolean {
  return run.records.some((r) => r.result.status === 'returned');
}

/** Properties claimed that the truth table says must not be. */
export function forbiddenClaims(run: CorpusRun): string[] {
  return run.report.properties.filter((p) => p.holds && run.fn.never.includes(p.name)).map((p) => `${idOf(run.fn)}: ${p.name} (${p.evidence})`);
}

export interface CheckFailure {
  function: string;
  claim: unknown;
  why: string;
}

/** What the claim checker (check.py) gets for a run: every call made and every checkable claim. */
export function checkerInput(run: CorpusRun): unknown {
  // The calls that returned quickly: a property speaks of calls that return, and slow ones would only slow the check.
  const calls = run.records
    .filter((r) => r.receiver === undefined && r.result.status === 'returned' && r.result.durationMs < 500)
    .map((r) => ({ args: r.args, kwargs: r.kwargs ?? {} }));
  const claims: unknown[] = [];
  for (const p of run.report.properties) {
    if (!p.holds) continue;
    // A monotonicity names its parameters; the checker varies the arguments at those positions only.
    const indices = p.name.startsWith('monotonic') && p.param ? p.param.split(', ').map((n) => run.params.indexOf(n)) : undefined;
    claims.push({ kind: 'property', name: p.name, ...(p.param ? { param: p.param } : {}), ...(indices ? { indices } : {}) });
  }
  for (const c of run.report.description.claims ?? []) {
    const check = c.check;
    if (check?.kind === 'raises') {
      const r = run.records.find((x) => x.index === check.probe);
      const c = check.contrast !== undefined ? run.records.find((x) => x.index === check.contrast) : undefined;
      // A parameter line's raise also names a call that returned, differing in that argument alone.
      const contrast = c ? { contrast: { args: c.args, kwargs: c.kwargs ?? {} } } : {};
      if (r) claims.push({ kind: 'raises', type: check.type, call: { args: r.args, kwargs: r.kwargs ?? {} }, ...contrast });
    }
  }
  for (const e of run.report.description.examples) {
    if (!e.result.startsWith('Traceback')) claims.push({ kind: 'example', call: e.call, result: e.result });
  }
  // Samples of the truth table: inputs the explorer did not choose.
  for (const s of run.fn.samples) calls.push({ tuple: s } as never);
  return { module: run.fn.module, name: run.fn.name, calls, claims };
}

/** Re-runs every claim against the real function in a separate Python process. */
export function checkClaims(runs: CorpusRun[]): CheckFailure[] {
  const out = execFileSync(PYTHON, [CHECKER, 'claims'], { input: JSON.stringify(runs.map(checkerInput)), encoding: 'utf8', timeout: 300_000 });
  return JSON.parse(out) as CheckFailure[];
}

export function checkTruthTables(fns: CorpusFunction[]): CheckFailure[] {
  const out = execFileSync(PYTHON, [CHECKER, 'truth'], { input: JSON.stringify(fns), encoding: 'utf8', timeout: 300_000 });
  return JSON.parse(out) as CheckFailure[];
}
