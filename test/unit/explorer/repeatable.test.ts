// One definition of a result a reader can repeat (src/explorer/repeatable.ts): a call whose second
// run in its process gave another result (ProbeResult.again), or a result showing the clock, is
// neither "deterministic" nor an example. The fake forks: its counter starts again at each probe.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_STRICTNESS } from '../../../src/core/limits.js';
import { exploreOffline } from '../../../src/explorer/index.js';
import { list, str } from '../../../src/explorer/values.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, expectStr, fakeProbe, info, param } from './fake-python.js';

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
