// A function that draws at random rests no line on a call that returned by luck of the draw
// (oauthlib generate_client_id: a dict for `chars` returns only when every index drawn is a key).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_STRICTNESS } from '../../../src/core/limits.js';
import { exploreOffline } from '../../../src/explorer/index.js';
import { afterBudget } from '../../../src/explorer/property-probes.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, expectInt, fakeProbe, info, param, pyStr } from './fake-python.js';

/**
 * pick(length, chars): `length` items of `chars` at drawn indexes (oauthlib's generate_client_id): a
 * dict for `chars` returns only when every index drawn is one of its keys, and raises KeyError
 * naming the missing index otherwise. The draws come from a generator no seed resets (SystemRandom).
 */
function pick(): FakeFunction {
  let state = 11;
  const draw = (n: number): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor(state / 65536) % n;
  };
  return {
    params: [param('length', 'POSITIONAL_OR_KEYWORD', { default: '30' }), param('chars', 'POSITIONAL_OR_KEYWORD', { default: "'abcdefgh'" })],
    body: ([length, chars]) => {
      const n = Number(length === undefined ? 30n : expectInt(length, 'pick'));
      const given = chars ?? pyStr('abcdefgh');
      if (given.k === 'str') {
        if (!given.v.length) throw new PyError('IndexError', 'Cannot choose from an empty sequence');
        return pyStr(Array.from({ length: Math.max(0, n) }, () => given.v[draw(given.v.length)]).join(''));
      }
      if (given.k !== 'dict') throw new PyError('TypeError', `object of type '${given.k}' has no len()`);
      if (!given.entries.length) throw new PyError('IndexError', 'Cannot choose from an empty sequence');
      const out: string[] = [];
      for (let k = 0; k < n; k++) {
        const i = draw(given.entries.length);
        const hit = given.entries.find(([key]) => key.k === 'int' && key.v === BigInt(i));
        const item = hit?.[1];
        if (!item) throw new PyError('KeyError', String(i));
        out.push(item.k === 'str' ? item.v : '?');
      }
      return pyStr(out.join(''));
    },
  };
}

test('a function that draws: no line rests on a call that returned where calls of its kind mostly raised, and the summary says so', async () => {
  const fn = pick();
  const fake = fakeProbe(fn);
  const report = await exploreOffline(info('pick', fn), fake.probe, { maxProbes: 40, strictness: DEFAULT_STRICTNESS });
  // SystemRandom's draws change under the same random seed too: no 'uses randomness', each call read as one draw all the same.
  assert.equal(report.properties.find((p) => p.name === 'deterministic')?.holds, false, JSON.stringify(report.properties));
  assert.match(report.description.summary, /another result under the same random seed too/, report.description.summary);
  const withDict = fake.records.filter((r) => r.args[1]?.startsWith('{') && r.result.status !== 'rejected' && !afterBudget(r.note));
  const lucky = withDict.filter((r) => r.result.status === 'returned').map((r) => r.index);
  // The fixture reaches the case: a dict `chars` that returned, among many that raised.
  assert.ok(lucky.length > 0 && lucky.length * 3 <= withDict.length, JSON.stringify(withDict.map((r) => [r.args, r.result.status])));
  const resting = (report.description.claims ?? []).filter(
    (c) => c.support.some((i) => lucky.includes(i)) || (c.check?.kind === 'raises' && lucky.includes(c.check.contrast ?? -1)),
  );
  assert.deepEqual(
    resting.map((c) => c.text),
    [],
  );
  assert.doesNotMatch(report.description.parameters.chars ?? '', /dict/, report.description.parameters.chars);
  assert.match(report.description.summary, /by luck of the draw/, report.description.summary);
});

/**
 * pick with checks of its own on `length`, in its own words: their raise lines come before the
 * KeyError's, so the raise lines' re-runs (RESERVES.raiseChecks, the first lines' calls) never run
 * a KeyError again, and nothing showed that its message changes from draw to draw.
 */
function checkedPick(): FakeFunction {
  const base = pick();
  return {
    ...base,
    body: (args, kw, receiver, interpreter) => {
      const [length] = args;
      if (length?.k === 'int' && length.v < 0n) throw new PyError('ValueError', 'length must not be negative');
      if (length?.k === 'int' && length.v > 100n) throw new PyError('OverflowError', 'length must be at most 100');
      return base.body(args, kw, receiver, interpreter);
    },
  };
}

test('a lucky return beside raise lines that come first: a raise of its kind is run again after the budget, and no line rests on it', async () => {
  const fn = checkedPick();
  const fake = fakeProbe(fn);
  const own = { ...info('pick', fn), raiseMessages: ['length must not be negative', 'length must be at most 100'] };
  const report = await exploreOffline(own, fake.probe, { maxProbes: 40, strictness: DEFAULT_STRICTNESS });
  const withDict = fake.records.filter((r) => r.args[1]?.startsWith('{') && r.result.status !== 'rejected' && !afterBudget(r.note));
  const lucky = withDict.filter((r) => r.result.status === 'returned').map((r) => r.index);
  assert.ok(lucky.length > 0 && lucky.length * 3 <= withDict.length, JSON.stringify(withDict.map((r) => [r.args, r.result.status])));
  // The two raise lines of its own words come first.
  assert.match(
    report.description.raises.split('\n').slice(0, 2).join('\n'),
    /must not be negative[^]*must be at most 100|must be at most 100[^]*must not be negative/,
    report.description.raises,
  );
  const checked = fake.records.filter((r) => r.note?.startsWith('luck check: '));
  assert.equal(checked.length, 1, JSON.stringify(fake.records.filter((r) => afterBudget(r.note)).map((r) => r.note)));
  assert.equal(checked[0]?.result.exception?.type, 'KeyError');
  const resting = (report.description.claims ?? []).filter(
    (c) => c.support.some((i) => lucky.includes(i)) || (c.check?.kind === 'raises' && lucky.includes(c.check.contrast ?? -1)),
  );
  assert.deepEqual(
    resting.map((c) => c.text),
    [],
  );
  assert.match(report.description.summary, /by luck of the draw/, report.description.summary);
});
