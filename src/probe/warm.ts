// Warm starts for many targets (issue 23): one interpreter with the worker's modules imported
// (python/pau_probe/warm_parent.py) forks a fresh worker per target instead of a new
// interpreter for each. Used where many generated targets start one after the other (the
// bench harness, the comparison's workers) and, through warm-pool.ts, where many workspace
// files' targets do (batch docstrings, the MCP server, the language-model tools): ProbeWorker
// takes a worker from it when it serves the target, and starts cold otherwise.
//
// What each forked worker keeps of a cold one's isolation: the seccomp filter (loaded once
// in the parent, inherited), its own Landlock fence on its writes (applied by the worker
// before the import, as cold), the per-call cgroups (the host moves its call processes as
// for a cold worker), its own process group and session, its own stderr, killed with its
// parent; in the OS layer its own System V IPC namespace, where System V IPC is not refused.
// What it shares with the other workers of the same parent, in the OS layer: the one
// bubblewrap sandbox (its pid namespace, its view of the files: the parent's root, where
// every such worker's generated source lives, though each reads there only its own folders,
// Landlock-fenced, and the interpreter) and one tmpfs quota for all their calls' scratch folders. So a parent is used only where Landlock fences each
// worker's writes (the parent reports the kernel's ABI), only for generated sources, which are
// written under its root, or for workspace files of the one folder its sandbox shows read-only
// (warm-pool.ts: a parent per folder and interpreter, as a cold worker is shown that folder),
// and in the OS layer only where each worker's IPC is its own or refused.
import { EventEmitter } from 'node:events';
import { closeSync, constants, mkdirSync, mkdtempSync, openSync, realpathSync } from 'node:fs';
import { Socket } from 'node:net';
import { constants as osConstants, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { z } from 'zod';
import { workerEnvironment } from './environment.js';
import { interpreterPaths } from './interpreter.js';
import { appendTail, LineSplitter } from './lines.js';
import { removeTree } from './remove-tree.js';
import { launcherFor, resolveSandbox, SANDBOX_HOME, targetBinds, type SandboxLayer } from './sandbox.js';
import { launchPython } from './python-launch.js';
import { untilEnded, verifiedDescendant } from './sandbox-host.js';
import { EndedOnExit } from './exit-hook.js';
import { workerPackageRoot } from './worker-package.js';
import { STOP_GRACE_MS } from '../core/limits.js';
import type { WorkerOptions } from '../core/probe-types.js';

/** How long the parent may take to say it is ready (an interpreter start, through bubblewrap). */
const PARENT_READY_MS = 20_000;
/** How long a fork may take to be reported. */
const FORK_MS = 10_000;

/**
 * What a parent is started with; a worker whose options differ here starts cold. `workspace`:
 * the folders its sandbox shows (read-only), exactly what a cold worker for a workspace file
 * is shown (targetBinds); it then serves files whose binds are these, and no others.
 */
export type WarmOptions = Pick<WorkerOptions, 'python' | 'sandbox' | 'sandboxLauncher' | 'seccomp' | 'hashSeed'> & { workspace?: string[] };

/** A worker the parent forked: its channel, and how it ends. */
export interface ForkedWorker {
  /** Its pid on the host (its own process group). */
  pid: number;
  requests: Writable;
  responses: Readable;
  /** Its stderr (the host keeps the tail, as a cold worker's). */
  stderr: Readable;
  /** Where its calls and import scratch live (passed as the start message's baseDir). */
  scratch: string;
  /** Resolves with its waitpid status once the parent has reaped it (null: the parent is gone). */
  exited: Promise<{ code: number | null; signal: string | null }>;
}

/** What System V IPC the parent's workers share (warm_parent.py: ipc_isolation). */
const IPC_ISOLATION = ['refused', 'own', 'shared'] as const;

/** A line from the parent (warm_parent.py's messages); anything else ends it. */
const parentMessage = z.discriminatedUnion('event', [
  z.object({ event: z.literal('ready'), landlock: z.number().int().nonnegative(), ipc: z.enum(IPC_ISOLATION) }),
  z.object({ event: z.literal('forked'), id: z.number().int().positive(), pid: z.number().int().positive() }),
  z.object({ event: z.literal('exited'), pid: z.number().int().positive(), status: z.number().int() }),
]);
type ParentMessage = z.infer<typeof parentMessage>;

/** A parent's line as one of its messages, or undefined. */
export function parseParentMessage(line: string): ParentMessage | undefined {
  try {
    const parsed = parentMessage.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One line of each message the parent sends. zod builds a schema's checks on its first parse
 * (measured in a fresh host under load: 4 to 90 ms for the first, about 1 ms for each other
 * kind), so `start` parses these while the parent's interpreter boots rather than on its `ready`.
 */
export const SAMPLE_PARENT_LINES: readonly string[] = [
  '{"event":"ready","landlock":0,"ipc":"shared"}',
  '{"event":"forked","id":1,"pid":1}',
  '{"event":"exited","pid":1,"status":0}',
];

/**
 * Parents not yet stopped. When the host exits without stopping them (`pau`'s second Ctrl-C, an
 * uncaught error), its exit hook kills each (its workers die with it) and removes its folder.
 */
const running = new EndedOnExit<WarmParent>((parent) => parent.endNow());

export class WarmParent {
  private nextId = 1;
  private readonly forks = new Map<number, (pid: number | undefined) => void>();
  private readonly exits = new EventEmitter();
  private alive = true;
  private stopped = false;
  private landlock = 0;
  private ipc: (typeof IPC_ISOLATION)[number] = 'shared';
  private stderrTail = '';
  /** Forked workers not yet reaped: a parent is stopped when idle only while this is 0. */
  private live = 0;

  private constructor(
    /** Generated sources of the workers it serves go below this folder (see ProbeWorker). */
    readonly root: string,
    readonly layer: SandboxLayer,
    private readonly options: WarmOptions,
    private readonly pid: number,
    private readonly requests: Writable,
    private readonly ended: Promise<void>,
  ) {
    this.exits.setMaxListeners(0);
  }

  /** Starts a parent (resolves once it is ready); throws when it cannot start. */
  static async start(options: WarmOptions = {}): Promise<WarmParent> {
    if (process.platform !== 'linux') throw new Error('warm starts need Linux (FIFOs opened read-write)');
    const layer = await resolveSandbox(
      options.sandbox ?? 'auto',
      options.sandboxLauncher,
      options.seccomp === false ? null : join(workerPackageRoot(), 'pau_probe', 'seccomp_bpf.py'),
    );
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'pau-warm-')));
    mkdirSync(join(root, 'scratch'));
    const python = options.python ?? 'python3';
    const paths = await interpreterPaths(python, workerEnvironment(), process.cwd(), workerPackageRoot());
    if (!paths || 'failed' in paths) throw new Error(`no usable interpreter ${python}${paths ? `: ${paths.failed}` : ''}`);
    // The scratch folder is a tmpfs of the sandbox's quota: calls write to memory of a fixed size.
    const launcher =
      layer.layer === 'os'
        ? launcherFor(layer, {
            interpreter: paths.folders,
            workspace: options.workspace ?? [],
            workerDir: workerPackageRoot(),
            writable: root,
            chdir: SANDBOX_HOME,
            quota: [join(root, 'scratch')],
          })
        : undefined;
    const proc = launchPython(paths.executable, 'pau_probe.warm_parent', {
      ...(launcher ? { launcher } : {}),
      layer,
      ...(options.hashSeed !== undefined ? { hashSeed: options.hashSeed } : {}),
      cwd: root,
    });
    if (!proc) {
      removeTree(root);
      throw new Error(`could not start ${paths.executable}`);
    }
    for (const line of SAMPLE_PARENT_LINES) parseParentMessage(line);
    const requests = proc.stdio[3] as unknown as Writable;
    const responses = proc.stdio[4];
    for (const stream of [requests, responses, proc.stderr]) stream?.on('error', () => undefined);
    let resolveEnded!: () => void;
    const parent = new WarmParent(root, layer, options, proc.pid, requests, new Promise((r) => (resolveEnded = r)));
    running.add(parent);
    proc.stderr?.setEncoding('utf8');
    proc.stderr?.on('data', (chunk: string) => (parent.stderrTail = appendTail(parent.stderrTail, chunk)));
    let onReady: ((ok: boolean) => void) | undefined;
    const ready = new Promise<boolean>((r) => (onReady = r));
    const lines = new LineSplitter();
    responses.setEncoding('utf8');
    responses.on('data', (chunk: string) =>
      lines.push(chunk, (line) => {
        if (!line) return;
        const message = parseParentMessage(line);
        if (!message) {
          parent.stderrTail = appendTail(parent.stderrTail, `\nunreadable message from the warm parent: ${line.slice(0, 200)}`);
          return parent.kill();
        }
        if (message.event === 'ready') {
          parent.landlock = message.landlock;
          parent.ipc = message.ipc;
          onReady?.(true);
        } else if (message.event === 'forked') {
          parent.forks.get(message.id)?.(message.pid);
          parent.forks.delete(message.id);
        } else if (message.event === 'exited') {
          parent.exits.emit(String(message.pid), message.status);
        }
      }),
    );
    proc.on('exit', () => {
      parent.alive = false;
      onReady?.(false);
      for (const answer of parent.forks.values()) answer(undefined);
      parent.forks.clear();
      parent.exits.emit('gone');
      resolveEnded();
    });
    proc.catch(() => undefined);
    const timer = setTimeout(() => onReady?.(false), PARENT_READY_MS);
    const ok = await ready;
    clearTimeout(timer);
    if (!ok) {
      const why = parent.stderrTail.trim().split('\n').slice(-1)[0] ?? '';
      await parent.stop();
      throw new Error(`the warm parent did not start${why ? `: ${why}` : ''}`);
    }
    return parent;
  }

  /**
   * Can a worker with these options, for this target file, be forked here? Same interpreter,
   * sandbox layer, seccomp and hash seed; in the OS layer a file under the parent's root or one whose
   * binds are exactly the folders the parent shows (it sees nothing else), no cwd (that would be bound)
   * and System V IPC of each worker's own or refused; and Landlock to fence each worker's writes.
   */
  serves(options: WorkerOptions, file: string): boolean {
    const same = <K extends keyof WorkerOptions & keyof WarmOptions>(key: K, fallback: WarmOptions[K]) =>
      (options[key] ?? fallback) === (this.options[key] ?? fallback);
    if (!this.alive || this.stopped || this.landlock < 1 || options.isolation === 'spawn') return false;
    if (!same('python', 'python3') || !same('sandboxLauncher', undefined) || !same('seccomp', true) || !same('hashSeed', 0)) return false;
    // The layer the worker would get: 'auto' is the OS layer wherever a parent has it.
    const wanted = options.sandbox ?? 'auto';
    if (wanted !== this.layer.layer && !(wanted === 'auto' && (this.layer.layer === 'os' || (this.options.sandbox ?? 'auto') === 'auto'))) return false;
    if (this.layer.layer !== 'os') return true;
    if (options.cwd !== undefined || this.ipc === 'shared') return false;
    return file.startsWith(this.root + '/') || sameFolders(targetBinds(file), this.options.workspace);
  }

  /** Workers it forked are still running (stopping it would kill them). */
  get busy(): boolean {
    return this.live > 0;
  }

  /** Forks a worker whose FIFOs are made in `channel` (a folder of the host's under root); undefined when the parent is gone. */
  async fork(channel: string, name: string): Promise<ForkedWorker | undefined> {
    if (!this.alive || this.stopped) return undefined;
    const id = this.nextId++;
    const scratch = join(this.root, 'scratch', name);
    const reported = await new Promise<number | undefined>((resolveFork) => {
      const timer = setTimeout(() => resolveFork(undefined), FORK_MS);
      this.forks.set(id, (pid) => {
        clearTimeout(timer);
        resolveFork(pid);
      });
      // In the OS layer a worker removes every System V object of its IPC namespace after a call: its own namespace.
      const ownIpc = this.layer.layer === 'os' && this.ipc === 'own';
      // In the OS layer a worker reads nothing of its siblings' below the root (warm_parent.py: hide).
      const hide = this.layer.layer === 'os' ? this.root : null;
      this.requests.write(JSON.stringify({ op: 'fork', id, channel, scratch, ownIpc, hide }) + '\n');
    });
    if (reported === undefined) return undefined;
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolveExit) => {
      const onExit = (status: number) => {
        this.exits.off('gone', onGone);
        resolveExit(decodeStatus(status));
      };
      const onGone = () => {
        this.exits.off(String(reported), onExit);
        resolveExit({ code: null, signal: 'SIGKILL' });
      };
      this.exits.once(String(reported), onExit);
      this.exits.once('gone', onGone);
    });
    // The worker waits in open() for these: the read-write open of `in` never blocks (Linux).
    const fds: number[] = [];
    try {
      fds.push(openSync(join(channel, 'in'), constants.O_RDWR | constants.O_NONBLOCK));
      for (const name of ['out', 'err']) fds.push(openSync(join(channel, name), constants.O_RDONLY | constants.O_NONBLOCK));
    } catch {
      for (const fd of fds) closeSync(fd);
      return undefined;
    }
    const [requests, responses, stderr] = fds.map((fd, i) => new Socket({ fd, readable: i > 0, writable: i === 0 }));
    const pid = verifiedDescendant(this.pid, reported) ?? (this.layer.layer === 'os' ? undefined : reported);
    if (pid === undefined || !requests || !responses || !stderr) {
      for (const stream of [requests, responses, stderr]) stream?.destroy();
      return undefined;
    }
    this.live += 1;
    // Its stderr ends by itself once the worker is gone (what it said last is still read).
    void exited.then(() => {
      this.live -= 1;
      requests.destroy();
      responses.destroy();
    });
    return { pid, requests, responses, stderr, scratch, exited };
  }

  private kill(): void {
    try {
      process.kill(-this.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }

  /**
   * Ends the parent and with it every worker it forked; resolves once they are gone. The end of
   * its channel asks it to kill and reap every process below it and exit (warm_parent.py), so
   * none of its zombies is handed to pid 1; SIGKILL when that takes longer than STOP_GRACE_MS.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.alive) {
      this.requests.end();
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([this.ended, new Promise<void>((r) => (grace = setTimeout(r, STOP_GRACE_MS)))]);
      clearTimeout(grace);
      if (this.alive) this.kill();
      await this.ended;
      await untilEnded([this.pid], STOP_GRACE_MS);
    }
    removeTree(this.root);
    running.delete(this);
  }

  /** At the host's exit, synchronously: the parent and its workers killed, its folder removed. */
  endNow(): void {
    this.kill();
    try {
      removeTree(this.root);
    } catch {
      // best effort while the host exits
    }
  }
}

/** The same folders, in any order (a parent's sandbox shows exactly what the worker's would). */
function sameFolders(wanted: string[], shown: string[] | undefined): boolean {
  if (!shown || wanted.length !== shown.length) return false;
  const set = new Set(shown);
  return wanted.every((folder) => set.has(folder));
}

function decodeStatus(status: number): { code: number | null; signal: string | null } {
  const signal = status & 0x7f;
  if (signal === 0) return { code: (status >> 8) & 0xff, signal: null };
  const name = Object.entries(osConstants.signals).find(([, value]) => value === signal)?.[0];
  return { code: null, signal: name ?? `SIG${signal}` };
}
