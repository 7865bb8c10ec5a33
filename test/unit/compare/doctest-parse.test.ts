// Reading doctest examples out of docstrings, mapping them to calls, and doctest's output checks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FunctionInfo, ProbeResult } from '../../../src/core/probe-types.js';
import { parseDoctests, exampleLines } from '../../../src/compare/doctest-parse.js';
import { callFromSource, requestKey } from '../../../src/compare/call-source.js';
import { canonicalSource as normaliseSource } from '../../../src/core/call-identity.js';
import { checkExample, ellipsisMatch, expectedException, materialise, outputMatches } from '../../../src/compare/doctest-check.js';
import { splitTopLevel } from '../../../src/core/python-source.js';

function info(over: Partial<FunctionInfo> = {}): FunctionInfo {
  return {
    qualname: 'top_scores',
    name: 'top_scores',
    kind: 'function',
    needsReceiver: false,
    params: [],
    isGenerator: false,
    isAsync: false,
    docstring: null,
    moduleClasses: [],
    pythonVersion: '3.11.7',
    ...over,
  };
}

const GOOGLE = `Return the k highest scores.

    Examples:
        >>> top_scores([70, 95, 80, 60], 2)
        [80, 95]
        >>> top_scores([5, 1, 3])  # doctest: +NORMALIZE_WHITESPACE, +ELLIPSIS
        [1,
         3, 5]

        >>> x = top_scores([1])
        >>> print(x)
        [1]
        <BLANKLINE>
        >>> def g(a,
        ...       b):
        ...     return a
    `;

test('finds examples, their wants, directives and continuation lines', () => {
  const ex = parseDoctests(GOOGLE);
  assert.equal(ex.length, 5);
  assert.deepEqual(
    ex.map((e) => [e.source, e.want]),
    [
      ['top_scores([70, 95, 80, 60], 2)', '[80, 95]\n'],
      ['top_scores([5, 1, 3])  # doctest: +NORMALIZE_WHITESPACE, +ELLIPSIS', '[1,\n 3, 5]\n'],
      ['x = top_scores([1])', ''],
      ['print(x)', '[1]\n\n'],
      ['def g(a,\n      b):\n    return a', ''],
    ],
  );
  assert.deepEqual(ex[1]!.options, { NORMALIZE_WHITESPACE: true, ELLIPSIS: true });
  assert.equal(ex[0]!.line, 3);
  // The example lines (prompts and wants) are known, for removing them from the prose.
  const lines = exampleLines(GOOGLE);
  assert.ok(lines.has(3) && lines.has(4) && lines.has(6) && lines.has(7) && !lines.has(0) && !lines.has(8));
});

test('an example right after text and one at the end without a newline', () => {
  const ex = parseDoctests('>>> f(1)\n2\nprose after a want is part of the want\n>>> f(2)');
  assert.deepEqual(
    ex.map((e) => e.want),
    ['2\nprose after a want is part of the want\n', ''],
  );
});

