// What a worker forked by a warm parent (src/probe/warm.ts) has of its own, judged by outcome:
// its stderr (the last line of a failed import is its own, as a cold worker's), and in the OS
// layer its System V IPC namespace. After each call a worker there removes every object of its
// namespace; shared with a sibling, that removed the sibling's running call's segments (and let
// a call see them). Without the seccomp filter, which refuses System V IPC outright.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startWorker, type ProbeWorker } from '../../../src/probe/client.js';
import { WarmParent } from '../../../src/probe/warm.js';
import { LANDLOCK_ABI, MODE } from './readme-table.js';

const SOURCE = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'warm_own.py'), 'utf8');
const options = { sandbox: MODE, seccomp: false } as const;
let warm: WarmParent;

before(async () => {
  warm = await WarmParent.start(options);
});

after(async () => {
  await warm?.stop();
});

const forked = (worker: ProbeWorker) => readFileSync(`/proc/${worker.pid}/cmdline`, 'utf8').includes('pau_probe.warm_parent');

test(
  `[${MODE}] a forked worker's failed import says its own last stderr line`,
  { skip: LANDLOCK_ABI < 1 && 'no Landlock: warm starts are not used' },
  async () => {
    const failing = 'import os, sys\nsys.stderr.write("said by this target\\n")\nsys.stderr.flush()\nos._exit(3)\n';
    await assert.rejects(startWorker({ target: { source: failing, qualname: 'f' }, ...options }, warm), /exited with code 3 \(said by this target\)/);
  },
);

test(
  `[${MODE}] a sibling's call neither sees nor removes another call's System V segment`,
  { skip: (MODE !== 'os' && 'the guards share the host IPC namespace (README)') || (LANDLOCK_ABI < 1 && 'no Landlock: warm starts are not used') },
  async (t) => {
    const start = () => startWorker({ target: { source: SOURCE, qualname: 'act' }, ...options }, warm);
    const a = await start();
    const b = await start();
    t.after(() => Promise.all([a.stop(), b.stop()]));
    assert.ok(forked(a) && forked(b), 'both workers were forked by the warm parent');
    const holding = b.call({ args: ['"hold"', '3'] }, { limits: { timeoutMs: 20_000 } });
    await new Promise((r) => setTimeout(r, 1000)); // b's segment is made
    const seen = await a.call({ args: ['"segments"'] });
    assert.equal(seen.value?.repr, '0', `a's call saw b's segment: ${JSON.stringify(seen).slice(0, 300)}`);
    await a.call({ args: ['"segments"'] }); // a's first call has been cleared up after by now
    const held = await holding;
    assert.equal(held.value?.repr, "'kept'", JSON.stringify(held).slice(0, 300));
    const next = await b.call({ args: ['"segments"'] });
    assert.equal(next.value?.repr, '0', "b's own segment is removed after its call");
  },
);
