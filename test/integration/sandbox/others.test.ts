// Other processes of the user without a signal (red team, round 3): prlimit() and setpriority()
// act on any process of the same user, the audit hook sees no libc call, and Landlock scopes
// signals only. With the guards only a call cut a host process's open-files limit to 16 and
// made it nice 19 (the editor would be left unable to open files). In the OS layer the call's
// pid namespace holds no process of the host's. Judged by outcome: the victim's limits and nice value.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startWorker } from '../../../src/probe/client.js';
import { judge, MODE } from './readme-table.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'others.py');
const victim = spawn('sleep', ['120'], { stdio: 'ignore' });
after(() => victim.kill('SIGKILL'));

/** The victim's open-files limit line and nice value, as the host reads them. */
function state(): { files: string; nice: string } {
  const files =
    readFileSync(`/proc/${victim.pid!}/limits`, 'utf8')
      .split('\n')
      .find((line) => line.startsWith('Max open files')) ?? '';
  const nice = readFileSync(`/proc/${victim.pid!}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]!;
  return { files: files.replace(/\s+/g, ' '), nice };
}

test(`[${MODE}] a call's prlimit() and setpriority() on a process of the host's`, async () => {
  const before = state();
  const worker = await startWorker({ target: { file: FIXTURE, qualname: 'hit' }, sandbox: MODE });
  let result;
  try {
    result = await worker.call({ args: [String(victim.pid!)] });
  } finally {
    await worker.stop();
  }
  assert.equal(result.status, 'returned', JSON.stringify(result).slice(0, 400));
  const now = state();
  judge("Limits and priority of the host's processes (prlimit, setpriority through libc)", JSON.stringify(now) === JSON.stringify(before), {
    before,
    now,
    tried: result.value?.repr,
  });
});
