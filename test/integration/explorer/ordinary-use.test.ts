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

// What a reader sees at the default budget: a summary that says what the function does (never
// "not worked out" nor a type list) and, first among the examples, a call of ordinary use that
// shows it: clamp with x inside or outside [lo, hi] of ints, shorten cutting a sentence,
// top_scores keeping the best of a list of several scores.
const firstExample = (e: { report: { description: { examples: { call: string; result: string }[] } } }) => e.report.description.examples[0];

test('clamp at the default budget: the summary says it clamps, the first example is an ordinary call', async () => {
  const e = await exploreExample('mathx.py', 'clamp', { maxProbes: DEFAULT_MAX_PROBES });
  assert.match(e.report.description.summary, /^Clamps `x` into the range from `lo` to `hi`/);
  const first = firstExample(e);
  const m = /^clamp\((-?[\d.]+), (-?[\d.]+), (-?[\d.]+)\)$/.exec(first?.call ?? '');
  assert.ok(m, `first example: ${JSON.stringify(first)}`);
  const [x, lo, hi] = m.slice(1).map(Number) as [number, number, number];
  assert.ok(lo < hi && Number(first!.result) === Math.min(Math.max(x, lo), hi), JSON.stringify(first));
});

test('textwrap.shorten at the default budget: the summary says it shortens, the first example shortens a sentence', async () => {
  const e = await exploreImported('textwrap', 'shorten', { maxProbes: DEFAULT_MAX_PROBES });
  assert.match(e.report.description.summary, /^Shortens `text` to at most `width` characters/);
  assert.doesNotMatch(e.report.description.summary, /as decoding or trimming does/, 'no vaguer second sentence about the same calls');
  const first = firstExample(e);
  const m = /^shorten\('([^']*)', (\d+)\)$/.exec(first?.call ?? '');
  assert.ok(m && m[1]!.split(' ').length >= 4 && Number(m[2]) < m[1]!.length, `first example: ${JSON.stringify(first)}`);
  assert.match(first!.result, /\[\.\.\.\]'$/);
});

test('top_scores at the default budget: the summary says it keeps the k largest, the first example is a list of scores', async () => {
  const e = await exploreExample('legacy.py', 'top_scores', { maxProbes: DEFAULT_MAX_PROBES });
  assert.match(e.report.description.summary, /^Keeps the `k` largest elements of `scores`, largest first\./);
  const first = firstExample(e);
  const m = /^top_scores\(\[([\d, ]+)\](?:, \d+)?\)$/.exec(first?.call ?? '');
  assert.ok(m && m[1]!.split(', ').length >= 3, `first example: ${JSON.stringify(first)}`);
});
