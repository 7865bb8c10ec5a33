// The worker a run starts, from the run's options: built here only, so a worker started ahead
// (src/extension/prestart.ts) is taken exactly when the run would have started the same one.
import type { WorkerOptions } from '../core/probe-types.js';
import type { RunOptions } from '../core/run-types.js';

export function runWorkerOptions(options: Pick<RunOptions, 'target' | 'python' | 'settings'>): WorkerOptions {
  const { settings } = options;
  return {
    target: options.target,
    ...(options.python ? { python: options.python } : {}),
    limits: { timeoutMs: settings.timeoutMs, memoryMb: settings.memoryMb },
    coverage: true,
    ...(settings.sandbox ? { sandbox: settings.sandbox } : {}),
  };
}
