// The worker the editor starts for one job outside a run, under the settings of the target's
// file: pau_callFunction's one call (Insert Docstring's re-run of the examples is the docstring
// writer's verifyInFreshWorker). No vscode import, so that
// test/unit/architecture/worker-options.test.ts drives it with a fake engine.
import type { CallRequest, ProbeResult } from '../core/probe-types.js';
import { workerOptions, type StartWorker, type WorkerRequest } from '../core/worker-options.js';

/** The target, interpreter and settings a one-off worker starts with. */
export type OneOffWorker = Pick<WorkerRequest, 'target' | 'python' | 'settings'>;

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
