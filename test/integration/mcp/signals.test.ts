// `pau mcp` stopped by a signal in the middle of a probe_function run: SIGTERM (how a client stops
// a stdio server) and SIGINT (Ctrl-C in a terminal) end it as the client's leaving does, exit code
// 128 + the signal, and nothing of its workers or warm parents stays in the temporary folder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pauCli } from '../../support/cli.js';

const ROOT = resolve('.');

for (const [signal, code] of [
  ['SIGTERM', 143],
  ['SIGINT', 130],
] as const) {
  test(`${signal} during probe_function: exit ${code}, no worker or warm parent folder left in TMPDIR`, async (t) => {
    const work = mkdtempSync(join(tmpdir(), 'pau-mcp-signal-'));
    t.after(() => rmSync(work, { recursive: true, force: true }));
    const temp = join(work, 'tmp');
    mkdirSync(temp); // the workers' and warm parents' folders are made under os.tmpdir(), which follows TMPDIR
    writeFileSync(join(work, 'slow.py'), 'import time\n\n\ndef slow(x):\n    time.sleep(1)\n    return x\n');
    const server = spawn(process.execPath, [pauCli(), 'mcp', '--cwd', work], {
      cwd: ROOT,
      env: { ...process.env, TMPDIR: temp },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let ended = false;
    const closed = new Promise<number | null>((done) => server.on('close', (exit) => ((ended = true), done(exit))));
    let stderr = '';
    server.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    server.stdout.resume();
    const send = (message: object) => server.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');
    send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pau-test', version: '1' } } });
    send({ method: 'notifications/initialized' });
    send({ id: 2, method: 'tools/call', params: { name: 'probe_function', arguments: { file: 'slow.py', qualname: 'slow' } } });

    const ours = () => readdirSync(temp).filter((name) => name.startsWith('pau-probe-') || name.startsWith('pau-warm-'));
    const until = Date.now() + 60_000;
    while (!ours().some((name) => name.startsWith('pau-probe-')) && !ended && Date.now() < until) await sleep(100);
    assert.ok(ours().length > 0, `no worker started within a minute: ${stderr}`);
    await sleep(1500); // into the probing: a call is running or done
    server.kill(signal);
    const exit = await closed;

    assert.equal(exit, code, stderr);
    assert.deepEqual(ours(), []);
  });
}
