// "Export Probes as pytest": from a session's probes to a verified characterization test module.
// Every probe worth keeping is re-run twice in the sandbox first (a probe whose result changes,
// e.g. with the clock, is left out), the module is written where the workspace keeps its tests,
// and it is run with pytest before it is offered: a case that fails there is left out too (the
// sandbox seeds `random` for every call, so randomness shows only there), and a module that
// still fails is deleted and reported, never offered.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { callKey } from '../core/call-identity.js';
import { QUALNAME } from '../core/python-source.js';
import type { Prober, PytestRun, RunPytest, SandboxMode } from '../core/probe-types.js';
import { callRequest, positionalOf } from '../core/probe-types.js';
import type { ProbeRecord, SessionFile } from '../core/session-types.js';
import { compareValues } from '../core/values.js';
import { workerOptions, type StartWorker } from '../core/worker-options.js';
import { pytestModule, type ExportCase } from './pytest-source.js';
import { callableParams } from '../core/shown.js';
import { unseenOrders } from './order-classes.js';
import { outputPlaceProblem, readHead, writeOwnFile } from './output-place.js';

/** The first line of every exported module: an existing file without it is never overwritten. */
export const EXPORT_MARKER = '"""Characterization tests of ';

export class ExportError extends Error {
  override name = 'ExportError';
}

export interface PytestExportOptions {
  session: SessionFile;
  /** Interpreter for the sandboxed re-runs and for pytest; default python3. */
  python?: string;
  /** Where the workspace keeps its tests is looked up from here (default: the module's folder). */
  workspaceRoot?: string;
  /** Write here instead of the place chosen from the workspace's layout. */
  out?: string;
  startWorker: StartWorker;
  /** The sandbox of the re-runs: the user's now (`pau.sandbox`, `--sandbox`), not the session's; default auto. */
  sandbox?: SandboxMode;
  /** Runs pytest on the written module: in the OS sandbox (src/probe/pytest-run.ts). */
  runPytest: RunPytest;
  signal?: AbortSignal;
  /** Wall-clock limit of the pytest run. Default 120000. */
  pytestTimeoutMs?: number;
}

export interface PytestExport {
  path: string;
  source: string;
  /** Test cases written (one probe can give several: its value, its mutations, its output). */
  cases: number;
  skipped: { probe: number; reason: string }[];
  /** The pytest run of the final module. */
  verified: PytestRun;
}

/** The sys.path root of a module file, walking up through packages (as the worker does). */
export function moduleLocation(file: string): { root: string; moduleName: string } {
  const stem = basename(file).replace(/\.py$/, '');
  const parts = stem === '__init__' ? [] : [stem];
  let root = dirname(file);
  while (existsSync(join(root, '__init__.py')) && dirname(root) !== root) {
    parts.unshift(basename(root));
    root = dirname(root);
  }
  return { root, moduleName: parts.join('.') };
}

/** `tests/` (or `test/`) of the workspace when it has one, else next to the module. */
export function chooseTestPath(moduleFile: string, qualname: string, workspaceRoot?: string): string {
  const name = `test_${basename(moduleFile).replace(/\.py$/, '')}_${qualname.replace(/\./g, '_')}_pau.py`;
  for (const dir of workspaceRoot ? [join(workspaceRoot, 'tests'), join(workspaceRoot, 'test')] : []) {
    if (existsSync(dir) && statSync(dir).isDirectory() && readdirSync(dir).some((f) => f.endsWith('.py'))) return join(dir, name);
  }
  return join(dirname(moduleFile), name);
}

/**
 * Why pytest could not run a module written at `path`, if it could not: it collects only `.py`
 * files, and imports `a.b.py` as module `b` of a package `a` (ModuleNotFoundError). Without this
 * the export probes, writes, and then reports that its tests "did not pass under pytest".
 */
export function outputFileProblem(path: string): string | undefined {
  const name = basename(path);
  if (!name.endsWith('.py')) return `${name}: pytest collects only .py files, so the output file's name must end in .py`;
  const stem = name.slice(0, -'.py'.length);
  if (stem.includes('.') || stem === '')
    return `${name}: pytest cannot import a module whose file name has a '.' before .py (or nothing); name it like ${JSON.stringify(`${stem.replace(/\./g, '_') || 'test_x'}.py`)}`;
  return undefined;
}

