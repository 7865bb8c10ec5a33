// The escape classes of issue 10, tried for real against a worker in one sandbox mode
// (PAU_SANDBOX_MODE=os, the default, or guards; CI runs both). Each test judges by outcome:
// nothing written outside, no secret in result or output, no process left behind, the victim
// alive, the next ordinary call correct. In `os` mode every class must be stopped; in `guards`
// mode what happens must match the README's table of what each mode protects.
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startWorker, type ProbeWorker } from '../../../src/probe/client.js';
import type { ProbeResult } from '../../../src/core/probe-types.js';
import { processesMatching } from '../../support/processes.js';
import { judge, MODE, ROOT } from './readme-table.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ATTACKS = join(HERE, 'fixtures', 'attacks.py');
const outside = mkdtempSync(join(tmpdir(), 'pau-outside-'));
const SECRET = `pau-secret-${randomBytes(8).toString('hex')}`;
let worker: ProbeWorker;
let victim: ChildProcess;

function attack(name: string, ...args: unknown[]): Promise<ProbeResult> {
  return worker.call({ args: [JSON.stringify(name), ...args.map((a) => JSON.stringify(a))] });
}

async function ordinaryCallWorks(): Promise<void> {
  const result = await attack('ordinary', 21);
  assert.equal(result.value?.repr, '42', JSON.stringify(result).slice(0, 400));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const outsideFiles = () => readdirSync(outside).sort();

before(async () => {
  writeFileSync(join(outside, 'secret.txt'), SECRET);
  writeFileSync(join(outside, 'victim.txt'), 'original');
  victim = spawn('sleep', ['600'], { detached: true, stdio: 'ignore' });
  worker = await startWorker({ target: { file: ATTACKS, qualname: 'attack' }, sandbox: MODE });
  assert.equal(worker.sandbox?.layer, MODE);
});

after(async () => {
  await worker?.stop();
  victim?.kill('SIGKILL');
  rmSync(outside, { recursive: true, force: true });
});

test(`[${MODE}] secrets: the parent's environment and files outside the workspace`, async () => {
  const out = execFileSync(process.execPath, ['--import', 'tsx', join(HERE, 'fixtures', 'secret-driver.mts'), ATTACKS, MODE, outside], {
    env: { ...process.env, PAU_SANDBOX_TEST_SECRET: SECRET },
    encoding: 'utf8',
    cwd: ROOT,
  });
  const { stolen, next } = JSON.parse(out.trim().split('\n').pop()!) as { stolen: ProbeResult; next: ProbeResult };
  assert.equal(stolen.status, 'returned', JSON.stringify(stolen).slice(0, 400));
  assert.equal(next.value?.repr, '42');
  judge('Secrets (parent environment, files outside the workspace)', !JSON.stringify(stolen).includes(SECRET), stolen);
});

test(`[${MODE}] code from argument sources: higher-order routes to exec and size bombs`, async () => {
  const sources = [
    "next(map(operator.attrgetter, ['__self__.exec']))(print)('1')",
    "next(map(operator.mul, ['a'], [10**8]))",
    "sorted(['__class__'], key=operator.attrgetter)",
    // operator's getters looked attributes up in C: a generator's frame handed over the real builtins.
    "(lambda c: operator.attrgetter('gi_frame.f_builtins')(iter(c.keys()))['eval']('1'))(ChainMap({1: 2}))",
    // Sizes asked of methods: building the arguments has a memory budget of its own.
    "(lambda s: s.ljust(3 * 10**8))('')",
    "(lambda n: n.to_bytes(10**9, 'big'))(1)",
  ];
  const results = await Promise.all(sources.map((source) => worker.call({ args: ["'ordinary'", source] })));
  judge(
    'Code and size bombs from argument sources',
    results.every((r) => r.status === 'rejected'),
    results,
  );
  await ordinaryCallWorks();
});

test(`[${MODE}] writes outside the call's folder`, async () => {
  const before = outsideFiles();
  const result = await attack('writes', outside);
  const written = outsideFiles().filter((f) => !before.includes(f));
  const tampered = readFileSync(join(outside, 'victim.txt'), 'utf8') !== 'original';
  judge("Writes outside the call's folder (Python, sqlite, plain libc)", written.length === 0 && !tampered, { written, tampered, result });
  await ordinaryCallWorks();
});

test(`[${MODE}] processes and signals: nothing outlives the call, nobody else is hit`, async () => {
  const marker = `pau-marker-${randomBytes(6).toString('hex')}`;
  const workerPid = worker.pid;
  const result = await attack('processes', outside, victim.pid, marker);
  await new Promise((r) => setTimeout(r, 1500)); // the grandchild would write its file after 1 s
  const left = processesMatching(marker).map((p) => p.pid);
  const grandchildWrote = outsideFiles().some((f) => f.startsWith('grandchild-') || f === 'guards-off.txt');
  const blocked = left.length === 0 && !grandchildWrote && alive(victim.pid!) && worker.pid === workerPid;
  for (const pid of left) process.kill(pid, 'SIGKILL');
  judge('Processes and signals (libc fork, new sessions, grandchildren)', blocked, { left, grandchildWrote, victim: alive(victim.pid!), result });
  await ordinaryCallWorks();
});

test(`[${MODE}] the worker channel cannot aim the host at another process`, async () => {
  const own = await startWorker({ target: { file: ATTACKS, qualname: 'attack' }, sandbox: MODE });
  const result = await own.call({ args: ["'channel'", String(victim.pid)] });
  const next = await own.call({ args: ["'ordinary'", '4'] });
  await own.stop();
  judge('Trust of the worker channel', alive(victim.pid!), { result, next });
});

test(`[${MODE}] leaks between calls: earlier folders and the warm worker's memory`, async () => {
  const planted = `planted-${randomBytes(6).toString('hex')}`;
  await attack('leaks_plant', planted);
  const read = await attack('leaks_read');
  judge('Leaks between calls', !JSON.stringify(read).includes(planted) && !/^\d+$/.test(String(read.value?.repr ?? '')), read);
  await ordinaryCallWorks();
});

test(`[${MODE}] sizes: a 70 MB return value, a huge type name and exception are capped`, async () => {
  const big = await attack('big_return', 70);
  assert.equal(big.status, 'returned', JSON.stringify(big).slice(0, 300));
  assert.equal(big.value?.truncated, true);
  const named = await attack('long_type_name', 5_000_000);
  const raised = await attack('long_exception', 5_000_000);
  const longest = Math.max(JSON.stringify(named).length, JSON.stringify(raised).length, JSON.stringify(big).length);
  judge('Sizes and statuses', longest < 200_000, { longest, type: named.value?.type?.length, exception: raised.exception?.type.length });
  await ordinaryCallWorks();
});

test(`[${MODE}] no false positives: file work inside the call's folder and workspace reads`, async () => {
  const result = await attack('legit_files');
  assert.equal(result.status, 'returned', JSON.stringify(result).slice(0, 600));
  assert.equal(result.value?.repr, "['hello', 'workspace data']");
});
