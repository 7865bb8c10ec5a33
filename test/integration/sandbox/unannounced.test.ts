// The worker announces a call to the host (StartedEvent) only once it has run for a few
// milliseconds (worker.py: STARTED_AFTER); a shorter call is answered with nothing on the host's
// channel in between. Each guarantee is judged by its outcome on that path: nothing written
// outside the call's folder, nothing left running after the answer; and on the announced one:
// a gigabyte of output cut at the cap, a hang killed with its process.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startWorker, type ProbeWorker } from '../../../src/probe/client.js';
import { MODE } from './readme-table.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const FIXTURE = join(FIXTURES, 'unannounced.py');
let worker: ProbeWorker;
const started: number[] = [];

before(async () => {
  worker = await startWorker({ target: { file: FIXTURE, qualname: 'act' }, sandbox: MODE, limits: { maxOutputBytes: 4096 } });
  worker.on('started', ({ pid }: { pid: number }) => started.push(pid));
});

after(async () => {
  await worker?.stop();
});

/** The call's result, and whether the host heard it announced. */
async function act(args: string[], limits = {}) {
  started.length = 0;
  const result = await worker.call({ args }, { limits });
  return { result, announced: started.length > 0, pid: started[0] };
}

/** Whether a process with this pid in pid namespace `ns` (as `readlink /proc/self/ns/pid` names it) still runs. */
function running(pid: number, ns: string): boolean {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .some((entry) => {
      try {
        const inner = /^NSpid:\s+(.*)$/m
          .exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1]
          ?.split(/\s+/)
          .at(-1);
        return inner === String(pid) && readlinkSync(`/proc/${entry}/ns/pid`) === ns && !/^State:\s+Z/m.test(readFileSync(`/proc/${entry}/status`, 'utf8'));
      } catch {
        return false;
      }
    });
}

test(`[${MODE}] a call answered before it is announced writes nothing outside its folder`, async () => {
  const target = join(FIXTURES, `written-by-a-short-call-${process.pid}`);
  try {
    // The first call of a worker may wait for its process; the rule is judged on calls after it.
    for (let i = 0; i < 10; i++) {
      const { result, announced } = await act(["'write_outside'", JSON.stringify(target)]);
      assert.equal(result.status, 'returned', JSON.stringify(result).slice(0, 400));
      assert.ok(!existsSync(target), `a call wrote ${target}: ${result.value?.repr}`);
      if (!announced) return;
    }
    assert.fail('every call was announced: the short path was not taken');
  } finally {
    rmSync(target, { force: true });
  }
});

test(`[${MODE}] a call answered before it is announced leaves nothing running`, async () => {
  let unannounced = false;
  for (let i = 0; i < 10 && !unannounced; i++) {
    const { result, announced } = await act(["'linger'"]);
    assert.equal(result.status, 'returned', JSON.stringify(result).slice(0, 400));
    const left = /'pid': ([1-9]\d*), 'ns': '(pid:\[\d+\])'/.exec(result.value?.repr ?? '');
    assert.ok(left, `the call did not leave its process: ${result.value?.repr}`);
    // The worker kills what the call left before it answers; a killed process may take a moment
    // to finish exiting on a loaded machine (a process nobody killed sleeps for an hour).
    let alive = running(Number(left[1]), left[2] ?? '');
    for (let wait = 0; wait < 40 && alive; wait++) {
      await new Promise((r) => setTimeout(r, 50));
      alive = running(Number(left[1]), left[2] ?? '');
    }
    assert.equal(alive, false, 'a process the call left is still running 2 s after its answer');
    unannounced = !announced;
  }
  assert.ok(unannounced, 'every call was announced: the short path was not taken');
});

test(`[${MODE}] a process a short call left is dead when its answer arrives`, async () => {
  // Judged before the host's own clean-up can run (it kills what is left in the call's cgroup in a
  // later turn of the event loop): only the worker's kill, made before it answered, counts here.
  for (let i = 0; i < 5; i++) {
    const { result } = await act(["'linger'"]);
    const left = /'pid': ([1-9]\d*), 'ns': '(pid:\[\d+\])'/.exec(result.value?.repr ?? '');
    assert.ok(left, `the call did not leave its process: ${result.value?.repr}`);
    assert.equal(running(Number(left[1]), left[2] ?? ''), false, `call ${i}: its process still ran as the answer arrived`);
  }
});

test(`[${MODE}] a longer call is announced: a gigabyte of output is cut at the cap`, async () => {
  const { result, announced } = await act(["'shout'", '1024'], { timeoutMs: 60000 });
  assert.equal(result.status, 'returned', JSON.stringify(result).slice(0, 400));
  assert.equal(Buffer.byteLength(result.stdout), 4096);
  assert.equal(result.outputTruncated, true);
  assert.ok(announced, 'a call of seconds was not announced');
});

test(`[${MODE}] a longer call is announced: a hang is killed, and its process with it`, async () => {
  const { result, announced, pid } = await act(["'hang'"], { timeoutMs: 300 });
  assert.equal(result.status, 'timeout');
  assert.ok(announced && pid, 'the hang was not announced');
  let alive = true;
  for (let i = 0; i < 40 && alive; i++) {
    try {
      process.kill(-pid, 0);
      await new Promise((r) => setTimeout(r, 25));
    } catch {
      alive = false;
    }
  }
  assert.equal(alive, false, 'the hung call process group is still there');
});
