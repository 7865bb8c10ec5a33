// The worker started ahead: taken by a run only with the options it was started with, stopped
// otherwise, when it waits unused, when dropped, and at dispose, even while it is still starting.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Prober, WorkerOptions } from '../../../src/core/probe-types.js';
import { optionsKey, whyNotAhead, WorkerPrestart } from '../../../src/extension/prestart.js';

interface Fake {
  options: WorkerOptions;
  stopped: boolean;
  worker: Prober;
}

function harness(idleMs = 60_000, startDelayMs = 0) {
  const started: Fake[] = [];
  const log: string[] = [];
  const prestart = new WorkerPrestart({
    idleMs,
    log: (m) => log.push(m),
    start: async (options) => {
      const fake: Fake = { options, stopped: false, worker: undefined as unknown as Prober };
      fake.worker = {
        info: {} as Prober['info'],
        call: () => Promise.reject(new Error('not used')),
        stop: async () => {
          fake.stopped = true;
        },
      };
      started.push(fake);
      if (startDelayMs) await new Promise((r) => setTimeout(r, startDelayMs));
      return fake.worker;
    },
  });
  return { prestart, started, log };
}

const options = (qualname: string, timeoutMs = 5000): WorkerOptions => ({
  target: { file: '/w/m.py', qualname },
  python: '/usr/bin/python3',
  limits: { timeoutMs, memoryMb: 1024 },
  coverage: true,
});

test('a run with the same options takes the worker; the prestart then forgets it', async () => {
  const { prestart, started } = harness();
  prestart.offer(options('clamp'));
  const taken = prestart.take({
    coverage: true,
    limits: { memoryMb: 1024, timeoutMs: 5000 },
    python: '/usr/bin/python3',
    target: { qualname: 'clamp', file: '/w/m.py' },
  });
  assert.ok(taken, 'the same options in another order are the same worker');
  assert.equal(await taken, started[0]!.worker);
  assert.equal(prestart.waitingFor, undefined);
  assert.equal(prestart.take(options('clamp')), undefined, 'taken once');
  await prestart.dispose();
  assert.equal(started[0]!.stopped, false, 'the run owns it now: the prestart does not stop it');
});

test('a run with other options gets nothing, and the waiting worker is stopped', async () => {
  const { prestart, started } = harness();
  prestart.offer(options('clamp'));
  assert.equal(prestart.take(options('clamp', 9000)), undefined);
  await prestart.dispose();
  assert.equal(started[0]!.stopped, true);
});

test('offering the same function again keeps the one worker; another function replaces it', async () => {
  const { prestart, started } = harness();
  prestart.offer(options('clamp'));
  prestart.offer(options('clamp'));
  assert.equal(started.length, 1);
  prestart.offer(options('shorten'));
  assert.equal(started.length, 2);
  await new Promise((r) => setImmediate(r));
  assert.equal(started[0]!.stopped, true, 'one at a time');
  assert.match(prestart.waitingFor ?? '', /^shorten/);
  await prestart.dispose();
  assert.equal(started[1]!.stopped, true);
});

test('a worker left unused is stopped after the idle time', async () => {
  const { prestart, started, log } = harness(30);
  prestart.offer(options('clamp'));
  await new Promise((r) => setTimeout(r, 80));
  assert.equal(started[0]!.stopped, true);
  assert.equal(prestart.waitingFor, undefined);
  assert.ok(log.some((l) => /unused/.test(l)));
});

test('a worker dropped while it is still starting is stopped once it is up, and dispose waits for that', async () => {
  const { prestart, started } = harness(60_000, 40);
  prestart.offer(options('clamp'));
  prestart.drop('a Python file changed');
  assert.equal(started[0]!.stopped, false);
  await prestart.dispose();
  assert.equal(started[0]!.stopped, true);
});

test('a start that fails is forgotten, so the run starts its own', async () => {
  const prestart = new WorkerPrestart({ log: () => {}, start: () => Promise.reject(new Error('import failed')) });
  prestart.offer(options('clamp'));
  await new Promise((r) => setImmediate(r));
  assert.equal(prestart.take(options('clamp')), undefined);
});

test('optionsKey ignores field order and undefined fields', () => {
  assert.equal(optionsKey({ ...options('f'), sandbox: undefined }), optionsKey(options('f')));
  assert.notEqual(optionsKey(options('f')), optionsKey({ ...options('f'), sandbox: 'guards' }));
});

test('a target file changed on disk after the worker was offered is not taken (the watcher sees only workspace files)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pau-prestart-'));
  try {
    const file = join(dir, 'm.py');
    writeFileSync(file, 'def clamp(x):\n    return x\n');
    const at = { ...options('clamp'), target: { file, qualname: 'clamp' } };
    const { prestart, started, log } = harness();
    prestart.offer(at);
    writeFileSync(file, 'def clamp(x):\n    return -x\n');
    utimesSync(file, new Date(), new Date(Date.now() + 5000)); // a coarse clock may not move the time by itself
    assert.equal(prestart.take(at), undefined, 'the worker imported the old file');
    await prestart.dispose();
    assert.equal(started[0]!.stopped, true);
    assert.ok(log.some((l) => /file changed/.test(l)));

    prestart.offer(at);
    prestart.offer(at); // offered again with the file unchanged: the same worker
    assert.equal(started.length, 2);
    writeFileSync(file, 'def clamp(x):\n    return 0\n');
    utimesSync(file, new Date(), new Date(Date.now() + 10_000));
    prestart.offer(at); // offered again after a change: a new worker
    assert.equal(started.length, 3);
    await new Promise((r) => setImmediate(r)); // the replaced worker is stopped once its start resolves
    assert.equal(started[1]!.stopped, true);
    assert.equal(await prestart.take(at), started[2]!.worker);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('no worker is started ahead for a file outside the workspace folders, even in a trusted window', () => {
  const inside = { languageId: 'python', scheme: 'file', isDirty: false, trusted: true, inWorkspaceFolder: true };
  assert.equal(whyNotAhead(inside), undefined);
  assert.equal(whyNotAhead({ ...inside, inWorkspaceFolder: false }), 'the file is outside the workspace folders');
  assert.equal(whyNotAhead({ ...inside, trusted: false }), 'the workspace is not trusted');
  assert.equal(whyNotAhead({ ...inside, isDirty: true }), 'unsaved changes');
  assert.equal(whyNotAhead({ ...inside, scheme: 'untitled' }), 'not a Python file on disk');
});
