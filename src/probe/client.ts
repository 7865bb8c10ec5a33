// The host side of the probe runtime: starts one warm Python worker per target, sends it
// calls one at a time, and turns whatever happens to them into ProbeResults.
//
// Processes: the worker runs in its own process group (detached); each call runs in a child
// the worker forked, in a process group of its own. stop(), abort, the timeout backstop and
// the host's 'exit' hook kill those groups; on Linux the worker and its children also die
// with their parent (PR_SET_PDEATHSIG), so a host killed with SIGKILL leaks nothing either.
import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { SECRET_NAME, workerEnvironment } from './environment.js';
import { afterDrained, appendTail, LineSplitter } from './lines.js';
import { checkResult, resultBudget } from './result-check.js';
import type { CallSteps, ErrorEvent, HostMessage, ReadyEvent, WorkerMessage } from './protocol.js';
import {
  CgroupPool,
  cgroupSupport,
  type CallCgroup,
  delegatedScope,
  describeCgroups,
  scopeCommand,
  scopeSupport,
  type CgroupSupport,
  type Cgroups,
} from './cgroups.js';
import { EndedOnExit } from './exit-hook.js';
import { removeTree, removeTreeInBackground } from './remove-tree.js';
import { workerPackageRoot } from './worker-package.js';
import { launchPython } from './python-launch.js';
import { interpreterPaths } from './interpreter.js';
import { killDescendants, untilEnded, verifiedDescendant, verifiedDescendants } from './sandbox-host.js';
import { launcherFor, resolveSandbox, SANDBOX_HOME, SandboxUnavailable, targetBinds, tooBroadToShow, type Launcher, type SandboxLayer } from './sandbox.js';
import {
  BACKSTOP_MS,
  DEFAULT_IMPORT_TIMEOUT_MS,
  DEFAULT_MAX_ITER_ITEMS,
  DEFAULT_MAX_OUTPUT_BYTES,
  DEFAULT_MAX_REPR_CHARS,
  RENDER_GRACE_MS,
  STOP_GRACE_MS,
  userLimits,
} from '../core/limits.js';
import {
  ProbeError,
  type AppliedArguments,
  type CallOptions,
  type CallRequest,
  type FunctionInfo,
  type ProbeResult,
  type Prober,
  type WorkerLimits,
  type WorkerOptions,
} from '../core/probe-types.js';
import { withHashSeed } from '../core/worker-options.js';
import type { ForkedWorker, WarmParent } from './warm.js';

/** The interpreters tried, in order: the one asked for, else python3 then python. */
function pythonCandidates(python: string | undefined): [string, ...string[]] {
  return python ? [python] : ['python3', 'python'];
}

const askInterpreter = (python: string) => interpreterPaths(python, workerEnvironment(), process.cwd(), workerPackageRoot());

/**
 * The folders of the interpreter a worker would start with (its prefixes, site-packages and
 * sys.path: where the standard library and installed packages live), from the same cached
 * question; empty when none answers, and then no worker can start either.
 */
export async function interpreterFolders(python?: string): Promise<string[]> {
  for (const candidate of pythonCandidates(python)) {
    const paths = await askInterpreter(candidate);
    if (paths && !('failed' in paths)) return paths.folders;
  }
  return [];
}

/** The limits a call gets unless the worker options or the call say otherwise. */
export function defaultLimits(): WorkerLimits {
  return {
    ...userLimits({}), // each user-set limit's default (LIMIT_SETTINGS)
    maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES,
    maxReprChars: DEFAULT_MAX_REPR_CHARS,
    maxIterItems: DEFAULT_MAX_ITER_ITEMS,
  };
}

/** No message of the worker is longer (its results are capped far below): more is a runaway. */
const MAX_MESSAGE_CHARS = 80 * 1024 * 1024;
/** Pre-forked call processes waiting at once: the worker keeps one; more are forged lines. */
const MAX_PENDING_FORKS = 8;
/** Lines the worker writes for one request (a start: ready or error, forked; a call: started, result, forked): more is a flood. */
const MAX_LINES_PER_REQUEST = 64;
/** How long a call waits for its pre-forked process to be in its cgroup before it goes without. */
const CGROUP_WAIT_MS = 2000;

export { workerPackageRoot };

/** The worker's module, started as `python -B -m` (launchPython); the tests find workers by it. */
const WORKER_MODULE = 'pau_probe.worker';

type StartOutcome = ReadyEvent | ErrorEvent | { event: 'exit'; message: string };

const WORKER_EVENTS = new Set<string>(['ready', 'error', 'forked', 'started', 'result'] satisfies WorkerMessage['event'][]);

/** A line from the worker as a WorkerMessage, or undefined when it is not one. */
function parseWorkerMessage(line: string): WorkerMessage | undefined {
  try {
    const message = JSON.parse(line) as unknown;
    const event = (message as { event?: unknown } | null)?.event;
    return typeof event === 'string' && WORKER_EVENTS.has(event) ? (message as WorkerMessage) : undefined;
  } catch {
    return undefined;
  }
}

/** Where one call's time went: the worker's steps (see CallSteps) and the host's round trip. */
export interface CallTiming extends CallSteps {
  /** From writing the call message until its result was parsed, on the host. */
  roundTripMs: number;
}

