// Comparison-guided inputs on fixtures written for them (test/fixtures/comparisons): each function
// opens its branch only to a value it compares its argument with at run time (a module-level set,
// table, prefix, bound, separator, pattern, all built at import), at the default budget of 20.
// Each is run twice: with the feedback the branch is reached, without it (the same explorer,
// `comparisons: false`) it is not, so a pass says the feedback did it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { ProbeRecord } from '../../../src/core/session-types.js';
import { exploreExample } from './harness.js';

const FIXTURE = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'fixtures', 'comparisons', 'comparisons.py');
const BUDGET = 20;

const shown = (r: ProbeRecord): string =>
  `(${[...r.args, ...Object.entries(r.kwargs ?? {}).map(([k, v]) => `${k}=${v}`)].join(', ')}) -> ${r.result.status} ${r.result.value?.repr ?? r.result.exception?.type ?? ''}`;

/** The branch is reached with the feedback and not without it. */
async function opensOnlyWithFeedback(qualname: string, reached: (repr: string) => boolean): Promise<void> {
  for (const comparisons of [true, false]) {
    const { records } = await exploreExample(FIXTURE, qualname, { maxProbes: BUDGET, comparisons });
    const hit = records.some((r) => r.result.status === 'returned' && reached(r.result.value?.repr ?? ''));
    assert.equal(hit, comparisons, `${qualname}, feedback ${comparisons ? 'on' : 'off'}:\n${records.map(shown).join('\n')}`);
  }
}

test('a mode checked against a module-level set: a member of the set is passed', async () => {
  await opensOnlyWithFeedback('speed', (repr) => repr.startsWith("'known "));
});

test('a look-up in a module-level table (.get on the upper-cased argument): a key of the table is passed', async () => {
  await opensOnlyWithFeedback('convert', (repr) => repr !== 'None');
});

test('a startswith prefix read from the module: the prefix before the rest', async () => {
  await opensOnlyWithFeedback('command', (repr) => repr.includes("'run'"));
});

test('a bound computed at import: a value just above it', async () => {
  await opensOnlyWithFeedback('bucket', (repr) => repr === "'just above'");
});

test('a split separator read from the module: the text around it', async () => {
  await opensOnlyWithFeedback('pair', (repr) => repr.startsWith('{'));
});

test('a compiled pattern of the module matched against the argument: a text it matches', async () => {
  await opensOnlyWithFeedback('tag_number', (repr) => repr !== '-1');
});

test('a dict argument looked up with a constant key and the value compared with one read at import: the dict holding it', async () => {
  await opensOnlyWithFeedback('key_kind', (repr) => repr === "'key pair'");
});
