// Where the export may write its module. The place is chosen from the workspace's layout, and a
// workspace one has cloned may hold links: a link named like the module would carry the write
// to wherever it points, a linked `tests` folder out of the workspace, and a link to a FIFO or a
// device would hold the export in a read that never ends (test/integration/sandbox/export-links.test.ts).
import { constants, lstatSync, realpathSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';
import { insideFolder } from '../core/path-inside.js';

/** `path` with its existing part resolved (the rest does not exist yet: the export makes it). */
function realAsFarAsItGoes(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(realAsFarAsItGoes(parent), basename(path));
  }
}

/**
 * Why the module may not be written at `path`, if it may not: it is a link or not a regular file,
 * or (`within` given: the place was chosen, not named by the user) its folder leads outside every
 * folder of `within`.
 */
export function outputPlaceProblem(path: string, within?: string[]): string | undefined {
  try {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return `${path} is a symbolic link; the export writes only a file of its own (pass another output file)`;
    if (!stat.isFile()) return `${path} is not a regular file; pass another output file`;
  } catch {
    // not there yet: written new
  }
  if (within) {
    const folder = realAsFarAsItGoes(dirname(path));
    const allowed = within.map(realAsFarAsItGoes);
    if (!allowed.some((root) => insideFolder(folder, root, sep))) {
      return `${dirname(path)} leads outside ${allowed.join(' and ')} (to ${folder}); pass an output file with --out`;
    }
  }
  return undefined;
}

/** The first `length` bytes of the regular file at `path` (a link is not followed; nothing waits on a FIFO). */
export async function readHead(path: string, length: number): Promise<string> {
  const file = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    if (!(await file.stat()).isFile()) throw new Error(`${path} is not a regular file`);
    const { buffer, bytesRead } = await file.read(Buffer.alloc(length), 0, length, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await file.close();
  }
}

/** Writes `text` to `path`, never through a link put there meanwhile. */
export async function writeOwnFile(path: string, text: string): Promise<void> {
  const file = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o644);
  try {
    await file.writeFile(text);
  } finally {
    await file.close();
  }
}
