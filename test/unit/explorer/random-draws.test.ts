// A function that draws at random (random.Random.choice): each call it makes is one draw, so a line
// resting on calls says what one draw gave (DescriptionClaim.draws) and the summary says so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_STRICTNESS } from '../../../src/core/limits.js';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { PyValue } from '../../../src/explorer/values.js';
import type { FakeFunction } from './fake-python.js';
import { fakeProbe, info, param, PyError } from './fake-python.js';

/** choice(seq): seq[i] for an index drawn from a generator no call seeds again (Random() seeds itself from the OS). */
function choice(): FakeFunction {
  let state = 7;
  const draw = (n: number): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
  return {
    params: [param('seq')],
    body: ([seq]) => {
      const items: PyValue[] | undefined = seq?.k === 'list' || seq?.k === 'tuple' ? seq.items : undefined;
      if (seq?.k === 'str') {
        if (!seq.v.length) throw new PyError('IndexError', 'Cannot choose from an empty sequence');
        return { k: 'str', v: seq.v[draw(seq.v.length)]! };
      }
      if (!items) throw new PyError('TypeError', `object of type '${seq?.k ?? 'NoneType'}' has no len()`);
      if (!items.length) throw new PyError('IndexError', 'Cannot choose from an empty sequence');
      return items[draw(items.length)]!;
    },
  };
}

test('a function that draws: each line resting on calls is marked as one draw, and the summary says so', async () => {
  const fn = choice();
  const report = await exploreOffline(info('choice', fn), fakeProbe(fn).probe, { maxProbes: 40, strictness: DEFAULT_STRICTNESS });
  assert.equal(report.properties.find((p) => p.name === 'uses-randomness')?.holds, true, JSON.stringify(report.properties));
  const claims = report.description.claims ?? [];
  const resting = claims.filter((c) => ['summary', 'returns', 'parameter', 'raises'].includes(c.part) && (c.support.length > 0 || c.check));
  assert.ok(resting.length > 0, JSON.stringify(claims));
  assert.deepEqual(
    resting.filter((c) => !c.draws).map((c) => c.text),
    [],
  );
  assert.match(report.description.summary, /Each call is a random draw/);
});

test('a timing (timeit Timer.timeit: seconds measured, another value on every run under any seed) is not said to use randomness', async () => {
  let clock = 0;
  const fn: FakeFunction = { params: [param('number')], body: () => ({ k: 'float', v: 0.1 + 0.013 * (++clock % 7) }) };
  const report = await exploreOffline(info('timeit', fn), fakeProbe(fn).probe, { maxProbes: 40, strictness: DEFAULT_STRICTNESS });
  assert.notEqual(report.properties.find((p) => p.name === 'uses-randomness')?.holds, true, JSON.stringify(report.properties));
  assert.ok(!report.description.properties?.some((t) => /randomness/.test(t)), report.description.properties?.join('; '));
  assert.doesNotMatch(report.description.summary, /random draw/, report.description.summary);
  assert.equal(report.properties.find((p) => p.name === 'deterministic')?.holds, false);
});

test('a function that does not draw has no line marked as one draw', async () => {
  const fn: FakeFunction = {
    params: [param('seq')],
    body: ([seq]) => {
      if (seq?.k !== 'list' || !seq.items.length) throw new PyError('IndexError', 'Cannot choose from an empty sequence');
      return seq.items[0]!;
    },
  };
  const report = await exploreOffline(info('first', fn), fakeProbe(fn).probe, { maxProbes: 40, strictness: DEFAULT_STRICTNESS });
  assert.deepEqual(
    (report.description.claims ?? []).filter((c) => c.draws).map((c) => c.text),
    [],
  );
  assert.doesNotMatch(report.description.summary, /random draw/);
});

test('a result that moved with the clock between the first call and its re-runs (gzip_bytes: the mtime in its header) is no random draw', async () => {
  // The clock turns once, after the first call: every later call (the re-runs under other seeds, and
  // the one under seed 0 again) stamps the same time, the first another.
  let probes = 0;
  const fn: FakeFunction = { params: [], body: () => ({ k: 'str', v: `gzip header, mtime ${probes > 1 ? 1 : 0}` }) };
  const fake = fakeProbe(fn, { onCall: (n) => (probes = n) });
  const report = await exploreOffline(info('stamp', fn), fake.probe, { maxProbes: 40, strictness: DEFAULT_STRICTNESS });
  const randomness = report.properties.find((p) => p.name === 'uses-randomness');
  assert.notEqual(randomness?.holds, true, JSON.stringify(randomness));
  assert.equal(report.properties.find((p) => p.name === 'deterministic')?.holds, false);
  assert.doesNotMatch(report.description.summary, /random draw/);
  assert.match(report.description.summary, /Not the same from run to run: stamp\(\) gave .*mtime 0'?, then .*mtime 1'?\./, report.description.summary);
  assert.doesNotMatch(report.description.summary, /under random seed/);
});
