// The workers the editor starts for one job outside a run, under the settings of the target's
// file: Insert Docstring's re-run of the examples and pau_callFunction's one call. No vscode
// import, so that test/unit/architecture/worker-options.test.ts drives them with a fake engine.
import type { CallRequest, Prober, ProbeResult } from '../core/probe-types.js';
import { workerOptions, type StartWorker, type WorkerRequest } from '../core/worker-options.js';
import type { ExampleToVerify } from '../docstring/verify-examples.js';
import type { Backend } from './context.js';

/** The target, interpreter and settings a one-off worker starts with. */
export type OneOffWorker = Pick<WorkerRequest, 'target' | 'python' | 'settings'>;

/** Re-runs the examples in a fresh worker (coverage off: only results count), always stopped. */
export async function verifyInFreshWorker(
  backend: { startWorker: StartWorker; verifyExamples: Backend['verifyExamples'] },
  start: OneOffWorker,
  examples: ExampleToVerify[],
  signal: AbortSignal,
): ReturnType<Backend['verifyExamples']> {
  let worker: Prober | undefined;
  try {
    worker = await backend.startWorker(workerOptions({ ...start, coverage: false }));
    return await backend.verifyExamples(worker, examples, { signal });
  } finally {
    await worker?.stop().catch(() => {});
  }
}

/** One call in a fresh worker, stopped after it. */
export async function callInFreshWorker(
  backend: { startWorker: StartWorker },
  start: OneOffWorker,
  request: CallRequest,
  signal: AbortSignal,
): Promise<ProbeResult> {
  const worker = await backend.startWorker(workerOptions(start));
  try {
    return await worker.call(request, { signal });
  } finally {
    await worker.stop();
  }
}
