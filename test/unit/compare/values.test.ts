// Type-aware equality of results: what the behavioural comparison counts as "the same answer".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ProbeResult, TaggedValue } from '../../../src/core/probe-types.js';
import { compareValues, parsePyComplex, valuesEqual } from '../../../src/core/values.js';

const int = (v: number | string): TaggedValue => ({ t: 'int', v: String(v) });
const float = (v: string): TaggedValue => ({ t: 'float', v });
const bool = (v: boolean): TaggedValue => ({ t: 'bool', v });
const str = (v: string): TaggedValue => ({ t: 'str', v });
const list = (...v: TaggedValue[]): TaggedValue => ({ t: 'list', v });
const tuple = (...v: TaggedValue[]): TaggedValue => ({ t: 'tuple', v });

function returned(data: TaggedValue, repr = 'x', type: string = data.t): ProbeResult {
  return { status: 'returned', value: { type, repr, truncated: false, data }, mutations: [], stdout: '', stderr: '', durationMs: 1 };
}
function raised(type: string, message = ''): ProbeResult {
  return { status: 'raised', exception: { type, message }, mutations: [], stdout: '', stderr: '', durationMs: 1 };
}

test('tuple and list with the same items differ', () => {
  assert.equal(valuesEqual(tuple(int(1), int(2)), list(int(1), int(2))), false);
  assert.equal(valuesEqual(tuple(int(1), int(2)), tuple(int(1), int(2))), true);
  assert.equal(valuesEqual(list(int(1), int(2)), list(int(2), int(1))), false, 'lists are ordered');
  assert.equal(compareValues(returned(tuple(int(1))), returned(list(int(1)))).agree, false);
});

test('1, 1.0 and True are three different answers', () => {
  assert.equal(valuesEqual(int(1), float('1.0')), false);
  assert.equal(valuesEqual(int(1), bool(true)), false);
  assert.equal(valuesEqual(float('1.0'), bool(true)), false);
  assert.equal(valuesEqual(int(1), int(1)), true);
  assert.equal(valuesEqual(int('123456789012345678901234567890'), int('123456789012345678901234567890')), true);
  assert.equal(valuesEqual(int('123456789012345678901234567890'), int('123456789012345678901234567891')), false);
});

test('NaN equals NaN, infinities only themselves', () => {
  assert.equal(valuesEqual(float('nan'), float('nan')), true);
  assert.equal(valuesEqual(float('nan'), float('1.0')), false);
  assert.equal(valuesEqual(float('inf'), float('inf')), true);
  assert.equal(valuesEqual(float('inf'), float('-inf')), false);
  assert.equal(valuesEqual(float('inf'), float('1e308')), false);
});

test('floats agree within rel 1e-9 / abs 1e-12 and not beyond', () => {
  assert.equal(valuesEqual(float('0.30000000000000004'), float('0.3')), true);
  assert.equal(valuesEqual(float('1000000.0'), float('1000000.0005')), true, 'relative 5e-10');
  assert.equal(valuesEqual(float('1000000.0'), float('1000000.01')), false, 'relative 1e-8');
  assert.equal(valuesEqual(float('0.0'), float('1e-13')), true, 'absolute 1e-13');
  assert.equal(valuesEqual(float('0.0'), float('1e-11')), false, 'absolute 1e-11');
  assert.equal(valuesEqual(float('-0.0'), float('0.0')), true);
});

test('complex numbers compare part by part with the float tolerance', () => {
  assert.deepEqual(parsePyComplex('(1+2j)'), [1, 2]);
  assert.deepEqual(parsePyComplex('-3.5j'), [0, -3.5]);
  assert.deepEqual(parsePyComplex('(1e-05-2e+10j)'), [1e-5, -2e10]);
  assert.equal(valuesEqual({ t: 'complex', v: '(1+2j)' }, { t: 'complex', v: '(1.0000000000001+2j)' }), true);
  assert.equal(valuesEqual({ t: 'complex', v: '(1+2j)' }, { t: 'complex', v: '(1-2j)' }), false);
});

