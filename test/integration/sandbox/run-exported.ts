// The exported test modules in a folder, run as the user's own test suite would run them
// later: plain pytest on the host, no sandbox, from that folder. What they did there is what
// the export tests judge; a failing case is fine.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { exportPytest } from '../../../src/export/pytest-export.js';
import { startWorker } from '../../../src/probe/client.js';
import { pytestRunner } from '../../../src/probe/pytest-run.js';
import type { ProbeRecord, SessionFile } from '../../../src/core/session-types.js';
import { runSession } from '../../../src/session/run.js';
import { MODE } from './readme-table.js';

/** Runs every `*_pau.py` in `dir` with `python -m pytest`; returns their names. */
export function runExportedOnHost(python: string, dir: string): string[] {
  const written = readdirSync(dir).filter((name) => name.endsWith('_pau.py'));
  for (const file of written) {
    try {
      execFileSync(python, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', join(dir, file)], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '' },
        stdio: 'pipe',
      });
    } catch {
      // failing cases, or a module that does not import: what ran before is the question
    }
  }
  return written;
}

/**
 * Calls `qualname` of `module` with each of `calls` (argument sources; each must return) and
 * exports those probes as tests into `dir`, as a model's run would be exported. Resolves with
 * the export's refusal, if it refused.
 */
export async function exportCalls(python: string, module: string, qualname: string, calls: string[][], dir: string): Promise<string | undefined> {
  const worker = await startWorker({ target: { file: module, qualname }, python, sandbox: MODE });
  const probes: ProbeRecord[] = [];
  try {
    for (const [index, args] of calls.entries()) probes.push({ index, origin: 'offline', args, result: await worker.call({ args }) });
  } finally {
    await worker.stop();
  }
  assert.deepEqual(
    probes.map((p) => p.result.status),
    calls.map(() => 'returned'),
    JSON.stringify(probes).slice(0, 400),
  );
  const settings = { mode: 'offline' as const, maxProbes: 1, timeoutMs: 5000, memoryMb: 1024, strictness: 'signature' as const, coverageFeedback: false };
  const ran0 = await runSession({ target: { file: module, qualname }, settings: { ...settings, sandbox: MODE }, compare: false, python });
  const session: SessionFile = { ...ran0, probes };
  try {
    await exportPytest({ session, startWorker, runPytest: pytestRunner({ sandbox: MODE }), python, workspaceRoot: dir, sandbox: MODE });
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}
