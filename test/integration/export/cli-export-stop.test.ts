// `pau export --pytest file.py:qualname` stopped with Ctrl-C as a user does it: a real process,
// the real worker. It says so and exits 130, and its workers' folders leave the temporary
// folder with them (ending node at once, as SIGINT's default did, left them there).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pauCli } from '../../support/cli.js';

test('Ctrl-C during pau export: "stopped", exit 130, no worker folder left in TMPDIR, no module written', async (t) => {
  const project = mkdtempSync(join(tmpdir(), 'pau-export-stop-'));
  const temp = join(project, 'tmp');
  t.after(() => rmSync(project, { recursive: true, force: true }));
  writeFileSync(join(project, 'slow.py'), 'import time\n\n\ndef slow(x):\n    time.sleep(1)\n    return x\n');
  mkdirSync(temp); // the worker makes its folder under os.tmpdir(), which follows TMPDIR
  const child = spawn(process.execPath, [pauCli(), 'export', '--pytest', `${join(project, 'slow.py')}:slow`, '--workspace', project], {
    env: { ...process.env, TMPDIR: temp, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdout.resume();
  let ended = false;
  const closed = new Promise<number | null>((resolve) => child.on('close', (code) => ((ended = true), resolve(code))));

  const workerFolders = () => readdirSync(temp).filter((name) => name.startsWith('pau-probe-'));
  const until = Date.now() + 60_000;
  while (workerFolders().length === 0 && !ended && Date.now() < until) await sleep(100);
  assert.notEqual(workerFolders().length, 0, `no worker started within a minute: ${stderr}`);
  await sleep(1500); // into the probing: a call is running or done
  child.kill('SIGINT');
  const code = await closed;

  assert.equal(code, 130, stderr);
  assert.match(stderr, /pau export: stopped\n$/);
  assert.deepEqual(workerFolders(), []);
  assert.ok(!existsSync(join(project, 'tests')) && !readdirSync(project).some((name) => name.startsWith('test_')));
});
