// The explorer's value model: source written and read back, tagged data compared and ordered.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSource } from '../../../src/explorer/parse.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { bytesOf, date, float, fromTagged, inputClass, int, list, str, toSource, toTagged, tuple } from '../../../src/explorer/values.js';
import { orderOf, sameEffect, sameOutcome, taggedCompare, taggedEqual, taggedIn } from '../../../src/explorer/compare.js';
import type { ProbeResult, TaggedValue } from '../../../src/core/probe-types.js';

test('values are written as Python source the worker grammar accepts', () => {
  assert.equal(toSource(str("it's")), '"it\'s"');
  assert.equal(toSource(str('a\'b"c\n')), "'a\\'b\"c\\n'");
  assert.equal(toSource(str('héllo')), "'héllo'");
  assert.equal(toSource(float(3)), '3.0');
  assert.equal(toSource(float(-0)), '-0.0');
  assert.equal(toSource(float(NaN)), "float('nan')");
  assert.equal(toSource(float(-Infinity)), "float('-inf')");
  assert.equal(toSource(tuple([int(1)])), '(1,)');
  assert.equal(toSource(tuple([])), '()');
  assert.equal(toSource({ k: 'set', items: [] }), 'set()');
  assert.equal(toSource({ k: 'frozenset', items: [int(2)] }), 'frozenset({2})');
  assert.equal(toSource(date(2024, 2, 29)), 'datetime.date(2024, 2, 29)');
  assert.equal(toSource({ k: 'call', callee: 'BankAccount', args: [int(100)] }), 'BankAccount(100)');
  assert.equal(toSource(int(10n ** 30n)), '1000000000000000000000000000000');
  assert.equal(toSource(str('\x00\t')), "'\\x00\\t'");
});

test('source read back gives the same value (round trip)', () => {
  const values: PyValue[] = [
    str('it\'s "quoted" \\ and\nnew'),
    str('héllo wörld 🎉'),
    list([int(-3), float(2.5), str(''), { k: 'none' }, { k: 'bool', v: true }]),
    tuple([int(1)]),
    tuple([]),
    {
      k: 'dict',
      entries: [
        [str('a'), list([])],
        [int(1), tuple([int(2), int(3)])],
      ],
    },
    { k: 'set', items: [int(1), int(2)] },
    { k: 'set', items: [] },
    { k: 'frozenset', items: [] },
    date(2000, 1, 1),
    { k: 'call', callee: 'BankAccount', args: [int(5), str('x')] },
    float(NaN),
    float(Infinity),
    float(1e-7),
  ];
  for (const v of values) {
    const back = parseSource(toSource(v));
    assert.ok(back, `could not read back ${toSource(v)}`);
    assert.equal(toSource(back), toSource(v));
  }
});

test('the reader takes what agents usually write, and refuses what it does not know', () => {
  assert.deepEqual(parseSource(' ( 3 ) '), int(3));
  assert.equal(toSource(parseSource('[1,2 ,3,]')!), '[1, 2, 3]');
  assert.equal(toSource(parseSource('"ab" \'cd\'')!), "'abcd'");
  assert.equal(toSource(parseSource('-(-2)')!), '2');
  assert.equal(toSource(parseSource('1_000')!), '1000');
  assert.equal(toSource(parseSource('date(2024, 1, 5)')!), 'datetime.date(2024, 1, 5)');
  assert.equal(toSource(parseSource('set([1, 2])')!), '{1, 2}');
  assert.equal(toSource(parseSource("'\\u00e9\\x41'")!), "'éA'");
  for (const bad of ['x', '1 +', '[1, 2', 'lambda x: x', 'f(a=1)', "b'bytes'", '']) assert.equal(parseSource(bad), null, bad);
});

test('tagged data becomes values only when the explorer can write it back', () => {
  const t: TaggedValue = {
    t: 'list',
    v: [
      { t: 'int', v: '7' },
      { t: 'float', v: 'nan' },
      { t: 'tuple', v: [] },
    ],
  };
  assert.equal(toSource(fromTagged(t)!), "[7, float('nan'), ()]");
  assert.equal(toSource(fromTagged({ t: 'other', type: 'datetime.date', repr: 'datetime.date(2024, 1, 8)' })!), 'datetime.date(2024, 1, 8)');
  assert.equal(fromTagged({ t: 'other', type: 'Foo', repr: '<Foo>' }), null);
  assert.equal(fromTagged({ t: 'list', v: [{ t: 'other', type: 'Foo', repr: '<Foo>' }] }), null);
});

