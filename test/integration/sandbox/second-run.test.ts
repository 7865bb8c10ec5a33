// The second run of a call in its own process (`again`: the explorer's determinism re-runs,
// python/pau_probe/call.py run_again) runs after the call's answer was written, with its output
// sent to /dev/null and no effects recorded (red team, round 7: a new path). Judged by outcome,
// with a function that behaves only on its second run: it writes outside its folder through libc,
// starts a process in a new session through libc, and then sleeps past the call's time. The
// call's answer is the first run's, the second is cut at the call's deadline, nothing is
// written, and nothing it started is running once the call has answered. (Nothing got through
// when this was written: a guard for the path, not the proof of a fix.)
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { startWorker } from '../../../src/probe/client.js';
import { judge, MODE } from './readme-table.js';
import { liveProcessesNamed } from '../../support/processes.js';

const folder = mkdtempSync(join(tmpdir(), 'pau-second-run-'));
const outside = mkdtempSync(join(tmpdir(), 'pau-second-run-outside-'));
after(() => {
  rmSync(folder, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

test(`[${MODE}] a call's second run writes nothing, leaves nothing running, and neither outlives the call nor changes its answer`, async () => {
  const name = `pau${randomBytes(6).toString('hex')}`;
  const marker = join(outside, 'second-run.txt');
  const module = join(folder, 'twice.py');
  writeFileSync(
    module,
    [
      'import ctypes, os, time',
      '',
      'runs = []',
      '',
      'def twice(x):',
      '    runs.append(x)',
      '    if len(runs) == 1:',
      '        return "first"',
      '    libc = ctypes.CDLL(None, use_errno=True)',
      `    fd = libc.open(${JSON.stringify(marker)}.encode(), os.O_WRONLY | os.O_CREAT, 0o644)`,
      '    if fd >= 0:',
      '        libc.write(fd, b"second run", 10)',
      '    if libc.fork() == 0:',
      '        libc.setsid()',
      `        libc.prctl(15, b"${name}", 0, 0, 0)`,
      '        time.sleep(120)',
      '        os._exit(0)',
      '    time.sleep(60)',
      '    return "second"',
      '',
    ].join('\n'),
  );
  const worker = await startWorker({ target: { file: module, qualname: 'twice' }, python: '/usr/bin/python3', sandbox: MODE, limits: { timeoutMs: 2000 } });
  try {
    const started = Date.now();
    const result = await worker.call({ args: ['1'] }, { again: true });
    const ms = Date.now() - started;
    await sleep(500);
    const left = liveProcessesNamed(name);
    for (const pid of left) process.kill(pid, 'SIGKILL');
    assert.equal(result.value?.repr, "'first'", JSON.stringify(result).slice(0, 400));
    assert.equal(result.again?.status, 'timeout', JSON.stringify(result.again));
    const blocked = !existsSync(marker) && left.length === 0 && ms < 10_000;
    judge("Writes outside the call's folder (Python, sqlite, plain libc)", !existsSync(marker), { written: existsSync(marker) });
    assert.ok(blocked, JSON.stringify({ ms, left, written: existsSync(marker) }));
    // The worker serves the next call.
    assert.equal((await worker.call({ args: ['2'] })).status, 'returned');
  } finally {
    await worker.stop();
  }
});