test('dicts and sets ignore order; dict values still count', () => {
  const d1: TaggedValue = {
    t: 'dict',
    v: [
      [str('a'), int(1)],
      [str('b'), int(2)],
    ],
  };
  const d2: TaggedValue = {
    t: 'dict',
    v: [
      [str('b'), int(2)],
      [str('a'), int(1)],
    ],
  };
  const d3: TaggedValue = {
    t: 'dict',
    v: [
      [str('b'), int(2)],
      [str('a'), int(3)],
    ],
  };
  assert.equal(valuesEqual(d1, d2), true);
  assert.equal(valuesEqual(d1, d3), false);
  assert.equal(valuesEqual({ t: 'set', v: [int(1), int(2)] }, { t: 'set', v: [int(2), int(1)] }), true);
  assert.equal(valuesEqual({ t: 'set', v: [int(1), int(2)] }, { t: 'frozenset', v: [int(2), int(1)] }), false);
  assert.equal(valuesEqual({ t: 'set', v: [int(1), int(1)] }, { t: 'set', v: [int(1), int(2)] }), false, 'each item pairs once');
});

test('str and bytes differ; other values compare by short type name and repr', () => {
  assert.equal(valuesEqual(str('a'), { t: 'bytes', v: 'a' }), false);
  const p1: TaggedValue = { t: 'other', type: 'shapes.Point', repr: 'Point(x=1)' };
  const p2: TaggedValue = { t: 'other', type: 'generated.Point', repr: 'Point(x=1)' };
  assert.equal(valuesEqual(p1, p2), true);
  assert.equal(valuesEqual(p1, { ...p2, repr: 'Point(x=2)' }), false);
});

test('exceptions agree by type name, whatever the message or module', () => {
  assert.deepEqual(compareValues(raised('ValueError', 'a'), raised('ValueError', 'b')), { agree: true });
  assert.equal(compareValues(raised('bank.InsufficientFunds'), raised('pau_generated.InsufficientFunds')).agree, true);
  const v = compareValues(raised('ValueError'), raised('TypeError'));
  assert.equal(v.agree, false);
  assert.match(v.reason!, /ValueError vs TypeError/);
  assert.equal(compareValues(raised('ValueError'), returned(int(1))).agree, false);
});

test('timeouts, crashes and refusals never agree, even with each other', () => {
  const timeout: ProbeResult = { status: 'timeout', mutations: [], stdout: '', stderr: '', durationMs: 1000 };
  const crashed: ProbeResult = { status: 'crashed', crash: { exitCode: 3, signal: null }, mutations: [], stdout: '', stderr: '', durationMs: 1 };
  assert.equal(compareValues(timeout, timeout).agree, false);
  assert.equal(compareValues(crashed, crashed).agree, false);
  assert.equal(compareValues(returned(int(1)), timeout).agree, false);
});

test('without tagged data, type and repr decide', () => {
  const gen = (items: string[], ended: boolean, repr: string): ProbeResult => ({
    status: 'returned',
    value: { type: 'generator', repr, truncated: false, iteration: { items, ended } },
    mutations: [],
    stdout: '',
    stderr: '',
    durationMs: 1,
  });
  const plain = (type: string, repr: string): ProbeResult => ({
    status: 'returned',
    value: { type, repr, truncated: false },
    mutations: [],
    stdout: '',
    stderr: '',
    durationMs: 1,
  });
  assert.equal(compareValues(plain('mod.Thing', 'Thing(1)'), plain('other.Thing', 'Thing(1)')).agree, true);
  assert.equal(compareValues(plain('Thing', 'Thing(1)'), plain('Widget', 'Thing(1)')).agree, false);
  assert.equal(compareValues(gen(['1', '2'], true, '<generator object top at 0x1>'), gen(['1', '2'], true, '<generator object f at 0x2>')).agree, true);
  assert.equal(compareValues(gen(['1', '2'], true, 'g'), gen(['1', '2'], false, 'g')).agree, false);
});

test('mutated arguments and printed output are part of the behaviour', () => {
  const a = returned({ t: 'none' }, 'None', 'NoneType');
  const sorted: ProbeResult = { ...a, mutations: [{ arg: 'args[0]', repr: '[1, 2, 3]' }] };
  assert.equal(compareValues(sorted, a).agree, false);
  assert.equal(compareValues(sorted, { ...a, mutations: [{ arg: 'args[0]', repr: '[1, 2, 3]' }] }).agree, true);
  assert.equal(compareValues({ ...a, stdout: 'hi\n' }, { ...a, stdout: 'hi' }).agree, true);
  assert.equal(compareValues({ ...a, stdout: 'hi\n' }, a).agree, false);
});
