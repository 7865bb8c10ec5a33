// Claims checked against functions of a new-user trial (issue 20): what inference states must be
// what the calls showed, worded no stronger than they showed it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ProbeFn } from '../../../src/core/run-types.js';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, expectStr, fakeCall, fakeProbe, info, param, pyStr } from './fake-python.js';
import { inferProperties } from '../../../src/explorer/properties.js';
import type { Observation, Position, Purpose } from '../../../src/explorer/inputs.js';
import { requestKey, toRequest } from '../../../src/explorer/inputs.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { int, list, str, strs, tuple } from '../../../src/explorer/values.js';

const positional = (name: string, cls: string): Position => ({ name, role: 'positional', positionalOnly: false, candidates: [cls] });

/** A call with these arguments, answered by the fake worker: `out` returned, or raised when it is a PyError. */
function observed(
  positions: Position[],
  index: number,
  args: PyValue[],
  out: PyValue | PyError,
  extra: { purpose?: Purpose; repeats?: Observation; seed?: number; hashSeed?: number } = {},
): Observation {
  const input = args.map((value, i) => ({ cls: positions[i]?.candidates[0] ?? 'any', value }));
  const request = toRequest(positions, input);
  const answer = (): PyValue => {
    if (out instanceof PyError) throw out;
    return out;
  };
  const result = fakeCall({ params: [], body: answer }, request, new Set());
  const { purpose = 'sweep', ...rest } = extra;
  return { input, request, key: requestKey(request), record: { ...request, index, origin: 'offline', result }, purpose, ...rest };
}

const infer = (observations: Observation[], positions: Position[]) =>
  inferProperties(observations, { positions, callText: (o) => `f(${o.request.args.join(', ')})` }).properties;

test('a result that also changed under another random seed in the same interpreter is not blamed on the hash seed', () => {
  // token_urlsafe(n): os.urandom gives another text on every run, whatever the seeds.
  const positions = [positional('nbytes', 'int')];
  const [a, b, c] = [4, 8, 16].map((n, k) => observed(positions, k + 1, [int(n)], str(`tok${n}-${k}`)));
  const hashed = observed(positions, 4, [int(4)], str('other-a'), { purpose: 'repeat', repeats: a, hashSeed: 4242 });
  const seeded = observed(positions, 5, [int(8)], str('other-b'), { purpose: 'repeat', repeats: b, seed: 12345 });
  const det = infer(
    [a, b, c, hashed, seeded].filter((o) => o !== undefined),
    positions,
  ).find((p) => p.name === 'deterministic');
  assert.equal(det?.holds, false);
  assert.match(det.evidence, /under random seed 12345/);
  assert.doesNotMatch(det.evidence, /hash seed|order of sets/);
});

test('a result that changed only in an interpreter of another hash seed is told as such', () => {
  const positions = [positional('items', 'list[str]')];
  const [a, b, c] = [0, 1, 2].map((k) => observed(positions, k + 1, [list(strs('a', 'b', `c${k}`))], list(strs('b', 'a', `c${k}`))));
  const hashed = observed(positions, 4, [list(strs('a', 'b', 'c0'))], list(strs('a', 'b', 'c0')), { purpose: 'repeat', repeats: a, hashSeed: 4242 });
  const seeded = observed(positions, 5, [list(strs('a', 'b', 'c1'))], list(strs('b', 'a', 'c1')), { purpose: 'repeat', repeats: b, seed: 12345 });
  const det = infer(
    [a, b, c, hashed, seeded].filter((o) => o !== undefined),
    positions,
  ).find((p) => p.name === 'deterministic');
  assert.equal(det?.holds, false);
  assert.match(det.evidence, /in an interpreter of another hash seed/);
});

test('a counterexample quotes long values shortened, not whole', () => {
  const positions = [positional('nbytes', 'int')];
  const long = (c: string): PyValue => str(c.repeat(2000));
  const first = observed(positions, 1, [int(1536)], long('a'));
  const seeded = observed(positions, 3, [int(1536)], long('b'), { purpose: 'repeat', repeats: first, seed: 12345 });
  const det = infer([first, observed(positions, 2, [int(3)], str('xyz')), seeded], positions).find((p) => p.name === 'deterministic');
  assert.equal(det?.holds, false);
  assert.ok(det.evidence.length < 300, `${det.evidence.length} characters`);
});

