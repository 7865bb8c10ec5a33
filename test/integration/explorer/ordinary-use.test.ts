// The README's examples at the default budget of 20 probes: each gets a call of ordinary use
// among its probes (clamp(5, 0, 10), shorten(<a sentence>, 20), top_scores(<several scores>)),
// not only junk like f(3, 3, 3) that a reader learns nothing from.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_MAX_PROBES } from '../../../src/core/limits.js';
import type { ProbeRecord } from '../../../src/core/session-types.js';
import { exploreExample, exploreImported } from './harness.js';

const shown = (records: ProbeRecord[]): string => records.map((r) => `(${r.args.join(', ')}) -> ${r.result.status} ${r.result.value?.repr ?? ''}`).join('\n');

test('the default budget is the 20 these tests assume', () => {
  assert.equal(DEFAULT_MAX_PROBES, 20);
});

test('clamp: a call with lo < x < hi, all ints, that returned x', async () => {
  const { records } = await exploreExample('mathx.py', 'clamp', { maxProbes: DEFAULT_MAX_PROBES });
  const ordinary = records.filter((r) => {
    const [x, lo, hi] = r.args.map(Number);
    return r.args.length === 3 && r.args.every((a) => /^-?\d+$/.test(a)) && lo! < x! && x! < hi! && r.result.value?.repr === r.args[0];
  });
  assert.ok(ordinary.length > 0, shown(records));
});

test('textwrap.shorten: a sentence of several words shortened to a width below its length', async () => {
  const { records } = await exploreImported('textwrap', 'shorten', { maxProbes: DEFAULT_MAX_PROBES });
  const ordinary = records.filter((r) => {
    const text = /^'(.*)'$/.exec(r.args[0] ?? '')?.[1];
    const width = Number(r.args[1]);
    const out = r.result.value?.repr ?? '';
    return (
      text !== undefined &&
      text.split(' ').length >= 4 &&
      width < text.length &&
      r.result.status === 'returned' &&
      out.length < text.length &&
      out.includes('[...]')
    );
  });
  assert.ok(ordinary.length > 0, shown(records));
});

test('top_scores: a list of at least four distinct scores that returned the best three', async () => {
  const { records } = await exploreExample('legacy.py', 'top_scores', { maxProbes: DEFAULT_MAX_PROBES });
  const ordinary = records.filter((r) => {
    const m = /^\[(.*)\]$/.exec(r.args[0] ?? '');
    const xs = m ? m[1]!.split(', ').map(Number) : [];
    return r.args.length === 1 && xs.length >= 4 && new Set(xs).size === xs.length && r.result.value?.repr?.split(',').length === 3;
  });
  assert.ok(ordinary.length > 0, shown(records));
});
