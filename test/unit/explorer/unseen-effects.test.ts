// "No side effects" from calls on which no effect could show (findings3.md, newuser3's trial:
// tomlkit's Table.invalidate_display_name sets display_name to None on tables whose
// display_name was None already; gettext-like registries change state no snapshot holds).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { FakeFunction } from './fake-python.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { expectInt, expectStr, fakeProbe, info, param, pyInt, pyStr } from './fake-python.js';

const explore = (name: string, fn: FakeFunction) =>
  exploreOffline(info(name, fn), fakeProbe(fn, { cache: false }).probe, { maxProbes: 30, strictness: 'anonymized' });

const pure = (report: Awaited<ReturnType<typeof explore>>) => report.properties.find((p) => p.name === 'pure');

test('a function that returns None and changes nothing seen is not said to have no side effects: register(name)', async () => {
  // It files the name in a registry of its module: no argument changes, nothing is printed.
  const registry = new Set<string>();
  const fn: FakeFunction = {
    params: [param('name')],
    body: ([name]) => {
      registry.add(expectStr(name, 'register'));
      return { k: 'none' };
    },
  };
  const report = await explore('register', fn);
  assert.ok(registry.size > 0, 'it was explored');
  assert.notEqual(pure(report)?.holds, true, JSON.stringify(pure(report)));
  assert.ok(!(report.description.properties ?? []).some((p) => /no side effects/.test(p)), (report.description.properties ?? []).join('; '));
});

test('a function that returns a value and changes nothing is still said to have none: shout(text)', async () => {
  const fn: FakeFunction = { params: [param('text')], body: ([text]) => pyStr(expectStr(text, 'shout').toUpperCase()) };
  const report = await explore('shout', fn);
  assert.equal(pure(report)?.holds, true, JSON.stringify(pure(report)));
});

test('a method tried only on objects holding nothing to work on is not said to have no side effects: Parser().goahead(end)', async () => {
  // Its constructor takes no data, so `rawdata` is '' on every receiver built: goahead returns 0
  // there, while on a parser holding text it would consume it (the effect no call could show).
  let calls = 0;
  const fn: FakeFunction = {
    params: [param('self'), param('end', 'POSITIONAL_OR_KEYWORD', { default: 'False' })],
    needsReceiver: true,
    ownerClass: 'Parser',
    moduleClasses: ['Parser'],
    ownerInit: [param('convert', 'POSITIONAL_OR_KEYWORD', { default: 'True' })],
    state: () => ({
      attributes: [
        { name: 'rawdata', value: { t: 'str', v: '' } },
        { name: 'lineno', value: { t: 'int', v: '1' } },
      ],
    }),
    body: () => {
      calls++;
      return pyInt(0);
    },
  };
  const report = await explore('goahead', fn);
  assert.ok(calls >= 3, `it was explored (${calls} calls)`);
  assert.notEqual(pure(report)?.holds, true, JSON.stringify(pure(report)));
  assert.match(pure(report)?.evidence ?? '', /`rawdata`/, JSON.stringify(pure(report)));
});

test('a method whose objects held something in each attribute is still said to have none: Counter(n).peek()', async () => {
  const fn: FakeFunction = {
    params: [param('self')],
    needsReceiver: true,
    ownerClass: 'Counter',
    moduleClasses: ['Counter'],
    ownerInit: [param('n')],
    state: (o) => ({ attributes: [{ name: 'n', value: { t: 'int', v: String(o.k === 'call' && o.args[0]?.k === 'int' ? o.args[0].v : 0n) } }] }),
    body: (_args, _kw, receiver) => (receiver?.k === 'call' && receiver.args[0]?.k === 'int' ? pyInt(receiver.args[0].v) : pyInt(0)),
  };
  const report = await explore('peek', fn);
  assert.equal(pure(report)?.holds, true, JSON.stringify(pure(report)));
});

test('a call run again after another that shows the clock is no evidence the other changed it: formatdate(timeval=None)', async () => {
  // The worker runs a call's second run with the wall clock read on (call.py _clock_moved_on): a
  // formatted date of "now" then differs whatever ran before it. formatdate(3) changed nothing.
  const date = (ms: number): PyValue => pyStr(new Date(ms).toUTCString().replace('GMT', '-0000'));
  const fn: FakeFunction = {
    params: [param('timeval', 'POSITIONAL_OR_KEYWORD', { default: 'None' })],
    body: ([t]) => date(t === undefined || t.k === 'none' ? Date.now() : 1000 * Number(expectInt(t, 'formatdate'))),
  };
  const fake = fakeProbe(fn, { cache: false });
  let after = 0;
  const laterClock: typeof fake.probe = async (request, note, options) => {
    const record = await fake.probe(request, note, options);
    const again = record.result.again;
    if (!again || request.args.length > 0) return record;
    if (options?.againAfter) after++;
    const later = date(Date.now() + 400 * 86_400_000);
    const shown = later.k === 'str' ? `'${later.v}'` : '';
    return { ...record, result: { ...record.result, again: { ...again, same: false, shown, data: { t: 'str', v: shown.slice(1, -1) } } } };
  };
  const report = await exploreOffline(info('formatdate', fn), laterClock, { maxProbes: 30, strictness: 'anonymized' });
  assert.ok(after > 0, 'a call was run again after another');
  assert.doesNotMatch(pure(report)?.evidence ?? '', /changed what/, JSON.stringify(pure(report)));
});