test('maps calls by name, module prefix, class prefix and receiver', () => {
  const fn = info();
  assert.deepEqual(callFromSource('top_scores([70, 95], k=2)', fn), { request: { args: ['[70, 95]'], kwargs: { k: '2' } } });
  assert.deepEqual(callFromSource('legacy.top_scores( [1, 2] , )  # doctest: +SKIP', fn), { request: { args: ['[1, 2]'] } });
  assert.deepEqual(callFromSource("top_scores('a, b', (1, 2), {'k': [3]})", fn), { request: { args: ["'a, b'", '(1, 2)', "{'k': [3]}"] } });
  assert.deepEqual(callFromSource('top_scores(lambda a, b: a + b, 3)', fn), { request: { args: ['lambda a, b: a + b', '3'] } });
  assert.deepEqual(callFromSource('top_scores()', fn), { request: { args: [] } });

  assert.deepEqual(callFromSource('list(top_scores([1]))', fn), { request: { args: ['[1]'] }, wrap: 'list' });
  assert.deepEqual(callFromSource('tuple( legacy.top_scores([1]) )', fn), { request: { args: ['[1]'] }, wrap: 'tuple' });
  for (const notCall of [
    'x = top_scores([1])',
    'sorted(top_scores([1]))',
    'list(top_scores([1])) + [2]',
    'import legacy',
    'top_scores([1])[0]',
    'other([1])',
    'top_scores',
  ]) {
    assert.match((callFromSource(notCall, fn) as { reason: string }).reason, /not a call of the function/, notCall);
  }
  assert.match((callFromSource('top_scores(*xs)', fn) as { reason: string }).reason, /unpacking/);
  assert.match((callFromSource('top_scores(k=1, 2)', fn) as { reason: string }).reason, /positional argument after a keyword/);

  const method = info({ name: 'deposit', qualname: 'BankAccount.deposit', kind: 'method', needsReceiver: true, ownerClass: 'BankAccount' });
  assert.deepEqual(callFromSource('BankAccount(100).deposit(50)', method), { request: { args: ['50'], receiver: 'BankAccount(100)' } });
  assert.deepEqual(callFromSource('bank.BankAccount(balance=1).deposit(amount=5)', method), {
    request: { args: [], kwargs: { amount: '5' }, receiver: 'BankAccount(balance=1)' },
  });
  assert.match((callFromSource('acct.deposit(50)', method) as { reason: string }).reason, /without a receiver/);
  assert.match((callFromSource('deposit(50)', method) as { reason: string }).reason, /without a receiver/);

  const cm = info({ name: 'from_dollars', qualname: 'BankAccount.from_dollars', kind: 'classmethod', ownerClass: 'BankAccount' });
  assert.deepEqual(callFromSource('BankAccount.from_dollars(1.5)', cm), { request: { args: ['1.5'] } });
});

test('splits at top-level commas only, keeping strings with quotes and escapes whole', () => {
  assert.deepEqual(splitTopLevel(`'it\\'s, ok', "a,b", r'\\\\', """x, "y" """, [1, (2, 3)],`), [
    `'it\\'s, ok'`,
    '"a,b"',
    `r'\\\\'`,
    '"""x, "y" """',
    '[1, (2, 3)]',
  ]);
  assert.equal(splitTopLevel('[1, 2'), null);
  assert.deepEqual(splitTopLevel(''), []);
});

test('normalised sources make equal inputs equal keys', () => {
  assert.equal(normaliseSource("[ 1,2 , 'a' ]"), normaliseSource('[1, 2, "a"]'));
  assert.equal(normaliseSource('[1, 2,]'), normaliseSource('[1, 2]'));
  assert.notEqual(normaliseSource('(1,)'), normaliseSource('(1)'));
  assert.notEqual(normaliseSource("'a b'"), normaliseSource("'ab'"));
  assert.equal(normaliseSource("b'x'"), "b'x'");
  const names = [
    ['scores', 'arg0'],
    ['k', 'arg1'],
  ];
  assert.equal(requestKey({ args: ['[1]'], kwargs: { k: '2' } }, names), requestKey({ args: ['[ 1 ]'], kwargs: { arg1: '2' } }, names));
  assert.notEqual(requestKey({ args: ['[1]'] }), requestKey({ args: ['[1]'], receiver: 'C()' }));
});

test("doctest's output checker: exact, True for 1, whitespace, ellipsis", () => {
  assert.equal(outputMatches('[80, 95]\n', '[80, 95]\n'), true);
  assert.equal(outputMatches('[80, 95]\n', '(95, 80)\n'), false);
  assert.equal(outputMatches('x  \n', 'x\n\n'), true, 'trailing whitespace is ignored');
  assert.equal(outputMatches('1\n', 'True\n'), true);
  assert.equal(outputMatches('1\n', 'True\n', { DONT_ACCEPT_TRUE_FOR_1: true }), false);
  assert.equal(outputMatches('[1,\n 3, 5]\n', '[1, 3, 5]\n'), false);
  assert.equal(outputMatches('[1,\n 3, 5]\n', '[1, 3, 5]\n', { NORMALIZE_WHITESPACE: true }), true);
  assert.equal(outputMatches('[1, ..., 5]\n', '[1, 2, 3, 4, 5]\n'), false);
  assert.equal(outputMatches('[1, ..., 5]\n', '[1, 2, 3, 4, 5]\n', { ELLIPSIS: true }), true);
  assert.equal(ellipsisMatch('a...a', 'a'), false, 'the two ends may not overlap');
  assert.equal(ellipsisMatch('a...b...c', 'a-c-b-c'), true);
  assert.equal(ellipsisMatch('a...b...c', 'a-c-c'), false);
});

