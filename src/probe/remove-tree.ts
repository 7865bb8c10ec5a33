// Removing a session's folders even when a call made part of them unwritable: a call may
// chmod a folder of its own to 0o555, and a non-root host then cannot unlink what is inside.
// removeTreeInBackground is the one to use while the host runs: a call may leave hundreds of
// thousands of files (300k took 8 s to remove), and the synchronous removal held the editor's
// event loop that long; removeTree is for the host's exit, when nothing can wait.
import { execFile } from 'node:child_process';
import { chmodSync, readdirSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
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

/**
 * removeTree in a child process (`rm -rf`, then `chmod -R u+rwx` and again where a call made
 * folders unwritable): Node's own recursive rm answers each unlink on the event loop, and
 * 300k of them held it for seconds all the same. Windows has no rm: Node's rm there.
 */
export async function removeTreeInBackground(path: string): Promise<void> {
  if (process.platform === 'win32') return rm(path, { recursive: true, force: true });
  if (await succeeds('rm', ['-rf', '--', path])) return;
  await succeeds('chmod', ['-R', 'u+rwx', '--', path]);
  if (!(await succeeds('rm', ['-rf', '--', path]))) throw new Error(`could not remove ${path}`);
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
