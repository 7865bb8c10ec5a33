// A used call cgroup is emptied without holding the host's event loop: killAll lists it once and
// leaves a killed process to finish exiting; CgroupPool.give looks again later. Plain folders
// stand in for the cgroup file system, where a killed process stays listed until it has exited.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs, { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CallCgroup, CgroupPool, type CgroupSupport } from '../../../src/probe/cgroups.js';
import { spyOnBuiltin } from '../../support/builtin-spy.js';

let listReads = 0;
let root: string;
let undo: () => void;

before(() => {
  root = mkdtempSync(join(tmpdir(), 'pau-cgroup-pool-'));
  undo = spyOnBuiltin(fs, 'readFileSync', (file) => {
    if (String(file).endsWith('cgroup.procs')) listReads++;
  });
});

after(() => {
  undo();
  rmSync(root, { recursive: true, force: true });
});

/** cgroup v1 as made here: a memory and a pids parent folder. */
function fakeHierarchy(name: string): CgroupSupport {
  const parents: [string, string] = [join(root, name, 'memory'), join(root, name, 'pids')];
  for (const parent of parents) fs.mkdirSync(parent, { recursive: true });
  return { version: 1, parents };
}

/** The call cgroups' folders under the memory parent. */
function made(found: CgroupSupport): string[] {
  return readdirSync(found.parents[0]).filter((name) => name.startsWith('pau-call-'));
}

test('killAll kills what the cgroup lists with one read per folder, however long it takes to exit', async () => {
  const found = fakeHierarchy('kill');
  const sleeper = spawn('sleep', ['30'], { stdio: 'ignore' });
  const exited = once(sleeper, 'exit');
  const cgroup = await CallCgroup.create(found, sleeper.pid ?? 0, 64);
  assert.ok(cgroup);
  listReads = 0;
  // The list keeps naming it after the kill, as the kernel's does while the process exits.
  assert.equal(cgroup.killAll(), true);
  assert.equal(listReads, 2, 'one read of each folder (memory, pids)');
  const [, signal] = (await exited) as [number | null, string | null];
  assert.equal(signal, 'SIGKILL');
  cgroup.remove(0);
});

/** A pool given back a cgroup that lists a pid no process has (listed, never gone), the list reads counted from there. */
async function givenBack(name: string, pid: number): Promise<{ found: CgroupSupport; pool: CgroupPool; cgroup: CallCgroup }> {
  const found = fakeHierarchy(name);
  const pool = new CgroupPool();
  const cgroup = await CallCgroup.create(found, pid, 64);
  assert.ok(cgroup);
  listReads = 0;
  pool.give(cgroup);
  assert.equal(listReads, 0, 'the list was read as the call ended, while its process was still exiting');
  return { found, pool, cgroup };
}

test('give() leaves a call just over time to exit: no read of the list before its first look, then one per folder per look', async () => {
  const { pool } = await givenBack('look', 2 ** 22 + 3);
  // Looked at 2 ms apart with two reads a look, 60 ms came to some 60 reads (16 a call, back to back).
  await new Promise((r) => setTimeout(r, 60));
  assert.ok(listReads > 0, 'never looked');
  assert.ok(listReads <= 4, `read the list ${listReads} times in 60 ms`);
  pool.close();
});

test('give() takes a used cgroup back once its list is empty, looking again off the event loop', async () => {
  const { found, pool, cgroup } = await givenBack('give', 2 ** 22 + 1);
  // The kernel drops a process from the list once it has exited.
  for (const parent of found.parents) writeFileSync(join(parent, made(found)[0] ?? '', 'cgroup.procs'), '');
  await new Promise((r) => setTimeout(r, 100));
  const again = await pool.take(found, 2 ** 22 + 2, 128);
  assert.equal(again, cgroup, 'the emptied cgroup is used again');
  assert.equal(made(found).length, 1, 'no new cgroup was made');
  pool.close();
});
