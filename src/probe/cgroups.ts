// Per-call cgroups: the memory of the whole call (children and threads included, which
// RLIMIT_AS, per process, does not bound) and its number of processes (RLIMIT_NPROC does not
// bind root, nor the sandbox's uid that maps to root), and a way to kill every process the
// call started, however it re-forks. Three ways to get them:
// - as root with the cgroup v1 memory and pids hierarchies mounted writable (containers, CI);
// - on cgroup v2 when the host runs in the root cgroup with both controllers delegated;
// - on a desktop (not root, cgroup v2, a systemd user session): each worker starts inside
//   `systemd-run --user --scope -p Delegate=yes`, a cgroup of its own that the user may
//   divide, and the calls' cgroups are made inside it (delegatedScope).
// Elsewhere the badge says there are none, and why.
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmdirSync, write, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { onPath } from './on-path.js';
import { processEnded } from './sandbox-host.js';

const ROOT = '/sys/fs/cgroup';
/** Processes one call may have at once (the call's own included). */
export const PIDS_PER_CALL = 64;

/** Where call cgroups are made: one parent folder per controller (v2: one for both). */
export interface CgroupSupport {
  version: 1 | 2;
  /** v1: [memory parent, pids parent]; v2: [the parent]. */
  parents: [memory: string] | [memory: string, pids: string];
}

/** The host process's own cgroup in a hierarchy (`memory`, `pids`, or '' for v2), from /proc/self/cgroup. */
function ownPath(controller: string): string | undefined {
  for (const line of readFileSync('/proc/self/cgroup', 'utf8').split('\n')) {
    const [, controllers, path] = line.split(':');
    if (controllers === undefined || path === undefined) continue;
    if (controller === '' ? controllers === '' && line.startsWith('0::') : controllers.split(',').includes(controller)) return path;
  }
  return undefined;
}

function writable(folder: string): boolean {
  const probe = join(folder, `pau-probe-${process.pid}`);
  try {
    mkdirSync(probe);
    rmdirSync(probe);
    return true;
  } catch {
    return false;
  }
}

/** Calls get their cgroups inside a systemd user scope each worker is started in. */
export interface ScopeSupport {
  /** The systemd-run executable, found in the host's PATH. */
  systemdRun: string;
}

export type Cgroups = CgroupSupport | ScopeSupport | string;

/** What detection looks at, given by tests; by default this process's. */
export interface HostFacts {
  platform: NodeJS.Platform;
  uid: number | undefined;
  /** The cgroup filesystem (default /sys/fs/cgroup). */
  root: string;
  /** PATH, where systemd-run is looked for. */
  path: string;
  /** XDG_RUNTIME_DIR, where a systemd user manager has its socket. */
  runtimeDir: string | undefined;
}

function thisHost(): HostFacts {
  return { platform: process.platform, uid: process.getuid?.(), root: ROOT, path: process.env.PATH ?? '', runtimeDir: process.env.XDG_RUNTIME_DIR };
}

let support: Cgroups | undefined;

/** Whether calls get cgroups here, or why not; asked once per process. */
export function cgroupSupport(): Cgroups {
  if (support !== undefined) return support;
  support = detectCgroups(thisHost());
  if (typeof support !== 'string' && 'parents' in support) removeOrphans(support);
  return support;
}

/** The systemd scope way, whatever else this host has (WorkerOptions.cgroups 'systemd-run'), or why not. */
export function scopeSupport(facts: HostFacts = thisHost()): ScopeSupport | string {
  const systemdRun = onPath('systemd-run', facts.path);
  if (!systemdRun) return 'no systemd-run in PATH to make a systemd user scope';
  return { systemdRun };
}

/** systemd-run ahead of the worker's command: a scope of its own, which the user may divide. */
export function scopeCommand(found: ScopeSupport): string[] {
  // systemd-run reaches the user manager through XDG_RUNTIME_DIR; the worker is not given it.
  return [
    found.systemdRun,
    '--user',
    '--scope',
    '--quiet',
    '--collect',
    '--property=Delegate=yes',
    '--',
    'env',
    '-u',
    'XDG_RUNTIME_DIR',
    '-u',
    'DBUS_SESSION_BUS_ADDRESS',
  ];
}

