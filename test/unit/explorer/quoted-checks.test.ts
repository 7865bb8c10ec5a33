// What a description quotes holds where the reader runs it: a result whose order the hash seed
// picks (toolz dissoc fills a dict from a set of text) is quoted, in the summary or after a raise
// line's contrast call, only once another hash seed printed it alike.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_STRICTNESS } from '../../../src/core/limits.js';
import { exploreOffline } from '../../../src/explorer/index.js';
import { CHECKS_AFTER_BUDGET } from '../../../src/explorer/explorer.js';
import { afterBudget } from '../../../src/explorer/property-probes.js';
import type { PyValue } from '../../../src/explorer/values.js';
import type { FakeFunction } from './fake-python.js';
import { expectStr, fakeProbe, info, param, pyInt, pyStr } from './fake-python.js';

/** Where each letter of a text first comes, keys in an order the hash seed picks (one under seed 0, the reverse under any other). */
function firsts(): FakeFunction {
  return {
    params: [param('s')],
    body: ([s], _kw, _r, interpreter) => {
      const text = expectStr(s, 'firsts');
      const letters = [...new Set(text)].sort();
      if ((interpreter?.hashSeed ?? 0) !== 0) letters.reverse();
      return { k: 'dict', entries: letters.map((c) => [pyStr(c), pyInt(text.indexOf(c) * 7 + 1)] as [PyValue, PyValue]) };
    },
  };
}

/** Dict literals of two keys or more: an order a reader's Python may print otherwise. */
const twoKeyDicts = (text: string): string[] => text.match(/\{'[^']*': \d+(?:, '[^']*': \d+)+\}/g) ?? [];

test('a dict whose keys come in an order the hash seed picks: neither the summary nor a raise line quotes one', async () => {
  const fn = firsts();
  const fake = fakeProbe(fn);
  const report = await exploreOffline(info('firsts', fn), fake.probe, { maxProbes: 40, strictness: DEFAULT_STRICTNESS });
  const d = report.description;
  // The sentence saying it varies quotes both orders on purpose; every other one quotes none.
  const summary = d.summary.replace(/Not the same from run to run: .*/, '');
  assert.deepEqual(twoKeyDicts(summary), [], d.summary);
  assert.deepEqual(twoKeyDicts(d.raises), [], d.raises);
  // The calls that returned such a dict were seen (so the lines above had them to quote).
  assert.ok(fake.records.some((r) => r.result.status === 'returned' && twoKeyDicts(r.result.value?.repr ?? '').length > 0));
  assert.ok(fake.records.filter((r) => afterBudget(r.note)).length <= CHECKS_AFTER_BUDGET);
});

test('a dict in one order under every hash seed: the summary still quotes it, each quoted call re-run under another seed once', async () => {
  // Keys in the text's sorted order, whatever the seed.
  const fn: FakeFunction = { ...firsts(), body: (args, kw, r) => firsts().body(args, kw, r, { hashSeed: 0, kept: new Map() }) };
  const fake = fakeProbe(fn);
  const report = await exploreOffline(info('firsts', fn), fake.probe, { maxProbes: 40, strictness: DEFAULT_STRICTNESS });
  const quoted = twoKeyDicts(report.description.summary);
  assert.ok(quoted.length > 0, report.description.summary);
  const checked = fake.records.filter((r) => afterBudget(r.note)).map((r) => r.result.value?.repr ?? '');
  for (const q of quoted) assert.equal(checked.filter((c) => c === q).length, 1, `${q}: ${JSON.stringify(checked)}`);
});
