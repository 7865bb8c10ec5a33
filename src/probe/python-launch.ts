// Starting a Python process of the worker package (`python -B -m pau_probe.<module>`) the way
// every worker is started: through the OS layer's launcher when there is one, with the
// protocol pipes on fds 3 and 4 and the seccomp program written to fd SECCOMP_FD (read by
// bubblewrap, or without it by the process itself: pau_probe/seccomp_load.py). Used for cold
// workers (client.ts) and for the warm parent that forks them (warm.ts).
import { Writable } from 'node:stream';
import { execa } from 'execa';
import { workerEnvironment } from './environment.js';
import { SANDBOX_HOME, SECCOMP_FD, type Launcher, type SandboxLayer } from './sandbox.js';
import { workerPackageRoot } from './worker-package.js';

/** The interpreter flag that checks every hash-based .pyc against its source (Python 3.7+; the export's pytest run: pytest-run.ts). */
export const CHECKED_BYTECODE = ['--check-hash-based-pycs', 'always'] as const;

/** Whether the process started: it has a pid (node gives none when the command could not be run). */
const started = <P extends { pid?: number | undefined }>(proc: P): proc is P & { pid: number } => proc.pid !== undefined;

/**
 * Starts `python -B -m module` (through `launcher` when given); the process, or undefined when
 * the interpreter could not be started (ENOENT). `cwd` is the folder it starts in: `-m` puts
 * it first on sys.path, so it must hold nothing that shadows the worker's imports.
 * `scopeEnv` reaches systemd-run only: the scope command's `env -u` takes it off the worker.
 */
export function launchPython(
  python: string,
  module: string,
  options: { launcher?: Launcher; layer?: SandboxLayer; hashSeed?: number; cwd: string; scope?: string[]; scopeEnv?: Record<string, string> },
) {
  const { launcher } = options;
  const selfFiltered = launcher ? undefined : options.layer?.seccomp?.bpf;
  const program = launcher?.seccomp ?? selfFiltered;
  // Hash-based bytecode is checked against its source by the worker itself (worker.py sets
  // _imp.check_hash_based_pycs before any workspace import): the flag would stop Python 3.6
  // before it could say it is too old.
  const args = ['-B', '-m', module];
  const command = launcher?.command ?? python;
  const commandArgs = launcher ? [...launcher.args, python, ...args] : args;
  // `scope`: the systemd-run prefix that starts it in a cgroup scope of its own (cgroups.ts scopeCommand).
  const scope = options.scope ?? [];
  const proc = execa(scope[0] ?? command, scope.length > 0 ? [...scope.slice(1), command, ...commandArgs] : commandArgs, {
    // fd 5: the seccomp program bubblewrap (or, without it, the process) reads before any user code.
    stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe', ...(program ? (['pipe'] as const) : [])],
    detached: true,
    cleanup: false,
    buffer: false,
    reject: false,
    extendEnv: false,
    // The worker takes PYTHONPATH off sys.path and os.environ once it has imported itself.
    env: {
      ...workerEnvironment(process.env, options.hashSeed),
      ...options.scopeEnv,
      PYTHONPATH: workerPackageRoot(),
      ...(launcher ? { HOME: SANDBOX_HOME } : {}),
      ...(selfFiltered ? { PAU_SECCOMP_FD: String(SECCOMP_FD) } : {}),
    },
    cwd: options.cwd,
  });
  if (!started(proc)) {
    proc.catch(() => undefined);
    return undefined;
  }
  if (program) {
    // The pipe stdio opens at SECCOMP_FD when there is a program (were it missing, bubblewrap or
    // the worker would find no filter to read and fail to start: closed, never unfiltered).
    const streams: readonly unknown[] = proc.stdio;
    const filterFd = streams[SECCOMP_FD];
    if (filterFd instanceof Writable) {
      filterFd.on('error', () => undefined);
      filterFd.end(program);
    }
  }
  return proc;
}
