// Process-tree bookkeeping for the tests that check nothing is left running, read from /proc
// (Linux only, as is code-server here). Killing a process group is not enough: a child that starts a new
// session or group of its own (a sandbox worker, a per-call process group) escapes it,
// so the tests kill every descendant they can see and then check that none is left.
import { readFileSync, readdirSync } from 'node:fs';
import { processEnded } from '../../src/probe/sandbox-host.js';

export interface ProcInfo {
  pid: number;
  ppid: number;
  cmdline: string;
}

function readProc(pid: number): ProcInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may contain spaces: fields resume after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(fields[1]);
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    return { pid, ppid, cmdline };
  } catch {
    return undefined; // it exited while we looked
  }
}

export function listProcesses(): ProcInfo[] {
  const out: ProcInfo[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const info = readProc(Number(name));
    if (info) out.push(info);
  }
  return out;
}

/** Every live descendant of `root` (not including it), parents before children. */
export function descendants(root: number, all = listProcesses()): ProcInfo[] {
  const children = new Map<number, ProcInfo[]>();
  for (const p of all) {
    const list = children.get(p.ppid) ?? [];
    list.push(p);
    children.set(p.ppid, list);
  }
  const out: ProcInfo[] = [];
  const queue = [root];
  while (queue.length) {
    for (const child of children.get(queue.shift()!) ?? []) {
      out.push(child);
      queue.push(child.pid);
    }
  }
  return out;
}

/** Processes whose command line contains `needle`, wherever they hang in the tree. */
export function processesMatching(needle: string): ProcInfo[] {
  return listProcesses().filter((p) => p.pid !== process.pid && p.cmdline.includes(needle));
}

/** The environment a process started with ('' when it is gone or not ours to read). */
export function startEnvironment(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8');
  } catch {
    return '';
  }
}

export function isAlive(pid: number): boolean {
  return !processEnded(pid);
}

function signal(pid: number, sig: NodeJS.Signals) {
  try {
    process.kill(pid, sig);
  } catch {
    /* already gone */
  }
}

/**
 * Kills `root`'s process group and every descendant, synchronously (usable from an
 * 'exit' handler): SIGKILL, because a test run that is over owes nobody a graceful exit.
 */
export function killTreeNow(root: number): void {
  const tree = descendants(root);
  signal(-root, 'SIGKILL');
  signal(root, 'SIGKILL');
  for (const p of tree) {
    signal(-p.pid, 'SIGKILL');
    signal(p.pid, 'SIGKILL');
  }
}

/** SIGTERM the tree, give it `graceMs` to go, then SIGKILL whatever is left. Resolves when all are gone. */
export async function killTree(root: number, graceMs = 2000): Promise<void> {
  const tree = [root, ...descendants(root).map((p) => p.pid)];
  signal(-root, 'SIGTERM');
  for (const pid of tree) signal(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && tree.some(isAlive)) await new Promise((r) => setTimeout(r, 50));
  killTreeNow(root);
  for (const pid of tree) signal(pid, 'SIGKILL');
  const hardDeadline = Date.now() + 5000;
  while (Date.now() < hardDeadline && tree.some(isAlive)) await new Promise((r) => setTimeout(r, 50));
}

/** Live processes (zombies are not) named `name` in /proc/<pid>/comm (as prctl PR_SET_NAME sets it). */
export function liveProcessesNamed(name: string): number[] {
  return listProcesses()
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p.pid}/comm`, 'utf8').trim() === name && isAlive(p.pid);
      } catch {
        return false;
      }
    })
    .map((p) => p.pid);
}
