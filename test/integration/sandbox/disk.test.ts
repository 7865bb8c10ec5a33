// Disk use (issue 21): a call may write in its own folder, and before this it could write
// there until the host's disk was full. In the OS layer each writable folder of the worker is a
// tmpfs of DISK_QUOTA_MB: the writes stop there with ENOSPC, and nothing reaches the host's disk.
// Runs alone: it finds its worker's folder as the one new in the temporary folder, where another
// file's workers would appear too (scripts/test-files.mjs).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { DISK_QUOTA_MB } from '../../../src/core/limits.js';
import { startWorker, type ProbeWorker } from '../../../src/probe/client.js';
import { judge, MODE } from './readme-table.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'disk.py');
let worker: ProbeWorker;
/** The worker's session folder on the host (new under the temporary folder when it started). */
let sessionFolders: string[] = [];
const sessions = () => readdirSync(tmpdir()).filter((name) => name.startsWith('pau-probe-'));

before(async () => {
  const earlier = new Set(sessions());
  // Memory above the quota: tmpfs pages count as the call's memory in its cgroup.
  worker = await startWorker({ target: { file: FIXTURE, qualname: 'fill' }, sandbox: MODE, limits: { timeoutMs: 30_000, memoryMb: 2048 } });
  sessionFolders = sessions()
    .filter((name) => !earlier.has(name))
    .map((name) => join(tmpdir(), name));
  assert.ok(sessionFolders.length >= 1, 'the session folder was found');
});

after(async () => {
  await worker?.stop();
});

/** Bytes the host's disk holds under the session folders (du, on the host's view: a tmpfs inside the sandbox is not seen). */
function onHostDisk(): number {
  return Number(
    execFileSync('du', ['-scb', ...sessionFolders], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .at(-1)!
      .split('\t')[0],
  );
}

test(`[${MODE}] a call that fills its own folder stops at the quota, and the host's disk gets nothing`, async () => {
  const asked = DISK_QUOTA_MB + 64;
  let peak = 0;
  const watch = setInterval(() => {
    try {
      peak = Math.max(peak, onHostDisk());
    } catch {
      // the folder is between calls
    }
  }, 20);
  const result = await worker.call({ args: [String(asked)] });
  clearInterval(watch);
  assert.equal(result.status, 'returned', JSON.stringify(result).slice(0, 400));
  const match = /^\((\d+), (None|'(\w+)')\)$/.exec(result.value?.repr ?? '');
  assert.ok(match, result.value?.repr);
  const writtenMb = Number(match[1]);
  const stoppedBy = match[3];
  const bounded = stoppedBy === 'ENOSPC' && writtenMb <= DISK_QUOTA_MB && peak < 16 * 1024 * 1024;
  judge("Disk use in the call's folder (a quota per writable folder)", bounded, { writtenMb, stoppedBy, hostPeakBytes: peak });
  // A call that writes less than the quota is untouched.
  const small = await worker.call({ args: ['16'] });
  assert.equal(small.value?.repr, '(16, None)');
});
