// Behavioural agreement: run an implementation written from one text and the real function
// on the same held-out inputs and count the inputs where they agree (see values.ts for what
// "agree" means). Generated code runs only in its own sandboxed worker; whatever it does
// (loop, exit, crash, write files) comes back as a result and is scored as disagreement.
import type { CallRequest, FunctionInfo, Prober, ProbeResult } from '../core/probe-types.js';
import { ProbeError } from '../core/probe-types.js';
import type { BehaviouralDisagreement } from '../core/session-types.js';
import { renderCall, renderOutcome } from '../core/format.js';
import { requestKey } from './call-source.js';
import { pieces } from '../core/python-source.js';
import { compareValues } from '../core/values.js';
import { workerOptions, type StartWorker, type WorkerSettings } from '../core/worker-options.js';

/** Held-out inputs beyond this many are not run (doctest inputs come first). */
const MAX_HELD_OUT = 40;
/** How long generated code may take to import. */
const IMPORT_TIMEOUT_MS = 10_000;
/** After this many timeouts an implementation's remaining inputs are scored without running. */
const MAX_IMPL_TIMEOUTS = 3;

/**
 * The inputs to compare on: candidates in order, each once, none the agent was shown.
 * `names` lists each parameter's real and shown name so keywords match either spelling.
 */
export function selectHeldOut(
  candidates: CallRequest[],
  shown: CallRequest[],
  names: string[][],
  max = MAX_HELD_OUT,
): { requests: CallRequest[]; leftOutShown: number } {
  const seen = new Set(shown.map((r) => requestKey(r, names)));
  const requests: CallRequest[] = [];
  let leftOutShown = 0;
  const taken = new Set<string>();
  for (const req of candidates) {
    const key = requestKey(req, names);
    if (seen.has(key)) {
      leftOutShown++;
      continue;
    }
    if (taken.has(key)) continue;
    taken.add(key);
    if (requests.length < max) requests.push(req);
  }
  return { requests, leftOutShown };
}

/**
 * The classes argument source may build by name: the target module's own and the other classes of
 * its package the worker made buildable (FunctionInfo.argumentClasses: a `Version` for `SpecItem.match`).
 */
export function buildableClasses(info: Pick<FunctionInfo, 'moduleClasses' | 'argumentClasses'>): string[] {
  return [...info.moduleClasses, ...(info.argumentClasses ?? []).map((c) => c.name)];
}

/**
 * Does the input build an object of a class defined in the target module? Generated code lives
 * in a module of its own that has no such class, so those inputs cannot be compared.
 */
export function usesModuleClasses(req: CallRequest, classes: string[]): boolean {
  if (classes.length === 0) return false;
  const names = new RegExp(`(?<![\\w.])(?:${classes.map((c) => c.replace(/[.]/g, '\\.')).join('|')})(?!\\w)`);
  const sources = [...req.args, ...Object.values(req.kwargs ?? {})];
  return sources.some((src) => pieces(src).some((p) => p.kind === 'code' && names.test(p.text)));
}

/** A reference result is usable when the real function returned or raised. */
export function usableReference(result: ProbeResult): boolean {
  return result.status === 'returned' || result.status === 'raised';
}

type ImplOutcome = ProbeResult | { failure: string };

export interface ImplRun {
  outcomes: ImplOutcome[];
  /** Set when the code never ran (no code, did not import, function missing): every input disagrees. */
  loadFailure?: string;
}

export interface ImplOptions {
  code: string | null;
  /** Why there is no code, when there is none. */
  problem?: string;
  qualname: string;
  startWorker: StartWorker;
  python?: string;
  /** The run's limits and sandbox mode: generated code runs under those of the function. */
  settings: WorkerSettings;
  signal?: AbortSignal;
}

function failAll(count: number, failure: string): ImplRun {
  return { outcomes: Array.from({ length: count }, () => ({ failure })), loadFailure: failure };
}

/** A sandboxed worker with the generated code imported, or why there is none. */
export type ImplStart = { worker: Prober } | { loadFailure: string };

/**
 * Starts a sandboxed worker on generated code (interpreter, sandbox, import). Throws only
 * for what the run itself cannot go on without (no interpreter, stopped); code that does not
 * load is a `loadFailure`.
 */
