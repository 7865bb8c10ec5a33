// `pau call` as a user ends it: Ctrl-C during the call or during the target's import, and a reader
// that goes away (`| head`). A real process, the real worker: it says "stopped" and exits 130, or
// stays quiet when nobody reads, and leaves no worker folder in the temporary folder. Before,
// Ctrl-C during the import ended node at once (its folder left behind), during the call it exited
// 1 ("the call was stopped"), and a closed stdout crashed it with an EPIPE stack trace. Ctrl-C during
// the import then killed the worker outright, which handed what the import had started to pid 1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pauCli } from '../../support/cli.js';

const TARGET = `import ctypes
import time

if __name__ == "slow_import":
    time.sleep(60)


def sleepy(mark):
    ctypes.CDLL(None).prctl(15, mark.encode(), 0, 0, 0)  # PR_SET_NAME: the test sees the call run
    time.sleep(60)


def loud(n):
    for i in range(n):
        print("x" * 100, i)
    return n
`;

/**
 * A module whose import leaves two daemons named `mark` (double fork through libc, setsid: as
 * sandbox/fixtures/orphans.py leaves them in a call), then takes a minute.
 */
const daemonsOnImport = (mark: string) => `import ctypes
import time

libc = ctypes.CDLL(None)
for _ in range(2):
    if libc.fork() == 0:
        libc.setsid()
        if libc.fork() == 0:
            libc.prctl(15, b"${mark}", 0, 0, 0)  # PR_SET_NAME
            for fd in range(256):
                libc.close(fd)
            libc.sleep(60)
        libc._exit(0)
time.sleep(60)


def f():
    return 1
`;

interface Ended {
  code: number | null;
  signal: string | null;
  stderr: string;
  /** The worker folders left in the command's temporary folder. */
  left: string[];
}

/** Runs `pau call <args>` in a project of its own (TMPDIR inside it); `during` acts on the running command. */
async function pauCall(args: (project: string) => string[], during: (child: ChildProcess, temp: string) => Promise<void>): Promise<Ended> {
  const project = mkdtempSync(join(tmpdir(), 'pau-call-stop-'));
  try {
    const temp = join(project, 'tmp');
    mkdirSync(temp); // the worker makes its folder under os.tmpdir(), which follows TMPDIR
    writeFileSync(join(project, 'target.py'), TARGET);
    writeFileSync(join(project, 'slow_import.py'), TARGET);
    const child = spawn(process.execPath, [pauCli(), 'call', ...args(project)], {
      env: { ...process.env, TMPDIR: temp, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const closed = new Promise<[number | null, string | null]>((resolve) => child.on('close', (code, signal) => resolve([code, signal])));
    await during(child, temp);
    const [code, signal] = await closed;
    return { code, signal, stderr, left: readdirSync(temp).filter((name) => name.startsWith('pau-probe-')) };
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

/** Waits (at most a minute) until `ready()`. */
async function until(ready: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`not within a minute: ${what}`);
    await sleep(50);
  }
}

function running(mark: string): boolean {
  return readdirSync('/proc').some((pid) => {
    try {
      return /^\d+$/.test(pid) && readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === mark;
    } catch {
      return false;
    }
  });
}

test('Ctrl-C during the call: "stopped", exit 130, no worker folder left', { skip: process.platform !== 'linux' }, async () => {
  const mark = `pau-stop-${process.pid % 100000}`;
  const ended = await pauCall(
    (project) => [`${join(project, 'target.py')}:sleepy`, `'${mark}'`, '--timeout-ms', '60000'],
    async (child) => {
      child.stdout!.resume();
      await until(() => running(mark), 'the call running');
      child.kill('SIGINT');
    },
  );
  assert.deepEqual(ended, { code: 130, signal: null, stderr: 'pau call: stopped\n', left: [] });
});

test('Ctrl-C during the import: "stopped", exit 130 at once, no worker folder left', async () => {
  let signalled = 0;
  const ended = await pauCall(
    (project) => [`${join(project, 'slow_import.py')}:loud`, '1'],
    async (child, temp) => {
      child.stdout!.resume();
      await until(() => readdirSync(temp).some((name) => name.startsWith('pau-probe-')), 'the worker started');
      await sleep(1500); // into the import
      child.kill('SIGINT');
      signalled = Date.now();
    },
  );
  assert.ok(Date.now() - signalled < 15_000, 'not at the end of the import time limit');
  assert.deepEqual(ended, { code: 130, signal: null, stderr: 'pau call: stopped\n', left: [] });
});

test(
  'Ctrl-C during the import: what the import started is ended by the worker, not handed to pid 1 as zombies',
  { skip: process.platform !== 'linux' },
  async () => {
    const mark = `pau-imp-${process.pid % 100000}`;
    const ended = await pauCall(
      (project) => {
        writeFileSync(join(project, 'daemons.py'), daemonsOnImport(mark));
        return [`${join(project, 'daemons.py')}:f`, '--sandbox', 'guards'];
      },
      async (child) => {
        child.stdout!.resume();
        await until(() => running(mark), 'the import started its daemons');
        child.kill('SIGINT');
      },
    );
    assert.deepEqual(ended, { code: 130, signal: null, stderr: 'pau call: stopped\n', left: [] });
    assert.equal(running(mark), false, 'a daemon of the import is still in the process table (a zombie there is one handed to pid 1)');
  },
);

test('a reader that goes away (| head): the call ran, exit 0, no EPIPE crash', async () => {
  const ended = await pauCall(
    (project) => [`${join(project, 'target.py')}:loud`, '1000'],
    async (child) => {
      child.stdout!.destroy(); // nobody reads: every write fails with EPIPE
    },
  );
  assert.deepEqual(ended, { code: 0, signal: null, stderr: '', left: [] });
});
