// What the host needs around a sandboxed worker: a way to turn a process id the worker
// reports into a process the host may kill. The host never kills a pid it read from the
// worker's channel without checking that it is a live descendant of the worker it started.
import { readdirSync, readFileSync } from 'node:fs';

function childrenOf(pid: number): number[] {
  try {
    const tasks = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
    return tasks.split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Every descendant of `root`, from the children files of each of its tasks (a thread's children are listed under that thread). */
function descendantsOf(root: number): number[] {
  const found: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      try {
        const kids = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);
        found.push(...kids);
        stack.push(...kids);
      } catch {
        // the thread ended meanwhile
      }
    }
  }
  return found;
}

/**
 * SIGKILLs every descendant of `root` (the process the host started), walking again until a walk
 * finds none it has not signalled (a process with SIGKILL pending cannot fork, so this ends): also
 * what left the worker's process group (a new session) before any call could be cleaned up after
 * (test/integration/sandbox/import-leftovers.test.ts). Linux only.
 */
export function killDescendants(root: number, platform: NodeJS.Platform = process.platform): void {
  if (platform !== 'linux') return;
  const signalled = new Set<number>();
  for (let pass = 0; pass < 50; pass++) {
    const fresh = descendantsOf(root).filter((pid) => !signalled.has(pid));
    if (fresh.length === 0) return;
    for (const pid of fresh) {
      signalled.add(pid);
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
  }
}

/** The innermost pid of a process: what it reports of itself inside a pid namespace. */
function innermostPid(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const line = /^NSpid:\s*(.*)$/m.exec(status)?.[1] ?? String(pid);
    return Number(line.trim().split(/\s+/).pop());
  } catch {
    return undefined;
  }
}

/**
 * The host pids of the worker's descendants that call themselves `reported` (inner pid → host
 * pid), from one walk of the tree under `root` (the process the host started) a few levels
 * deep (bwrap, its init, the worker, the fork server, the call: five at most); a reported pid
 * with no such descendant (the worker lied, or it is gone) is absent. One walk whatever the
 * number of pids: the channel can report many. Linux only (it reads /proc): elsewhere always
 * empty, and the host kills the whole worker instead.
 */
export function verifiedDescendants(root: number, reported: Iterable<number>, platform: NodeJS.Platform = process.platform): Map<number, number> {
  const wanted = new Set([...reported].filter((pid) => Number.isInteger(pid) && pid > 1));
  const found = new Map<number, number>();
  if (wanted.size === 0 || platform !== 'linux') return found;
  let level = [root];
  for (let depth = 0; depth < 5 && level.length > 0 && found.size < wanted.size; depth++) {
    const next: number[] = [];
    for (const pid of level) {
      for (const child of childrenOf(pid)) {
        const inner = innermostPid(child);
        if (inner !== undefined && wanted.has(inner) && !found.has(inner)) found.set(inner, child);
        next.push(child);
      }
    }
    level = next;
  }
  return found;
}

/** verifiedDescendants for one pid: its host pid, or undefined. */
export function verifiedDescendant(root: number, reported: number, platform: NodeJS.Platform = process.platform): number | undefined {
  return verifiedDescendants(root, [reported], platform).get(reported);
}

/** The process has ended (a zombie waiting for its reaper counts as ended). */
export function processEnded(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    try {
      process.kill(pid, 0);
      return false;
    } catch {
      return true;
    }
  }
}

/** How often a wait for processes to end looks again (ms). */
const LOOK_AGAIN_MS = 5;

const running = (pids: readonly number[]) => pids.filter((pid) => !processEnded(pid));

/**
 * Resolves once every pid has ended, or after `withinMs`. SIGKILL is only queued by kill();
 * on a loaded machine the target (and, in the OS sandbox, the processes inside the pid
 * namespace the kernel tears down after its init) may run a little longer.
 */
export async function untilEnded(pids: readonly number[], withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (let left = running(pids); left.length > 0 && Date.now() < deadline; left = running(left)) {
    await new Promise((r) => setTimeout(r, LOOK_AGAIN_MS));
  }
}

/** untilEnded for the host's 'exit' hook, where no timer fires any more: it blocks the thread. */
export function untilEndedNow(pids: readonly number[], withinMs: number): void {
  const deadline = Date.now() + withinMs;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let left = running(pids); left.length > 0 && Date.now() < deadline; left = running(left)) {
    Atomics.wait(pause, 0, 0, LOOK_AGAIN_MS);
  }
}