test('the items of a fixed-size tuple holding containers (a record, as getopt returns) are not called sorted', () => {
  // gnu_getopt(args, 'abc') with no option among args: ([], args). [] sorts before any list, so every
  // output looked ascending; with an option the first item is a list of tuples, not comparable to the second.
  const positions = [positional('args', 'list[str]'), positional('shortopts', 'str')];
  const calls: [string[], string][] = [
    [['b', 'a', 'c'], 'abc'],
    [['x'], 'cba'],
    [['c', 'a'], 'xyz'],
    [['z', 'y', 'x', 'w'], 'a'],
  ];
  const observations = calls.map(([args, opts], k) => observed(positions, k + 1, [list(strs(...args)), str(opts)], tuple([list([]), list(strs(...args))])));
  const sorted = infer(observations, positions).find((p) => p.name === 'sorted-output');
  assert.notEqual(sorted?.holds, true, sorted?.evidence);
  // A pair of numbers in order (a min and a max) is still read as an order.
  const pair = [positional('items', 'list[int]')];
  const minmax = [
    [3, 1, 2],
    [9, 4],
    [5, 7, 6, 0],
    [8, 2, 5],
  ].map((xs, k) => observed(pair, k + 1, [list(xs.map(int))], tuple([int(Math.min(...xs)), int(Math.max(...xs))])));
  assert.equal(infer(minmax, pair).find((p) => p.name === 'sorted-output')?.holds, true);
});

