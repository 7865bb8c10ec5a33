// `npm run start:web` as a new user runs it: with fresh state it builds and packs the extension,
// installs it into code-server and serves the workbench; PAU Probe activates there (its Probe
// CodeLens shows above a def of examples/mathx.py); Ctrl-C (SIGINT to the foreground process
// group) stops it and leaves no process behind.
// Runs alone: it rebuilds dist/, from which the .vsix the other e2e files install is packed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './harness/code-server.js';
import { GiveUp, launchChromium, waitUntil, Workbench } from './harness/workbench.js';
import { descendants, isAlive, killTreeNow } from '../support/processes.js';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

test('npm run start:web serves the workbench with PAU Probe active; Ctrl-C stops all of it', { timeout: 420_000 }, async () => {
  const state = mkdtempSync(join(tmpdir(), 'pau-start-web-'));
  const port = await freePort();
  // A process group of its own, as a terminal's foreground job: the SIGINT below is Ctrl-C.
  const child = spawn('npm', ['run', '--silent', 'start:web'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PAU_WEB_PORT: String(port), PAU_WEB_STATE: state },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  let ended = false;
  void exited.then(() => (ended = true));
  const browser = await launchChromium();
  try {
    const url = await waitUntil(
      'start:web to print the workbench URL',
      360_000,
      () => {
        if (ended) throw new GiveUp(`start:web exited early: ${output}`);
        return /PAU Probe in VS Code \(code-server\): (http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(output)?.[1];
      },
      200,
    );
    assert.ok(url.startsWith(`http://127.0.0.1:${port}/`), url);
    const wb = await Workbench.open(browser, url);
    await wb.openFile('mathx.py');
    // The CodeLens comes from the extension: it is active.
    assert.ok((await (await wb.codeLens('clamp')).count()) > 0);
  } finally {
    await browser.close();
    // Every process start:web started, seen before stopping it (code-server runs in a group of its own).
    const started = descendants(child.pid!).map((p) => p.pid);
    if (!ended) process.kill(-child.pid!, 'SIGINT');
    const code = await Promise.race([exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 20_000))]);
    // The script's stop() gives code-server a few seconds; its children go with it.
    const left = await waitUntil('the processes of start:web to end', 10_000, () => started.filter(isAlive).length === 0).then(
      () => [],
      () => started.filter(isAlive),
    );
    for (const pid of [child.pid!, ...left]) killTreeNow(pid);
    rmSync(state, { recursive: true, force: true });
    assert.notEqual(code, 'hung', `start:web did not stop on SIGINT:\n${output}`);
    assert.deepEqual(left, [], 'no process is left');
  }
  assert.match(output, /start-web: stopped/);
});
