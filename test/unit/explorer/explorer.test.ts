// The explorer against fake functions (no Python): type discovery, budget, stop, cache honesty,
// and each property claimed exactly when it is true.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline, MIN_EVIDENCE } from '../../../src/explorer/index.js';
import type { InferredProperty, OfflineReport } from '../../../src/core/run-types.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { toSource } from '../../../src/explorer/values.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, expectInt, expectIntList, expectNumber, expectStr, fakeProbe, info, param, pyFloat, pyInt, pyList, pyStr } from './fake-python.js';
import type { ProbeRecord } from '../../../src/core/session-types.js';
import { callKey } from '../../../src/core/call-identity.js';
import { afterBudget } from '../../../src/explorer/property-probes.js';
import { CHECKS_AFTER_BUDGET } from '../../../src/explorer/explorer.js';

const rot = (s: string) =>
  s.replace(/[a-z]/gi, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });

const FAKES: Record<string, FakeFunction> = {
  rot13: { params: [param('s')], body: ([s]) => pyStr(rot(expectStr(s, 'rot13'))) },
  upper: { params: [param('s')], body: ([s]) => pyStr(expectStr(s, 'upper').toUpperCase()) },
  sort_list: {
    params: [param('xs')],
    body: ([xs]) =>
      pyList(
        expectIntList(xs, 'sort_list')
          .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
          .map(pyInt),
      ),
  },
  dedupe: {
    params: [param('xs')],
    body: ([xs]) => pyList([...new Set(expectIntList(xs, 'dedupe'))].map(pyInt)),
  },
  add: { params: [param('a'), param('b')], body: ([a, b]) => pyInt(expectInt(a, 'add') + expectInt(b, 'add')) },
  sub: { params: [param('a'), param('b')], body: ([a, b]) => pyInt(expectInt(a, 'sub') - expectInt(b, 'sub')) },
  isqrt: {
    params: [param('n')],
    body: ([n]) => {
      const v = expectInt(n, 'isqrt');
      if (v < 0n) throw new PyError('ValueError', 'negative');
      return pyInt(Math.floor(Math.sqrt(Number(v))));
    },
    lines: ([n]) => (n?.k === 'int' && n.v < 0n ? [1, 2] : [1, 3, 4]),
  },
  append_zero: {
    params: [param('xs')],
    body: ([xs]) => {
      expectIntList(xs, 'append_zero');
      (xs as { items: PyValue[] }).items.push(pyInt(0));
      return { k: 'none' };
    },
  },
  negate: { params: [param('x')], body: ([x]) => pyInt(-expectInt(x, 'negate')) },
  keyword_only: {
    params: [param('s'), param('times', 'KEYWORD_ONLY', { annotation: 'int' })],
    body: ([s], kw) => {
      if (!kw.times) throw new PyError('TypeError', "missing required keyword-only argument: 'times'");
      return pyStr(expectStr(s, 'keyword_only').repeat(Math.max(0, Math.min(5, Number(expectInt(kw.times, 'keyword_only'))))));
    },
  },
  deposit: {
    params: [param('self'), param('amount', 'POSITIONAL_OR_KEYWORD', { annotation: 'int' })],
    needsReceiver: true,
    ownerClass: 'Account',
    moduleClasses: ['Account'],
    body: ([amount], _kw, receiver) => {
      if (!receiver || receiver.k !== 'call' || receiver.callee !== 'Account' || receiver.args.length > 1) throw new PyError('TypeError', 'bad receiver');
      const balance = receiver.args[0] ? expectInt(receiver.args[0], 'Account') : 0n;
      const a = expectInt(amount, 'deposit');
      if (a <= 0n) throw new PyError('ValueError', 'amount must be positive');
      receiver.args = [pyInt(balance + a)];
      return pyInt(balance + a);
    },
  },
};

async function explore(name: string, opts: { maxProbes?: number; strictness?: 'anonymized' | 'signature'; cache?: boolean; fn?: FakeFunction } = {}) {
  const fn = opts.fn ?? FAKES[name]!;
  const fake = fakeProbe(fn, { cache: opts.cache ?? false });
  const report = await exploreOffline(info(name, fn), fake.probe, { maxProbes: opts.maxProbes ?? 40, strictness: opts.strictness ?? 'anonymized' });
  return { report, fake };
}

function prop(report: OfflineReport, name: InferredProperty['name']): InferredProperty | undefined {
  return report.properties.find((p) => p.name === name);
}
function holds(report: OfflineReport, name: InferredProperty['name']): boolean {
  return prop(report, name)?.holds === true;
}

test('rot13: str in, str out; an involution, not idempotent; length-preserving; TypeError for non-strings', async () => {
  const { report, fake } = await explore('rot13');
  assert.deepEqual(report.returnTypes, ['str']);
  assert.ok(report.exceptions.TypeError?.includes('positive int'), JSON.stringify(report.exceptions));
  assert.ok(holds(report, 'involution'), prop(report, 'involution')?.evidence);
  assert.equal(prop(report, 'idempotent')?.holds, false);
  assert.match(prop(report, 'idempotent')!.evidence, /^counterexample: /);
  assert.ok(holds(report, 'length-preserving'));
  assert.ok(holds(report, 'deterministic'));
  assert.ok(holds(report, 'pure'));
  assert.equal(prop(report, 'commutative'), undefined, 'one argument: commutativity does not apply');
  assert.equal(fake.budgeted(), 40);
  // What it does, not a type list (issue 20); the types are in Returns and Parameters.
  assert.equal(report.description.summary, 'Replaces characters one for one, keeping the length.');
  assert.match(report.description.returns, /^A str /);
  // Properties are a list now, not the first line of the details (issue 11: a run-on paragraph).
  assert.match(report.description.properties!.join('; '), /^deterministic; .*involution/);
});

