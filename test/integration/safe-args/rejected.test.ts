// Arguments outside the safe grammar are refused with a message that names the construct and
// says what is allowed; size bombs are refused before they are built; nothing is evaluated by
// check(); nothing reaches the file system. Run on every interpreter present.
// Runs alone: each refusal must take under 1.5 s, a time bound (scripts/test-files.mjs).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { failed, described, interpreters, runDriver, type DriverOutput, type SafeArgsCase } from '../../fixtures/safe-args/run-driver.js';

interface Refusal {
  /** Substrings the message must contain: the offending construct, the limit... */
  mentions: string[];
  /** Grammar refusals end with the ALLOWED summary; limits and value errors do not. */
  grammar: boolean;
  /** The exception behind a value error, e.g. ValueError. */
  cause?: string;
  /** Refused when the built value is called, not while building it. */
  atCall?: boolean;
}

type Entry = SafeArgsCase & { expect: Refusal };

const grammar = (...mentions: string[]): Refusal => ({ mentions, grammar: true });
const limit = (...mentions: string[]): Refusal => ({ mentions: ['limit', ...mentions], grammar: false });
const runtime = (...mentions: string[]): Refusal => ({ mentions, grammar: false });

function groups(dir: string): Record<string, Entry[]> {
  const x = join(dir, 'X');
  const f = join(dir, 'f');
  return {
    'names outside the allow-list': [
      { id: '__import__', source: `__import__('os').system('touch ${x}')`, expect: grammar('`__import__` is not an allowed name') },
      { id: 'open', source: `open('${f}', 'w')`, expect: grammar('`open` is not an allowed name') },
      { id: 'eval', source: "eval('1')", expect: grammar('`eval` is not an allowed name') },
      { id: 'exec', source: "exec('x = 1')", expect: grammar('`exec` is not an allowed name') },
      { id: 'getattr', source: "getattr(1, 'real')", expect: grammar('`getattr` is not an allowed name') },
      { id: 'type', source: 'type(1)', expect: grammar('`type` is not an allowed name') },
      { id: 'globals', source: 'globals()', expect: grammar('`globals` is not an allowed name') },
      { id: 'os module', source: "os.system('true')", expect: grammar('`os` is not an allowed name') },
      { id: 'namedtuple', source: "namedtuple('P', 'x y')", expect: grammar('`namedtuple`', 'makes a new class') },
      { id: 'bare module', source: 'math', expect: grammar('`math` is a module', 'allowed members: acos, ') },
      { id: 'unknown member', source: 'math.foo(1)', expect: grammar('`math.foo` is not an allowed name', 'allowed members of math: acos, ') },
      { id: 'non-replayable member', source: 'datetime.datetime.now()', expect: grammar('`datetime.datetime.now`') },
      { id: 'lists the module classes', source: 'Pointt(1, 2)', expect: grammar('`Pointt`', 'Point') },
    ],
    'attributes: private, dunder, on computed values': [
      { id: 'subclasses walk', source: '().__class__.__bases__[0].__subclasses__()', expect: grammar('`.__class__`', 'starting with _') },
      { id: 'lambda globals', source: '(lambda: 0).__globals__', expect: grammar('`.__globals__`') },
      { id: 'dunder in a lambda', source: 'lambda s: s.__class__', expect: grammar('`.__class__`', 'in `s.__class__`') },
      { id: 'private of a class', source: 'Point._secret', expect: grammar('`._secret`') },
      { id: 'dunder of a module member', source: 'math.sqrt.__self__', expect: grammar('`.__self__`') },
      { id: 'computed value at top level', source: 'Point(1, 2).x', expect: grammar('`.x`', 'only allowed inside a lambda') },
      { id: 'str.format', source: "lambda x: '{0.__class__}'.format(x)", expect: grammar('str.format') },
    ],
    'constructs: comprehensions, walrus, f-strings, statements, yield, splats': [
      { id: 'list comprehension', source: '[x for x in range(3)]', expect: grammar('list comprehensions are not allowed', '[1, 2, 3]') },
      { id: 'dict comprehension', source: "{x: 1 for x in 'ab'}", expect: grammar('dict comprehensions') },
      { id: 'generator expression', source: 'sum(x for x in [1])', expect: grammar('generator expressions') },
      { id: 'walrus', source: '(y := 3)', expect: grammar(':=') },
      { id: 'f-string with a call', source: "f'{open(1)}'", expect: grammar('f-strings with {...} placeholders') },
      { id: 'f-string with a value', source: "f'{1}'", expect: grammar('f-strings') },
      { id: 'two expressions', source: '1; 2', expect: grammar('one expression, not 2 statements') },
      { id: 'import', source: 'import os', expect: grammar('not an import') },
      { id: 'assignment', source: 'x = 1', expect: grammar('assignment') },
      { id: 'syntax error', source: '1 +', expect: grammar('not a valid Python expression') },
      { id: 'empty', source: '  ', expect: grammar('empty') },
      { id: 'await', source: 'await x', expect: grammar('`await`') },
      { id: 'yield', source: 'lambda: (yield)', expect: grammar('`yield`') },
      { id: 'splat of a list', source: 'Point(**[1])', expect: grammar('`**[1]` needs a dict') },
    ],
    'size limits, checked before building': [
      { id: 'str repeat', source: "'a' * 10**9", expect: limit("`'a' * 10 ** 9`", '1,000,000,000 characters') },
      { id: 'tower', source: '10**10**10', expect: limit('`10 ** 10 ** 10`', 'bits') },
      { id: 'list repeat', source: '[0] * 10**7', expect: limit('10,000,000 items') },
      { id: 'repeat just over', source: "'ab' * 6_000_000", expect: limit('12,000,000 characters') },
      { id: 'concatenation in a lambda', source: "(lambda s: s + s)('a' * 6_000_000)", expect: limit('`s + s`') },
      { id: 'shift', source: '1 << 10**9', expect: limit('bits') },
      { id: 'list(range)', source: 'list(range(10**9))', expect: limit('list(...)', 'items') },
      { id: 'huge range', source: 'tuple(range(10**30))', expect: limit('tuple(...)') },
      { id: 'bytes(n)', source: 'bytes(10**9)', expect: limit('bytes') },
      { id: 'bytearray(n)', source: 'bytearray(10**10)', expect: limit('bytes') },
      { id: 'infinite iterator', source: '[*iter(int, 1)]', expect: runtime('more than 1,000,000 items') },
      { id: 'factorial', source: 'math.factorial(10**6)', expect: limit('math.factorial') },
      { id: 'Decimal to int', source: "int(Decimal('1e999999999'))", expect: limit('int(...)') },
      { id: 'Fraction exponent', source: "Fraction('1e999999999')", expect: limit('Fraction') },
      { id: 'round to -n digits', source: 'round(7, -10**9)', expect: limit('round(...)') },
      { id: 'pow()', source: 'pow(3, 10**9)', expect: limit('pow(...)') },
      { id: 'operator.mul', source: "operator.mul('a', 10**9)", expect: limit('operator.mul(...)') },
      { id: 'percent formatting', source: "'%9999999999s' % 'a'", expect: runtime('%-formatting') },
      { id: 'source too long', source: `'${'a'.repeat(100_001)}'`, expect: runtime('100003 characters long', '100000') },
    ],
    'deep nesting is refused cleanly': [
      { id: 'lists x10000', source: '['.repeat(10_000) + ']'.repeat(10_000), expect: runtime('nested') },
      { id: 'lists x150', source: '['.repeat(150) + ']'.repeat(150), expect: runtime('nested more than 100 levels') },
      { id: 'minus x10000', source: '- '.repeat(10_000) + '1', expect: runtime('nested') },
      { id: 'not x10000', source: 'not '.repeat(10_000) + '1', expect: runtime('nested') },
      { id: 'sum of 20000 terms', source: '1+'.repeat(20_000) + '1', expect: runtime('nested') },
      { id: 'lambdas x10000', source: 'lambda: '.repeat(10_000) + '1', expect: runtime('nested') },
      { id: 'attribute chain x5000', source: 'lambda a: a' + '.b'.repeat(5_000), expect: runtime('nested') },
    ],
    'run-time checks behind the static ones': [
      {
        id: 'private name reaching the interpreter',
        op: 'tampered',
        source: 'lambda o: o.x',
        rename: { x: '_secret' },
        call: ['Point(1, 2)'],
        expect: { ...runtime('`._secret`'), atCall: true },
      },
      {
        id: 'dunder reaching the interpreter',
        op: 'tampered',
        source: 'lambda o: o.x',
        rename: { x: '__class__' },
        call: ['Point(1, 2)'],
        expect: { ...runtime('`.__class__`'), atCall: true },
      },
      { id: 'str.format at call time', source: 'lambda s: s.format', call: ["'{0.__class__}'"], expect: { ...runtime('str.format'), atCall: true } },
      { id: 'generator frame', source: '(lambda g: g.gi_frame)(Box.gen())', expect: runtime('generator', '`.gi_frame`') },
      { id: 'module behind a class attribute', source: "Leaky.module.system('true')", expect: runtime('module') },
      { id: 'attrgetter of a dunder', source: "operator.attrgetter('__class__')", expect: grammar('`__class__`') },
      {
        id: "attrgetter into a generator's frame (its lookups are checked like `.name`)",
        source: "(lambda c: operator.attrgetter('gi_frame.f_builtins')(iter(c.keys())))(ChainMap({1: 2}))",
        expect: runtime('generator', '`.gi_frame`'),
      },
      {
        id: "methodcaller on a generator's frame",
        source: "(lambda c: operator.methodcaller('gi_frame')(iter(c.keys())))(ChainMap({1: 2}))",
        expect: runtime('generator', '`.gi_frame`'),
      },
      { id: 'methodcaller of a dunder', source: "operator.methodcaller('__reduce__')", expect: grammar('`__reduce__`') },
      { id: 'splat of a non-dict', source: '(lambda d: Point(**d))(5)', expect: runtime('`**` needs a dict', 'int') },
    ],
    'errors while building a value are reported with their cause': [
      { id: 'float', source: "float('x')", expect: { ...runtime("building `float('x')` raised ValueError"), cause: 'ValueError' } },
      { id: 'constructor', source: 'Point(1)', expect: { ...runtime('building `Point(1)` raised TypeError'), cause: 'TypeError' } },
      { id: 'Decimal', source: "Decimal('abc')", expect: { ...runtime('InvalidOperation'), cause: 'InvalidOperation' } },
      { id: 'endless recursion', source: '(lambda f: f(f))(lambda f: f(f))', expect: { ...runtime('recursed too deeply'), cause: 'RecursionError' } },
    ],
  };
}

