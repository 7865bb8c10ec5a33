// What a call wrote into its argument is quoted in the summary ("after f(x), `out` became …") only
// when another process would show the same: argparse's print_help writes 'usage: worker.py' in the
// worker, where the reader's program writes its own script's name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import { DEFAULT_STRICTNESS } from '../../../src/core/limits.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, fakeProbe, info, param, pyStr } from './fake-python.js';

const helpInto = (script: string): FakeFunction => ({
  params: [param('out')],
  body: ([out]) => {
    if (out?.k !== 'list') throw new PyError('TypeError', 'out must be a list');
    out.items.push(pyStr(`usage: ${script} [-h]`));
    return { k: 'none' };
  },
});

test("a change that names the worker's script is said, but not quoted", async () => {
  const fn = helpInto('worker.py');
  const report = await exploreOffline(info('print_help', fn), fakeProbe(fn, { cache: false }).probe, { maxProbes: 16, strictness: DEFAULT_STRICTNESS });
  const { summary } = report.description;
  assert.match(summary, /Changes its arguments in place \(what changed showed in no repr that could be quoted\)\./, summary);
  assert.doesNotMatch(summary, /worker\.py/, summary);
});

test('a change any process would show is quoted', async () => {
  const fn = helpInto('prog');
  const report = await exploreOffline(info('print_help', fn), fakeProbe(fn, { cache: false }).probe, { maxProbes: 16, strictness: DEFAULT_STRICTNESS });
  assert.match(report.description.summary, /Changes its arguments in place \(after .*usage: prog \[-h\]/, report.description.summary);
});
