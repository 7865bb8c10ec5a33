// Metadata of files outside the call's folder (red team, round 3). Landlock fences writes of
// contents, names and links, not a file's mode, owner, times or extended attributes, and the
// audit hook never sees libc: with the guards only, a call makes the user's files
// world-writable (as root it also changes their owner). In the OS layer the file is not there
// to change (or is read-only). Judged by outcome: the file's mode, time and attributes after the call.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startWorker } from '../../../src/probe/client.js';
import { judge, MODE } from './readme-table.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'metadata.py');
const outside = mkdtempSync(join(tmpdir(), 'pau-metadata-'));
after(() => rmSync(outside, { recursive: true, force: true }));

/** The file's extended attributes, as Python lists them on the host. */
function xattrs(path: string): string {
  return execFileSync('python3', ['-c', 'import os, sys; print(os.listxattr(sys.argv[1]))', path], { encoding: 'utf8' }).trim();
}

test(`[${MODE}] a call through libc: mode, times and attributes of a file outside its folder`, async () => {
  const victim = join(outside, 'victim.txt');
  writeFileSync(victim, 'original');
  chmodSync(victim, 0o600);
  utimesSync(victim, new Date('2001-01-01T00:00:00Z'), new Date('2001-01-01T00:00:00Z'));
  const before = { mode: statSync(victim).mode & 0o7777, mtime: statSync(victim).mtimeMs, xattrs: xattrs(victim) };
  const worker = await startWorker({ target: { file: FIXTURE, qualname: 'touch_metadata' }, sandbox: MODE });
  let result;
  try {
    result = await worker.call({ args: [JSON.stringify(victim)] });
  } finally {
    await worker.stop();
  }
  assert.equal(result.status, 'returned', JSON.stringify(result).slice(0, 400));
  const now = { mode: statSync(victim).mode & 0o7777, mtime: statSync(victim).mtimeMs, xattrs: xattrs(victim) };
  judge("Mode, times and attributes of files outside the call's folder (plain libc)", JSON.stringify(now) === JSON.stringify(before), {
    before,
    now,
    tried: result.value?.repr,
  });
});
