// The export's own pytest run runs the module's code (red team, round 7). A call's processes
// end with the call (the worker is their subreaper and kills what they leave); the pytest run
// had no such keeper in guards mode: a process the module's code forked through libc (the audit
// hook sees no libc fork) and moved to a session of its own outlived the run, on the host,
// reading what the user can read, and held the run (an editor's export) for as long as it kept
// the run's output open. Judged by outcome: once the run has answered, no process of it is left,
// however it was started, and the run answers in its time, also when stopped at its timeout.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { pytestRunner } from '../../../src/probe/pytest-run.js';
import { judge, MODE } from './readme-table.js';
import { isAlive, processesMatching } from '../../support/processes.js';

const folder = mkdtempSync(join(tmpdir(), 'pau-pytest-leftovers-'));
after(() => rmSync(folder, { recursive: true, force: true }));

/** A test module whose test forks, through libc, a process in a new session that sleeps; then `after`. */
function leaving(tag: string, then: string): string {
  const tests = join(folder, `test_leftover_${tag}.py`);
  writeFileSync(
    tests,
    [
      'import ctypes, os, time',
      '',
      'def test_leaves_one():',
      '    libc = ctypes.CDLL(None, use_errno=True)',
      '    if libc.fork() == 0:',
      '        libc.setsid()',
      '        if libc.fork() == 0:',
      '            time.sleep(120)',
      '        os._exit(0)',
      `    ${then}`,
      '',
    ].join('\n'),
  );
  return tests;
}

for (const [name, then, timeoutMs] of [
  ['answers', 'assert True', 60_000],
  ['is stopped at its timeout', 'time.sleep(120)', 4_000],
] as const) {
  test(`[${MODE}] a process the module's code forked under pytest does not outlive the run that ${name}`, async () => {
    const tag = randomBytes(6).toString('hex');
    const tests = leaving(tag, then);
    const module = join(folder, 'nothing.py');
    writeFileSync(module, '');
    let output = '';
    const started = Date.now();
    try {
      output = (await pytestRunner({ sandbox: MODE })(tests, { python: '/usr/bin/python3', moduleFile: module, timeoutMs })).output;
    } catch (err) {
      output = (err as Error).message;
    }
    // Before, a leftover holding the run's output held the run until it exited (120 s).
    const ms = Date.now() - started;
    if (then === 'assert True') assert.match(output, /1 passed/, output);
    await sleep(500);
    const left = processesMatching(tag)
      .map((p) => p.pid)
      .filter(isAlive);
    for (const pid of left) process.kill(pid, 'SIGKILL');
    judge("The export's own pytest run (the module's code under pytest)", left.length === 0 && ms < timeoutMs + 10_000, {
      left,
      ms,
      output: output.slice(-300),
    });
  });
}
