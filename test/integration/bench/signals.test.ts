// `pau bench` stopped by a signal mid-run: SIGTERM (how Kubernetes ends a pod) stops the tasks,
// says so and exits 143; a second Ctrl-C ends it at once with 130. Either way nothing of its
// warm parent or workers stays in the temporary folder (a signal's default ended node without
// its exit hooks and left both there).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pauCli } from '../../support/cli.js';

const ROOT = resolve('.');

for (const { signals, code, says } of [
  { signals: ['SIGTERM'], code: 143, says: /pau bench: stopped; run the same command again/ },
  { signals: ['SIGINT', 'SIGINT'], code: 130, says: /^$/ },
] as const) {
  test(`${signals.join(' then ')} during a run: exit ${code}, no warm parent or worker folder left in TMPDIR`, async (t) => {
    const work = mkdtempSync(join(tmpdir(), 'pau-bench-signal-'));
    t.after(() => rmSync(work, { recursive: true, force: true }));
    const temp = join(work, 'tmp');
    mkdirSync(temp); // the warm parent's and workers' folders are made under os.tmpdir(), which follows TMPDIR
    writeFileSync(join(work, 'slow.py'), 'import time\n\n\ndef slow(x):\n    time.sleep(1)\n    return x\n');
    const task = (i: number) => JSON.stringify({ file: join(work, 'slow.py'), qualname: 'slow', gold_description: `returns x (${i})` });
    writeFileSync(join(work, 'tasks.jsonl'), [1, 2, 3, 4].map(task).join('\n') + '\n');
    const child = spawn(process.execPath, [pauCli(), 'bench', '--offline', join(work, 'tasks.jsonl')], {
      cwd: ROOT,
      env: { ...process.env, TMPDIR: temp },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let ended = false;
    const closed = new Promise<number | null>((done) => child.on('close', (exit) => ((ended = true), done(exit))));
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdout.resume();

    const ours = () => readdirSync(temp).filter((name) => name.startsWith('pau-probe-') || name.startsWith('pau-warm-'));
    const until = Date.now() + 60_000;
    while (!ours().some((name) => name.startsWith('pau-warm-')) && !ended && Date.now() < until) await sleep(100);
    assert.ok(ours().length > 0, `no warm parent started within a minute: ${stderr}`);
    await sleep(3000); // into the first task: a call is running or done
    const [first, ...more] = signals;
    child.kill(first);
    // A second signal must land while the first one's stop is under way, which takes only tens of
    // milliseconds: it is sent every 5 ms until the command ends (the kernel merges one sent while
    // the first is still pending into it).
    for (const signal of more) {
      while (!ended) {
        child.kill(signal);
        await sleep(5);
      }
    }
    const exit = await closed;

    assert.equal(exit, code, stderr);
    assert.match(stderr, says);
    assert.deepEqual(ours(), []);
  });
}