test('equality is type-aware: tuple is not list, 1 is not 1.0, NaN equals NaN, sets ignore order', () => {
  const l = toTagged(list([int(1), int(2)]));
  const tu = toTagged(tuple([int(1), int(2)]));
  assert.equal(taggedEqual(l, tu), false);
  assert.equal(taggedEqual(toTagged(int(1)), toTagged(float(1))), false);
  assert.equal(taggedEqual(toTagged(float(NaN)), { t: 'float', v: 'nan' }), true);
  assert.equal(taggedEqual({ t: 'float', v: '0.30000000000000004' }, { t: 'float', v: '0.3' }), true);
  assert.equal(
    taggedEqual(
      {
        t: 'set',
        v: [
          { t: 'int', v: '1' },
          { t: 'int', v: '2' },
        ],
      },
      {
        t: 'set',
        v: [
          { t: 'int', v: '2' },
          { t: 'int', v: '1' },
        ],
      },
    ),
    true,
  );
  assert.equal(
    taggedEqual(
      {
        t: 'dict',
        v: [
          [
            { t: 'str', v: 'a' },
            { t: 'int', v: '1' },
          ],
        ],
      },
      {
        t: 'dict',
        v: [
          [
            { t: 'str', v: 'a' },
            { t: 'int', v: '2' },
          ],
        ],
      },
    ),
    false,
  );
  // Membership is Python's `in`: numbers by value.
  assert.equal(taggedIn(toTagged(float(2)), [toTagged(int(2))]), true);
  assert.equal(taggedIn(toTagged(str('2')), [toTagged(int(2))]), false);
});

test('ordering follows Python: exact big ints, code points, lexicographic sequences, refusal across kinds', () => {
  assert.equal(taggedCompare({ t: 'int', v: '9007199254740993' }, { t: 'int', v: '9007199254740992' }), 1);
  assert.equal(taggedCompare(toTagged(int(2)), toTagged(float(2.5))), -1);
  assert.equal(taggedCompare(toTagged(str('B')), toTagged(str('a'))), -1);
  assert.equal(taggedCompare(toTagged(list([int(1), int(2)])), toTagged(list([int(1)]))), 1);
  assert.equal(taggedCompare(toTagged(str('a')), toTagged(int(1))), null);
  assert.equal(orderOf([1, 2, 2, 5].map((n) => toTagged(int(n)))), 'asc');
  assert.equal(orderOf([5, 2, 2].map((n) => toTagged(int(n)))), 'desc');
  assert.equal(orderOf([3, 3].map((n) => toTagged(int(n)))), 'both');
  assert.equal(orderOf([3, 1, 2].map((n) => toTagged(int(n)))), null);
  assert.equal(orderOf([toTagged(int(1)), toTagged(str('a'))]), null);
});

test('outcomes: same value, or same exception type and message; generators by their items', () => {
  const ret = (repr: string, data?: TaggedValue): ProbeResult => ({
    status: 'returned',
    value: { type: 'int', repr, truncated: false, ...(data ? { data } : {}) },
    mutations: [],
    stdout: '',
    stderr: '',
    durationMs: 1,
  });
  const raise = (type: string, message: string): ProbeResult => ({
    status: 'raised',
    exception: { type, message },
    mutations: [],
    stdout: '',
    stderr: '',
    durationMs: 1,
  });
  assert.equal(sameOutcome(ret('1', { t: 'int', v: '1' }), ret('1', { t: 'int', v: '1' })), true);
  assert.equal(sameOutcome(ret('1', { t: 'int', v: '1' }), ret('2', { t: 'int', v: '2' })), false);
  assert.equal(sameOutcome(raise('ValueError', 'x'), raise('ValueError', 'x')), true);
  assert.equal(sameOutcome(raise('ValueError', 'x'), raise('TypeError', 'x')), false);
  const gen = (items: string[]): ProbeResult => ({
    ...ret('<generator object g at 0x1>'),
    value: { type: 'generator', repr: '<generator object g at 0x1>', truncated: false, iteration: { items, ended: true } },
  });
  assert.equal(sameOutcome(gen(['1', '2']), gen(['1', '2'])), true);
  assert.equal(sameOutcome(gen(['1', '2']), gen(['1', '3'])), false);
});

test("the same change to the receiver in two processes is the same effect, though its repr shows each one's address", () => {
  const wrote = (repr: string): ProbeResult => ({
    status: 'returned',
    value: { type: 'int', repr: '3', truncated: false, data: { t: 'int', v: '3' } },
    mutations: [{ arg: 'receiver', repr }],
    stdout: '',
    stderr: '',
    durationMs: 1,
  });
  const a = wrote("<gzip _io.BufferedWriter name='abc' 0x7ff63e1da2f0>");
  assert.equal(sameEffect(a, wrote("<gzip _io.BufferedWriter name='abc' 0x7ff63e1da020>")), true);
  assert.equal(sameEffect(a, wrote("<gzip _io.BufferedWriter name='xyz' 0x7ff63e1da2f0>")), false);
});

test('input classes name the edge a value sits on', () => {
  assert.deepEqual(
    [
      int(0),
      int(-4),
      int(5),
      int(10_000_000),
      float(NaN),
      str(''),
      str('é'),
      list([]),
      list([int(1), list([])]),
      list([str('a'), int(1)]),
      date(2024, 1, 1),
    ].map(inputClass),
    [
      'zero int',
      'negative int',
      'positive int',
      'large int',
      'nan',
      'empty str',
      'non-ASCII str',
      'empty list',
      'list of nested lists',
      'list of mixed types',
      'date',
    ],
  );
});

test('bytes are written as Python bytes literals and read back from tagged data', () => {
  const v = bytesOf("a'b\\\n\x00\xff");
  assert.equal(toSource(v), "b'a\\'b\\\\\\n\\x00\\xff'");
  assert.deepEqual(fromTagged(toTagged(v)), v);
  assert.equal(fromTagged({ t: 'bytes', v: 'zz' }), null, 'hex that is not hex names no value');
});
