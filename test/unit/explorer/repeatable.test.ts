// One definition of a result a reader can repeat (src/explorer/repeatable.ts): a call whose second
// run in its process gave another result (ProbeResult.again), or a result showing the clock, is
// neither "deterministic" nor an example. The fake forks: its counter starts again at each probe.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_STRICTNESS } from '../../../src/core/limits.js';
import { exploreOffline } from '../../../src/explorer/index.js';
import { list, str, toSource } from '../../../src/explorer/values.js';
import { parseSource } from '../../../src/explorer/parse.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, expectInt, expectStr, fakeProbe, info, param, pyFloat, pyInt, pyStr } from './fake-python.js';

test('a module-level counter: each fresh process gives #1, the second run #2, so no "deterministic" and no value shown', async () => {
  let made = 0;
  const fn: FakeFunction = { params: [param('name')], body: ([name]) => str(`${expectStr(name, 'tag')}#${++made}`) };
  const fake = fakeProbe(fn, { onCall: () => (made = 0) });
  const report = await exploreOffline(info('tag', fn), fake.probe, { maxProbes: 20, strictness: DEFAULT_STRICTNESS });
  const deterministic = report.properties.find((p) => p.name === 'deterministic');
  assert.equal(deterministic?.holds, false, JSON.stringify(deterministic));
  assert.match(deterministic?.evidence ?? '', /gave '.*#1', then '.*#2' when called again in the same process/);
  // No value: the call is shown with its type (type(tag('abc')) → <class 'str'>) at most.
  assert.deepEqual(
    report.description.examples.filter((e) => !e.result.startsWith('Traceback') && !e.call.startsWith('type(')),
    [],
  );
  assert.doesNotMatch(report.description.summary.replace(/Not the same from run to run: .*/, ''), /#1/, report.description.summary);
  assert.doesNotMatch(report.description.raises, /#\d/, report.description.raises);
});

test('a result showing the current date: "deterministic" is not stated, though every re-run agreed', async () => {
  const fn: FakeFunction = { params: [param('label')], body: ([label]) => str(`${expectStr(label, 'stamp')} ${new Date().toISOString().slice(0, 10)}`) };
  const report = await exploreOffline(info('stamp', fn), fakeProbe(fn).probe, { maxProbes: 20, strictness: DEFAULT_STRICTNESS });
  const deterministic = report.properties.find((p) => p.name === 'deterministic');
  assert.equal(deterministic?.holds, false, JSON.stringify(deterministic));
  assert.match(deterministic?.evidence ?? '', /returned the current date or time/);
});

test('the same fake without its counter is deterministic', async () => {
  const fn: FakeFunction = { params: [param('name')], body: ([name]) => str(`${expectStr(name, 'tag')}#1`) };
  const report = await exploreOffline(info('tag', fn), fakeProbe(fn).probe, { maxProbes: 20, strictness: DEFAULT_STRICTNESS });
  assert.equal(report.properties.find((p) => p.name === 'deterministic')?.holds, true);
});

test('a result that is an object id() (pluggy register: str(id(plugin))): the same in every fork, so no "deterministic" and no example quotes it', async () => {
  // The forks of one warm worker give an object the same id; the user's own process gives another.
  const fn: FakeFunction = { params: [param('name')], body: ([name]) => str(String(140234567890432n + 8n * BigInt(expectStr(name, 'register').length))) };
  const report = await exploreOffline(info('register', fn), fakeProbe(fn).probe, { maxProbes: 20, strictness: DEFAULT_STRICTNESS });
  const deterministic = report.properties.find((p) => p.name === 'deterministic');
  assert.equal(deterministic?.holds, false, JSON.stringify(deterministic));
  assert.match(deterministic?.evidence ?? '', /likely an object's id, which differs in each new process/);
  const quoted = report.description.examples.map((e) => e.result).filter((r) => /1402345678\d{5}/.test(r));
  assert.deepEqual(quoted, []);
  assert.doesNotMatch(report.description.summary, /1402345678\d{5}/, report.description.summary);
});

test('a counter at the end of a long result: the two results are quoted where they differ', async () => {
  // traceback.format_stack(): the frames differ only near the end, past what a quote keeps.
  let made = 0;
  const frames = `['  File "<frozen runpy>", line 198, in _run_module_as_main', '  File "<frozen runpy>", line 88, in _run_code', `;
  const fn: FakeFunction = { params: [param('name')], body: ([name]) => str(`${frames}${expectStr(name, 'stack')} line ${++made}`) };
  const fake = fakeProbe(fn, { onCall: () => (made = 0) });
  const report = await exploreOffline(info('stack', fn), fake.probe, { maxProbes: 20, strictness: DEFAULT_STRICTNESS });
  const evidence = report.properties.find((p) => p.name === 'deterministic')?.evidence ?? '';
  assert.match(evidence, /gave ….* line 1'?, then ….* line 2'? when called again in the same process/, evidence);
});

test('results that differ from run to run: the ordinary call still comes first, shown with its type, never its value', async () => {
  // traceback.format_stack() (teach9's trial): its only example was an error.
  let made = 0;
  const fn: FakeFunction = {
    params: [param('limit', 'POSITIONAL_OR_KEYWORD', { default: 'None' })],
    body: ([limit]) => {
      if (limit !== undefined && limit.k !== 'none' && limit.k !== 'int') throw new PyError('TypeError', 'an integer is required');
      return list([str(`frame ${++made}`)]);
    },
  };
  const fake = fakeProbe(fn, { onCall: () => (made = 0) });
  const report = await exploreOffline(info('stack', fn), fake.probe, { maxProbes: 20, strictness: DEFAULT_STRICTNESS });
  const [first, ...rest] = report.description.examples;
  assert.deepEqual(
    first && { call: first.call, result: first.result },
    { call: 'type(stack())', result: "<class 'list'>" },
    JSON.stringify(report.description.examples),
  );
  assert.ok(
    rest.every((e) => e.result.startsWith('Traceback')),
    JSON.stringify(rest),
  );
});

test('a result that follows hash() of text for most arguments (colour: Color(pick_for=x)): no example shows a value an interpreter of another hash seed would not give', async () => {
  // A first argument of 3 is looked up (the first call and so the property re-run under another hash
  // seed agree); the rest pick by a hash the seed moves. Every new pair gives a new result, so the last
  // exploration would run to the end of the budget, past the examples' own re-runs.
  const fn: FakeFunction = {
    params: [param('a'), param('b')],
    body: ([a, b], _kw, _r, interpreter) => {
      const x = Number(expectInt(a, 'pick'));
      const y = Number(expectInt(b, 'pick'));
      if (x === 3) return pyFloat(((x * 31 + y * 17) % 97) / 97);
      return pyFloat(((x * 31 + y * 17 + (interpreter?.hashSeed ?? 0) * 7) % 97) / 97);
    },
  };
  const report = await exploreOffline(info('pick', fn), fakeProbe(fn).probe, { maxProbes: 40, strictness: DEFAULT_STRICTNESS });
  const seeded = (call: string): string => {
    const [a, b] = (/\((-?\d+), (-?\d+)\)/.exec(call) ?? []).slice(1).map((n) => pyInt(BigInt(n)));
    return a && b ? toSource(fn.body([a, b], {}, undefined, { hashSeed: 4242, kept: new Map() })) : '';
  };
  const unrepeatable = report.description.examples.filter((e) => /\(-?\d+, -?\d+\)$/.test(e.call) && seeded(e.call) !== e.result);
  assert.deepEqual(unrepeatable, [], JSON.stringify(report.description.examples));
});

test('a dict whose keys come in an order the hash seed picks (toolz dissoc fills one from a set): no example prints an order another interpreter would not, and no "deterministic"', async () => {
  // The letters of a text counted, in the order a set of them iterates: one under the worker's
  // hash seed 0, the reverse under any other. Equal dicts either way, printed otherwise.
  const fn: FakeFunction = {
    params: [param('s')],
    body: ([s], _kw, _r, interpreter) => {
      const text = expectStr(s, 'counts');
      const letters = [...new Set(text)].sort();
      if ((interpreter?.hashSeed ?? 0) !== 0) letters.reverse();
      return { k: 'dict', entries: letters.map((c) => [pyStr(c), pyInt([...text].filter((x) => x === c).length)]) };
    },
  };
  const report = await exploreOffline(info('counts', fn), fakeProbe(fn).probe, { maxProbes: 40, strictness: DEFAULT_STRICTNESS });
  const elsewhere = (call: string): string => {
    const arg = /^counts\((.*)\)$/s.exec(call)?.[1];
    const value = arg === undefined ? null : parseSource(arg);
    return value ? toSource(fn.body([value], {}, undefined, { hashSeed: 4242, kept: new Map() })) : '';
  };
  // A type example (`type(counts('a'))` → `<class 'dict'>`) holds whatever the order.
  const typeOnly = (e: { call: string; result: string }) => e.call.startsWith('type(') && e.result === "<class 'dict'>";
  const unrepeatable = report.description.examples.filter((e) => !e.result.startsWith('Traceback') && !typeOnly(e) && elsewhere(e.call) !== e.result);
  assert.deepEqual(unrepeatable, [], JSON.stringify(report.description.examples));
  const deterministic = report.properties.find((p) => p.name === 'deterministic');
  assert.notEqual(deterministic?.holds, true, deterministic?.evidence);
  assert.match(deterministic?.evidence ?? '', /an order that follows the hash seed/);
});

test('a raise that comes only in a fresh interpreter (humanize activate: a locale loaded once is kept): its line says so', async () => {
  // load(name) loads and keeps `name`; load(name, path) reads only `path`, where nothing is, unless
  // `name` was loaded in this process already.
  const fn: FakeFunction = {
    params: [param('name'), param('path', 'POSITIONAL_OR_KEYWORD', { default: 'None' })],
    body: ([name, path], _kw, _r, interpreter) => {
      const key = expectStr(name, 'load');
      const kept = interpreter?.kept.get(key);
      if (kept) return kept;
      if (path !== undefined && path.k !== 'none') throw new PyError('FileNotFoundError', `No translation file found for ${key}`);
      const loaded = pyStr(`translations of ${key}`);
      interpreter?.kept.set(key, loaded);
      return loaded;
    },
  };
  const fake = fakeProbe(fn);
  const report = await exploreOffline(info('load', fn), fake.probe, { maxProbes: 40, strictness: DEFAULT_STRICTNESS });
  const line = report.description.raises.split('\n').find((l) => l.startsWith('FileNotFoundError for `path='));
  assert.ok(line, report.description.raises);
  assert.match(line, /It raised so in a fresh interpreter only: after load\('[^']*'\), load\('[^']*', [^)]*\) returned\.$/);
  assert.notEqual(report.properties.find((p) => p.name === 'pure')?.holds, true);
});

test('a generator that raises when iterated, in the same process too (difflib context_diff): no "fresh interpreter only"', async () => {
  // lines(a, b) checks its arguments only once iterated, as a generator does; the worker records
  // such a call as returned, the raise in its iteration, and a second run as returned again.
  const fn: FakeFunction = {
    params: [param('a'), param('b')],
    body: ([a, b]) => {
      for (const v of [a, b]) if (v?.k !== 'list') throw new PyError('TypeError', `'${v?.k ?? 'none'}' object is not subscriptable`);
      return pyInt(1);
    },
  };
  const fake = fakeProbe(fn);
  const generator = { type: 'generator', repr: '<generator object lines at 0x1>', truncated: false };
  const probe: typeof fake.probe = async (request, note, options) => {
    const record = await fake.probe(request, note, options);
    const { result } = record;
    if (result.status !== 'raised' || !result.exception) return record;
    const { exception, again, ...rest } = result;
    const iterated = { ...rest, status: 'returned' as const, value: { ...generator, iteration: { items: [], ended: true, raised: exception } } };
    return { ...record, result: again ? { ...iterated, again: { ...again, status: 'returned', shown: generator.repr } } : iterated };
  };
  const report = await exploreOffline(info('lines', fn), probe, { maxProbes: 40, strictness: DEFAULT_STRICTNESS });
  assert.match(report.description.raises, /raised while iterating the generator/, report.description.raises);
  assert.doesNotMatch(report.description.raises, /fresh interpreter only/, report.description.raises);
});

test('a method of no arguments that gives the number of the descriptor its object opened (GzipFile.fileno): no "Returned 3 on each"', async () => {
  // Each object opens the lowest free descriptor, 3 in a fresh process; the second run in the same
  // process, the first object still open, gets 4.
  const fn: FakeFunction = {
    params: [],
    needsReceiver: true,
    ownerClass: 'Handle',
    ownerInit: [param('name')],
    body: (_args, _kw, receiver, interpreter) => {
      if (receiver?.k !== 'call' || receiver.args[0]?.k !== 'str') throw new PyError('TypeError', 'expected a name');
      const next = Number((interpreter?.kept.get('fd') as { v?: bigint } | undefined)?.v ?? 2n) + 1;
      interpreter?.kept.set('fd', pyInt(next));
      return pyInt(next);
    },
  };
  const report = await exploreOffline(info('fileno', fn), fakeProbe(fn).probe, { maxProbes: 40, strictness: DEFAULT_STRICTNESS });
  assert.match(report.description.summary, /then 4 when called again in the same process/, report.description.summary);
  assert.doesNotMatch(report.description.summary, /Returned 3|only 3/, report.description.summary);
});

test("a path in the call's own folder (the worker's calls/call-N) moves with the call, not the random seed", async () => {
  const { movedWithoutTheSeed } = await import('../../../src/explorer/repeatable.js');
  const path = (n: number) => ({
    status: 'returned' as const,
    value: { type: 'str', repr: `'/tmp/pau-probe-x/calls/call-${n}/notes.txt'`, truncated: false },
    mutations: [],
    stdout: '',
    stderr: '',
    durationMs: 1,
  });
  assert.equal(movedWithoutTheSeed(path(10), path(27)), true);
  const other = { ...path(10), value: { type: 'str', repr: "'/tmp/pau-probe-x/calls/call-10/other.txt'", truncated: false } };
  assert.equal(movedWithoutTheSeed(path(10), other), false);
});

test("a guard's refusal (SandboxViolation) is the sandbox's, not the function's: no raise line says it", async () => {
  // tarfile's xzopen asked to write outside the call's folder: the guards refused; without them it writes.
  const fn: FakeFunction = {
    params: [param('path')],
    body: ([path]) => {
      if (path?.k === 'str' && path.v.startsWith('/')) throw new PyError('SandboxViolation', `opening for writing '${path.v}' is not allowed`);
      return str('written');
    },
  };
  const report = await exploreOffline(info('save', fn), fakeProbe(fn).probe, { maxProbes: 20, strictness: DEFAULT_STRICTNESS });
  assert.ok(!/SandboxViolation/.test(report.description.raises), report.description.raises);
});