// Static refusals must be the same whether the worker calls check() or evaluate().
const STATIC_GROUPS = [
  'names outside the allow-list',
  'attributes: private, dunder, on computed values',
  'constructs: comprehensions, walrus, f-strings, statements, yield, splats',
];

const key = (group: string, id: string, op = 'evaluate'): string => `${group}: ${id} [${op}]`;

function cases(all: Record<string, Entry[]>): SafeArgsCase[] {
  return Object.entries(all).flatMap(([group, entries]) =>
    entries.flatMap(({ expect: _expect, ...c }) => {
      const op = c.op ?? 'evaluate';
      const evaluated = { ...c, id: key(group, c.id, op) };
      return STATIC_GROUPS.includes(group) ? [evaluated, { ...c, op: 'check' as const, id: key(group, c.id, 'check') }] : [evaluated];
    }),
  );
}

for (const python of interpreters()) {
  describe(`rejected arguments (${python})`, () => {
    let dir: string;
    let all: Record<string, Entry[]>;
    let out: DriverOutput;
    before(() => {
      dir = mkdtempSync(join(tmpdir(), 'pau-safe-args-'));
      all = groups(dir);
      out = runDriver(python, cases(all), { SAFE_ARGS_TMP: dir });
      console.log(`safe-args rejected: ${python} is Python ${out.python}`);
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    for (const group of Object.keys(groups('/tmp'))) {
      test(group, () => {
        for (const entry of all[group] ?? []) {
          const ops = STATIC_GROUPS.includes(group) ? ['evaluate', 'check'] : [entry.op ?? 'evaluate'];
          for (const op of ops) {
            const label = `${entry.id} [${op}]`;
            const result = out.results[key(group, entry.id, op)];
            // A refusal at call time: building the value succeeded, calling it was refused.
            const refusal = failed(entry.expect.atCall ? described(result, label) && result?.call : result, label);
            assert.equal(refusal.error, 'ArgumentRejected', `${label}: ${refusal.message}`);
            for (const mention of entry.expect.mentions) {
              assert.ok(refusal.message.includes(mention), `${label}: message should mention ${JSON.stringify(mention)}: ${refusal.message}`);
            }
            assert.equal(refusal.message.includes(out.allowed), entry.expect.grammar, `${label}: ALLOWED summary present: ${refusal.message}`);
            assert.equal(refusal.cause, entry.expect.cause ?? null, `${label}: cause`);
            // Limits are checked on the operands: refusing must not take the time (or memory) of building.
            assert.ok(result !== undefined && result.ms < 1500, `${label}: took ${result?.ms} ms`);
          }
        }
      });
    }

    test('refused sources never touched the file system', () => {
      assert.equal(existsSync(join(dir, 'X')), false);
      assert.equal(existsSync(join(dir, 'f')), false);
    });

    test('nothing was eval-ed, exec-ed or compiled to bytecode', () => {
      assert.deepEqual(out.tripwires, []);
    });

    test('check() runs no constructor; evaluate() does', () => {
      const marker = join(dir, 'constructed');
      const sources = ['SideEffect()', '[SideEffect(), Point(SideEffect(), 1)]', '(lambda: SideEffect())()', 'lambda s=SideEffect(): s'];
      const checked = runDriver(
        python,
        sources.map((source, i) => ({ id: `c${i}`, op: 'check', source })),
        { SAFE_ARGS_TMP: dir },
      );
      for (const [id, result] of Object.entries(checked.results)) assert.equal(result.ok, true, `${id} passes check`);
      assert.equal(existsSync(marker), false, 'check() must not construct anything');

      const evaluated = runDriver(python, [{ id: 'e', source: 'SideEffect()' }], { SAFE_ARGS_TMP: dir });
      assert.equal(described(evaluated.results.e, 'e').type, 'target_module.SideEffect');
      assert.equal(existsSync(marker), true, 'evaluate() constructs (the fixture works)');
    });
  });
}