/** Why the host kills a worker: stopped, stuck (backstop), or talking nonsense (protocol). */
type KillReason = 'stop' | 'backstop' | 'protocol';

interface PendingCall {
  /** performance.now() when the call message was written. */
  sentAt: number;
  /** The most text its result may hold (resultBudget of the call's limits). */
  maxResultChars: number;
  resolve(result: ProbeResult): void;
  reject(error: Error): void;
  /** The caller already has its answer (aborted, or answered by the backstop). */
  settled: boolean;
  abortRequested: boolean;
  childPid?: number;
  dispose(): void;
}

/** One live worker process. A ProbeWorker replaces it when it dies. */
interface Run {
  pid: number;
  requests: Writable;
  alive: boolean;
  exited: Promise<void>;
  /** Settles `exited` (once the process has ended and the host has cleaned up after it). */
  resolveExited: () => void;
  exitCode: number | null;
  exitSignal: string | null;
  /** Pre-forked call processes waiting for a request (at most MAX_PENDING_FORKS). */
  readyPids: Set<number>;
  /** Lines read since the last request was sent (at most MAX_LINES_PER_REQUEST). */
  linesSinceRequest: number;
  /** The cgroup of each pre-forked or running call process, by the pid the worker reported. */
  cgroups: Map<number, CallCgroup>;
  /** Emptied call cgroups waiting for this worker's next call processes. */
  cgroupPool: CgroupPool;
  /** Reported pids whose cgroup is being made (CgroupPool.take). */
  cgroupsMaking: Set<number>;
  /** Wakes a call waiting in cgroupReady: a process was reported, a cgroup made, or the worker ended. */
  cgroupWake?: () => void;
  /** Started inside `systemd-run --user --scope` (cgroups.ts: ScopeSupport). */
  scoped: boolean;
  /** Its calls' parent cgroup inside that scope, or why there is none (known at 'ready'). */
  scope?: CgroupSupport | string;
  /** Something in the process wrote a message the host could read. */
  spoke: boolean;
  runningPid?: number;
  /** The Python worker itself when the host started a launcher (bwrap) around it. */
  workerPid?: number;
  /** A worker forked by a warm parent: its calls' and import's folder (in the parent's scratch tmpfs). */
  scratch?: string;
  stderrTail: string;
  /** Settles the start handshake. */
  onStart?: (message: StartOutcome | { event: 'exit' }) => void;
  /** The host killed it on purpose: no new calls go to it. */
  killedByHost?: KillReason;
  /** Calls sent to this process and not answered yet, by request id. */
  pending: Map<number, PendingCall>;
}

// Asked first, as stop() asks (askToEnd): killed outright, a worker would hand what its import or calls
// started to pid 1 as zombies.
const live = new EndedOnExit<ProbeWorker>(
  (worker) => worker.killNow(),
  (worker) => worker.askNow(),
  STOP_GRACE_MS,
);

/**
 * Kills the process group of a call process the worker reported, only once it is verified
 * as the worker's descendant (a line on the channel cannot aim the host at another process).
 * Where that cannot be checked, the whole worker goes instead.
 */
function killCall(run: Run, reported: number | undefined): void {
  killCalls(run, reported ? [reported] : []);
}

/** killCall for several pids, with one walk of /proc. */
function killCalls(run: Run, reported: readonly number[]): void {
  if (reported.length === 0) return;
  const found = verifiedDescendants(run.pid, reported);
  for (const pid of found.values()) killGroup(pid);
  if (found.size === 0 && process.platform !== 'linux' && run.alive) killGroup(run.pid);
}

/** SIGTERM to the worker (the Python process, inside its launcher if any); the pid it went to, or undefined when it is gone. */
function askedToEnd(run: Run): number | undefined {
  const pid = run.workerPid ?? run.pid;
  try {
    process.kill(pid, 'SIGTERM');
    return pid;
  } catch {
    return undefined;
  }
}

function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** What systemd-run needs of the host's environment to reach the user's systemd. */
function userManager(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ['XDG_RUNTIME_DIR', 'DBUS_SESSION_BUS_ADDRESS']) {
    const value = process.env[name];
    if (value) env[name] = value;
  }
  return env;
}

function signalName(number: number): string | undefined {
  return Object.entries(constants.signals).find(([, value]) => value === number)?.[0];
}

/** CallRequest.apply as the worker's message carries it: each call's keyword arguments always there. */
function appliedRequest(apply: AppliedArguments): AppliedArguments {
  const then = apply.then ? { then: { args: apply.then.args, kwargs: apply.then.kwargs ?? {} } } : {};
  return { args: apply.args, kwargs: apply.kwargs ?? {}, ...then };
}

function mergeLimits(base: WorkerLimits, extra: Partial<WorkerLimits> | undefined): WorkerLimits {
  const merged: WorkerLimits = { ...base };
  for (const [key, value] of Object.entries(extra ?? {})) {
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      throw new RangeError(`limit ${key} must be a positive number, got ${String(value)}`);
    }
    (merged as unknown as Record<string, number>)[key] = value;
  }
  return merged;
}

