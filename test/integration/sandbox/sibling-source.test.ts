// `pau bench` forks every task's workers from one warm parent (src/probe/warm.ts): the real
// target's and those of the implementations a model writes for the comparison. Such an
// implementation could read the target's source (docstring and body) and agree with it by
// copying it (red team, round 5). Judged by outcome: a forked worker's call that looks for the
// target's text every way it can (the file, an import, sys.modules, gc, linecache, inspect,
// /proc, other processes' memory) finds nothing, while the same searches find its own text.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startWorker, type ProbeWorker } from '../../../src/probe/client.js';
import { WarmParent } from '../../../src/probe/warm.js';
import { judge, LANDLOCK_ABI, MODE } from './readme-table.js';

const SPY = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'sibling_spy.py'), 'utf8');
const MARKER = `pau-target-text-${process.pid}-${Date.now()}`;
const TARGET = ['def answer(x):', `    """Returns x scrambled with ${MARKER}."""`, `    return hash((x, ${JSON.stringify(MARKER)})) % 1000`, ''].join('\n');
let warm: WarmParent;
let target: ProbeWorker;
let spy: ProbeWorker;

before(async () => {
  warm = await WarmParent.start({ sandbox: MODE });
  const options = { sandbox: MODE, coverage: false, limits: { timeoutMs: 60_000 } } as const;
  target = await startWorker({ ...options, target: { source: TARGET, qualname: 'answer', moduleName: 'pau_target' } }, warm);
  spy = await startWorker({ ...options, target: { source: SPY, qualname: 'spy', moduleName: 'pau_spy' } }, warm);
});

after(async () => {
  await spy?.stop();
  await target?.stop();
  await warm?.stop();
});

test(
  `[${MODE}] code a model wrote for \`pau bench\` cannot read the target's source`,
  { skip: LANDLOCK_ABI < 1 && 'no Landlock: warm starts are not used' },
  async () => {
    const path = readdirSync(warm.root)
      .map((name) => join(warm.root, name, 'source', 'pau_target.py'))
      .find((file) => existsSync(file));
    assert.ok(path, `the target's source is under the parent's root ${warm.root}`);
    // The target's worker has imported it and answers: its text is in that process now.
    assert.equal((await target.call({ args: ['1'] })).status, 'returned');
    const result = await spy.call({ args: [JSON.stringify([...MARKER].reverse().join('')), JSON.stringify(path)] });
    assert.equal(result.status, 'returned', JSON.stringify(result).slice(0, 600));
    const report = JSON.parse(result.stdout) as { found: string[]; own: string[]; looked: Record<string, number> };
    // The searches work: they find this module's own text, in the file, sys.modules and gc.
    for (const where of ['file', 'sys.modules', 'gc']) assert.ok(report.own.includes(where), `${where}: ${JSON.stringify(report)}`);
    judge("A target's source, to code a model wrote beside it (`pau bench`: one warm parent)", report.found.length === 0, report);
  },
);