/**
 * The calls' parent cgroup inside the scope a worker was started in (`pid`: the process
 * systemd-run became): the scope's own processes move to a leaf of their own, since cgroup v2
 * lets only a cgroup without processes give controllers to its children. Or why not.
 */
export function delegatedScope(pid: number, root = ROOT): CgroupSupport | string {
  try {
    const own = /^0::(\/.*)$/m.exec(readFileSync(`/proc/${pid}/cgroup`, 'utf8'))?.[1];
    if (!own || own === '/') return 'the worker is not in a systemd scope of its own';
    const scope = join(root, own);
    const controllers = readFileSync(join(scope, 'cgroup.controllers'), 'utf8').split(/\s+/);
    if (!controllers.includes('memory') || !controllers.includes('pids')) {
      return `the systemd scope has no memory and pids controllers delegated (${own})`;
    }
    const leaf = join(scope, 'worker');
    mkdirSync(leaf, { recursive: true });
    for (let round = 0; round < 20; round++) {
      const left = readFileSync(join(scope, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean);
      if (left.length === 0) break;
      for (const moved of left) writeFileSync(join(leaf, 'cgroup.procs'), moved);
    }
    writeFileSync(join(scope, 'cgroup.subtree_control'), '+memory +pids');
    return { version: 2, parents: [scope] };
  } catch (error) {
    return `the systemd scope could not be divided: ${(error as Error).message}`;
  }
}

/** Empty cgroups of hosts that were killed before they could remove them (SIGKILL). */
function removeOrphans(found: CgroupSupport): void {
  for (const parent of found.parents) {
    for (const name of readdirSync(parent)) {
      const host = /^pau-call-(\d+)-\d+$/.exec(name)?.[1];
      if (!host || !processEnded(Number(host))) continue;
      try {
        rmdirSync(join(parent, name));
      } catch {
        // still has processes (they die with their worker) or not ours to remove
      }
    }
  }
}

/** Whether calls get cgroups on the host `facts` describe, and how, or why not. */
export function detectCgroups(facts: HostFacts): Cgroups {
  if (facts.platform !== 'linux') return `no cgroups on ${facts.platform}`;
  const { root } = facts;
  const unified = existsSync(join(root, 'cgroup.controllers'));
  let asRoot = 'not running as root';
  if (facts.uid === 0) {
    try {
      if (existsSync(join(root, 'memory', 'cgroup.procs')) && existsSync(join(root, 'pids', 'cgroup.procs'))) {
        const parent = (c: string): string => join(root, c, ownPath(c) ?? '/');
        const parents: [string, string] = [parent('memory'), parent('pids')];
        if (parents.every(writable)) return { version: 1, parents };
        asRoot = 'the cgroup v1 memory and pids hierarchies are not writable';
      } else if (unified) {
        const subtree = readFileSync(join(root, 'cgroup.subtree_control'), 'utf8').split(/\s+/);
        if (ownPath('') !== '/') asRoot = 'cgroup v2 without a delegated subtree (the host is not in the root cgroup)';
        else if (!subtree.includes('memory') || !subtree.includes('pids')) asRoot = 'cgroup v2 without the memory and pids controllers enabled';
        else if (writable(root)) return { version: 2, parents: [root] };
        else asRoot = 'the cgroup v2 filesystem is not writable';
      } else {
        asRoot = 'no cgroup memory and pids controllers mounted';
      }
    } catch (error) {
      asRoot = `cgroups unavailable: ${(error as Error).message}`;
    }
  }
  // A desktop session: a systemd user manager that can delegate a cgroup v2 scope.
  if (!unified) return `${asRoot}, and no cgroup v2 for a systemd user scope`;
  if (!facts.runtimeDir || !existsSync(join(facts.runtimeDir, 'systemd', 'private'))) return `${asRoot}, and no systemd user session`;
  const scope = scopeSupport(facts);
  return typeof scope === 'string' ? `${asRoot}, and ${scope}` : scope;
}

/** One line for the badge: the limits calls get, or plainly that they get none. */
export function describeCgroups(found: Cgroups): string {
  if (typeof found === 'string') return `no cgroup limits: ${found}`;
  if ('systemdRun' in found) return `cgroup v2 limits per call in a systemd user scope (memory, ${PIDS_PER_CALL} processes)`;
  return `cgroup v${found.version} limits per call (memory, ${PIDS_PER_CALL} processes)`;
}

let made = 0;

/** One write to a cgroup file, its wait in the thread pool (fs/promises' writeFile costs an open, a write and a close there). */
function writeOffLoop(file: string, content: string): Promise<void> {
  const fd = openSync(file, 'w');
  return new Promise((resolveWrite, rejectWrite) => {
    write(fd, content, (error) => {
      closeSync(fd);
      if (error) rejectWrite(error);
      else resolveWrite();
    });
  });
}

/** The cgroup of one call: made for its pre-forked process, killed and removed after the call. */
export class CallCgroup {
  /** The memory limit last written, MiB: each call sets its own, and most ask for the same. */
  private memoryMb?: number;

  private constructor(
    private readonly found: CgroupSupport,
    private readonly dirs: string[],
    // The folders of CgroupSupport.parents: the memory controller's, and (v1 only) the pids one's beside it.
    private readonly memoryDir: string,
    private readonly pidsDir: string,
  ) {}

  /**
   * A new cgroup holding `pid` (a host pid), limited to `memoryMb` and PIDS_PER_CALL; undefined
   * when that fails. Its folders are made and the process moved in off the event loop: both
   * wait for the kernel's cgroup locks (cgroup v1 here, as root, under load: moving a process
   * into the memory and pids cgroups took 7.8 ms median, a mkdir 0.11 ms median but 1.9 ms
   * mean), which the host's calls must not wait for. The limits are small writes, made here.
   */
  static async create(found: CgroupSupport, pid: number, memoryMb: number): Promise<CallCgroup | undefined> {
    const name = `pau-call-${process.pid}-${++made}`;
    const dirs = found.parents.map((parent) => join(parent, name));
    const [memoryParent, pidsParent] = found.parents;
    const memoryDir = join(memoryParent, name);
    const cgroup = new CallCgroup(found, dirs, memoryDir, pidsParent === undefined ? memoryDir : join(pidsParent, name));
    try {
      for (const dir of dirs) await mkdir(dir);
      writeFileSync(join(cgroup.pidsDir, 'pids.max'), String(PIDS_PER_CALL));
    } catch {
      cgroup.remove();
      return undefined;
    }
    return (await cgroup.enter(pid, memoryMb)) ? cgroup : undefined;
  }

  /** Moves `pid` in (off the event loop) with the call's memory limit; false (and the cgroup removed) when that fails. */
  async enter(pid: number, memoryMb: number): Promise<boolean> {
    try {
      this.setMemory(memoryMb);
      for (const dir of this.dirs) await writeOffLoop(join(dir, 'cgroup.procs'), String(pid));
      return true;
    } catch {
      this.remove();
      return false;
    }
  }

  /** For CgroupPool: the cgroups this one was made under. */
  madeUnder(found: CgroupSupport): boolean {
    return this.found === found;
  }

  /** The memory limit of the whole call, MiB (a call may ask for other limits than the worker's). */
  setMemory(memoryMb: number): void {
    if (memoryMb === this.memoryMb) return; // written already: a write to the cgroup file system is on the call's path
    const bytes = String(Math.round(memoryMb * 1024 * 1024));
    if (this.found.version === 1) {
      writeFileSync(join(this.memoryDir, 'memory.limit_in_bytes'), bytes);
    } else {
      writeFileSync(join(this.memoryDir, 'memory.max'), bytes);
      writeFileSync(join(this.memoryDir, 'memory.swap.max'), '0');
    }
    this.memoryMb = memoryMb;
  }

  private procs(): number[] {
    const pids = new Set<number>();
    for (const dir of this.dirs) {
      try {
        for (const pid of readFileSync(join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean)) pids.add(Number(pid));
      } catch {
        // already removed
      }
    }
    return [...pids];
  }

  /**
   * Kills every process listed in the cgroup, in one pass: a killed process stays listed until
   * it has finished exiting, which the host's event loop does not wait for (re-reading the list
   * until then took up to 100 reads of it per call). Callers look again later (give, remove);
   * a re-forking process is bounded by pids.max. Whether any process was listed.
   */
  killAll(): boolean {
    if (this.found.version === 2) {
      try {
        writeFileSync(join(this.memoryDir, 'cgroup.kill'), '1');
      } catch {
        // an older kernel: the signals below
      }
    }
    const left = this.procs();
    for (const pid of left) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    return left.length > 0;
  }

  /**
   * Kills what is left and removes the cgroup, retrying while its last processes finish
   * exiting: later (timers), or `now`, blocking up to half a second, when the host is exiting.
   */
  remove(tries = 40, now = false): void {
    if (now) {
      for (let round = 0; round < 100 && this.dirs.some((dir) => existsSync(dir)); round++) {
        this.remove(0);
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
      }
      return;
    }
    this.killAll();
    const left = this.dirs.filter((dir) => {
      try {
        if (existsSync(dir)) rmdirSync(dir);
        return false;
      } catch {
        return true;
      }
    });
    // Not unref'd: a CLI that exits now would leave the empty cgroup behind.
    if (left.length > 0 && tries > 0) setTimeout(() => this.remove(tries - 1), 50);
  }
}

/** How often CgroupPool.give looks again for a used cgroup to be empty, 50 ms apart, before it removes it instead (about 2 s). */
const GIVE_TRIES = 40;
/** When CgroupPool.give first looks at a used cgroup: a call's process has exited by then, unless the machine is loaded. */
const FIRST_LOOK_MS = 20;

/**
 * The emptied cgroups of one worker's calls, kept for its next call processes instead of being
 * removed and made again: removing a cgroup v1 memory cgroup that a call has just used blocked
 * the host's event loop for about 0.7 ms per call (the kernel moves its charges to the parent),
 * on the next call's path when calls come back to back. A cgroup goes back into use only once
 * every process of its call is dead, with the next call's memory limit; the pool is removed
 * with its worker.
 */
export class CgroupPool {
  private readonly idle: CallCgroup[] = [];
  private closed = false;

  /** At most `size` cgroups wait (a worker has its running call process and up to two waiting). */
  constructor(private readonly size = 3) {}

  /** A cgroup holding `pid` with the call's memory limit: a waiting one, else a new one; undefined when neither works. */
  async take(found: CgroupSupport, pid: number, memoryMb: number): Promise<CallCgroup | undefined> {
    for (let cgroup = this.idle.pop(); cgroup; cgroup = this.idle.pop()) {
      if (!cgroup.madeUnder(found)) cgroup.remove();
      else if (await cgroup.enter(pid, memoryMb)) return cgroup;
    }
    return CallCgroup.create(found, pid, memoryMb);
  }

  /**
   * A call is over: what is left in its cgroup is killed, and the cgroup waits, once empty, for
   * another call process (removed when the pool is full or closed). The first look comes
   * FIRST_LOOK_MS later: the call's own process answered just now and is still exiting, so an
   * earlier look only found it, and looked again every 2 ms (16 reads of the list and 4 timers
   * a call, back to back). The worker has killed the call's other processes already; this is
   * the host's own sweep, which no longer relies on it.
   */
  give(cgroup: CallCgroup): void {
    setTimeout(() => this.look(cgroup, GIVE_TRIES), FIRST_LOOK_MS);
  }

  private look(cgroup: CallCgroup, tries: number): void {
    if (this.closed || this.idle.length >= this.size) return cgroup.remove();
    // One read of the list a look: a process just killed stays listed until it has exited.
    if (!cgroup.killAll()) this.idle.push(cgroup);
    // Not unref'd, as remove().
    else if (tries > 0) setTimeout(() => this.look(cgroup, tries - 1), 50);
    else cgroup.remove();
  }

  /** The worker is gone: every waiting cgroup is removed (`now`: the host is exiting, see CallCgroup.remove). */
  close(now = false): void {
    this.closed = true;
    for (const cgroup of this.idle.splice(0)) cgroup.remove(40, now);
  }
}
