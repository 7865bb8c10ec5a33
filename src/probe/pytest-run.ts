// Runs pytest on an exported test module inside the same OS layer the worker gets: the module
// imports the user's code, and its cases only hold recorded values, but nothing the tool runs
// of the workspace runs outside the sandbox when one is there. The module's folder, the
// target's folder (as the worker sees it) and the interpreter are bound read-only; a fresh
// folder is the only writable place; no network, a private HOME. Without the OS layer (guards
// mode, or auto on a machine without bubblewrap) pytest runs under the worker's guards (the
// audit hook, Landlock, the seccomp filter; writes only in that fresh folder), and the run says so.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { execa, type Options } from 'execa';
import type { PytestRun, RunPytest, SandboxMode } from '../core/probe-types.js';
import { workerEnvironment } from './environment.js';
import { interpreterPaths } from './interpreter.js';
import { removeTree } from './remove-tree.js';
import { describeSandbox, launcherFor, resolveSandbox, SANDBOX_HOME, SECCOMP_FD, targetBinds, tooBroadToShow } from './sandbox.js';
import { workerPackageRoot } from './client.js';
import { CHECKED_BYTECODE } from './python-launch.js';

/**
 * pytest under the worker's guards, for a run without the OS layer (pau_probe/guarded_pytest.py:
 * the seccomp program, when the host passed one, Landlock's write fence and the audit hook, writes
 * allowed only in the run's own folder, argv[2]; every process the run started is killed when it
 * ends). `-c` puts the current folder (the workspace's test folder) first on sys.path: it comes
 * off until the guards are armed, else a `ctypes.py` there ran unguarded; it goes back for pytest,
 * as in `python -m pytest` (test/integration/sandbox/pytest-shadow.test.ts).
 */
const GUARDED_PYTEST = [
  'import os, sys',
  'package, writable = sys.argv[1], sys.argv[2]',
  "here = [p for p in sys.path if p in ('', os.getcwd())]",
  'sys.path[:] = [package] + [p for p in sys.path if p not in here]',
  'from pau_probe import guarded_pytest',
  'sys.exit(guarded_pytest.main(package, writable, here, sys.argv[3:]))',
].join('\n');

/** Counts from pytest's closing line (`3 passed, 1 failed in 0.1s`). */
function counted(output: string, word: string): number {
  return Number(new RegExp(`(\\d+) ${word}`).exec(output)?.[1] ?? 0);
}

/** A RunPytest in the given sandbox mode (the session's `pau.sandbox`). */
export function pytestRunner(options: { sandbox?: SandboxMode; sandboxLauncher?: string } = {}): RunPytest {
  return async (path, run) => {
    const python = run.python ?? 'python3';
    const layer = await resolveSandbox(options.sandbox ?? 'auto', options.sandboxLauncher);
    const env = workerEnvironment();
    const found = await interpreterPaths(python, env, dirname(path), workerPackageRoot());
    if (!found) throw new Error(`no Python interpreter ${python} to run pytest with`);
    if ('failed' in found) throw new Error(`${python} could not run: ${found.failed}`);
    const writable = mkdtempSync(join(tmpdir(), 'pau-pytest-'));
    try {
      const launcher = launcherFor(layer, {
        interpreter: found.folders,
        // As the worker's: a folder that is HOME, `/`, `/tmp` or holds credentials shows only the file.
        workspace: [...targetBinds(run.moduleFile), ...(tooBroadToShow(dirname(path)) ? [path] : [dirname(path)])],
        workerDir: workerPackageRoot(),
        writable,
        quota: [writable],
        chdir: dirname(path),
      });
      const options = ['-q', '-rfE', '-p', 'no:cacheprovider', path];
      // Without the OS layer pytest runs under the worker's own guards (GUARDED_PYTEST).
      const pytest: [string, ...string[]] = launcher
        ? [found.executable, ...CHECKED_BYTECODE, '-m', 'pytest', ...options]
        : [found.executable, ...CHECKED_BYTECODE, '-c', GUARDED_PYTEST, workerPackageRoot(), writable, ...options];
      const line: [string, ...string[]] = launcher ? [launcher.command, ...launcher.args, ...pytest] : pytest;
      const [command, ...args] = line;
      // bubblewrap reads the seccomp program from fd SECCOMP_FD, as the worker's launch gives
      // it; without bubblewrap the guarded run loads it itself (pau_probe/seccomp_load.py).
      const program = launcher ? launcher.seccomp : layer.seccomp?.bpf;
      const stdio = program
        ? (['ignore', 'pipe', 'pipe', ...Array.from({ length: SECCOMP_FD - 3 }, () => 'ignore'), new Uint8Array(program)] as Options['stdio'])
        : undefined;
      const seccomp = stdio ? { stdio } : {};
      const result = await execa(command, args, {
        ...seccomp,
        cwd: dirname(path),
        reject: false,
        all: true,
        timeout: run.timeoutMs,
        ...(run.signal ? { cancelSignal: run.signal } : {}),
        env: {
          ...env,
          PYTHONDONTWRITEBYTECODE: '1',
          TMPDIR: writable,
          ...(launcher ? { HOME: SANDBOX_HOME } : {}),
          ...(!launcher && program ? { PAU_SECCOMP_FD: String(SECCOMP_FD) } : {}),
        },
        extendEnv: false,
        forceKillAfterDelay: 2000,
      });
      const output = String(result.all ?? '');
      if (/No module named pytest/.test(output)) {
        throw new Error(`${python} has no pytest: install it (Debian: apt-get install python3-pytest; else pip install pytest) or pass another interpreter`);
      }
      if (result.timedOut) throw new Error(`pytest ran longer than ${run.timeoutMs} ms and was stopped`);
      if (result.isCanceled) throw new Error('stopped');
      const out: PytestRun = {
        ok: result.exitCode === 0,
        exitCode: result.exitCode ?? null,
        passed: counted(output, 'passed'),
        failed: counted(output, 'failed') + counted(output, 'error'),
        output,
        sandbox: describeSandbox(layer),
      };
      return out;
    } finally {
      removeTree(writable);
    }
  };
}