test('exceptions: the traceback header, then the exception line', () => {
  const want = 'Traceback (most recent call last):\n  File "x", line 1\n    ...\nValueError: empty interval\n';
  assert.equal(expectedException(want), 'ValueError: empty interval\n');
  assert.equal(expectedException('Traceback (most recent call last):\n...\nbank.InsufficientFunds: no\n'), 'bank.InsufficientFunds: no\n');
  assert.equal(expectedException('ValueError: x\n'), null);

  const r = (type: string, message: string): ProbeResult => ({
    status: 'raised',
    exception: { type, message },
    mutations: [],
    stdout: '',
    stderr: '',
    durationMs: 1,
  });
  assert.equal(checkExample({ want, options: {} }, r('ValueError', 'empty interval')).ok, true);
  assert.equal(checkExample({ want, options: {} }, r('ValueError', 'other')).ok, false);
  assert.equal(checkExample({ want, options: { IGNORE_EXCEPTION_DETAIL: true } }, r('ValueError', 'other')).ok, true);
  assert.equal(checkExample({ want, options: {} }, r('TypeError', 'empty interval')).ok, false);
  const qualified = 'Traceback (most recent call last):\n  ...\nInsufficientFunds: cannot\n';
  assert.equal(checkExample({ want: qualified, options: {} }, r('bank.InsufficientFunds', 'cannot')).ok, true);
  const got = checkExample({ want: '3\n', options: {} }, r('ValueError', 'bad'));
  assert.equal(got.ok, false);
  assert.match(got.got, /^Traceback \(most recent call last\):\n[\s\S]*ValueError: bad\n$/);
});

test('returned values print their repr, None prints nothing, stdout comes first', () => {
  const ret = (repr: string, type: string, stdout = ''): ProbeResult => ({
    status: 'returned',
    value: { type, repr, truncated: false },
    mutations: [],
    stdout,
    stderr: '',
    durationMs: 1,
  });
  assert.deepEqual(checkExample({ want: '(95, 80)\n', options: {} }, ret('(95, 80)', 'tuple')), { got: '(95, 80)\n', ok: true });
  assert.deepEqual(checkExample({ want: '', options: {} }, ret('None', 'NoneType')), { got: '', ok: true });
  assert.equal(checkExample({ want: 'hello\n3\n', options: {} }, ret('3', 'int', 'hello\n')).ok, true);
  const timeout: ProbeResult = { status: 'timeout', mutations: [], stdout: '', stderr: '', durationMs: 5000 };
  assert.equal(checkExample({ want: '3\n', options: {} }, timeout).ok, false);
});

test('list(gen(…)) and tuple(…) examples are rebuilt from what the worker returned', () => {
  const base = { mutations: [], stdout: '', stderr: '', durationMs: 1 };
  const gen = (items: string[], ended: boolean, raised?: { type: string; message: string }): ProbeResult => ({
    ...base,
    status: 'returned',
    value: { type: 'generator', repr: '<generator object count_up at 0x1>', truncated: false, iteration: { items, ended, ...(raised ? { raised } : {}) } },
  });
  assert.equal(materialise(gen(['1', '2', '3'], true), 'list')!.value!.repr, '[1, 2, 3]');
  assert.equal(materialise(gen(['1'], true), 'tuple')!.value!.repr, '(1,)');
  assert.equal(materialise(gen([], true), 'tuple')!.value!.repr, '()');
  const endless = materialise(gen(['0', '1'], false), 'list')!;
  assert.deepEqual([endless.value!.repr, endless.value!.truncated], ['[0, 1, ...]', true]);
  const raising = materialise(gen(['1'], true, { type: 'ValueError', message: 'boom' }), 'list')!;
  assert.deepEqual([raising.status, raising.exception], ['raised', { type: 'ValueError', message: 'boom' }]);
  const tuple: ProbeResult = {
    ...base,
    status: 'returned',
    value: { type: 'tuple', repr: "('a',)", truncated: false, data: { t: 'tuple', v: [{ t: 'str', v: 'a' }] } },
  };
  assert.equal(materialise(tuple, 'list')!.value!.repr, "['a']");
  const text: ProbeResult = { ...base, status: 'returned', value: { type: 'str', repr: "'ab'", truncated: false, data: { t: 'str', v: 'ab' } } };
  assert.equal(materialise(text, 'list'), null, "list('ab') is not rebuilt");
});