/**
 * A warm worker serving calls to one target. Calls are queued and run one at a time.
 * Events: 'forked' {pid} when a call process is pre-forked and waiting; 'started' {pid}
 * when a call's process has run it for a few milliseconds (a shorter call is not announced); 'exit' {pid, code,
 * signal, expected} when the worker process ends; 'restart' {pid} when a new worker has
 * replaced one that died (on the next call); 'timing' CallTiming when a call's result arrives.
 */
export class ProbeWorker extends EventEmitter implements Prober {
  info!: FunctionInfo;
  private readonly limits: WorkerLimits;
  private readonly baseDir: string;
  private readonly file: string;
  private run?: Run;
  private starting?: Promise<void>;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private stopped = false;
  private stopping?: Promise<void>;
  private launches = 0;
  /** Why systemd-run could not start this worker's scope, once it failed (then it goes without). */
  private scopeFailed?: string;
  private layer?: SandboxLayer;
  /** Workers of other hash seeds (CallOptions.hashSeed), started on first use. */
  private readonly siblings = new Map<number, ProbeWorker>();

  /**
   * `warm`: a warm parent to fork this worker from when it serves the target (see warm.ts);
   * generated source is then written under its root, where its sandbox sees it.
   */
  constructor(
    private readonly options: WorkerOptions,
    private readonly warm?: WarmParent,
  ) {
    super();
    this.limits = mergeLimits(defaultLimits(), options.limits);
    const target = options.target;
    const moduleName = 'source' in target ? (target.moduleName ?? 'pau_source') : '';
    if ('source' in target && !/^[A-Za-z_]\w*$/.test(moduleName)) {
      throw new ProbeError('import-failed', `bad module name '${moduleName}': expected a Python identifier`);
    }
    // A worker the parent forks has its folder under the parent's root, where its sandbox sees it.
    const forked = warm && ('source' in target || warm.serves(options, resolve(target.file)));
    this.baseDir = realpathSync(mkdtempSync(join(forked ? warm.root : tmpdir(), 'pau-probe-')));
    if ('file' in target) {
      this.file = resolve(target.file);
    } else {
      // Generated code (benchmarks, implementations written by the LLM) becomes a module file.
      const folder = join(this.baseDir, 'source');
      mkdirSync(folder);
      this.file = join(folder, `${moduleName}.py`);
      writeFileSync(this.file, target.source);
    }
    live.add(this);
  }

  /** The worker process id (undefined between a crash and the restart). */
  get pid(): number | undefined {
    return this.run?.alive ? (this.run.workerPid ?? this.run.pid) : undefined;
  }

  /** Process ids of the worker's call children (the pre-forked one and the running one). */
  get childPids(): number[] {
    const run = this.run;
    if (!run) return [];
    const reported = run.runningPid ? [...run.readyPids, run.runningPid] : [...run.readyPids];
    return [...verifiedDescendants(run.pid, reported).values()];
  }

  /** What protects the calls (known once the worker has started). */
  get sandbox(): SandboxLayer | undefined {
    return this.layer;
  }

  describe(): FunctionInfo {
    return this.info;
  }

  /** Starts the worker and imports the target; throws ProbeError when that fails. */
  async start(): Promise<void> {
    await this.ensureRunning();
  }