test('upper: idempotent but not an involution', async () => {
  const { report } = await explore('upper');
  assert.ok(holds(report, 'idempotent'), prop(report, 'idempotent')?.evidence);
  assert.equal(prop(report, 'involution')?.holds, false);
});

test('sort_list: sorted output, idempotent, length-preserving, subset of input', async () => {
  const { report } = await explore('sort_list');
  for (const name of ['sorted-output', 'idempotent', 'length-preserving', 'subset-of-input'] as const)
    assert.ok(holds(report, name), `${name}: ${prop(report, name)?.evidence}`);
  assert.equal(prop(report, 'involution')?.holds, false);
});

test('dedupe: subset of input and idempotent, but neither length-preserving nor sorted', async () => {
  const { report } = await explore('dedupe');
  assert.ok(holds(report, 'subset-of-input'));
  assert.ok(holds(report, 'idempotent'));
  assert.equal(prop(report, 'length-preserving')?.holds, false);
  assert.equal(prop(report, 'sorted-output')?.holds, false);
});

test('add is commutative, sub is not; sub increases in a and decreases in b', async () => {
  const add = (await explore('add')).report;
  assert.ok(holds(add, 'commutative'), prop(add, 'commutative')?.evidence);
  const sub = (await explore('sub')).report;
  assert.equal(prop(sub, 'commutative')?.holds, false);
  assert.match(prop(sub, 'monotonic-increasing')!.evidence, /in a:/);
  assert.match(prop(sub, 'monotonic-decreasing')!.evidence, /in b:/);
  assert.ok(holds(sub, 'monotonic-increasing') && holds(sub, 'monotonic-decreasing'));
});

test('isqrt: exceptions by input class, monotonic increasing, not decreasing', async () => {
  const { report } = await explore('isqrt');
  // Negative ints raise, whatever their size (a mutation may make one below -1_000_000).
  assert.ok(
    report.exceptions.ValueError!.length >= 1 && report.exceptions.ValueError!.every((c) => /^(large )?negative int$/.test(c)),
    String(report.exceptions.ValueError),
  );
  assert.ok(report.exceptions.TypeError!.length >= 2);
  assert.ok(holds(report, 'monotonic-increasing'));
  assert.equal(prop(report, 'monotonic-decreasing')?.holds, false);
  // The raise is blamed on the parameter, with the call that returned when only it changed.
  assert.match(report.description.raises, /^ValueError for `n=-\d+`.*: negative \(with `n=\d+` it returned \d+\)\.$/m);
});

test('negate: an involution and monotonic decreasing', async () => {
  const { report } = await explore('negate');
  assert.ok(holds(report, 'involution'));
  assert.ok(holds(report, 'monotonic-decreasing'));
  assert.equal(prop(report, 'monotonic-increasing')?.holds, false);
});

test('a function that changes its argument is not pure, and the summary says so', async () => {
  const { report } = await explore('append_zero');
  assert.equal(prop(report, 'pure')?.holds, false);
  assert.match(prop(report, 'pure')!.evidence, /changed args\[0\] to \[.*0\]/);
  assert.deepEqual(report.returnTypes, ['NoneType']);
  assert.match(report.description.summary, /Changes its arguments in place \(after append_zero\(.*\), `xs` became \[.*0\]\)\./);
});

