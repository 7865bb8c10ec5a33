// TIOCSTI into a terminal of the user's (red team, round 4): the call opens a terminal it can
// name (/dev/pts/N: the user's shell, the editor's integrated terminal) and pushes characters
// into its input, which that terminal's shell then reads as typed commands. The kernel allows
// it only on the caller's own terminal, or with CAP_SYS_ADMIN, so as root (CI, containers)
// on any; the worker has no terminal of its own (a new session). Judged by outcome: does
// what a reader of the terminal gets hold the text the call typed.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startWorker } from '../../../src/probe/client.js';
import { judge, MODE } from './readme-table.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'pau-terminal-'));
after(() => rmSync(folder, { recursive: true, force: true }));

// A terminal of the host's: a pty whose reader prints, raw, what arrives as its input.
const READER = `
import os, pty, select, sys, termios, tty
master, slave = pty.openpty()
tty.setraw(slave)
print(os.ttyname(slave), flush=True)
got = b''
while select.select([slave], [], [], 4)[0]:
    got += os.read(slave, 1024)
print(repr(got), flush=True)
`;

test(`[${MODE}] a call typing into a terminal of the user's (TIOCSTI)`, async () => {
  const target = join(folder, 'terminal.py');
  copyFileSync(join(HERE, 'fixtures', 'terminal.py'), target);
  const reader: ChildProcess = spawn('python3', ['-c', READER], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  reader.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const ended = new Promise<void>((r) => reader.on('exit', () => r()));
  while (!out.includes('\n')) await new Promise((r) => setTimeout(r, 20));
  const terminal = out.split('\n')[0]!.trim();
  assert.match(terminal, /^\/dev\/pts\/\d+$/);
  const text = `echo pau-typed-${process.pid}`;
  const worker = await startWorker({ target: { file: target, qualname: 'type_into' }, sandbox: MODE });
  let said: string | undefined;
  try {
    const result = await worker.call({ args: [JSON.stringify(terminal), JSON.stringify(text)] });
    assert.equal(result.status, 'returned', JSON.stringify(result).slice(0, 400));
    said = result.value?.repr;
  } finally {
    await worker.stop();
  }
  await ended;
  const got = out.split('\n')[1] ?? '';
  judge("Typing into the user's terminals (TIOCSTI, as root)", !got.includes(text), { said, got, root: process.getuid?.() === 0 });
});