  call(request: CallRequest, opts: CallOptions = {}): Promise<ProbeResult> {
    const { hashSeed, ...rest } = opts;
    if (hashSeed !== undefined && hashSeed !== (this.options.hashSeed ?? 0)) {
      if (this.stopped) return Promise.reject(new ProbeError('stopped', 'the worker was stopped'));
      // The sibling is another interpreter with coverage of its own: every line it runs is new to
      // it. Its calls re-run this worker's (determinism checks), so no line counts as new to the
      // session, or the session's sum of new lines passes the target's total.
      return this.sibling(hashSeed)
        .call(request, rest)
        .then((r) => (r.coverage ? { ...r, coverage: { lines: { ...r.coverage.lines, new: 0 }, arcs: { ...r.coverage.arcs, new: 0 } } } : r));
    }
    const result = this.queue.then(() => this.callNow(request, opts));
    this.queue = result.catch(() => undefined);
    const signal = opts.signal;
    if (!signal) return result;
    // A call still waiting in the queue is answered at once when aborted (and then skipped).
    return new Promise((resolveCall, rejectCall) => {
      const onAbort = () => rejectCall(new ProbeError('stopped', 'the call was stopped'));
      signal.addEventListener('abort', onAbort, { once: true });
      result.then(resolveCall, rejectCall).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  private sibling(hashSeed: number): ProbeWorker {
    let sibling = this.siblings.get(hashSeed);
    if (!sibling) {
      sibling = new ProbeWorker(withHashSeed(this.options, this.limits, hashSeed), this.warm);
      this.siblings.set(hashSeed, sibling);
    }
    return sibling;
  }

  /** Kills the worker and every call process; idempotent; resolves when they are gone. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.stopped = true;
      const siblings = Promise.all([...this.siblings.values()].map((s) => s.stop()));
      const run = this.run;
      if (run) {
        const watched = [run.pid, ...(this.pid ? [this.pid] : []), ...this.childPids];
        await this.askToEnd(run);
        this.kill(run, 'stop');
        await run.exited;
        await untilEnded(watched, STOP_GRACE_MS);
      }
      try {
        await removeTreeInBackground(this.baseDir);
      } catch {
        // not ours to remove (something outside the sandbox changed it): the run's result matters more
      }
      await siblings;
      live.delete(this);
    })();
    return this.stopping;
  }

  /**
   * SIGTERM first: the worker kills and reaps what the calls left (worker.py stop_now), as their
   * subreaper, before it exits. Killed with it instead, they would wait as zombies for pid 1 to
   * reap them (test/integration/sandbox/orphans.test.ts). SIGKILL (kill) when that takes longer
   * than STOP_GRACE_MS.
   */
  private async askToEnd(run: Run): Promise<void> {
    if (!run.alive) return;
    run.killedByHost ??= 'stop';
    if (askedToEnd(run) === undefined) return;
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([run.exited, new Promise<void>((r) => (grace = setTimeout(r, STOP_GRACE_MS)))]);
    clearTimeout(grace);
  }

  /** askToEnd for the host's 'exit' event, before killNow: the SIGTERM only; the pid that ends once the worker has. */
  askNow(): number | undefined {
    return this.run?.alive ? askedToEnd(this.run) : undefined;
  }

  /** Synchronous last-resort cleanup for the host's 'exit' event. */
  killNow(): void {
    if (this.run) this.kill(this.run, 'stop', true);
    try {
      removeTree(this.baseDir);
    } catch {
      // best effort while the host exits
    }
  }

  // -- starting -----------------------------------------------------------------------

  private ensureRunning(): Promise<void> {
    if (this.stopped) return Promise.reject(new ProbeError('stopped', 'the worker was stopped'));
    if (this.run?.alive && !this.run.killedByHost) return Promise.resolve();
    this.starting ??= this.launch().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  private async launch(): Promise<void> {
    const restart = this.launches++ > 0;
    // A killed worker leaves its call folders behind. The new worker's calls wait for their
    // removal: without the OS layer they could read what is left.
    await removeTreeInBackground(join(this.baseDir, 'calls'));
    if (this.warm?.serves(this.options, this.file)) {
      const forked = await this.warm.fork(this.baseDir, basename(this.baseDir));
      if (forked) {
        this.layer ??= this.warm.layer;
        const run = this.attach(forked);
        return this.started(run, restart, await this.handshake(run));
      }
    }
    const candidates = pythonCandidates(this.options.python);
    // Each interpreter is asked for its executable and folders (and compiles the worker's
    // bytecode) once per session, cached; the first while the OS layer is probed, not after.
    void askInterpreter(candidates[0]);
    try {
      this.layer ??= await resolveSandbox(
        this.options.sandbox ?? 'auto',
        this.options.sandboxLauncher,
        this.options.seccomp === false ? null : join(workerPackageRoot(), 'pau_probe', 'seccomp_bpf.py'),
      );
    } catch (error) {
      if (error instanceof SandboxUnavailable) throw new ProbeError('no-sandbox', error.message);
      throw error;
    }
    let run: Run | undefined;
    let respawn: (() => Run | undefined) | undefined;
    const failures: string[] = [];
    for (const python of candidates) {
      const paths = await askInterpreter(python);
      if (!paths) continue;
      if ('failed' in paths) {
        failures.push(`${python}: ${paths.failed}`);
        continue;
      }
      const launcher = this.layer.layer === 'os' ? launcherFor(this.layer, this.sandboxPaths(paths.folders)) : undefined;
      run = this.spawn(paths.executable, launcher);
      if (run) {
        respawn = () => this.spawn(paths.executable, launcher);
        break;
      }
    }
    if (!run && failures.length > 0) {
      throw new ProbeError(
        'no-python',
        `no usable Python interpreter (${failures.join('; ')}); PAU Probe needs Python 3.9 or newer: set pau.pythonPath or pass --python`,
      );
    }
    if (!run) {
      throw new ProbeError('no-python', `no Python interpreter found (tried ${candidates.join(', ')}); set pau.pythonPath or pass --python`);
    }
    let message = await this.handshake(run);
    if (run.scoped && !run.spoke && message.event === 'exit' && !this.stopped) {
      // systemd-run itself failed (no user manager, no bus): the same worker without the scope.
      const why = run.stderrTail.trim().split('\n').pop() ?? `exit code ${String(run.exitCode)}`;
      this.scopeFailed = `systemd-run --user --scope failed (${why})`;
      await run.exited;
      run = respawn?.();
      if (!run) throw new ProbeError('no-python', 'the worker could not be started again without systemd-run');
      message = await this.handshake(run);
    }
    return this.started(run, restart, message);
  }

  /** A worker process just started or forked, given its answer to the start handshake. */
  private async started(run: Run, restart: boolean, message: StartOutcome): Promise<void> {
    if (this.stopped) throw new ProbeError('stopped', 'the worker was stopped');
    if (message.event === 'ready') {
      this.info = message.info;
      this.reportCgroups(run);
      if (message.pid) run.workerPid = verifiedDescendant(run.pid, message.pid);
      if (restart) this.emit('restart', { pid: run.pid });
      return;
    }
    this.kill(run, 'stop');
    await run.exited;
    if (message.event === 'error') throw new ProbeError(message.kind, message.message, message.available);
    throw new ProbeError('import-failed', message.message);
  }

  /** What the OS layer lets the worker see and write. */
  private sandboxPaths(interpreter: string[]) {
    // A cwd that is HOME, `/` or holds credentials is not shown: the target's own binds are.
    const cwd = this.options.cwd ? [resolve(this.options.cwd)].filter((folder) => !tooBroadToShow(folder)) : [];
    const workspace = [...targetBinds(this.file), ...cwd];
    // Started in the empty HOME: `-m` puts the start folder on sys.path, and a workspace module
    // named like a stdlib one (numbers.py) must not shadow the worker's own imports.
    // The worker's own writable folders (worker.py: `calls`, `import`) are the ones with a quota;
    // generated source, which the host writes before the start, stays on the bound folder.
    const quota = ['calls', 'import'].map((folder) => join(this.baseDir, folder));
    return { interpreter, workspace, workerDir: workerPackageRoot(), writable: this.baseDir, chdir: SANDBOX_HOME, quota };
  }

  private spawn(python: string, launcher?: Launcher): Run | undefined {
    const found = this.cgroupSupport();
    const scope = typeof found !== 'string' && 'systemdRun' in found ? scopeCommand(found) : [];
    // The resolved interpreter, started in the worker's own folder: nothing there shadows the
    // worker's imports (a json.py in the user's current folder did, before any guard was up).
    const proc = launchPython(python, WORKER_MODULE, {
      ...(launcher ? { launcher } : {}),
      ...(this.layer ? { layer: this.layer } : {}),
      ...(this.options.hashSeed !== undefined ? { hashSeed: this.options.hashSeed } : {}),
      // For systemd-run to find the user manager; scopeCommand's `env -u` takes them off the worker.
      ...(scope.length > 0 ? { scope, scopeEnv: userManager() } : {}),
      cwd: this.baseDir,
    });
    if (!proc) return undefined; // ENOENT: try the next candidate
    const requests = proc.stdio[3] as unknown as Writable;
    const responses = proc.stdio[4];
    // EPIPE and friends when the worker dies mid-write: the exit handler reports that.
    for (const stream of [requests, responses, proc.stderr]) stream?.on('error', () => undefined);
    const run = this.track(proc.pid, requests, responses, scope.length > 0);
    proc.stderr?.setEncoding('utf8');
    proc.stderr?.on('data', (chunk: string) => {
      run.stderrTail = appendTail(run.stderrTail, chunk);
    });
    proc.on('exit', (code, signal) => {
      // bubblewrap exits with 128 + the signal that killed the worker inside.
      const inner = launcher && code !== null && code > 128 ? signalName(code - 128) : undefined;
      afterDrained([responses, proc.stderr], () => this.ended(run, inner ? null : code, inner ?? signal));
    });
    proc.catch(() => undefined);
    return run;
  }

  /** A worker forked by the warm parent, tracked as a started one. */
  private attach(forked: ForkedWorker): Run {
    for (const stream of [forked.requests, forked.responses, forked.stderr]) stream.on('error', () => undefined);
    const run = this.track(forked.pid, forked.requests, forked.responses);
    forked.stderr.setEncoding('utf8');
    forked.stderr.on('data', (chunk: string) => (run.stderrTail = appendTail(run.stderrTail, chunk)));
    run.scratch = forked.scratch;
    void forked.exited.then(({ code, signal }) => afterDrained([forked.responses, forked.stderr], () => this.ended(run, code, signal)));
    return run;
  }

  /** A new Run for a worker process: its messages are read from `responses`. */
  private track(pid: number, requests: Writable, responses: NodeJS.ReadableStream & { setEncoding(e: BufferEncoding): unknown }, scoped = false): Run {
    let resolveExit!: () => void;
    const run: Run = {
      pid,
      requests,
      alive: true,
      exited: new Promise((r) => (resolveExit = r)),
      resolveExited: () => resolveExit(),
      exitCode: null,
      exitSignal: null,
      stderrTail: '',
      pending: new Map(),
      readyPids: new Set(),
      linesSinceRequest: 0,
      cgroups: new Map(),
      cgroupPool: new CgroupPool(),
      cgroupsMaking: new Set(),
      scoped,
      spoke: false,
    };
    this.run = run;
    const lines = new LineSplitter();
    responses.setEncoding('utf8');
    responses.on('data', (chunk: string | Buffer) => {
      lines.push(String(chunk), (line) => {
        if (!line || run.killedByHost === 'protocol') return;
        if (++run.linesSinceRequest > MAX_LINES_PER_REQUEST) {
          run.stderrTail += `\nthe worker flooded its channel: more than ${MAX_LINES_PER_REQUEST} messages for one request`;
          return this.kill(run, 'protocol');
        }
        const message = parseWorkerMessage(line);
        run.spoke ||= message !== undefined;
        if (message) return this.onMessage(run, message);
        // Only the worker writes here; garbage means something else in its process did.
        run.stderrTail += `\nunreadable message from the worker: ${line.slice(0, 200)}`;
        this.kill(run, 'protocol');
      });
      if (lines.pending > MAX_MESSAGE_CHARS) {
        run.stderrTail += `\na message from the worker is longer than ${MAX_MESSAGE_CHARS} characters`;
        this.kill(run, 'protocol');
      }
    });
    return run;
  }

  /** The worker process ended (code, or the signal that killed it). */
  private ended(run: Run, code: number | null, signal: string | null): void {
    if (!run.alive) return;
    run.alive = false;
    run.exitCode = code;
    run.exitSignal = signal;
    // The worker's children die with it (PDEATHSIG); this covers platforms without it.
    killCalls(run, [...(run.runningPid ? [run.runningPid] : []), ...run.readyPids]);
    for (const pid of [...run.cgroups.keys()]) this.leaveCgroup(run, pid);
    run.cgroupPool.close();
    run.cgroupWake?.();
    this.onExit(run);
    run.resolveExited();
  }

  private handshake(run: Run): Promise<StartOutcome> {
    const target = this.options.target;
    const timeoutMs = this.options.importTimeoutMs ?? DEFAULT_IMPORT_TIMEOUT_MS;
    return new Promise((resolveStart) => {
      const timer = setTimeout(() => {
        run.onStart = undefined;
        this.kill(run, 'stop');
        resolveStart({
          event: 'exit',
          message: `import of ${basename(this.file)} did not finish within ${Math.round(timeoutMs / 1000)} s`,
        });
      }, timeoutMs);
      run.onStart = (message) => {
        clearTimeout(timer);
        run.onStart = undefined;
        if (message.event !== 'exit') return resolveStart(message);
        if ('message' in message) return resolveStart(message);
        const why = run.exitSignal ? `was killed by ${run.exitSignal}` : `exited with code ${run.exitCode}`;
        const detail = run.stderrTail.trim().split('\n').slice(-1)[0];
        resolveStart({
          event: 'exit',
          message: `import of ${basename(this.file)} failed: the worker ${why}${detail ? ` (${detail})` : ''}`,
        });
      };
      this.send(run, {
        op: 'start',
        file: this.file,
        qualname: target.qualname,
        baseDir: run.scratch ?? this.baseDir,
        ...(this.options.cwd ? { cwd: resolve(this.options.cwd) } : {}),
        coverage: this.options.coverage ?? true,
        ...(this.options.isolation ? { isolation: this.options.isolation } : {}),
        // The import runs under the call limits too (memory, file size; CPU for its timeout).
        limits: this.limits,
        renderGraceMs: RENDER_GRACE_MS,
        importTimeoutMs: timeoutMs,
        secretNamePattern: SECRET_NAME.source,
        // Landlock needs no privilege and no bubblewrap: with the guards only too, a call's writes
        // stay in its folder and (Linux 6.12+) its signals inside its own domain, where the kernel has it.
        fenceWrites: true,
        ...(this.layer?.layer === 'os' ? { privateIpc: true } : {}),
      });
    });
  }

  // -- calls ----------------------------------------------------------------------------

  private async callNow(request: CallRequest, opts: CallOptions): Promise<ProbeResult> {
    const stoppedError = () => new ProbeError('stopped', 'the call was stopped');
    if (opts.signal?.aborted) throw stoppedError();
    const limits = mergeLimits(this.limits, opts.limits);
    await this.ensureRunning();
    if (opts.signal?.aborted) throw stoppedError();
    // ensureRunning resolves once a worker has started, and this.run is never cleared after.
    const run = this.run;
    if (!run) throw new ProbeError('worker-died', 'the worker did not start');
    const waitedFrom = performance.now();
    await this.cgroupReady(run, limits.memoryMb);
    // The backstop counts that wait too: a stuck worker never reports its pre-forked process.
    const waited = performance.now() - waitedFrom;
    // Not in its cgroup yet (a loaded machine): moved now rather than when the call is announced.
    const next = run.readyPids.values().next();
    if (!next.done) this.enterCgroup(run, next.value);
    if (opts.signal?.aborted) throw stoppedError();
    const id = this.nextId++;
    return new Promise<ProbeResult>((resolveCall, rejectCall) => {
      const onAbort = () => {
        if (call.settled) return;
        call.settled = true;
        if (call.childPid) killCall(run, call.childPid);
        else call.abortRequested = true;
        rejectCall(stoppedError());
      };
      // Without fork every call starts an interpreter and imports the target first.
      const spawnPerCall = this.options.isolation === 'spawn' || process.platform === 'win32';
      const importAllowance = spawnPerCall ? (this.options.importTimeoutMs ?? DEFAULT_IMPORT_TIMEOUT_MS) : 0;
      const backstop = setTimeout(
        () => {
          if (call.settled) return;
          call.settled = true;
          resolveCall(timeoutResult(limits.timeoutMs));
          this.kill(run, 'backstop'); // the worker stopped answering: a fresh one serves the next call
        },
        Math.max(0, limits.timeoutMs + RENDER_GRACE_MS + BACKSTOP_MS + importAllowance - waited),
      );
      const call: PendingCall = {
        sentAt: performance.now(),
        maxResultChars: resultBudget(limits),
        resolve: resolveCall,
        reject: rejectCall,
        settled: false,
        abortRequested: false,
        dispose: () => {
          clearTimeout(backstop);
          opts.signal?.removeEventListener('abort', onAbort);
        },
      };
      run.pending.set(id, call);
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      this.send(run, {
        op: 'call',
        id,
        args: request.args,
        kwargs: request.kwargs ?? {},
        ...(request.receiver !== undefined ? { receiver: request.receiver } : {}),
        ...(request.apply ? { apply: appliedRequest(request.apply) } : {}),
        limits,
        ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
        ...(opts.values ? { values: true } : {}),
        ...(opts.comparisons ? { comparisons: true } : {}),
        ...(opts.again ? { again: true } : {}),
        ...(opts.again && opts.againAfter
          ? {
              againAfter: {
                args: opts.againAfter.args,
                kwargs: opts.againAfter.kwargs ?? {},
                ...(opts.againAfter.receiver !== undefined ? { receiver: opts.againAfter.receiver } : {}),
              },
            }
          : {}),
      });
    });
  }

  private onMessage(run: Run, message: WorkerMessage): void {
    switch (message.event) {
      case 'ready':
        // Before the first call process is reported: it goes into a cgroup inside the scope.
        if (run.scoped && run.scope === undefined) run.scope = delegatedScope(run.pid);
        run.onStart?.(message);
        return;
      case 'error':
        run.onStart?.(message);
        return;
      case 'forked':
        if (run.readyPids.size >= MAX_PENDING_FORKS) {
          run.stderrTail += `\nthe worker reported more than ${MAX_PENDING_FORKS} waiting call processes`;
          return this.kill(run, 'protocol');
        }
        run.readyPids.add(message.pid);
        this.enterCgroup(run, message.pid);
        run.cgroupWake?.();
        if (this.listenerCount('forked') > 0) this.emit('forked', { pid: verifiedDescendant(run.pid, message.pid) });
        return;
      case 'started': {
        run.readyPids.delete(message.pid);
        run.runningPid = message.pid;
        // Reported too late to be moved before its request (a loaded machine): moved now.
        if (!run.cgroups.has(message.pid)) this.enterCgroup(run, message.pid);
        const call = run.pending.get(message.id);
        if (call) call.childPid = message.pid;
        if (call?.abortRequested) killCall(run, message.pid);
        if (this.listenerCount('started') > 0) this.emit('started', { pid: verifiedDescendant(run.pid, message.pid) });
        return;
      }
      case 'result': {
        // A call shorter than the worker's STARTED_AFTER was not announced: its result names its process.
        if (message.pid !== undefined) run.readyPids.delete(message.pid);
        // Off the result's path (the cgroup's processes are listed and killed): the worker
        // has killed the call's processes already; this kills any that escaped it.
        const ran = run.runningPid ?? message.pid;
        if (ran) setImmediate(() => this.leaveCgroup(run, ran));
        run.runningPid = undefined;
        // The call littered the worker's tmpfs: a new worker (on the next call) costs less than
        // removing it, and the kernel frees the tmpfs with the old one's mount namespace.
        if (message.retire === true) this.kill(run, 'stop');
        const call = run.pending.get(message.id);
        if (!call) return;
        run.pending.delete(message.id);
        call.dispose();
        this.emit('timing', { ...message.steps, roundTripMs: performance.now() - call.sentAt } satisfies CallTiming);
        if (!call.settled) {
          call.settled = true;
          // What the call's process answered, relayed by the worker: untrusted, so checked.
          call.resolve(checkResult(message.result, call.maxResultChars));
        }
        return;
      }
    }
  }

  private onExit(run: Run): void {
    if (run.onStart) run.onStart({ event: 'exit' });
    for (const [id, call] of run.pending) {
      run.pending.delete(id);
      call.dispose();
      if (call.settled) continue;
      call.settled = true;
      if (run.killedByHost === 'stop') call.reject(new ProbeError('stopped', 'the worker was stopped'));
      else call.resolve(workerDiedResult(run));
    }
    this.emit('exit', { pid: run.pid, code: run.exitCode, signal: run.exitSignal, expected: !!run.killedByHost });
  }

  // -- cgroups (where cgroupSupport finds them) -----------------------------------------

  private cgroupSupport(): Cgroups {
    if (this.options.cgroups === false) return 'turned off for this worker';
    const found = this.options.cgroups === 'systemd-run' ? scopeSupport() : cgroupSupport();
    return this.scopeFailed !== undefined && typeof found !== 'string' && 'systemdRun' in found ? this.scopeFailed : found;
  }

  /** Where this run's calls get their cgroups, or why they get none. */
  private callParent(run: Run): CgroupSupport | string {
    const found = this.cgroupSupport();
    if (typeof found === 'string' || !('systemdRun' in found)) return found;
    return run.scope ?? 'the worker is not in its systemd scope yet';
  }

  /** The badge and the session say what this run's calls actually get (the scope may have failed, or the worker was started without cgroups). */
  private reportCgroups(run: Run): void {
    const asFound = (this.options.cgroups ?? true) === true; // what resolveSandbox described
    if (!this.layer || (!run.scoped && this.scopeFailed === undefined && asFound)) return;
    const said = describeCgroups(cgroupSupport());
    const parent = this.callParent(run);
    const now = describeCgroups(typeof parent === 'string' ? parent : this.cgroupSupport());
    const detail = this.layer.detail.endsWith(said) ? this.layer.detail.slice(0, -said.length) + now : `${this.layer.detail}; ${now}`;
    this.layer = { ...this.layer, detail };
  }

  /**
   * Moves a pre-forked call process into a cgroup of its own, before it has a request (or
   * children): cgroupReady holds a call until its process is in. A cgroup made once the process
   * is done with (its call ended, the worker died) is removed at once.
   */
  private enterCgroup(run: Run, reported: number): void {
    if (run.cgroups.has(reported) || run.cgroupsMaking.has(reported)) return;
    const found = this.callParent(run);
    if (typeof found === 'string') return;
    const pid = verifiedDescendant(run.pid, reported);
    if (!pid) return;
    run.cgroupsMaking.add(reported);
    void run.cgroupPool.take(found, pid, this.limits.memoryMb).then((cgroup) => {
      run.cgroupsMaking.delete(reported);
      if (cgroup && run.alive && (run.readyPids.has(reported) || run.runningPid === reported)) run.cgroups.set(reported, cgroup);
      else cgroup?.remove();
      run.cgroupWake?.();
    });
  }

  /** Kills whatever the call left in its cgroup and removes it (`now`: the host is exiting). */
  private leaveCgroup(run: Run, reported: number, now = false): void {
    const cgroup = run.cgroups.get(reported);
    run.cgroups.delete(reported);
    if (!cgroup) return;
    if (now || !run.alive || run.killedByHost) cgroup.remove(40, now);
    else run.cgroupPool.give(cgroup);
  }

  /**
   * With cgroups, a call is sent only once a pre-forked process is in its cgroup (the worker
   * reports it while the host takes its turn; a little longer on a loaded machine), with the
   * call's own memory limit.
   */
  private async cgroupReady(run: Run, memoryMb: number): Promise<void> {
    if (typeof this.callParent(run) === 'string') return;
    const deadline = Date.now() + CGROUP_WAIT_MS;
    // A pre-forked process that is waiting and in its cgroup: the cgroup of the call that just
    // ended is still listed until it is removed, and under load the next process is reported
    // after the host is ready to send; a call sent then ran outside any cgroup until 'started'
    // (its children forked before that escaped the limits).
    // The worker takes the oldest waiting process: a call waits while that one's cgroup is being made.
    const waitingInCgroup = () => {
      const oldest = run.readyPids.values().next();
      return !oldest.done && !run.cgroupsMaking.has(oldest.value) && [...run.cgroups.keys()].some((pid) => run.readyPids.has(pid));
    };
    // Woken by what can change the answer rather than polled: a 1 ms poll woke the host about
    // once a call, back to back, and let the call wait until the next tick.
    while (run.alive && !waitingInCgroup()) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      await new Promise<void>((wake) => {
        const timer = setTimeout(wake, left);
        run.cgroupWake = () => {
          clearTimeout(timer);
          wake();
        };
      });
      run.cgroupWake = undefined;
    }
    for (const [pid, cgroup] of run.cgroups) {
      if (!run.readyPids.has(pid)) continue;
      try {
        cgroup.setMemory(memoryMb);
      } catch {
        // below what it already uses: the call starts at that limit and is killed if it grows
      }
    }
  }

  private send(run: Run, message: HostMessage): void {
    run.linesSinceRequest = 0;
    if (run.alive) run.requests.write(JSON.stringify(message) + '\n');
  }

  /** `now`: the host is exiting, and the calls' cgroups are removed before it does. */
  private kill(run: Run, why: KillReason, now = false): void {
    run.killedByHost ??= why;
    if (run.alive) killDescendants(run.pid); // whatever session or group they moved to
    killCalls(run, [...(run.runningPid ? [run.runningPid] : []), ...run.readyPids]);
    for (const pid of [...run.cgroups.keys()]) this.leaveCgroup(run, pid, now);
    run.cgroupPool.close(now);
    // In the OS sandbox the worker is in its own session inside bwrap: kill it directly
    // rather than waiting for the kernel to tear down the pid namespace.
    if (run.workerPid && run.workerPid !== run.pid) killGroup(run.workerPid);
    if (run.alive) killGroup(run.pid);
  }
}

function timeoutResult(timeoutMs: number): ProbeResult {
  return { status: 'timeout', mutations: [], stdout: '', stderr: '', durationMs: timeoutMs };
}

/** The warm worker itself died during the call (not the call's own process). */
function workerDiedResult(run: Run): ProbeResult {
  if (run.killedByHost === 'backstop') return timeoutResult(0);
  return {
    status: 'crashed',
    crash: { exitCode: run.exitCode, signal: run.exitSignal },
    mutations: [],
    stdout: '',
    stderr: '',
    durationMs: 0,
  };
}

/**
 * Starts a worker for the target and imports it; throws ProbeError when that fails. `warm`: fork
 * it from this warm parent where the parent serves the target (see warm.ts).
 */
export async function startWorker(options: WorkerOptions, warm?: WarmParent): Promise<ProbeWorker> {
  const worker = new ProbeWorker(options, warm);
  try {
    await worker.start();
  } catch (error) {
    await worker.stop();
    throw error;
  }
  return worker;
}
