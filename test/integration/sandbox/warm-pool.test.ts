// Warm starts for workspace files (src/probe/warm-pool.ts), judged by outcome: the second
// target of a folder is forked by that folder's parent (its process is the parent's
// interpreter), a target in another folder gets a parent of its own and its forked worker
// still cannot read the first folder (OS layer), a call stopped mid-way leaves nothing
// running, an idle parent goes, dispose leaves no process behind, and where a parent may not
// start (an untrusted workspace) none does.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { ProbeWorker } from '../../../src/probe/client.js';
import { WarmPool } from '../../../src/probe/warm-pool.js';
import { WarmParent } from '../../../src/probe/warm.js';
import { descendants } from '../../support/processes.js';
import { LANDLOCK_ABI, MODE } from './readme-table.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'pau-warm-pool-')));
after(() => rmSync(root, { recursive: true, force: true }));
const MODULE =
  'import time\n\ndef f(x):\n    return x * 2\n\ndef g(x):\n    return x + 1\n\ndef peek(path):\n    return open(path).read()\n\ndef nap(s):\n    time.sleep(s)\n';
const folder = (name: string) => {
  const dir = join(root, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'mod.py'), MODULE);
  writeFileSync(join(dir, 'secret.txt'), `only ${name} sees this`);
  return dir;
};
const [a, b] = [folder('a'), folder('b')];
const target = (dir: string, qualname: string) => ({ target: { file: join(dir, 'mod.py'), qualname }, sandbox: MODE });
const forked = (worker: ProbeWorker) => readFileSync(`/proc/${worker.pid}/cmdline`, 'utf8').includes('pau_probe.warm_parent');
/** Our processes still running (tsx's esbuild service aside). */
const running = () =>
  descendants(process.pid)
    .filter((p) => !p.cmdline.includes('esbuild --service'))
    .map((p) => `${p.pid} ${p.cmdline.slice(0, 120)}`);
const noLandlock = LANDLOCK_ABI < 1 && 'no Landlock: warm starts are not used';

test(`[${MODE}] the second target of a folder is forked by its parent; another folder gets its own, fenced as cold`, { skip: noLandlock }, async (t) => {
  const pool = new WarmPool();
  const workers: ProbeWorker[] = [];
  t.after(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await pool.dispose();
  });
  const start = async (dir: string, qualname: string) => {
    const worker = await pool.startWorker(target(dir, qualname));
    workers.push(worker);
    return worker;
  };
  const first = await start(a, 'f');
  assert.equal(forked(first), false, 'the first target starts cold (its parent starts beside it)');
  assert.ok(await pool.parentReady(target(a, 'g')));
  const second = await start(a, 'g');
  assert.ok(forked(second), 'the second target of the folder is forked by the warm parent');
  assert.deepEqual(pool.counts, { parents: 1, forked: 1 });
  assert.equal((await second.call({ args: ['41'] })).value?.repr, '42');
  assert.equal((await first.call({ args: ['21'] })).value?.repr, '42');

  const other = await start(b, 'f');
  assert.ok(await pool.parentReady(target(b, 'peek')));
  const otherForked = await start(b, 'peek');
  assert.ok(forked(otherForked) && !forked(other));
  assert.deepEqual(pool.counts, { parents: 2, forked: 2 }, 'a target in another folder gets a parent of its own');
  assert.equal((await otherForked.call({ args: [JSON.stringify(join(b, 'secret.txt'))] })).value?.repr, "'only b sees this'");
  if (MODE === 'os') {
    const peek = await otherForked.call({ args: [JSON.stringify(join(a, 'secret.txt'))] });
    assert.equal(peek.status, 'raised', `a worker forked for folder b read folder a: ${JSON.stringify(peek).slice(0, 300)}`);
  }
});

test(`[${MODE}] a forked worker's call stopped mid-way, then dispose, leave nothing running`, { skip: noLandlock }, async () => {
  const pool = new WarmPool();
  const cold = await pool.startWorker(target(a, 'f'));
  assert.ok(await pool.parentReady(target(a, 'nap')));
  const worker = await pool.startWorker(target(a, 'nap'));
  assert.ok(forked(worker));
  const controller = new AbortController();
  const call = worker.call({ args: ['30'] }, { signal: controller.signal, limits: { timeoutMs: 60_000 } });
  await new Promise((r) => setTimeout(r, 500));
  controller.abort();
  await assert.rejects(call, /stopped/);
  await Promise.all([worker.stop(), cold.stop()]);
  assert.ok(
    running().some((p) => p.includes('pau_probe.warm_parent')),
    'the parent outlives the worker it forked',
  );
  await pool.dispose();
  assert.deepEqual(running(), [], 'nothing is left running after dispose');
});

test(`[${MODE}] dispose while a parent is still starting stops it; a disposed pool starts cold`, { skip: noLandlock }, async () => {
  const pool = new WarmPool();
  const cold = await pool.startWorker(target(a, 'f'));
  await pool.dispose();
  await cold.stop();
  assert.deepEqual(running(), []);
  const after = await pool.startWorker(target(a, 'g'));
  assert.equal(forked(after), false);
  await after.stop();
  assert.deepEqual(running(), []);
});

test(`[${MODE}] an idle parent is stopped, one with a worker running is not`, { skip: noLandlock }, async () => {
  const pool = new WarmPool({ idleMs: 2000 });
  const cold = await pool.startWorker(target(a, 'f'));
  assert.ok(await pool.parentReady(target(a, 'g')));
  const worker = await pool.startWorker(target(a, 'g'));
  assert.ok(forked(worker));
  await new Promise((r) => setTimeout(r, 4500));
  assert.equal((await worker.call({ args: ['1'] })).value?.repr, '2', 'a busy parent is kept');
  await Promise.all([worker.stop(), cold.stop()]);
  const deadline = Date.now() + 10_000;
  while (running().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  assert.deepEqual(running(), [], 'the idle parent is gone');
  await pool.dispose();
});

test(`[${MODE}] where a parent may not start (an untrusted workspace), none does`, async () => {
  const pool = new WarmPool({ mayStart: () => false });
  const workers = [await pool.startWorker(target(a, 'f')), await pool.startWorker(target(a, 'g'))];
  assert.deepEqual(pool.counts, { parents: 0, forked: 0 });
  assert.ok(workers.every((w) => !forked(w)));
  assert.ok(!running().some((p) => p.includes('pau_probe.warm_parent')), 'no warm parent runs');
  await Promise.all(workers.map((w) => w.stop()));
  await pool.dispose();
});

test(`[${MODE}] a start never waits for a parent still starting; one that comes up after dispose is stopped`, { skip: noLandlock }, async () => {
  let release: (() => void) | undefined;
  const gate = new Promise<void>((r) => (release = r));
  const pool = new WarmPool({ startParent: async (options) => (await gate, WarmParent.start(options)) });
  const workers = [await pool.startWorker(target(a, 'f')), await pool.startWorker(target(a, 'g'))];
  assert.ok(
    workers.every((w) => !forked(w)),
    'both started cold while the parent had not come up',
  );
  assert.deepEqual(pool.counts, { parents: 1, forked: 0 });
  await Promise.all(workers.map((w) => w.stop()));
  const disposed = pool.dispose();
  release?.();
  await disposed;
  assert.deepEqual(running(), [], 'the parent that came up after dispose was stopped');
});
