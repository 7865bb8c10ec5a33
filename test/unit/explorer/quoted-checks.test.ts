// What a description quotes holds where the reader runs it: a result whose order the hash seed
// picks (toolz dissoc fills a dict from a set of text) is quoted, in the summary or after a raise
// line's contrast call, only once another hash seed printed it alike.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_STRICTNESS } from '../../../src/core/limits.js';
import { exploreOffline } from '../../../src/explorer/index.js';
import { CHECKS_AFTER_BUDGET } from '../../../src/explorer/explorer.js';
import { afterBudget } from '../../../src/explorer/property-probes.js';
import { toSource, type PyValue } from '../../../src/explorer/values.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, PyTimeout, expectStr, fakeProbe, info, param, pyInt, pyStr } from './fake-python.js';

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

/** node(left, right): {'kind': 'node', 'left': left, 'right': right}, its keys reversed under any hash seed but 0 unless `fixed`. */
function node(fixed: boolean): FakeFunction {
  return {
    params: [param('left'), param('right')],
    body: ([left, right], _kw, _r, interpreter) => {
      if (left === undefined || right === undefined) throw new PyError('TypeError', 'node() missing a required argument');
      const entries: [PyValue, PyValue][] = [
        [pyStr('kind'), pyStr('node')],
        [pyStr('left'), left],
        [pyStr('right'), right],
      ];
      if (!fixed && (interpreter?.hashSeed ?? 0) !== 0) entries.reverse();
      return { k: 'dict', entries };
    },
  };
}

/** The summary's fixed-shape sentence (result-shape.ts), if any. */
const shapeSentence = (summary: string): string | undefined => /Returns \{'kind': 'node'[^}]*\}\./.exec(summary)?.[0];

test('a fixed shape of dict whose keys the hash seed orders: the summary does not state it', async () => {
  const fn = node(false);
  const fake = fakeProbe(fn);
  const report = await exploreOffline(info('node', fn), fake.probe, { maxProbes: 40, strictness: DEFAULT_STRICTNESS });
  assert.equal(shapeSentence(report.description.summary), undefined, report.description.summary);
  assert.ok(fake.records.filter((r) => afterBudget(r.note)).length <= CHECKS_AFTER_BUDGET);
});

test('a fixed shape of dict in one order under every hash seed: stated, after one of its calls was re-run under another seed', async () => {
  const fn = node(true);
  const fake = fakeProbe(fn);
  const report = await exploreOffline(info('node', fn), fake.probe, { maxProbes: 40, strictness: DEFAULT_STRICTNESS });
  assert.ok(shapeSentence(report.description.summary), report.description.summary);
  assert.ok(fake.records.some((r) => afterBudget(r.note) && r.result.value?.repr.startsWith("{'kind': 'node'")));
});

test('a hang whose contrast call gave a dict the hash seed orders: the sentence gives its type, not its keys', async () => {
  // tally(text, step): where each letter first comes, in an order the hash seed picks; a fractional step never ends.
  const fn: FakeFunction = {
    params: [param('text'), param('step')],
    body: ([text, step], kw, r, interpreter) => {
      if (step !== undefined && !(step.k === 'int' && step.v > 0n)) throw new PyTimeout();
      return firsts().body([pyStr(expectStr(text ?? pyStr(''), 'tally'))], kw, r, interpreter);
    },
  };
  const report = await exploreOffline(info('tally', fn), fakeProbe(fn, { cache: false }).probe, { maxProbes: 40, strictness: 'signature' });
  const hang = /It did not finish in time for [^;]*; with `[^`]*` it returned ([^.]|\.\w)*/.exec(report.description.summary)?.[0];
  assert.ok(hang, report.description.summary);
  // Its result, cut or whole, is not quoted: a reader's Python may print its keys in another order.
  assert.doesNotMatch(hang, /it returned \{/, hang);
});

/**
 * hashed(obj): hash() of (its type's name, obj) for a number or a text, whose value follows the hash
 * seed (colour's hash_or_str); the type's name and its text for anything else, which does not.
 */
function hashed(): FakeFunction {
  return {
    params: [param('obj')],
    body: ([obj], _kw, _r, interpreter) => {
      if (obj === undefined) throw new PyError('TypeError', 'hashed() missing 1 required positional argument');
      const salt = (interpreter?.hashSeed ?? 0) === 0 ? 7919n : 104729n;
      if (obj.k === 'int') return pyInt((obj.v * 1000003n + salt) % 9999991n);
      if (obj.k === 'str') return pyInt(([...obj.v].reduce((h, c) => h * 31n + BigInt(c.charCodeAt(0)), salt) % 9999991n) - 5000000n);
      return pyStr(`${obj.k}${toSource(obj)}`);
    },
  };
}

test('a result made of hash() (another hash seed gave another int): no int the summary quotes is one such run’s', async () => {
  const fn = hashed();
  const fake = fakeProbe(fn);
  const report = await exploreOffline(info('hashed', fn), fake.probe, { maxProbes: 40, strictness: DEFAULT_STRICTNESS });
  const d = report.description;
  // The sentence saying it varies quotes both values on purpose; no other one quotes a hashed int.
  assert.match(d.summary, /Not the same from run to run/, d.summary);
  const rest = d.summary.replace(/Not the same from run to run: .*/, '');
  assert.doesNotMatch(rest, /→ -?\d/, d.summary);
  assert.ok(fake.records.some((r) => r.result.status === 'returned' && r.result.value?.type === 'int'));
});
