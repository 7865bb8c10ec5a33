// Examples are re-run through the sandbox before they are written: an example goes into a
// docstring only if the function still gives the same result now (deterministic, the file
// unchanged) and that result is something doctest can check.
import type { CallRequest, FunctionInfo, Prober } from '../core/probe-types.js';
import { workerOptions, type StartWorker, type WorkerRequest } from '../core/worker-options.js';
import { checkExample } from '../compare/doctest-check.js';
import { doctestOutput, doctestWant } from './doctest-lines.js';
import type { DocExample } from './types.js';

export interface ExampleToVerify {
  call: CallRequest;
  /** The call as it will be written after `>>> ` (renderDocstring maps it to the real names). */
  shown: string;
  /**
   * What the first run gave: a doctest want (`doctestOutput(probe.result)`), or the short
   * forms `repr`, `None`, `ValueError: message`.
   */
  expected: string;
}

interface VerifiedExample extends DocExample {
  /** The exact doctest want of the re-run ('' when the call returns None). */
  result: string;
  request: CallRequest;
}

interface DroppedExample {
  call: string;
  expected: string;
  /** What the re-run gave (a doctest want or a short outcome). */
  got: string;
  reason: string;
}

export interface VerifiedExamples {
  kept: VerifiedExample[];
  dropped: DroppedExample[];
}

/**
 * Re-runs each example through `prober` (one at a time, in order) and keeps those whose
 * result still matches `expected` by doctest's rules; the others are dropped with a reason.
 * `kept` can be passed as `renderDocstring(…, {examples: kept})`. Aborting rejects.
 */
export async function verifyExamples(prober: Prober, examples: ExampleToVerify[], opts: { signal?: AbortSignal } = {}): Promise<VerifiedExamples> {
  const out: VerifiedExamples = { kept: [], dropped: [] };
  for (const example of examples) {
    opts.signal?.throwIfAborted();
    const drop = (got: string, reason: string) => out.dropped.push({ call: example.shown, expected: example.expected, got, reason });
    const unreachable = unreachableClass(example.call, prober.info);
    if (unreachable) {
      drop('', `it builds a ${unreachable}, which the module does not import: its doctest would raise NameError`);
      continue;
    }
    let result;
    try {
      result = await prober.call(example.call, opts.signal ? { signal: opts.signal } : undefined);
    } catch (error) {
      opts.signal?.throwIfAborted();
      drop('', `the call failed: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    const output = doctestOutput(result);
    if (!output.ok) {
      drop(result.status, output.reason);
      continue;
    }
    const { ok } = checkExample({ want: doctestWant(example.expected), options: {} }, result);
    if (ok) out.kept.push({ call: example.shown, result: output.want, request: example.call });
    else drop(output.want, 'the result changed when the example was run again');
  }
  return out;
}

/**
 * A class of the package the worker lets argument source build by name (FunctionInfo.argumentClasses)
 * that is not a name of the module's (moduleClasses), when the call's source names one: the
 * worker runs the call, but a doctest runs in the module's namespace (sqlparse's TokenList).
 */
function unreachableClass(call: CallRequest, info: Partial<Pick<FunctionInfo, 'moduleClasses' | 'argumentClasses'>>): string | null {
  const own = new Set(info.moduleClasses ?? []);
  const foreign = new Set((info.argumentClasses ?? []).map((c) => c.name).filter((name) => !own.has(name)));
  if (!foreign.size) return null;
  const sources = [...call.args, ...Object.values(call.kwargs ?? {}), ...(call.receiver !== undefined ? [call.receiver] : [])];
  // Names outside string literals: a str holding "TokenList" names nothing.
  const names = sources.flatMap((src) => src.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, "''").match(/[A-Za-z_]\w*/g) ?? []);
  return names.find((name) => foreign.has(name)) ?? null;
}

/**
 * Re-runs the examples in a worker of their own (coverage off: only results count), stopped
 * whatever happens: Insert Docstring's check and `pau probe --docstring`'s.
 */
export async function verifyInFreshWorker(
  startWorker: StartWorker,
  start: Pick<WorkerRequest, 'target' | 'python' | 'settings'>,
  examples: ExampleToVerify[],
  signal?: AbortSignal,
): Promise<VerifiedExamples> {
  let worker: Prober | undefined;
  try {
    worker = await startWorker(workerOptions({ ...start, coverage: false }));
    return await verifyExamples(worker, examples, signal ? { signal } : {});
  } finally {
    await worker?.stop().catch(() => {});
  }
}
