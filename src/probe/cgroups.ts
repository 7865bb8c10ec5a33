// Per-call cgroups: the memory of the whole call (children and threads included, which
// RLIMIT_AS, per process, does not bound) and its number of processes (RLIMIT_NPROC does not
// bind root, nor the sandbox's uid that maps to root), and a way to kill every process the
// call started, however it re-forks. Only where the host may make cgroups: as root with the
// cgroup v1 memory and pids hierarchies mounted writable (containers, CI), or on cgroup v2
// when the host runs in the root cgroup with both controllers delegated. Elsewhere (a desktop
// session: that needs systemd-run --user --scope, not done here) the badge says there are none.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { processEnded } from './sandbox-host.js';

const ROOT = '/sys/fs/cgroup';
/** Processes one call may have at once (the call's own included). */
export const PIDS_PER_CALL = 64;

/** Where call cgroups are made: one parent folder per controller (v2: one for both). */
export interface CgroupSupport {
  version: 1 | 2;
  /** v1: [memory parent, pids parent]; v2: [the parent]. */
  parents: string[];
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

let support: CgroupSupport | string | undefined;

/** Whether calls get cgroups here, or why not; asked once per process. */
export function cgroupSupport(platform: NodeJS.Platform = process.platform): CgroupSupport | string {
  if (support !== undefined) return support;
  support = detect(platform);
  if (typeof support !== 'string') removeOrphans(support);
  return support;
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

function detect(platform: NodeJS.Platform): CgroupSupport | string {
  if (platform !== 'linux') return `no cgroups on ${platform}`;
  if (process.getuid?.() !== 0) return 'not running as root (a desktop session would need systemd-run --user --scope, not supported yet)';
  try {
    if (existsSync(join(ROOT, 'memory', 'cgroup.procs')) && existsSync(join(ROOT, 'pids', 'cgroup.procs'))) {
      const parents = ['memory', 'pids'].map((c) => join(ROOT, c, ownPath(c) ?? '/'));
      return parents.every(writable) ? { version: 1, parents } : 'the cgroup v1 memory and pids hierarchies are not writable';
    }
    if (existsSync(join(ROOT, 'cgroup.controllers'))) {
      const own = ownPath('');
      const subtree = readFileSync(join(ROOT, 'cgroup.subtree_control'), 'utf8').split(/\s+/);
      if (own !== '/') return 'cgroup v2 without a delegated subtree (the host is not in the root cgroup)';
      if (!subtree.includes('memory') || !subtree.includes('pids')) return 'cgroup v2 without the memory and pids controllers enabled';
      return writable(ROOT) ? { version: 2, parents: [ROOT] } : 'the cgroup v2 filesystem is not writable';
    }
  } catch (error) {
    return `cgroups unavailable: ${(error as Error).message}`;
  }
  return 'no cgroup memory and pids controllers mounted';
}

/** One line for the badge: the limits calls get, or plainly that they get none. */
export function describeCgroups(found: CgroupSupport | string): string {
  return typeof found === 'string' ? `no cgroup limits: ${found}` : `cgroup v${found.version} limits per call (memory, ${PIDS_PER_CALL} processes)`;
}

let made = 0;

/** The cgroup of one call: made for its pre-forked process, killed and removed after the call. */
export class CallCgroup {
  private constructor(
    private readonly found: CgroupSupport,
    private readonly dirs: string[],
  ) {}

  /** A new cgroup holding `pid` (a host pid), limited to `memoryMb` and PIDS_PER_CALL; undefined when that fails. */
  static create(found: CgroupSupport, pid: number, memoryMb: number): CallCgroup | undefined {
    const name = `pau-call-${process.pid}-${++made}`;
    const dirs = found.parents.map((parent) => join(parent, name));
    const cgroup = new CallCgroup(found, dirs);
    try {
      for (const dir of dirs) mkdirSync(dir);
      cgroup.setMemory(memoryMb);
      writeFileSync(join(cgroup.pidsDir, 'pids.max'), String(PIDS_PER_CALL));
      for (const dir of dirs) writeFileSync(join(dir, 'cgroup.procs'), String(pid));
      return cgroup;
    } catch {
      cgroup.remove();
      return undefined;
    }
  }

  // The folders follow CgroupSupport.parents: the memory controller's first, then (v1 only) the pids one's.
  private get memoryDir(): string {
    return this.dirs[0]!; // one folder per parent, and there is always a memory parent
  }
  private get pidsDir(): string {
    return this.found.version === 1 ? this.dirs[1]! : this.memoryDir; // v1 has a pids parent beside the memory one
  }

  /** The memory limit of the whole call, MiB (a call may ask for other limits than the worker's). */
  setMemory(memoryMb: number): void {
    const bytes = String(Math.round(memoryMb * 1024 * 1024));
    if (this.found.version === 1) {
      writeFileSync(join(this.memoryDir, 'memory.limit_in_bytes'), bytes);
    } else {
      writeFileSync(join(this.memoryDir, 'memory.max'), bytes);
      writeFileSync(join(this.memoryDir, 'memory.swap.max'), '0');
    }
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

  /** Kills every process in the cgroup, again while any is left (a re-forking one is bounded by pids.max). */
  killAll(): void {
    if (this.found.version === 2) {
      try {
        writeFileSync(join(this.memoryDir, 'cgroup.kill'), '1');
      } catch {
        // an older kernel: the loop below
      }
    }
    for (let round = 0; round < 100; round++) {
      const left = this.procs();
      if (left.length === 0) return;
      for (const pid of left) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone
        }
      }
    }
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
