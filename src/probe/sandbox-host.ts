// What the host needs around a sandboxed worker: the interpreter's folders (to bind them
// read-only) and a way to turn a process id the worker reports into a process the host may
// kill. The host never kills a pid it read from the worker's channel without checking that
// it is a live descendant of the worker it started.
import { execFile } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export interface InterpreterPaths {
  /** The real interpreter (a pyenv shim resolved), started directly inside the sandbox. */
  executable: string;
  /** Its prefixes, site-packages (user site included), sys.path entries and the folders its symlinks pass through. */
  folders: string[];
}

/**
 * The folders a chain of symlinks passes through on its way from `path` to a file: each
 * link's target folder. The sandbox starts the interpreter by the path it was found at (a
 * virtualenv is recognised by it), so every hop must resolve inside too, e.g. a python3 in
 * PATH that links to an interpreter outside the prefixes bound for it.
 */
export function linkFolders(path: string): string[] {
  const folders: string[] = [];
  let current = path;
  for (let hop = 0; hop < 40; hop++) {
    let target: string;
    try {
      target = readlinkSync(current);
    } catch {
      break; // not a link (or gone): the chain ends here
    }
    current = resolve(dirname(current), target);
    folders.push(dirname(current));
  }
  return folders;
}

// -S: the paths without running site-packages' .pth files (no user code outside the sandbox).
const PATHS_SCRIPT = [
  'import json, site, sys',
  'p = [sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix]',
  'p += site.getsitepackages() + [site.getusersitepackages()] + sys.path',
  'print(json.dumps({"executable": sys.executable, "folders": p}))',
].join('\n');

const cache = new Map<string, Promise<InterpreterPaths | undefined>>();

/** Asked once per interpreter and folder per session; undefined when the interpreter is missing. */
export function interpreterPaths(python: string, env: Record<string, string>, cwd: string): Promise<InterpreterPaths | undefined> {
  const key = `${python}\0${cwd}`;
  let found = cache.get(key);
  if (!found) {
    found = new Promise((resolveFound) => {
      execFile(python, ['-S', '-c', PATHS_SCRIPT], { env, cwd, timeout: 15_000 }, (error, stdout) => {
        if (error) return resolveFound(undefined);
        try {
          const parsed = JSON.parse(stdout) as InterpreterPaths;
          const folders = parsed.folders.filter((f) => typeof f === 'string' && f);
          resolveFound({ executable: parsed.executable, folders: [...folders, dirname(parsed.executable), ...linkFolders(parsed.executable)] });
        } catch {
          resolveFound(undefined);
        }
      });
    });
    cache.set(key, found);
  }
  return found;
}

function childrenOf(pid: number): number[] {
  try {
    const tasks = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
    return tasks.split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
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
 * The host pid of the worker's descendant that calls itself `reported`, searching the tree
 * under `root` (the process the host started) a few levels deep (bwrap, its init, the worker,
 * the fork server, the call: five at most); undefined when there is no
 * such descendant (the worker lied, or it is gone). Linux only (it reads /proc): elsewhere
 * always undefined, and the host kills the whole worker instead.
 */
export function verifiedDescendant(root: number, reported: number, platform: NodeJS.Platform = process.platform): number | undefined {
  if (!Number.isInteger(reported) || reported <= 1) return undefined;
  if (platform !== 'linux') return undefined;
  let level = [root];
  for (let depth = 0; depth < 5 && level.length > 0; depth++) {
    const next: number[] = [];
    for (const pid of level) {
      for (const child of childrenOf(pid)) {
        if (innermostPid(child) === reported) return child;
        next.push(child);
      }
    }
    level = next;
  }
  return undefined;
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

/**
 * Resolves once every pid has ended, or after `withinMs`. SIGKILL is only queued by kill();
 * on a loaded machine the target (and, in the OS sandbox, the processes inside the pid
 * namespace the kernel tears down after its init) may run a little longer.
 */
export async function untilEnded(pids: readonly number[], withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  let left = pids.filter((pid) => !processEnded(pid));
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 5));
    left = left.filter((pid) => !processEnded(pid));
  }
}
