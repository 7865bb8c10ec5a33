// Writes through modules the guards' audit hook does not watch (red-team finding): a freshly
// imported `posix` writing with dir_fd into a folder outside, and `_posixshmem` leaving a file
// in the host's /dev/shm. The OS layer stops both; guards only do not, as the README says.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startWorker, type ProbeWorker } from '../../../src/probe/client.js';
import { judge, MODE } from './readme-table.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'unwatched.py');
const outside = mkdtempSync(join(tmpdir(), 'pau-outside-'));
const shm = `/pau-unwatched-${randomBytes(6).toString('hex')}`;
let worker: ProbeWorker | undefined;

after(async () => {
  await worker?.stop();
  rmSync(outside, { recursive: true, force: true });
  rmSync(join('/dev/shm', shm), { force: true });
});

test(`[${MODE}] writes through modules the guards do not watch`, async () => {
  worker = await startWorker({ target: { file: FIXTURE, qualname: 'unwatched' }, sandbox: MODE });
  const result = await worker.call({ args: [JSON.stringify(outside), JSON.stringify(shm)] });
  assert.equal(result.status, 'returned', JSON.stringify(result).slice(0, 400));
  const written = readdirSync(outside);
  const leftInShm = existsSync(join('/dev/shm', shm));
  judge('Writes through modules the guards do not watch (a fresh posix, _posixshmem)', written.length === 0 && !leftInShm, {
    reported: result.value?.repr,
    written,
    leftInShm,
  });
});
