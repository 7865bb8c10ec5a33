// Runs one test module with `python -m pytest`, bounded in time, leaving no cache behind.
import { dirname } from 'node:path';
import { execa } from 'execa';

export interface PytestRun {
  ok: boolean;
  /** pytest's exit code (5: no tests collected), or null when it was killed. */
  exitCode: number | null;
  passed: number;
  failed: number;
  output: string;
}

export async function runPytest(path: string, options: { python?: string; timeoutMs: number; signal?: AbortSignal }): Promise<PytestRun> {
  const python = options.python ?? 'python3';
  const result = await execa(python, ['-m', 'pytest', '-q', '-rfE', '-p', 'no:cacheprovider', path], {
    cwd: dirname(path),
    reject: false,
    all: true,
    timeout: options.timeoutMs,
    ...(options.signal ? { cancelSignal: options.signal } : {}),
    env: { PYTHONDONTWRITEBYTECODE: '1' },
    forceKillAfterDelay: 2000,
  });
  const output = String(result.all ?? '');
  if (/No module named pytest/.test(output)) {
    throw new Error(`${python} has no pytest: install it (Debian: apt-get install python3-pytest; else pip install pytest) or pass another interpreter`);
  }
  if (result.timedOut) throw new Error(`pytest ran longer than ${options.timeoutMs} ms and was stopped`);
  if (result.isCanceled) throw new Error('stopped');
  const count = (word: string) => Number(new RegExp(`(\\d+) ${word}`).exec(output)?.[1] ?? 0);
  return { ok: result.exitCode === 0, exitCode: result.exitCode ?? null, passed: count('passed'), failed: count('failed') + count('error'), output };
}