test('calls that never ran, their receiver or arguments refused, are not said to have raised', async () => {
  const fn: FakeFunction = { params: [param('diffinfo')], body: () => pyStr('') };
  const probe: ProbeFn = async (request, note) => ({
    index: 0,
    ...request,
    origin: 'offline',
    ...(note ? { note } : {}),
    result: {
      status: 'rejected',
      exception: { type: 'ArgumentRejected', message: "receiver: building `StyleGuide(3)` raised AttributeError: 'int' object has no attribute 'x'" },
      mutations: [],
      stdout: '',
      stderr: '',
      durationMs: 0,
    },
  });
  const report = await exploreOffline(info('add_diff_ranges', fn), probe, { maxProbes: 20, strictness: 'anonymized' });
  assert.doesNotMatch(report.description.summary, /calls raised|ArgumentRejected/);
  assert.match(report.description.summary, /none of the \d+ calls ran, as their arguments could not be built \(receiver: building `StyleGuide\(3\)`/);
});

test('a call of a C function without its argument ("takes exactly one argument (0 given)") is how calling works: no raise line, no example, no parameter type', async () => {
  // keyword.issoftkeyword: False for every value that is not a soft keyword; the bare call does not bind.
  const fn: FakeFunction = {
    params: [param('arg0', 'POSITIONAL_ONLY', { default: 'None' })],
    body: ([x]) => {
      if (x === undefined) throw new PyError('TypeError', 'frozenset.__contains__() takes exactly one argument (0 given)');
      return { k: 'bool', v: false };
    },
  };
  const report = await exploreOffline(info('issoftkeyword', fn), fakeProbe(fn, { cache: false }).probe, { maxProbes: 20, strictness: 'anonymized' });
  const d = report.description;
  assert.doesNotMatch(d.raises, /takes exactly one argument/);
  assert.ok(!d.examples.some((e) => /takes exactly one argument/.test(e.result)), JSON.stringify(d.examples));
  // Every call that bound gave False: no value it was given changed what came back.
  assert.doesNotMatch(d.parameters.arg0 ?? '', /^(int|str|list)/, d.parameters.arg0);
});

test('an exception message that spans several lines is quoted by its heading and the first line under it', async () => {
  const fn: FakeFunction = {
    params: [param('name')],
    body: ([name]) => {
      const s = expectStr(name, 'validate_username');
      const problems = [
        ...(s.length < 3 || s.length > 16 ? ['- must be 3 to 16 characters long'] : []),
        ...(/^[A-Za-z0-9_-]*$/.test(s) ? [] : ["- may contain only letters, digits, '_' and '-'"]),
      ];
      if (problems.length) throw new PyError('ValueError', ['invalid user name:', ...problems].join('\n'));
      return pyStr(s.toLowerCase());
    },
  };
  const report = await exploreOffline(info('validate_username', fn), fakeProbe(fn, { cache: false }).probe, { maxProbes: 20, strictness: 'anonymized' });
  const line = report.description.raises.split('\n').find((l) => l.startsWith('ValueError'));
  assert.ok(line, report.description.raises);
  assert.match(line, /invalid user name: - (must be 3 to 16|may contain only)/);
});

test('a length law of texts seen on ASCII texts alone is stated for them alone', async () => {
  // A user-name check that lower-cases: as long as its input on every ASCII name, but 'İ' lower-cases to two characters.
  const fn: FakeFunction = {
    params: [param('name')],
    body: ([name]) => {
      const s = expectStr(name, 'validate_username');
      const n = [...s].length;
      if (n < 3 || n > 16 || !/^\p{L}[\p{L}\p{N}_-]*$/u.test(s)) throw new PyError('ValueError', `invalid user name: ${s}`);
      return pyStr(s.toLowerCase());
    },
  };
  const report = await exploreOffline(info('validate_username', fn), fakeProbe(fn, { cache: false }).probe, { maxProbes: 40, strictness: 'anonymized' });
  const stated = report.description.properties ?? [];
  assert.ok(stated.includes('output as long as the input (on the ASCII texts tried)'), stated.join('; '));
  assert.ok(!stated.includes('output as long as the input'), stated.join('; '));
});

test("a class's function called without a receiver (a C method, Decimal.ln) is shown through its class, as a reader can call it", async () => {
  const fn: FakeFunction = {
    params: [param('self'), param('context', 'POSITIONAL_OR_KEYWORD', { default: 'None' })],
    ownerClass: 'Decimal',
    body: ([x]) => {
      const n = expectStr(x, 'ln');
      return pyStr(`ln(${n})`);
    },
  };
  const report = await exploreOffline(info('ln', fn), fakeProbe(fn, { cache: false }).probe, { maxProbes: 20, strictness: 'anonymized' });
  assert.ok(report.description.examples.length > 0);
  for (const e of report.description.examples) assert.match(e.call, /^(list\()?Decimal\.ln\(/, e.call);
});

test('output sorted "when the list arguments are" is claimed from calls that did ordering work, not from ones that kept one sorted argument as it was', () => {
  const positions = [positional('it', 'list[int]'), positional('already_seen', 'tuple')];
  const ints = (...xs: number[]): PyValue => list(xs.map(int));
  const tup = (...xs: number[]): PyValue => tuple(xs.map(int));
  // pygments' duplicates_removed(it, already_seen): the items of `it` not seen yet, in the order given.
  const kept = [
    observed(positions, 1, [ints(3, 1, 2), tup()], ints(3, 1, 2)),
    observed(positions, 2, [ints(10, 20, 30, 40), tup(1, 2)], ints(10, 20, 30, 40)),
    observed(positions, 3, [ints(10, 20, 40), tup(1)], ints(10, 20, 40)),
    observed(positions, 4, [ints(5, 6, 7), tup(1, 2)], ints(5, 6, 7)),
  ];
  const sorted = infer(kept, positions).find((p) => p.name === 'sorted-output');
  assert.notEqual(sorted?.holds, true, sorted?.evidence);
  // heapq.merge: the items of both, in order where both were sorted.
  const merged = [
    observed(positions, 1, [ints(5, 1), tup(2)], ints(2, 5, 1)),
    observed(positions, 2, [ints(1, 3, 5), tup(2, 4)], ints(1, 2, 3, 4, 5)),
    observed(positions, 3, [ints(1, 2), tup(0, 9)], ints(0, 1, 2, 9)),
    observed(positions, 4, [ints(4, 8), tup(5)], ints(4, 5, 8)),
  ];
  const merge = infer(merged, positions).find((p) => p.name === 'sorted-output');
  assert.equal(merge?.holds, true, merge?.evidence);
  assert.equal(merge.param, 'when-inputs-sorted');
  // A running total: new elements, in order only where the one list given was (no ordering of its own).
  const totals = [
    observed(positions, 1, [ints(2, -5, 1)], ints(2, -3, -2)),
    observed(positions, 2, [ints(1, 2, 3)], ints(1, 3, 6)),
    observed(positions, 3, [ints(0, 1)], ints(0, 1)),
    observed(positions, 4, [ints(4, 5)], ints(4, 9)),
  ];
  const running = infer(totals, positions).find((p) => p.name === 'sorted-output');
  assert.notEqual(running?.holds, true, running?.evidence);
});

test('idempotence is not claimed when every f(x) that differed from x was one value: f was applied again to that one only', () => {
  // isodate.duration_isoformat without a duration: 'P%P' for 90, 2.5, '1h 30m' alike, and f('P%P') is 'P%P';
  // a real duration gives 'P1D', which comes back as 'P%P'.
  const positions = [positional('tduration', 'any')];
  const xs: PyValue[] = [int(90), str('1h 30m'), int(3725), str('%d')];
  const first = xs.map((x, k) => observed(positions, k + 1, [x], str('P%P')));
  const again = observed(positions, 5, [str('P%P')], str('P%P'), { purpose: 'reapply' });
  const idem = infer([...first, again], positions).find((p) => p.name === 'idempotent');
  assert.equal(idem?.holds, false, idem?.evidence);
  assert.match(idem.evidence, /^inconclusive: .*one value alone/);
});
