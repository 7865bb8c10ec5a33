// Removing a session's folders even when a call made part of them unwritable: a call may
// chmod a folder of its own to 0o555, and a non-root host then cannot unlink what is inside.
import { chmodSync, readdirSync, rmSync } from 'node:fs';
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