/** One part of a dotted module name as Python reads it (letters of any script, digits, underscores). */
const MODULE_PART = /^[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*$/u;

const NOT_AN_OUTCOME: Record<string, string> = {
  rejected: 'the sandbox rejected its arguments',
  timeout: 'it timed out',
  crashed: 'its process crashed',
};

/** Probes that can become cases, and why the others cannot. */
function candidates(session: SessionFile): { keep: ProbeRecord[]; skipped: { probe: number; reason: string }[] } {
  const keep: ProbeRecord[] = [];
  const skipped: { probe: number; reason: string }[] = [];
  const seen = new Set<string>();
  for (const probe of session.probes) {
    const { status } = probe.result;
    const key = callKey(probe);
    if (status !== 'returned' && status !== 'raised') skipped.push({ probe: probe.index, reason: NOT_AN_OUTCOME[status] ?? status });
    // `g = f(2); g(3)` (CallRequest.apply): a case writes one call of the function, not a call of what it returned.
    else if (probe.apply) skipped.push({ probe: probe.index, reason: 'it called what the function returned' });
    else if (seen.has(key))
      continue; // the same call again says nothing new
    else keep.push(probe);
    seen.add(key);
  }
  return { keep, skipped };
}

/** What a call did, in words, from the events the guards saw (ProbeResult.effects). */
export function effectsText(events: string[]): string {
  const kinds = new Set<string>();
  for (const event of events) {
    if (/^(subprocess|os\.(system|exec|spawn|posix_spawn|fork|forkpty|startfile)|pty|webbrowser|fork_exec)/.test(event)) kinds.add('started processes');
    else if (/^socket/.test(event)) kinds.add('used the network');
    else if (/kill|signal/.test(event)) kinds.add('sent signals');
    else kinds.add('wrote or changed files');
  }
  return `${[...kinds].join(' and ')} (${events.slice(0, 4).join(', ')}${events.length > 4 ? ', …' : ''})`;
}

/**
 * Re-runs each probe twice; a result that differs from the recorded one is not reproducible.
 * The re-runs also answer with the values the worker built (`values`): what the module writes.
 */
async function reproducible(worker: Prober, probes: ProbeRecord[], signal?: AbortSignal) {
  const keep: ExportCase[] = [];
  const skipped: { probe: number; reason: string }[] = [];
  for (const probe of probes) {
    let reason: string | undefined;
    let built: ExportCase['built'] | undefined;
    for (let run = 0; run < 2 && !reason; run++) {
      const again = await worker.call(callRequest(probe), { values: true, ...(signal ? { signal } : {}) });
      const same = compareValues(probe.result, again);
      const printedSame = probe.result.stdout.trimEnd() === again.stdout.trimEnd();
      built = again.arguments;
      if (!same.agree) reason = `not reproducible: re-running it gave ${same.reason ?? 'another result'}`;
      else if (!printedSame) reason = 'not reproducible: re-running it printed something else';
      else if (!built) reason = 'the worker did not report the values it built for it';
      // The sandbox kept these in; a test would do them again on the user's machine, with the
      // paths and values a model chose (a write the sandbox refused is still made there).
      else if (again.effects?.length) reason = `it ${effectsText(again.effects)}, which a test would do again outside the sandbox`;
    }
    if (reason || !built) skipped.push({ probe: probe.index, reason: reason ?? 'no values' });
    else keep.push({ probe, built });
  }
  return { keep, skipped };
}

/**
 * The behaviour classes the run never saw, named for the module's docstring; the orderings of
 * numeric arguments among them are probed here (a class no case asserts is a mutant no test kills).
 */
async function probeUnseenOrders(worker: Prober, session: SessionFile, signal?: AbortSignal): Promise<{ probes: ProbeRecord[]; notes: string[] }> {
  const params = callableParams(worker.info);
  if (worker.info.needsReceiver || positionalOf(params).length < params.length) return { probes: [], notes: [] };
  const unseen = unseenOrders(
    session.probes,
    params.map((p) => p.name),
  );
  if (unseen.length === 0) return { probes: [], notes: [] };
  let index = Math.max(0, ...session.probes.map((p) => p.index));
  const probes: ProbeRecord[] = [];
  const lines: string[] = [];
  for (const order of unseen) {
    const result = await worker.call({ args: order.args }, signal ? { signal } : {});
    if (result.status !== 'returned' && result.status !== 'raised') {
      lines.push(`  ${order.name}: not tested (probing it here gave ${result.status})`);
      continue;
    }
    index += 1;
    probes.push({ index, args: order.args, origin: 'offline', note: `the ordering ${order.name}, never probed in the run`, result });
    lines.push(`  ${order.name}: probed by the export (probe ${index})`);
  }
  const names = params.map((p) => p.name).join(', ');
  return { probes, notes: [`Orderings of (${names}) the run never probed:`, ...lines] };
}

/** Probe indexes of the failing cases in pytest's summary (`FAILED file::test_x[p3: …]`). */
export function failedProbes(output: string): Set<number> {
  const failed = new Set<number>();
  for (const m of output.matchAll(/^(?:FAILED|ERROR) \S*::\w+\[p(\d+):/gm)) failed.add(Number(m[1]));
  return failed;
}

/**
 * Why the probes were left out, each reason once with the probes it applies to: "probes 1–10, 14
 * and 16: args[1] (function) is not plain data, …" (map_if's 16 probes said the same clause 16 times).
 */
export function leftOutSummary(skipped: readonly { probe: number; reason: string }[]): string {
  const byReason = new Map<string, number[]>();
  for (const s of skipped) byReason.set(s.reason, [...(byReason.get(s.reason) ?? []), s.probe]);
  const runs = (probes: number[]): string[] => {
    const sorted = [...new Set(probes)].sort((a, b) => a - b);
    const out: string[] = [];
    for (let i = 0; i < sorted.length;) {
      let j = i;
      while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] ?? 0) + 1) j++;
      if (j - i >= 2) out.push(`${sorted[i]}–${sorted[j]}`);
      else out.push(...sorted.slice(i, j + 1).map(String));
      i = j + 1;
    }
    return out;
  };
  return [...byReason]
    .map(([reason, probes]) => {
      const parts = runs(probes);
      const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts.join('');
      return `${probes.length > 1 ? 'probes' : 'probe'} ${list} ${reason}`;
    })
    .join('; ');
}