export async function startImplementation(opts: ImplOptions): Promise<ImplStart> {
  if (opts.code === null) return { loadFailure: opts.problem ?? 'the model wrote no code' };
  try {
    const worker = await opts.startWorker(
      workerOptions({
        target: { source: opts.code, qualname: opts.qualname },
        python: opts.python,
        settings: opts.settings,
        coverage: false,
        // Module-level code that never finishes should not hold the comparison for long.
        importTimeoutMs: IMPORT_TIMEOUT_MS,
      }),
    );
    return { worker };
  } catch (e) {
    if (!(e instanceof ProbeError) || e.kind === 'no-python' || e.kind === 'stopped') throw e;
    return { loadFailure: `the generated code did not load (${e.kind}): ${firstLine(e.message)}` };
  }
}

/** Runs the requests on a started implementation, then stops its worker (always). */
export async function runStarted(started: ImplStart, requests: CallRequest[], signal?: AbortSignal): Promise<ImplRun> {
  if ('loadFailure' in started) return failAll(requests.length, started.loadFailure);
  const { worker } = started;
  const outcomes: ImplOutcome[] = [];
  try {
    let timeouts = 0;
    for (const req of requests) {
      signal?.throwIfAborted();
      if (timeouts >= MAX_IMPL_TIMEOUTS) {
        outcomes.push({ failure: `not run: the implementation already timed out ${timeouts} times` });
        continue;
      }
      try {
        const result = await worker.call(req, { signal });
        if (result.status === 'timeout') timeouts++;
        outcomes.push(result);
      } catch (e) {
        if (signal?.aborted || !(e instanceof ProbeError)) throw e;
        outcomes.push({ failure: `the sandbox failed: ${firstLine(e.message)}` });
      }
    }
  } finally {
    await worker.stop();
  }
  return { outcomes };
}

function firstLine(text: string): string {
  // Python's last line carries the error ("SyntaxError: invalid syntax"); prefer it.
  const last = text.trim().split('\n').pop() ?? '';
  return last.slice(0, 300);
}

export interface SideScore {
  agree: number;
  total: number;
  disagreements: BehaviouralDisagreement[];
}

/** A held-out input and what the real function did with it. */
export interface ReferenceCall {
  req: CallRequest;
  ref: ProbeResult;
}

/**
 * Counts agreement of an implementation's outcomes with the reference results, input by input
 * (runStarted answers each input in order; an input it did not answer counts as disagreement).
 */
export function scoreSide(displayName: string, inputs: ReferenceCall[], run: ImplRun): SideScore {
  const score: SideScore = { agree: 0, total: inputs.length, disagreements: [] };
  inputs.forEach(({ req, ref: expected }, i) => {
    const outcome = run.outcomes[i] ?? { failure: 'not run' };
    const verdict = 'failure' in outcome ? { agree: false, reason: outcome.failure } : compareValues(expected, outcome);
    if (verdict.agree) {
      score.agree++;
      return;
    }
    const got = 'failure' in outcome ? outcome.failure : renderOutcome(outcome);
    score.disagreements.push({ input: renderCall(displayName, req), expected: renderOutcome(expected), got });
  });
  return score;
}

/** Below this share of agreement (and this far below the inferred side) a docstring is "probably stale". */
const STALE_CEILING = 0.8;
const STALE_MARGIN = 0.2;
const STALE_MIN_INPUTS = 3;

/**
 * The stale rule. With both implementations run on the same held-out inputs, the docstring is
 * probably stale when its implementation agrees with the real function on less than 80% of the
 * inputs AND at least 20 points less often than the implementation from the inferred
 * description. The second condition separates "the docstring says something else than the code"
 * from "this function is hard to implement from any text". Not judged on fewer than 3 inputs,
 * nor when the docstring's implementation never loaded (that is the model's failure, not the
 * docstring's).
 */
export function isStale(inferred: { agree: number; total: number }, docstring: { agree: number; total: number } | undefined, docstringLoaded = true): boolean {
  if (!docstring || !docstringLoaded || docstring.total < STALE_MIN_INPUTS || inferred.total === 0) return false;
  const d = docstring.agree / docstring.total;
  const i = inferred.agree / inferred.total;
  return d < STALE_CEILING && d <= i - STALE_MARGIN + 1e-9;
}
