// A worker started ahead (src/extension/prestart.ts) imported its target, and what the import
// read, when the cursor rested in it. The extension drops it when a `**/*.py` file of the
// workspace changes, but its watcher sees no other file (a data file the import reads, a
// compiled module rebuilt in place), and its event comes some time after the change, while a
// run asked for at once takes the worker (red-team round 8). Judged by outcome: the run's call
// answers what the files on disk say now, not what they said when the worker started.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Prober, WorkerOptions } from '../../../src/core/probe-types.js';
import { WorkerPrestart } from '../../../src/extension/prestart.js';
import { startWorker } from '../../../src/probe/client.js';
import { MODE } from './readme-table.js';

interface Case {
  what: string;
  files: Record<string, string>;
  /** Applied once the worker started ahead has imported the target. */
  change: Record<string, string>;
  now: string;
}

const CASES: Case[] = [
  {
    what: 'a data file the import reads, rewritten (no .py file changes)',
    files: {
      'target.py': 'import json, os\nTABLE = json.load(open(os.path.join(os.path.dirname(__file__), "table.json")))\n\ndef f():\n    return TABLE["v"]\n',
      'table.json': '{"v": 1}',
    },
    change: { 'table.json': '{"v": 2}' },
    now: '2',
  },
  {
    what: 'a sibling module rewritten in place, the run asked for before the watcher says so',
    files: { 'target.py': 'from helper import value\n\ndef f():\n    return value()\n', 'helper.py': 'def value():\n    return 1\n' },
    change: { 'helper.py': 'def value():\n    return 2\n' },
    now: '2',
  },
  {
    what: 'a sibling module planted after the import looked for it',
    files: { 'target.py': 'try:\n    from plugin import bonus\nexcept ImportError:\n    bonus = 0\n\ndef f():\n    return bonus\n' },
    change: { 'plugin.py': 'bonus = 5\n' },
    now: '5',
  },
];

for (const c of CASES) {
  test(`[${MODE}] a worker started ahead, then ${c.what}: the run calls what is on disk now`, async () => {
    const folder = mkdtempSync(join(tmpdir(), 'pau-prestart-'));
    for (const [name, text] of Object.entries(c.files)) writeFileSync(join(folder, name), text);
    const options: WorkerOptions = { target: { file: join(folder, 'target.py'), qualname: 'f' }, sandbox: MODE };
    let ahead: Promise<Prober> | undefined;
    const prestart = new WorkerPrestart({ log: () => {}, start: (o) => (ahead = startWorker(o)) });
    const workers: Prober[] = [];
    try {
      prestart.offer(options);
      workers.push(await ahead!);
      for (const [name, text] of Object.entries(c.change)) writeFileSync(join(folder, name), text);
      const taken = prestart.take(options);
      const worker = taken ? await taken : await startWorker(options);
      if (!taken) workers.push(worker);
      const result = await worker.call({ args: [] });
      assert.equal(result.value?.repr, c.now, `${taken ? 'the worker started ahead' : 'a fresh worker'} answered ${result.value?.repr}`);
    } finally {
      await prestart.dispose();
      await Promise.all(workers.map((w) => w.stop()));
      rmSync(folder, { recursive: true, force: true });
    }
  });
}

test(`[${MODE}] a worker started ahead whose folder did not change is taken by the run (its start changes nothing there)`, async () => {
  const folder = mkdtempSync(join(tmpdir(), 'pau-prestart-'));
  writeFileSync(join(folder, 'target.py'), 'from helper import value\n\ndef f():\n    return value()\n');
  writeFileSync(join(folder, 'helper.py'), 'def value():\n    return 1\n');
  const options: WorkerOptions = { target: { file: join(folder, 'target.py'), qualname: 'f' }, sandbox: MODE };
  let ahead: Promise<Prober> | undefined;
  const prestart = new WorkerPrestart({ log: () => {}, start: (o) => (ahead = startWorker(o)) });
  try {
    prestart.offer(options);
    await ahead;
    const taken = prestart.take(options);
    assert.ok(taken, 'the run started its own worker');
    const worker = await taken;
    try {
      assert.equal((await worker.call({ args: [] })).value?.repr, '1');
    } finally {
      await worker.stop();
    }
  } finally {
    await prestart.dispose();
    rmSync(folder, { recursive: true, force: true });
  }
});