export async function exportPytest(options: PytestExportOptions): Promise<PytestExport> {
  const { session } = options;
  const file = session.target.file;
  if (!QUALNAME.test(session.target.qualname)) {
    throw new ExportError(`bad qualname ${JSON.stringify(session.target.qualname)} in the session: expected dotted Python identifiers like Class.method`);
  }
  if (!existsSync(file)) throw new ExportError(`${file}: the session's module no longer exists`);
  const path = resolve(options.out ?? chooseTestPath(file, session.target.qualname, options.workspaceRoot));
  const badName = outputFileProblem(path);
  if (badName) throw new ExportError(badName);
  // A place the export chose stays in the workspace (or beside the module); one the user named is theirs.
  const badPlace = outputPlaceProblem(path, options.out ? undefined : [...(options.workspaceRoot ? [options.workspaceRoot] : []), dirname(file)]);
  if (badPlace) throw new ExportError(badPlace);
  if (existsSync(path) && !(await readHead(path, EXPORT_MARKER.length)).startsWith(EXPORT_MARKER)) {
    throw new ExportError(`${path} exists and was not written by PAU Probe; pass another output file`);
  }
  const first = candidates(session);
  if (first.keep.length === 0) throw new ExportError('no probe returned or raised: there is nothing to characterize');

  // The re-runs reproduce the probes under the limits they were made with.
  const worker = await options.startWorker(
    workerOptions({
      target: { file, qualname: session.target.qualname },
      python: options.python,
      settings: { ...session.settings, sandbox: options.sandbox },
    }),
  );
  let rerun: Awaited<ReturnType<typeof reproducible>>;
  const notes: string[] = [];
  try {
    const added = await probeUnseenOrders(worker, session, options.signal);
    notes.push(...added.notes);
    rerun = await reproducible(worker, [...first.keep, ...added.probes], options.signal);
  } finally {
    await worker.stop();
  }
  const { root, moduleName } = moduleLocation(file);
  // The module is written as code (`import <name>`): a file or folder name that is not an
  // identifier (a newline and a statement) would be code in every later test run.
  if (!moduleName.split('.').every((part) => MODULE_PART.test(part))) {
    throw new ExportError(`${file}: the module name ${JSON.stringify(moduleName)} is not a Python identifier, so a test cannot import it`);
  }
  const rootFromTest = relative(dirname(path), root).split(sep).join('/') || '.';
  let cases = rerun.keep;
  let skipped = [...first.skipped, ...rerun.skipped];
  await mkdir(dirname(path), { recursive: true });
  const firstReached = new Map(session.probes.map((p) => [p.index, p.result.coverage?.arcs.new ?? 0]));

  // Two rounds: the second without the cases pytest failed in the first (e.g. a value that
  // differs outside the sandbox); a module that fails twice is not offered.
  for (let round = 0; round < 2; round++) {
    if (cases.length === 0) throw new ExportError(`no probe is reproducible: ${leftOutSummary(skipped)}`);
    const module = pytestModule({
      moduleName,
      rootFromTest,
      qualname: session.target.qualname,
      moduleClasses: worker.info.moduleClasses,
      cases,
      skipped,
      notes,
      firstReached,
    });
    if (module.caseCount === 0) {
      throw new ExportError(`no probe can be written as plain values: ${leftOutSummary(module.skipped)}`);
    }
    await writeOwnFile(path, module.source);
    const verified = await options.runPytest(path, {
      ...(options.python ? { python: options.python } : {}),
      moduleFile: file,
      timeoutMs: options.pytestTimeoutMs ?? 120_000,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (verified.ok) return { path, source: module.source, cases: module.caseCount, skipped: module.skipped, verified };
    const failed = failedProbes(verified.output);
    if (round === 1 || failed.size === 0) {
      await rm(path, { force: true });
      throw new ExportError(
        `the exported tests did not pass under pytest, so nothing was written:\n${verified.output.trim().split('\n').slice(-30).join('\n')}`,
      );
    }
    cases = cases.filter((c) => !failed.has(c.probe.index));
    skipped = [
      ...skipped,
      ...[...failed].map((probe) => ({
        probe,
        reason: 'not reproducible: its case failed under pytest (outside the sandbox, which seeds `random` with 0 for every call)',
      })),
    ];
  }
  throw new ExportError('unreachable');
}
