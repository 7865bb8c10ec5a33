// What a new user reads first, from teach11's trial on draw I: lines that say what was seen in
// a few words, not a list of every kind of value tried.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import { sourceParameter } from '../../../src/docstring/offline.js';
import { raiseSelector } from '../../../src/explorer/raise-selector.js';
import type { Observation, Position } from '../../../src/explorer/inputs.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { int, str, toTagged } from '../../../src/explorer/values.js';
import type { ObjectState } from '../../../src/core/probe-types.js';
import { buildReport } from '../../../src/explorer/describe.js';
import { fakeProbe, info, param, pyInt, pyStr, returnedObservation, settledRepeats } from './fake-python.js';
import type { FakeFunction } from './fake-python.js';

test('a parameter every kind tried returned with reads "any value", and many return types as three and a count', async () => {
  // inspect.getdoc(object) in the trial: "object: int, list, str, float, None, date, dict, tuple, bool or set".
  const fn: FakeFunction = {
    params: [param('object')],
    body: ([x]: PyValue[]) => (x === undefined ? pyStr('') : x.k === 'none' ? { k: 'none' } : pyStr(`the doc of ${x.k}`)),
  };
  const report = await exploreOffline(info('getdoc', fn), fakeProbe(fn).probe, { maxProbes: 40, strictness: 'anonymized' });
  const line = report.description.parameters.object ?? '';
  assert.match(line, /^any value: each of the \d+ kinds tried returned \(\w+, \w+, \w+ and \d+ other kinds\)( \(may be left out\))?$/, line);
  assert.match(sourceParameter(line), /^Any value\.( May be left out\.)?$/);
  assert.equal(sourceParameter('int, list, str or 4 other kinds (may be left out)'), 'An int, a list, a str or 4 other kinds. May be left out.');
  // textdomain gave back what it was given: nine types.
  const echo: FakeFunction = { params: [param('domain')], body: ([x]: PyValue[]) => x ?? pyStr('messages') };
  const echoed = await exploreOffline(info('textdomain', echo), fakeProbe(echo).probe, { maxProbes: 40, strictness: 'anonymized' });
  assert.match(echoed.description.returns, /^An? [\w ]+, an? [\w ]+, an? [\w ]+ or \d+ other types \(/, echoed.description.returns);
});

test('the summary of a function that raises by its argument writes a long argument cut short, not whole', () => {
  // tarfile's TarInfo.create_pax_header in the trial quoted two dicts of seven keys in full.
  const positions: Position[] = [{ name: 'info', role: 'positional', positionalOnly: false, candidates: ['int', 'dict'] }];
  const raised = (index: number, value: PyValue, type: string): Observation => {
    const o = returnedObservation(positions, index, [value], { k: 'none' });
    return { ...o, record: { ...o.record, result: { ...o.record.result, status: 'raised', exception: { type, message: 'no' } } } };
  };
  const long = (n: number): PyValue => ({
    k: 'dict',
    entries: Array.from({ length: n }, (_, k) => [pyStr(`key${k}`), pyStr('https://example.com/docs/page?q=search')] as [PyValue, PyValue]),
  });
  const selector = raiseSelector([raised(1, pyInt(3), 'TypeError'), raised(2, long(7), 'KeyError'), raised(3, long(6), 'AttributeError')], positions);
  assert.ok(selector, 'three classes chosen by `info`');
  const values = [...selector.text.matchAll(/`([^`]*)` → /g)].map((m) => m[1] ?? '');
  assert.deepEqual(
    values.map((v) => v.length <= 30 && v.startsWith("{'key0': ")),
    [false, true, true],
    selector.text,
  );
  assert.match(selector.text, /…` → KeyError/, selector.text);
});

test('a method of no arguments that gave one value on every object says the value, not only its type', async () => {
  // tarfile's TarInfo.issparse(): "Returns a bool on each of the 9 TarInfo objects it was called on."
  const fn: FakeFunction = {
    params: [param('self')],
    needsReceiver: true,
    ownerClass: 'TarInfo',
    ownerInit: [param('name', 'POSITIONAL_OR_KEYWORD', { default: "''" })],
    moduleClasses: ['TarInfo'],
    body: () => ({ k: 'bool', v: false }),
  };
  const report = await exploreOffline(info('issparse', fn), fakeProbe(fn).probe, { maxProbes: 20, strictness: 'signature' });
  assert.match(report.description.summary, /^Returned False on each of the \d+ TarInfo objects it was called on\./, report.description.summary);
});

