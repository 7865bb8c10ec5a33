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
  assert.equal(report.properties.find((p) => p.name === 'uses-randomness')?.holds, true, JSON.stringify(report.properties));
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
