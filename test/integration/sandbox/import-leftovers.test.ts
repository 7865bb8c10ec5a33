// What the target's import starts runs in the worker, before any call (red team, round 7): the
// worker kills what a call leaves after each call, but a process the import forked through libc
// into a session of its own was left when the worker stopped before any call. That is the path
// of a worker started ahead for the function under the cursor (src/extension/prestart.ts) and
// dropped unused, or of a run stopped at once. Judged by outcome: once stop() has resolved,
// nothing the import started is running.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { startWorker } from '../../../src/probe/client.js';
import { judge, MODE } from './readme-table.js';
import { liveProcessesNamed } from '../../support/processes.js';

const folder = mkdtempSync(join(tmpdir(), 'pau-import-leftovers-'));
after(() => rmSync(folder, { recursive: true, force: true }));

for (const how of ['main thread', 'thread'] as const) {
  test(`[${MODE}] a process the target's import forked (from its ${how}) does not outlive a worker stopped before any call`, async () => {
    const name = `pau${randomBytes(6).toString('hex')}`; // 15 characters: a process name's limit
    const module = join(folder, `starts_${name}.py`);
    const fork = [
      'def _leave():',
      '    libc = ctypes.CDLL(None, use_errno=True)',
      '    if libc.fork() == 0:',
      '        libc.setsid()',
      '        if libc.fork() == 0:',
      `            libc.prctl(15, b"${name}", 0, 0, 0)  # PR_SET_NAME`,
      '            time.sleep(120)',
      '        os._exit(0)',
      '',
    ];
    const start = how === 'thread' ? ['t = threading.Thread(target=_leave)', 't.start()', 't.join()'] : ['_leave()'];
    writeFileSync(module, ['import ctypes, os, threading, time', '', ...fork, ...start, '', 'def same(x):', '    return x', ''].join('\n'));
    const worker = await startWorker({ target: { file: module, qualname: 'same' }, python: '/usr/bin/python3', sandbox: MODE });
    await sleep(300); // the import's process has named itself
    await worker.stop();
    await sleep(500);
    const left = liveProcessesNamed(name);
    for (const pid of left) process.kill(pid, 'SIGKILL');
    judge("Processes the target's import starts (a worker stopped before any call)", left.length === 0, { left });
  });
}