test('a method that moves its object and returns a value says what it returned beside what it did', () => {
  // yaml's Scanner.scan_tag_uri in the trial: "Increments `pointer` by 5." and nothing of the 'first' it returned.
  const self: Position = { name: 'self', role: 'receiver', positionalOnly: false, candidates: ['new:Scanner:1'] };
  const positions = [self];
  const pointer = (n: number): ObjectState => ({ attributes: [{ name: 'pointer', value: toTagged(int(n)) }] });
  const observations = [0, 5, 10, 20].map((n, i) => {
    const o = returnedObservation(positions, i + 1, [{ k: 'call', callee: 'Scanner', args: [] }], str('first'));
    return { ...o, record: { ...o.record, result: { ...o.record.result, receiverState: { before: pointer(n), after: pointer(n + 5) } } } };
  });
  const fn: FakeFunction = { params: [param('self')], needsReceiver: true, ownerClass: 'Scanner', body: () => str('first') };
  const report = buildReport({ info: info('scan_tag_uri', fn), positions, observations, accepted: [new Set()], maxProbes: 20 });
  assert.equal(report.description.summary, "Increments `pointer` by 5. In the 4 calls that returned, it returned only 'first'.");
});

test('a function whose determinism was not established shows what one run of its ordinary call gave, said as one run', () => {
  // slugify at 8 probes: `type(slugify('DeviceType'))` → `<class 'str'>` and no value anywhere.
  const positions: Position[] = [{ name: 'text', role: 'positional', positionalOnly: false, candidates: ['str'], hinted: [str('Device Type')] }];
  const observations = ['Device Type', 'abc', 'x y', 'Hello'].map((x, i) => returnedObservation(positions, i + 1, [str(x)], str(x.toUpperCase())));
  const fn: FakeFunction = { params: [param('text')], body: () => str('') };
  const report = buildReport({ info: info('upper', fn), positions, observations, accepted: [new Set(['str'])], maxProbes: 8 });
  const { summary, examples, claims } = report.description;
  assert.match(
    summary,
    /upper case\. One run of `upper\('Device Type'\)` gave `'DEVICE TYPE'`; whether the same call always gives the same was not established\.$/,
    summary,
  );
  // No example claims a value that may not repeat.
  assert.deepEqual(
    examples.map((e) => e.result),
    ["<class 'str'>"],
  );
  assert.ok(claims?.some((c) => c.part === 'summary' && c.text.startsWith('One run of') && c.support.length === 1));
  // Once determinism holds, the value is an example and the sentence goes.
  const settled = buildReport({
    info: info('upper', fn),
    positions,
    observations: [...observations, ...settledRepeats(observations)],
    accepted: [new Set(['str'])],
    maxProbes: 20,
  });
  assert.doesNotMatch(settled.description.summary, /One run of/, settled.description.summary);
});

test('a deterministic function whose returned objects print only as an address shows its ordinary call by type before its error', () => {
  // markdown's tables.makeExtension(): the one example was `makeExtension(option=True)` → KeyError.
  const positions: Position[] = [{ name: 'kwargs', role: 'varkw', positionalOnly: false, candidates: ['omit'] }];
  const made = (i: number): Observation => {
    const o = returnedObservation(positions, i, [undefined], str(''));
    const value = { type: 'markdown.extensions.tables.TableExtension', repr: '<markdown.extensions.tables.TableExtension object at 0x7f00>', truncated: false };
    return { ...o, record: { ...o.record, result: { ...o.record.result, value } } };
  };
  const observations = [made(1), made(2), made(3)];
  const fn: FakeFunction = { params: [param('kwargs', 'VAR_KEYWORD')], body: () => str('') };
  const report = buildReport({
    info: info('makeExtension', fn),
    positions,
    observations: [...observations, ...settledRepeats(observations)],
    accepted: [new Set()],
    maxProbes: 20,
  });
  assert.deepEqual(
    report.description.examples.map((e) => `${e.call} → ${e.result}`),
    ["type(makeExtension()) → <class 'markdown.extensions.tables.TableExtension'>"],
  );
});

test('results seen to be the arguments handed back are not said to be "not worked out"', () => {
  // gettext's textdomain(domain): "…; what sets its value was not worked out. Gives an int, … back unchanged".
  const positions: Position[] = [{ name: 'domain', role: 'positional', positionalOnly: false, candidates: ['int', 'str', 'list', 'none'] }];
  const given: PyValue[] = [int(3), int(7), str('app'), str('other'), { k: 'list', items: [int(1)] }, { k: 'list', items: [] }];
  const observations = [
    ...given.map((x, i) => returnedObservation(positions, i + 1, [x], x)),
    returnedObservation(positions, 10, [{ k: 'none' }], str('messages')),
    returnedObservation(positions, 11, [undefined], str('messages')),
  ];
  const fn: FakeFunction = { params: [param('domain', 'POSITIONAL_OR_KEYWORD', { default: 'None' })], body: () => str('') };
  const { summary } = buildReport({ info: info('textdomain', fn), positions, observations, accepted: [new Set()], maxProbes: 20 }).description;
  assert.match(summary, /back unchanged/, summary);
  assert.doesNotMatch(summary, /not worked out/, summary);
});