test('a function whose answers change between runs is not deterministic', async () => {
  let counter = 0;
  const fn: FakeFunction = { params: [param('x')], body: ([x]) => pyInt(expectInt(x, 'noisy') + BigInt(counter++)) };
  const { report } = await explore('noisy', { fn });
  assert.equal(prop(report, 'deterministic')?.holds, false);
  assert.match(prop(report, 'deterministic')!.evidence, /^counterexample: noisy\(/);
});

test('determinism re-runs run afresh through a caching session, written exactly as before', async () => {
  const { report, fake } = await explore('rot13', { cache: true });
  assert.ok(holds(report, 'deterministic'), prop(report, 'deterministic')?.evidence);
  const repeats = fake.records.filter((r) => r.note?.startsWith('determinism'));
  assert.ok(repeats.length >= 3);
  assert.ok(
    repeats.every((r) => r.origin === 'offline'),
    'no re-run was answered from the cache',
  );
  assert.ok(
    repeats.every((r) => fake.records.some((o) => o !== r && o.args.join() === r.args.join())),
    'each re-run repeats an earlier call verbatim',
  );
  assert.ok(fake.records.every((r) => !r.args[0]?.startsWith('((')) && !fake.records.some((r) => /^\('/.test(r.args[0] ?? '')));
  // A function of no arguments is re-run too, and a constant is deterministic.
  const fn: FakeFunction = { params: [], body: () => pyInt(42) };
  const { report: r2 } = await explore('answer', { fn, cache: true });
  assert.ok(holds(r2, 'deterministic'), prop(r2, 'deterministic')?.evidence);
});

test('keyword-only parameters go in kwargs; at signature the annotation is used', async () => {
  const { report, fake } = await explore('keyword_only', { strictness: 'signature' });
  assert.ok(fake.records.every((r) => r.kwargs?.times !== undefined || r.result.status === 'raised'));
  assert.ok(fake.records.filter((r) => r.result.status === 'returned').length >= 10);
  assert.deepEqual(report.returnTypes, ['str']);
});

test('instance methods get a receiver built from the owning class', async () => {
  const { report, fake } = await explore('deposit', { strictness: 'signature' });
  assert.ok(fake.records.every((r) => r.receiver?.startsWith('Account(')));
  assert.deepEqual(report.returnTypes, ['int']);
  assert.equal(prop(report, 'pure')?.holds, false, 'the receiver changes');
  assert.match(
    report.description.summary,
    /^In the calls tried \((?:all \d+|\d+ of \d+) returned\), it returned an int, as in Account\(\d*\)\.deposit\(\d+\) → \d+; /,
  );
  assert.match(report.description.summary, /Changes its receiver in place/);
  assert.ok(report.description.examples.some((e) => /^Account\(\d*\)\.deposit\(\d+\)$/.test(e.call)));
});

test("the budget is respected, even when tiny; only the examples' re-runs under another hash seed come after it, each an earlier call", async () => {
  for (const max of [1, 2, 5, 13, 40]) {
    const { fake, report } = await explore('sub', { maxProbes: max });
    assert.ok(fake.budgeted() <= max, `${fake.budgeted()} calls for a budget of ${max}`);
    const checks = fake.records.filter((r) => afterBudget(r.note));
    assert.ok(checks.length <= CHECKS_AFTER_BUDGET && (max < 40 || checks.length >= 1), `${checks.length} example checks at ${max}`);
    const earlier = (r: ProbeRecord): boolean => fake.records.some((e) => e.index < r.index && !afterBudget(e.note) && callKey(e) === callKey(r));
    assert.ok(checks.every(earlier), JSON.stringify(checks.map((r) => r.args)));
    assert.ok(
      fake.records.slice(fake.records.length - checks.length).every((r) => afterBudget(r.note)),
      'the checks come last',
    );
    assert.ok(report.ioTable.split('\n').length === fake.calls() + 2);
  }
});

test('a stop signal ends the run promptly and the report covers what was probed', async () => {
  const controller = new AbortController();
  const fake = fakeProbe(FAKES.rot13!, { onCall: (n) => n === 5 && controller.abort() });
  const report = await exploreOffline(info('rot13', FAKES.rot13!), fake.probe, { maxProbes: 40, strictness: 'anonymized', signal: controller.signal });
  assert.equal(fake.calls(), 5);
  assert.equal(report.ioTable.split('\n').length, 5 + 2);
});

test('errors of the probe function itself are not swallowed', async () => {
  const probe = async () => {
    throw new Error('worker died');
  };
  await assert.rejects(exploreOffline(info('rot13', FAKES.rot13!), probe, { maxProbes: 10, strictness: 'anonymized' }), /worker died/);
});

test('no property is claimed on fewer than MIN_EVIDENCE applicable probes', async () => {
  for (const max of [3, 6, 9]) {
    const { report, fake } = await explore('rot13', { maxProbes: max });
    for (const p of report.properties.filter((q) => q.holds)) {
      const n = Number(/(\d+)/.exec(p.evidence)?.[1]);
      assert.ok(n >= MIN_EVIDENCE, `${p.name} claimed on "${p.evidence}" after ${fake.calls()} probes`);
    }
  }
});

test('the report: examples come from real probes, the table has every probe, the description is filled in', async () => {
  const { report, fake } = await explore('isqrt');
  const calls = new Set(fake.records.map((r) => `isqrt(${r.args.join(', ')})`));
  assert.ok(report.description.examples.length >= 3);
  for (const e of report.description.examples) {
    assert.ok(calls.has(e.call), `${e.call} was never probed`);
    const rec = fake.records.find((r) => `isqrt(${r.args.join(', ')})` === e.call)!;
    if (rec.result.status === 'returned') assert.equal(e.result, rec.result.value!.repr);
    else assert.equal(e.result, `Traceback (most recent call last):\n    ...\n${rec.result.exception!.type}: ${rec.result.exception!.message}`);
  }
  assert.ok(report.description.examples.some((e) => e.result.includes('ValueError: negative')));
  for (const r of fake.records) assert.ok(report.ioTable.includes(`| ${r.index} | \`isqrt(${r.args.join(', ')})\``), `row ${r.index} missing`);
  assert.deepEqual(Object.keys(report.description.parameters), ['n']);
  assert.match(report.description.parameters.n!, /^int/);
  assert.match(report.description.returns, /^An int/);
  assert.ok(report.description.confidence > 0 && report.description.confidence < 1);
  assert.match(report.description.details, /monotonic-increasing: holds/);
});

test('the same target explores the same inputs every time', async () => {
  const a = (await explore('sub')).fake.records.map((r) => r.args.join(','));
  const b = (await explore('sub')).fake.records.map((r) => r.args.join(','));
  assert.deepEqual(a, b);
});

test('inputs that reached new code are mutated', async () => {
  const { fake } = await explore('isqrt');
  assert.ok(fake.records.some((r) => /^mutation of #\d+/.test(r.note ?? '')));
  // Every mutant's source is still something the worker grammar reads: plain literals.
  for (const r of fake.records) assert.ok(r.result.status !== 'rejected', `${r.args.join(', ')} was rejected`);
  assert.ok(fake.records.every((r) => r.args.every((a) => toSource(pyStr(a)).length > 0)));
});

test('a mixed signature (a list and an int) is found within a few probes, so a small budget still explores it', async () => {
  const fn: FakeFunction = {
    params: [param('xs'), param('n')],
    body: ([xs, n]) =>
      pyList(
        expectIntList(xs, 'take')
          .slice(0, Number(expectInt(n, 'take')))
          .map(pyInt),
      ),
  };
  const { fake, report } = await explore('take', { fn, maxProbes: 20 });
  const first = fake.records.findIndex((r) => r.result.status === 'returned');
  assert.ok(first >= 0 && first < 6, `first accepted call was probe ${first + 1}`);
  assert.ok(fake.records.filter((r) => r.result.status === 'returned').length >= 8);
  // The relation needs two cuts with different results; at 20 probes the inputs may not show them, and then the summary says so plainly.
  assert.match(
    report.description.summary,
    /^(?:Returns the first `n` elements of `xs`\.|In the calls tried \(\d+ of 20 returned\), it returned a list never longer than `xs`, as in .+\.)$/,
  );
});

test('a trend that turns with the sign of another argument is not claimed (a * b is monotonic in a only for b > 0)', async () => {
  const fn: FakeFunction = { params: [param('a'), param('b')], body: ([a, b]) => pyInt(expectInt(a, 'mul') * expectInt(b, 'mul')) };
  for (const maxProbes of [20, 40, 60]) {
    const { report } = await explore('mul', { fn, maxProbes });
    assertNoMonotonicClaim(report, maxProbes);
    assertBarNamedOnlyBelowIt(report);
    assert.ok(holds(report, 'commutative') || maxProbes < 40, `commutative at ${maxProbes}: ${prop(report, 'commutative')?.evidence}`);
  }
});

test('an inconclusive property names the evidence bar only when its count is below it (clamp: 3 strict increases, too few other arguments)', async () => {
  const fn: FakeFunction = {
    params: [param('x'), param('lo'), param('hi')],
    body: ([x, lo, hi]) => {
      const [v, l, h] = [x, lo, hi].map((a) => expectNumber(a, 'clamp')) as [number, number, number];
      const out = Math.min(Math.max(v, l), h);
      return [x, lo, hi].every((a) => a?.k === 'int') ? pyInt(out) : pyFloat(out);
    },
  };
  for (const maxProbes of [20, 40]) assertBarNamedOnlyBelowIt((await explore('clamp', { fn, maxProbes })).report);
});

/** "inconclusive: 5 … (at least 3 needed)" reads as a contradiction: the bar is named only when the count is below it. */
function assertBarNamedOnlyBelowIt(report: OfflineReport): void {
  for (const p of report.properties) {
    const m = /^inconclusive: (\d+)\b.*\(at least (\d+) needed\)/.exec(p.evidence);
    if (m) assert.ok(Number(m[1]) < Number(m[2]), `${p.name}: ${p.evidence}`);
  }
}

function assertNoMonotonicClaim(report: OfflineReport, budget: number): void {
  for (const name of ['monotonic-increasing', 'monotonic-decreasing'] as const) {
    assert.notEqual(prop(report, name)?.holds, true, `${name} claimed with ${budget} probes: ${prop(report, name)?.evidence}`);
  }
}

test('seeding an agent: distinct calls only, no determinism re-runs (issue 11)', async () => {
  for (const name of ['isqrt', 'add', 'rot13']) {
    const fake = fakeProbe(FAKES[name]!);
    await exploreOffline(info(name, FAKES[name]!), fake.probe, { maxProbes: 8, strictness: 'anonymized', seeding: true });
    const keys = fake.records.map((r) => JSON.stringify([r.args, r.kwargs ?? {}]));
    assert.equal(new Set(keys).size, keys.length, `${name}: a repeated call in ${keys.join(' ')}`);
    assert.ok(fake.records.every((r) => !/determinism/.test(r.note ?? '')));
  }
});

test('determinism is checked under other random seeds, and a call that changes with the seed is "uses randomness"', async () => {
  let seedSeen: number | undefined;
  const fake = fakeProbe(FAKES.isqrt!);
  const seeded: typeof fake.probe = async (request, note, options) => {
    const record = await fake.probe(request, note, options);
    if (options?.seed === undefined) return record;
    seedSeen = options.seed;
    // As if the function read random(): another seed, another answer.
    return record.result.status === 'returned'
      ? { ...record, result: { ...record.result, value: { ...record.result.value!, repr: '-1', data: { t: 'int', v: '-1' } } } }
      : record;
  };
  const report = await exploreOffline(info('isqrt', FAKES.isqrt!), seeded, { maxProbes: 40, strictness: 'anonymized' });
  assert.ok(seedSeen !== undefined && seedSeen !== 0);
  assert.equal(report.properties.find((p) => p.name === 'deterministic')?.holds, false);
  assert.equal(report.properties.find((p) => p.name === 'uses-randomness')?.holds, true);
  // isqrt's values rise with n in the seed-0 run, but a run that changes with the seed shows no law of its values.
  const monotonic = report.properties.find((p) => p.name === 'monotonic-increasing');
  assert.equal(monotonic?.holds, false, monotonic?.evidence);
  assert.match(monotonic.evidence, /change from run to run/);
  assert.ok(!report.description.properties?.some((t) => /monoton/.test(t)), report.description.properties?.join('; '));
});

test('a result that differs under another random seed only where an object address shows is not "uses randomness"', async () => {
  // As a text holding `<Clause at 0x7f…>` does: another process, another address, whatever the seed.
  const fake = fakeProbe(FAKES.isqrt!);
  const addressed: typeof fake.probe = async (request, note, options) => {
    const record = await fake.probe(request, note, options);
    if (record.result.status !== 'returned') return record;
    const text = `'<Node at 0x7f${(options?.seed ?? 0) === 0 ? 'aa00112233' : 'bb44556677'}>'`;
    return { ...record, result: { ...record.result, value: { ...record.result.value!, type: 'str', repr: text, data: { t: 'str', v: text.slice(1, -1) } } } };
  };
  const report = await exploreOffline(info('isqrt', FAKES.isqrt!), addressed, { maxProbes: 40, strictness: 'anonymized' });
  assert.notEqual(report.properties.find((p) => p.name === 'uses-randomness')?.holds, true);
  assert.equal(report.properties.find((p) => p.name === 'deterministic')?.holds, false, 'the result does change from run to run');
});

test('a result that shows the clock or an object id() is not "uses randomness", whatever seed it ran under', async () => {
  // formatdate() formats the moment it is called; pluggy's get_canonical_name gives str(id(plugin)):
  // both change from run to run, and neither because of the random seed.
  let tick = 0;
  const shows = {
    clock: (): string => {
      const t = new Date(Date.now() + 1000 * tick++);
      return `'${t.toUTCString().replace('GMT', '-0000')}'`;
    },
    id: (): string => `'${140234567890432 + 16 * tick++}'`,
  };
  for (const [what, shown] of Object.entries(shows)) {
    const fake = fakeProbe(FAKES.isqrt!);
    const moving: typeof fake.probe = async (request, note, options) => {
      const record = await fake.probe(request, note, options);
      if (record.result.status !== 'returned') return record;
      const text = shown();
      return { ...record, result: { ...record.result, value: { ...record.result.value!, type: 'str', repr: text, data: { t: 'str', v: text.slice(1, -1) } } } };
    };
    const report = await exploreOffline(info('isqrt', FAKES.isqrt!), moving, { maxProbes: 40, strictness: 'anonymized' });
    const randomness = report.properties.find((p) => p.name === 'uses-randomness');
    assert.notEqual(randomness?.holds, true, `${what}: ${randomness?.evidence}`);
    assert.equal(report.properties.find((p) => p.name === 'deterministic')?.holds, false, `${what}: the result does change from run to run`);
  }
});

test('"no side effects" is not claimed from calls that left out the parameter it would write to', async () => {
  // Writes into `log` only when given a log it accepts ({'entries': [...]}), which no call happens to pass.
  const fn: FakeFunction = {
    params: [param('x'), param('log', 'POSITIONAL_OR_KEYWORD', { default: 'None' })],
    body: ([x, log]) => {
      const v = expectInt(x, 'double');
      if (log && log.k !== 'none') {
        const entries = log.k === 'dict' ? log.entries.find(([k]) => k.k === 'str' && k.v === 'entries')?.[1] : undefined;
        if (entries?.k !== 'list') throw new PyError('ValueError', 'not a log');
        entries.items.push(pyInt(v));
      }
      return pyInt(v * 2n);
    },
  };
  const { report } = await explore('double', { fn });
  const pure = prop(report, 'pure');
  assert.equal(pure?.holds, false);
  assert.match(pure.evidence, /^inconclusive: \d+ calls changed nothing and printed nothing, but fewer than 2 of them were given `log`$/);
});

test('a refusal that names the choices there are ("should be 0, 1, or 2") has each tried: seek(pos, whence) from the end too', async () => {
  // An empty stream's seek (boltons' SpooledStringIO): whence 0 and 1 land on `pos`, whence 2 counts back from its end.
  const fn: FakeFunction = {
    params: [param('pos'), param('whence', 'POSITIONAL_OR_KEYWORD', { default: '0' })],
    body: ([pos, whence]) => {
      const p = expectInt(pos, 'seek');
      const w = whence === undefined ? 0n : whence.k === 'int' ? whence.v : -1n;
      if (w === 0n || w === 1n) return pyInt(p);
      if (w === 2n) return pyInt(-p);
      throw new PyError('ValueError', `Invalid whence (${whence ? toSource(whence) : 'None'}, should be 0, 1, or 2)`);
    },
  };
  const { report, fake } = await explore('seek', { fn, maxProbes: 20 });
  assert.ok(
    fake.records.some((r) => r.args[1] === '2' || r.kwargs?.whence === '2'),
    JSON.stringify(fake.records.map((r) => [r.args, r.kwargs])),
  );
  assert.doesNotMatch(report.description.summary, /Returns `pos` unchanged/, report.description.summary);
});

test('"Changes its receiver in place" rests on calls that returned, where any did, not on one that raised after the change', async () => {
  // draw(n): counts the draw on its Bag, then gives the n-th item, or raises KeyError for an n it lacks
  // (Random.choices on a dict raises so for a drawn index that is no key, by chance: elsewhere it returns).
  const fn: FakeFunction = {
    params: [param('self'), param('n', 'POSITIONAL_OR_KEYWORD', { annotation: 'int' })],
    needsReceiver: true,
    ownerClass: 'Bag',
    moduleClasses: ['Bag'],
    changesBeforeRaising: true,
    body: ([n], _kw, receiver) => {
      if (!receiver || receiver.k !== 'call' || receiver.callee !== 'Bag' || receiver.args.length > 1) throw new PyError('TypeError', 'bad receiver');
      const drawn = receiver.args[0] ? expectInt(receiver.args[0], 'Bag') : 0n;
      receiver.args = [pyInt(drawn + 1n)];
      const i = expectInt(n, 'draw');
      if (i < 0n || i > 2n) throw new PyError('KeyError', String(i));
      return pyInt(i * 10n);
    },
  };
  const { report, fake } = await explore('draw', { fn, strictness: 'signature' });
  const inPlace = (report.description.claims ?? []).find((c) => c.text.startsWith('Changes its receiver in place'));
  assert.ok(inPlace, report.description.summary);
  const status = new Map(fake.records.map((r) => [r.index, r.result.status]));
  // The fixture reaches the case: calls that changed the Bag and raised.
  assert.ok(fake.records.some((r) => r.result.status === 'raised' && r.result.mutations.length > 0));
  assert.ok(
    inPlace.support.length > 0 && inPlace.support.every((i) => status.get(i) === 'returned'),
    JSON.stringify(inPlace.support.map((i) => status.get(i))),
  );
});

test('"no side effects" is not claimed of calls that filled a cached property of an argument', async () => {
  // double(x) changes nothing a read shows, but the worker saw a cached property of `x` store its value (functools.cached_property).
  const fn: FakeFunction = { params: [param('x')], body: ([x]) => pyInt(expectInt(x, 'double') * 2n), cacheFilled: ['args[0]'] };
  const { report } = await explore('double', { fn });
  const pure = prop(report, 'pure');
  assert.equal(pure?.holds, false);
  assert.match(pure.evidence, /^inconclusive: double\(\S+\) changed nothing a read shows, but a cached property of an argument stored its value there$/);
  assert.doesNotMatch((report.description.properties ?? []).join(' '), /no side effects/);
});

test('a relation of the arguments holds for calls that left one out, read with its default: money(amount, currency="USD")', async () => {
  // Any currency given is written after the amount; the default one is a symbol before it. "Adds
  // text at the start of `currency`" holds for every call given a currency, and is false for money(3).
  const fn: FakeFunction = {
    params: [param('amount'), param('currency', 'POSITIONAL_OR_KEYWORD', { default: "'USD'" })],
    body: ([amount, currency]) => {
      const a = expectInt(amount, 'money');
      const c = currency === undefined ? 'USD' : expectStr(currency, 'money');
      return pyStr(c === 'USD' ? `$${a}.00` : `${a}.00 ${c}`);
    },
  };
  const { report, fake } = await explore('money', { fn });
  assert.ok(
    fake.records.some((r) => r.args.length === 1 && r.result.status === 'returned'),
    'a call left the currency out',
  );
  assert.match(report.description.summary, /^In the calls tried /);
});

test('a relation of the summary is re-tested on lines before it is stated: escape_lt(s) makes some texts shorter', async () => {
  // Escapes '&' and '<' and turns CRLF into LF: on the inputs of the sweep it only ever lengthens
  // the text. (Escaping '&' too keeps it from being idempotent: a law's variants would go first.)
  const fn: FakeFunction = {
    params: [param('s')],
    body: ([s]) => pyStr(expectStr(s, 'escape_lt').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\r\n/g, '\n')),
  };
  const { report, fake } = await explore('escape_lt', { fn });
  assert.ok(
    fake.records.some((r) => /\\r\\n/.test(r.args[0] ?? '') && /^verification/.test(r.note ?? '')),
    'a verification call with CRLF lines',
  );
  assert.doesNotMatch(report.description.summary, /no call made the text shorter/);
});

test('a method of no arguments whose results differ only as 0 and 0.0 is not said to depend on its receiver', async () => {
  // Cart(...).total(): 0 for an empty cart built from nothing, 0.0 for any other.
  const fn: FakeFunction = {
    params: [param('self')],
    needsReceiver: true,
    ownerClass: 'Cart',
    moduleClasses: ['Cart'],
    body: (_args, _kw, receiver) => {
      if (!receiver || receiver.k !== 'call' || receiver.callee !== 'Cart') throw new PyError('TypeError', 'bad receiver');
      return receiver.args.length ? pyFloat(0) : pyInt(0);
    },
  };
  const { report, fake } = await explore('total', { fn });
  assert.ok(new Set(fake.records.filter((r) => r.result.status === 'returned').map((r) => r.result.value?.repr)).size >= 2, 'both 0 and 0.0 were seen');
  assert.doesNotMatch(report.description.summary, /depends on the Cart/);
});

test('a parameter that changed nothing names the values it was changed among', async () => {
  const fn: FakeFunction = { params: [param('a'), param('b')], body: ([a]) => pyInt(expectInt(a, 'first')) };
  const { report } = await explore('first', { fn });
  assert.match(
    report.description.parameters.b ?? '',
    /^changing it alone \(among `[^`]+`(, `[^`]+`)* and (`[^`]+`|\d+ more)\) made no difference in the \d+ calls that did( \(may be left out\))?$/,
  );
});

test('a raise that comes with giving a flag is blamed on the flag against the default, and the flag is not "no difference"', async () => {
  // parse_number(text, strict=False): '2.5' gives 2; with strict=True it raises. Values that
  // returned elsewhere ('2.5' without strict) are never listed as raising.
  const fn: FakeFunction = {
    params: [param('text'), param('strict', 'POSITIONAL_OR_KEYWORD', { default: 'False' })],
    body: ([text, positional], kwargs) => {
      const s = expectStr(text, 'parse_number');
      const flag = positional ?? kwargs.strict;
      const strict = flag !== undefined && toSource(flag) !== 'False' && toSource(flag) !== '0';
      if (/^-?\d+$/.test(s)) return pyInt(BigInt(s));
      if (strict) throw new PyError('ValueError', `invalid literal for int() with base 10: '${s}'`);
      if (/^-?\d+\.\d+$/.test(s)) return pyInt(Math.trunc(Number(s)));
      throw new PyError('ValueError', `could not convert string to float: '${s}'`);
    },
  };
  const { report, fake } = await explore('parse_number', { fn });
  const byStrict = report.description.raises.split('\n').find((l) => /^ValueError for `strict=/.test(l));
  assert.ok(
    byStrict,
    `${report.description.raises}\n${fake.records.map((r) => `${r.args.join(', ')} ${JSON.stringify(r.kwargs ?? {})} ${r.result.status}`).join('\n')}`,
  );
  assert.match(byStrict, / \(with `strict` left out it returned /);
  assert.doesNotMatch(report.description.parameters.strict ?? '', /made no difference/);
  for (const line of report.description.raises.split('\n')) {
    const m = /^\S+ for (.+?): .* \(with (`[^`]+`) it returned/.exec(line);
    if (m) assert.ok(!m[1]!.includes(m[2]!), `a value listed as raising also returned: ${line}`);
  }
});

test('the summary speaks of the main use: a low median of numbers, not "a part of the text" from the texts it also takes', async () => {
  // median_low(data): any sequence; the lower of the two middle elements for an even count.
  const fn: FakeFunction = {
    params: [param('data')],
    body: ([data]) => {
      if (data?.k === 'str' && data.v.length) return pyStr([...data.v].sort()[Math.floor((data.v.length - 1) / 2)]!);
      const xs = expectIntList(data, 'median_low').sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      if (xs.length === 0) throw new PyError('statistics.StatisticsError', 'no median for empty data');
      return pyInt(xs[Math.floor((xs.length - 1) / 2)]!);
    },
  };
  const { report, fake } = await explore('median_low', { fn, maxProbes: 20 });
  assert.match(
    report.description.summary,
    /^Returns the middle one of the numbers in sorted order \(the lower of the two middle ones for an even count\)\./,
    fake.records.map((r) => `${r.args.join(', ')} → ${r.result.value?.repr ?? r.result.status}`).join('\n'),
  );
  assert.match(report.description.examples[0]?.call ?? '', /^median_low\(\[/, 'the first example is a list of numbers');
});

test('a number split into parts: the summary names the count and the total, and says the parts are even', async () => {
  // split_bill(total, people): [34, 33, 33] for (100, 3).
  const fn: FakeFunction = {
    params: [param('total'), param('people')],
    body: ([total, people]) => {
      const t = expectInt(total, 'split_bill');
      const n = expectInt(people, 'split_bill');
      if (n <= 0n) throw new PyError('ValueError', 'people must be positive');
      // Python's floor division.
      const share = t / n - (t % n !== 0n && t < 0n !== n < 0n ? 1n : 0n);
      return pyList(Array.from({ length: Number(n) }, (_, i) => pyInt(share + (BigInt(i) < t - share * n ? 1n : 0n))));
    },
  };
  const { report } = await explore('split_bill', { fn, maxProbes: 20 });
  assert.match(report.description.summary, /^Splits `total` into a list of `people` numbers that add up to it, as evenly as possible/);
});

test('a few distinct results are named instead of their type: a method that classifies its receiver', async () => {
  // Temperature(c).describe(): 'freezing' below 0, 'cool' below 20, else 'warm'.
  const fn: FakeFunction = {
    params: [param('self')],
    needsReceiver: true,
    ownerClass: 'Temperature',
    moduleClasses: ['Temperature'],
    body: (_args, _kw, receiver) => {
      if (!receiver || receiver.k !== 'call' || receiver.callee !== 'Temperature' || receiver.args.length !== 1) throw new PyError('TypeError', 'bad receiver');
      const c = expectInt(receiver.args[0], 'Temperature');
      return pyStr(c < 0n ? 'freezing' : c < 20n ? 'cool' : 'warm');
    },
  };
  const { report } = await explore('describe', { fn, maxProbes: 20 });
  assert.match(
    report.description.summary,
    /^Returns '(cool|warm|freezing)', '(cool|warm|freezing)' or '(cool|warm|freezing)', depending on the Temperature it is called on/,
  );
});

test('a function that hands back one of its arguments shows one example for each (clamp: inside, below, above)', async () => {
  // Numbers of either type, each handed back as it was given (clamp(5, 0, 2.5) is 2.5).
  const fn: FakeFunction = {
    params: [param('x'), param('lo'), param('hi')],
    body: ([x, lo, hi]) => {
      const [v, l, h] = [expectNumber(x, 'clamp'), expectNumber(lo, 'clamp'), expectNumber(hi, 'clamp')];
      if (l > h) throw new PyError('ValueError', 'empty interval');
      return v < l ? lo! : v > h ? hi! : x!;
    },
  };
  const { report } = await explore('clamp', { fn, maxProbes: 20 });
  const returned = report.description.examples.filter((e) => !e.result.includes('Error'));
  const handedBack = returned.map((e) => (/^clamp\((.*)\)$/.exec(e.call)?.[1]?.split(', ') ?? []).indexOf(e.result));
  assert.deepEqual([...new Set(handedBack)].sort(), [0, 1, 2], `examples: ${returned.map((e) => `${e.call} → ${e.result}`).join('; ')}`);
});

test('a flag read by its truth value is a flag: other values that acted as True or False are named, not listed as types', async () => {
  // order(xs, reverse=False): `if reverse:` — 3 and 'abc' reverse the list as True does.
  const fn: FakeFunction = {
    params: [param('xs'), param('reverse', 'POSITIONAL_OR_KEYWORD', { default: 'False' })],
    body: ([xs, positional], kwargs) => {
      const items = expectIntList(xs, 'order').sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      const flag = positional ?? kwargs.reverse;
      const truthy = flag !== undefined && !['False', '0', "''", '[]', 'None', '0.0', '()', '{}'].includes(toSource(flag));
      return pyList((truthy ? items.reverse() : items).map(pyInt));
    },
  };
  const { report } = await explore('order', { fn, maxProbes: 40 });
  const reverse = report.description.parameters.reverse ?? '';
  assert.match(reverse, /^a flag \(True\/False\) \(`[^`]+`( and `[^`]+`)? acted as their truth value\)/, reverse);
});

test('a trend in a parameter is not stated when a call that left it out (its default) gave another argument a sign no trend was seen with: tax(price, rate=0.2)', async () => {
  // round(price * rate, 2) rises with rate for positive prices and falls for negative ones. The
  // negative price was tried only with rate left out: read with its default, it is a context the
  // trend in rate was never seen in, so "monotonically increasing in rate" cannot be stated.
  const fn: FakeFunction = {
    params: [param('price'), param('rate', 'POSITIONAL_OR_KEYWORD', { default: '0.2' })],
    body: ([price, rate]) => {
      const p = expectNumber(price, 'tax');
      const r = rate === undefined ? 0.2 : expectNumber(rate, 'tax');
      return pyFloat(Math.round(p * r * 100) / 100);
    },
  };
  const { report, fake } = await explore('tax', { fn });
  const negativeAlone = fake.records.filter((r) => r.args.length === 1 && /^-/.test(r.args[0] ?? '') && r.result.status === 'returned');
  const negativeWithRate = fake.records.filter((r) => r.args.length === 2 && /^-/.test(r.args[0] ?? '') && r.result.status === 'returned');
  const increasing = report.properties.find((p) => p.name === 'monotonic-increasing');
  if (negativeWithRate.length < 2) {
    assert.ok(negativeAlone.length > 0, 'a negative price was tried with the rate left out');
    assert.notEqual(increasing?.holds, true, increasing?.evidence);
  } else {
    // Tried both ways: the trend is refuted by the calls themselves.
    assert.equal(increasing?.holds, false, increasing?.evidence);
  }
});

test('a merge of dicts is tried with a key in both: not claimed commutative, and the later dict is said to win only after that call', async () => {
  const dictArg = (v: PyValue | undefined): [PyValue, PyValue][] => {
    if (v?.k !== 'dict') throw new PyError('TypeError', `'${v?.k ?? 'none'}' object is not a mapping`);
    return v.entries;
  };
  const merge = (first: [PyValue, PyValue][], second: [PyValue, PyValue][]): PyValue => {
    const out = new Map<string, [PyValue, PyValue]>();
    for (const [k, v] of [...first, ...second]) out.set(toSource(k), [k, v]);
    return { k: 'dict', entries: [...out.values()] };
  };
  const later: FakeFunction = {
    params: [param('a', undefined, { annotation: 'dict' }), param('b', undefined, { annotation: 'dict' })],
    body: ([a, b]) => merge(dictArg(a), dictArg(b)),
  };
  const { report } = await explore('later', { fn: later, maxProbes: 40 });
  assert.equal(prop(report, 'commutative')?.holds ?? false, false, prop(report, 'commutative')?.evidence);
  assert.match(report.description.summary, /a later dict wins on a shared key/);
});

test("'int' object is not iterable about a list of lists with a number among them: that number goes in a list of its own", async () => {
  const chain: FakeFunction = {
    params: [param('nested')],
    body: ([v]) => {
      if (v?.k !== 'list') throw new PyError('TypeError', 'a list is required');
      if (!v.items.every((x) => x.k === 'list')) throw new PyError('TypeError', "'int' object is not iterable");
      return pyList(v.items.flatMap((x) => (x.k === 'list' ? x.items : [])));
    },
  };
  // The name's family gives [[1, 2], [3, [4, 5]], 6] first.
  const { fake } = await explore('chain', { fn: chain, strictness: 'signature' });
  const made = fake.records.findIndex((r) => r.args[0] === '[[1, 2], [3, [4, 5]], [6]]');
  assert.ok(made >= 0 && fake.records[made]?.result.status === 'returned', JSON.stringify(fake.records.map((r) => r.args)));
});
