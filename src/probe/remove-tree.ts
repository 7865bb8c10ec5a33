// Removing a session's folders even when a call made part of them unwritable: a call may
// chmod a folder of its own to 0o555, and a non-root host then cannot unlink what is inside.
// removeTreeInBackground is the one to use while the host runs: a call may leave hundreds of
// thousands of files (300k took 8 s to remove), and the synchronous removal held the editor's
// event loop that long; removeTree is for the host's exit, when nothing can wait.
import { execFile } from 'node:child_process';
import { chmodSync, readdirSync, rmSync } from 'node:fs';
import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

export function removeTree(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true });
    return;
  } catch {
    // opened up below, then removed again
  }
  openUp(path);
  rmSync(path, { recursive: true, force: true });
}

/** A tree with fewer entries than this is removed by Node itself: a process costs more. */
const SMALL_TREE = 256;

/**
 * removeTree in a child process (`rm -rf`, then `chmod -R u+rwx` and again where a call made
 * folders unwritable): Node's own recursive rm answers each unlink on the event loop, and
 * 300k of them held it for seconds all the same. A tree that is not there, or small (every
 * worker's stop, and each start's leftover check, in the bench: four `rm` processes a task,
 * 25 ms of the host's CPU under load), is removed without one. Windows has no rm: Node's rm there.
 */
export async function removeTreeInBackground(path: string): Promise<void> {
  if (process.platform === 'win32') return rm(path, { recursive: true, force: true });
  const entries = await countEntries(path, SMALL_TREE);
  if (entries === undefined) return;
  if (entries < SMALL_TREE) {
    try {
      return await rm(path, { recursive: true, force: true });
    } catch {
      // a folder a call made unwritable: opened up below
    }
  }
  if (await succeeds('rm', ['-rf', '--', path])) return;
  await succeeds('chmod', ['-R', 'u+rwx', '--', path]);
  if (!(await succeeds('rm', ['-rf', '--', path]))) throw new Error(`could not remove ${path}`);
}

/** How many names the tree holds, counting up to `limit`; undefined when `path` is not there. */
async function countEntries(path: string, limit: number): Promise<number | undefined> {
  try {
    if (!(await lstat(path)).isDirectory()) return 1;
  } catch {
    return undefined;
  }
  let count = 0;
  const folders = [path];
  for (let folder = folders.pop(); folder !== undefined && count < limit; folder = folders.pop()) {
    try {
      for (const entry of await readdir(folder, { withFileTypes: true })) {
        count += 1;
        if (entry.isDirectory()) folders.push(join(folder, entry.name));
      }
    } catch {
      return limit; // unreadable: left to rm and chmod
    }
  }
  return count;
}

function succeeds(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolveRun) => execFile(command, args, { env: {} }, (error) => resolveRun(!error)));
}

function openUp(folder: string): void {
  try {
    chmodSync(folder, 0o700);
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) openUp(join(folder, entry.name));
    }
  } catch {
    // gone, or not ours: the second rmSync reports it
  }
}
