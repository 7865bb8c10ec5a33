// Workers forked by one warm parent (src/probe/warm.ts) are each isolated as a cold worker is,
// judged by outcome in the sandbox mode under test: a call cannot write into a sibling's
// generated source nor the parent's folder (Landlock: each worker fences its own writes),
// cannot open a unix socket (the seccomp filter, loaded once in the parent, holds in every
// fork), cannot signal a sibling worker (Landlock 6 scopes signals), sees no secret of the
// host's; an aborted call is killed and the next one works; nothing runs after stop.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startWorker, type ProbeWorker } from '../../../src/probe/client.js';
import { WarmParent } from '../../../src/probe/warm.js';
import { listProcesses } from '../../support/processes.js';
import { LANDLOCK_ABI, MODE } from './readme-table.js';

const SOURCE = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'warm_parent_target.py'), 'utf8');
const SECRET_NAME = 'PAU_TEST_SECRET_TOKEN';
let warm: WarmParent;
let a: ProbeWorker;
let b: ProbeWorker;

const act = (worker: ProbeWorker, what: string, arg?: unknown) =>
  worker.call({ args: [JSON.stringify(what), ...(arg === undefined ? [] : [JSON.stringify(arg)])] });

function cmdline(pid: number): string {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
}

before(async () => {
  process.env[SECRET_NAME] = 'do-not-leak';
  warm = await WarmParent.start({ sandbox: MODE });
  const start = () => startWorker({ target: { source: SOURCE, qualname: 'act' }, sandbox: MODE }, warm);
  a = await start();
  b = await start();
});

after(async () => {
  delete process.env[SECRET_NAME];
  await a?.stop();
  await b?.stop();
  await warm?.stop();
});

test(`[${MODE}] both workers were forked by the warm parent, not started cold`, { skip: LANDLOCK_ABI < 1 && 'no Landlock: warm starts are not used' }, () => {
  for (const worker of [a, b]) assert.match(cmdline(worker.pid!), /pau_probe\.warm_parent/);
  assert.equal(a.sandbox?.layer, MODE);
  assert.notEqual(a.pid, b.pid);
});

test(`[${MODE}] a call cannot write into a sibling's source nor the parent's folder`, { skip: LANDLOCK_ABI < 1 && 'no Landlock' }, async () => {
  const sessions = readdirSync(warm.root).filter((name) => name.startsWith('pau-probe-'));
  assert.equal(sessions.length, 2, sessions.join(', '));
  for (const folder of [warm.root, ...sessions.map((name) => join(warm.root, name, 'source'))]) {
    const result = await act(a, 'write', folder);
    assert.match(result.value?.repr ?? '', /refused/, `${folder}: ${JSON.stringify(result).slice(0, 300)}`);
    assert.ok(!readdirSync(folder).includes('planted.py'), folder);
  }
});

test(`[${MODE}] the seccomp filter holds in a forked worker's calls`, { skip: LANDLOCK_ABI < 1 && 'no Landlock' }, async () => {
  const result = await act(b, 'unix');
  assert.match(result.value?.repr ?? '', /refused: PermissionError/, JSON.stringify(result).slice(0, 300));
});

test(`[${MODE}] a call cannot signal the sibling worker`, { skip: LANDLOCK_ABI < 6 && 'Landlock before ABI 6 does not scope signals' }, async () => {
  const sibling = await act(b, 'worker');
  assert.equal(sibling.status, 'returned', JSON.stringify(sibling).slice(0, 300));
  const result = await act(a, 'signal', Number(sibling.value?.repr));
  assert.match(result.value?.repr ?? '', /refused/, JSON.stringify(result).slice(0, 300));
  const after = await act(b, 'ordinary', 21);
  assert.equal(after.value?.repr, '42');
});

test(`[${MODE}] no secret of the host's reaches a forked worker's call`, async () => {
  const result = await act(a, 'environ');
  assert.equal(result.value?.repr, '[]', JSON.stringify(result).slice(0, 300));
});

test(`[${MODE}] an aborted call on a forked worker is killed, and the next call works`, async () => {
  const controller = new AbortController();
  let childPid: number | undefined;
  a.once('started', ({ pid }: { pid?: number }) => {
    childPid = pid;
    setTimeout(() => controller.abort(), 100);
  });
  await assert.rejects(a.call({ args: ['"sleep"', '30'] }, { signal: controller.signal }), /stopped/);
  assert.ok(childPid, 'the call started');
  await new Promise((r) => setTimeout(r, 300));
  assert.ok(!listProcesses().some((p) => p.pid === childPid && !/\(Z\)|zombie/.test(p.cmdline)), 'the call process is gone');
  const next = await act(a, 'ordinary', 4);
  assert.equal(next.value?.repr, '8');
});

test(`[${MODE}] nothing is left after the parent stops, not even a zombie, also of a worker still running`, async () => {
  assert.equal((await act(b, 'ordinary', 1)).value?.repr, '2'); // b has call processes now
  const pids = [a.pid!, b.pid!, ...a.childPids, ...b.childPids];
  await a.stop();
  await warm.stop(); // b still runs: the parent's end ends it
  // A process killed at stop is a zombie until reaped, re-parented to the warm parent (a
  // subreaper), or to pid 1 once the parent is gone, which in some containers reaps only every
  // ~2 s. The parent's graceful end kills and reaps every one before it exits (with the parent
  // SIGKILLed, b's fork server and call processes were found here as zombies).
  const left = listProcesses().filter((p) => pids.includes(p.pid) || p.cmdline.includes(warm.root));
  await b.stop();
  assert.deepEqual(left, []);
});
