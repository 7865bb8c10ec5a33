// Shared helpers of the probe runtime's integration tests: fixture paths and workers that
// are always stopped when the test file ends.
import { after } from 'node:test';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startWorker, type ProbeWorker } from '../../../src/probe/client.js';
import type { ProbeResult, WorkerOptions } from '../../../src/core/probe-types.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const FIXTURES = join(ROOT, 'test', 'fixtures', 'probe');

export function fixture(name: string): string {
  return join(FIXTURES, name);
}

const started: ProbeWorker[] = [];
const shared = new Map<string, Promise<ProbeWorker>>();
after(async () => {
  await Promise.all(started.map((w) => w.stop()));
});

/** A new worker for `fixture:qualname`, stopped when the test file ends. */
export async function freshWorker(file: string, qualname: string, options: Partial<WorkerOptions> = {}): Promise<ProbeWorker> {
  const worker = await startWorker({ target: { file: fixture(file), qualname }, ...options });
  started.push(worker);
  return worker;
}

/**
 * A worker for `fixture:qualname` shared by the tests of one file (calls are isolated from
 * each other anyway; starting a worker is the slow part). Tests that kill or stop workers,
 * or count coverage from zero, use freshWorker.
 */
export function workerFor(file: string, qualname: string, options: Partial<WorkerOptions> = {}): Promise<ProbeWorker> {
  const key = JSON.stringify([file, qualname, options]);
  let worker = shared.get(key);
  if (!worker) {
    worker = freshWorker(file, qualname, options);
    shared.set(key, worker);
  }
  return worker;
}

/** Is a process (or, with a negative id, a process group) still there? */
export function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function describeResult(result: ProbeResult): string {
  return JSON.stringify(result).slice(0, 600);
}
