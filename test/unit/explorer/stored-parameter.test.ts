// A parameter the function only keeps on what it returns (attrs' instance_of(type)) is said to
// be stored as given, not typed by every kind of value it was handed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import { DEFAULT_STRICTNESS } from '../../../src/core/limits.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { toSource } from '../../../src/explorer/values.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, fakeProbe, info, param, pyStr } from './fake-python.js';

const run = (name: string, fn: FakeFunction) =>
  exploreOffline(info(name, fn), fakeProbe(fn, { cache: false }).probe, { maxProbes: 20, strictness: DEFAULT_STRICTNESS });

test('a value kept on the object returned, whatever it is: "stored as given", and no type list in the summary', async () => {
  const instanceOf: FakeFunction = { params: [param('type')], body: ([t]) => ({ k: 'call', callee: 'InstanceOf', args: [t ?? { k: 'none' }] }) };
  const d = (await run('instance_of', instanceOf)).description;
  assert.match(d.parameters.type ?? '', /^stored as given: each value tried \(/, d.parameters.type);
  assert.match(d.summary, /^Returns an InstanceOf that holds `type` as given/, d.summary);
});

test('a value the result only names the kind of is not "stored"', async () => {
  const kindOf = (v: PyValue): string => (v.k === 'call' ? v.callee : v.k);
  const describeKind: FakeFunction = {
    params: [param('value')],
    body: ([v]) => {
      if (!v) throw new PyError('TypeError', 'missing value');
      return { k: 'call', callee: 'Kind', args: [pyStr(`kind of ${kindOf(v)}`)] };
    },
  };
  const d = (await run('describe_kind', describeKind)).description;
  assert.doesNotMatch(d.parameters.value ?? '', /stored as given/, d.parameters.value);
  assert.doesNotMatch(d.summary, /as given/, d.summary);
});

test('a value shown by its str() (an f-string: `<max_len validator for abc>`) is stored as given too', async () => {
  const shownAsStr = (v: PyValue): string => (v.k === 'str' ? v.v : v.k === 'date' ? `${v.y}-0${v.m}-0${v.d}` : JSON.stringify(v));
  const maxLen: FakeFunction = {
    params: [param('length')],
    body: ([n]) => ({ k: 'call', callee: 'MaxLen', args: [pyStr(`for ${toSource(n ?? { k: 'none' })}`)] }),
  };
  const viaStr: FakeFunction = {
    ...maxLen,
    body: ([n]) => ({ k: 'call', callee: 'MaxLen', args: [pyStr(`for ${n?.k === 'str' || n?.k === 'date' ? shownAsStr(n) : toSource(n ?? { k: 'none' })}`)] }),
  };
  const d = (await run('max_len', viaStr)).description;
  assert.match(d.parameters.length ?? '', /^stored as given/, d.parameters.length);
});
