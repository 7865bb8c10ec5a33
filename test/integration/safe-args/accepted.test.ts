// Arguments inside the safe grammar are accepted and built into the right values, on every
// interpreter present (python3, plus pinned pyenv versions when the machine has them).
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { described, failed, interpreters, runDriver, type DriverOutput, type SafeArgsCase } from '../../fixtures/safe-args/run-driver.js';

interface Expected {
  type?: string;
  /** Exact repr, or a pattern where Python versions differ. */
  repr?: string | RegExp;
  len?: number;
  signature?: string;
  /** What calling the value gives: a value, or the exception the call raised. */
  call?: { type?: string; repr?: string; raises?: string };
}

type Entry = SafeArgsCase & { expect: Expected };

const groups: Record<string, Entry[]> = {
  'literals as in ast.literal_eval': [
    { id: 'int', source: '42', expect: { type: 'int', repr: '42' } },
    { id: 'negative', source: '-7', expect: { type: 'int', repr: '-7' } },
    { id: 'float', source: '2.5e3', expect: { type: 'float', repr: '2500.0' } },
    { id: 'complex', source: '1+2j', expect: { type: 'complex', repr: '(1+2j)' } },
    { id: 'str', source: "'héllo'", expect: { type: 'str', repr: "'héllo'" } },
    { id: 'bytes', source: "b'\\x00ab'", expect: { type: 'bytes', repr: "b'\\x00ab'" } },
    { id: 'bool', source: 'True', expect: { type: 'bool', repr: 'True' } },
    { id: 'none', source: 'None', expect: { type: 'NoneType', repr: 'None' } },
    { id: 'ellipsis', source: '...', expect: { type: 'ellipsis', repr: 'Ellipsis' } },
    { id: 'tuple', source: '(1, (2, 3))', expect: { type: 'tuple', repr: '(1, (2, 3))' } },
    { id: 'list', source: "[1, 'a', None]", expect: { type: 'list', repr: "[1, 'a', None]" } },
    { id: 'dict', source: "{'a': [1], 2: (3,)}", expect: { type: 'dict', repr: "{'a': [1], 2: (3,)}" } },
    { id: 'set', source: '{3, 3}', expect: { type: 'set', repr: '{3}' } },
    { id: 'plain f-string', source: "f'plain'", expect: { type: 'str', repr: "'plain'" } },
    { id: '90 levels', source: '['.repeat(90) + ']'.repeat(90), expect: { type: 'list', len: 1 } },
  ],
  'set(), frozenset(...), float specials and other builtin constructors': [
    { id: 'set()', source: 'set()', expect: { type: 'set', repr: 'set()' } },
    { id: 'frozenset', source: 'frozenset([1, 1, 2])', expect: { type: 'frozenset', repr: 'frozenset({1, 2})' } },
    { id: 'nan', source: "float('nan')", expect: { type: 'float', repr: 'nan' } },
    { id: '-inf', source: "float('-inf')", expect: { type: 'float', repr: '-inf' } },
    { id: 'bytearray', source: "bytearray(b'ab')", expect: { type: 'bytearray', repr: "bytearray(b'ab')" } },
    { id: 'range', source: 'range(1, 10, 2)', expect: { type: 'range', repr: 'range(1, 10, 2)' } },
    { id: 'complex()', source: 'complex(1, -1)', expect: { type: 'complex', repr: '(1-1j)' } },
    { id: 'tuple()', source: "tuple('ab')", expect: { type: 'tuple', repr: "('a', 'b')" } },
    { id: 'dict()', source: "dict(a=1, **{'b': 2})", expect: { type: 'dict', repr: "{'a': 1, 'b': 2}" } },
    { id: 'int()', source: "int('ff', 16)", expect: { type: 'int', repr: '255' } },
    { id: 'bytes()', source: 'bytes([65, 66])', expect: { type: 'bytes', repr: "b'AB'" } },
    { id: 'list(range)', source: 'list(range(3))', expect: { type: 'list', repr: '[0, 1, 2]' } },
    { id: 'sorted', source: 'sorted({3, 1, 2})', expect: { type: 'list', repr: '[1, 2, 3]' } },
    { id: 'list(map(lambda))', source: 'list(map(lambda x: x * 2, [1, 2, 3]))', expect: { repr: '[2, 4, 6]' } },
  ],
  'decimal, fractions, datetime, collections, types, math, string': [
    { id: 'Decimal', source: "Decimal('1.5')", expect: { type: 'decimal.Decimal', repr: "Decimal('1.5')" } },
    { id: 'decimal.Decimal', source: "decimal.Decimal('-0.10')", expect: { type: 'decimal.Decimal', repr: "Decimal('-0.10')" } },
    { id: 'Fraction', source: 'Fraction(1, 3)', expect: { type: 'fractions.Fraction', repr: 'Fraction(1, 3)' } },
    { id: 'fractions.Fraction', source: "fractions.Fraction('3/6')", expect: { repr: 'Fraction(1, 2)' } },
    { id: 'date', source: 'datetime.date(2020, 1, 1)', expect: { type: 'datetime.date', repr: 'datetime.date(2020, 1, 1)' } },
    {
      id: 'datetime utc',
      source: 'datetime.datetime(2020, 1, 2, 3, 4, tzinfo=datetime.timezone.utc)',
      expect: { type: 'datetime.datetime', repr: 'datetime.datetime(2020, 1, 2, 3, 4, tzinfo=datetime.timezone.utc)' },
    },
    { id: 'bare datetime', source: 'datetime(2020, 1, 1)', expect: { type: 'datetime.datetime', repr: 'datetime.datetime(2020, 1, 1, 0, 0)' } },
    { id: 'fromisoformat', source: "date.fromisoformat('2021-02-03')", expect: { repr: 'datetime.date(2021, 2, 3)' } },
    { id: 'time', source: 'time(12, 30)', expect: { type: 'datetime.time', repr: 'datetime.time(12, 30)' } },
    { id: 'timedelta', source: 'timedelta(days=1, hours=2)', expect: { repr: 'datetime.timedelta(days=1, seconds=7200)' } },
    { id: 'OrderedDict', source: 'OrderedDict([(1, 2)])', expect: { type: 'collections.OrderedDict', repr: /^OrderedDict\((\[\(1, 2\)\]|\{1: 2\})\)$/ } },
    { id: 'defaultdict', source: 'defaultdict(list)', expect: { type: 'collections.defaultdict', repr: "defaultdict(<class 'list'>, {})" } },
    { id: 'Counter', source: "collections.Counter('abca')", expect: { type: 'collections.Counter', repr: "Counter({'a': 2, 'b': 1, 'c': 1})" } },
    { id: 'deque', source: 'deque([1, 2], maxlen=3)', expect: { type: 'collections.deque', repr: 'deque([1, 2], maxlen=3)' } },
    { id: 'ChainMap', source: "ChainMap({'a': 1}, {'b': 2})", expect: { type: 'collections.ChainMap', repr: "ChainMap({'a': 1}, {'b': 2})" } },
    { id: 'SimpleNamespace', source: "SimpleNamespace(x=1, y='a')", expect: { type: 'types.SimpleNamespace', repr: "namespace(x=1, y='a')" } },
    { id: 'math.pi', source: 'math.pi', expect: { type: 'float', repr: '3.141592653589793' } },
    { id: 'math.sqrt()', source: 'math.sqrt(16)', expect: { repr: '4.0' } },
    { id: 'string.digits', source: 'string.digits', expect: { repr: "'0123456789'" } },
  ],
  'operators and bounded sizes': [
    { id: '2**10', source: '2**10', expect: { repr: '1024' } },
    { id: 'str repeat', source: "'ab' * 3", expect: { repr: "'ababab'" } },
    { id: 'list repeat', source: '[0] * 5', expect: { type: 'list', len: 5 } },
    { id: 'arithmetic', source: '-(7 // 2) + 7 % 2', expect: { repr: '-2' } },
    { id: 'a million chars', source: "'a' * 10**6", expect: { type: 'str', len: 1_000_000 } },
    { id: 'big int', source: '2**99_000 > 0', expect: { repr: 'True' } },
    { id: 'splats', source: "[*range(3), *'ab']", expect: { repr: "[0, 1, 2, 'a', 'b']" } },
    { id: 'dict splat', source: "{**{'a': 1}, 'b': 2}", expect: { repr: "{'a': 1, 'b': 2}" } },
    { id: 'slice', source: '(1, 2, 3)[::-1]', expect: { repr: '(3, 2, 1)' } },
    { id: 'subscript', source: "{'k': 1}['k']", expect: { repr: '1' } },
    { id: 'conditional', source: '1 if 0 else 2', expect: { repr: '2' } },
    { id: 'chained comparison', source: '0 < 1 < 2 > 5', expect: { repr: 'False' } },
    { id: 'or keeps the value', source: "[] or 'x'", expect: { repr: "'x'" } },
    { id: 'and keeps the value', source: "1 and 0 and 'never'", expect: { repr: '0' } },
    { id: 'in', source: '3 in {3} and 4 not in {3}', expect: { repr: 'True' } },
  ],
  "the target module's classes": [
    { id: 'Point', source: 'Point(1, 2)', expect: { type: 'target_module.Point', repr: 'Point(1, 2)' } },
    { id: 'keywords', source: 'Point(x=1, y=Point(2, 3))', expect: { repr: 'Point(1, Point(2, 3))' } },
    { id: 'Node', source: 'Node(1, Node(2, None))', expect: { type: 'target_module.Node', repr: 'Node(1, Node(2, None))' } },
    { id: 'enum member', source: 'Color.RED', expect: { type: 'target_module.Color', repr: "<Color.RED: 'red'>" } },
    { id: 'enum by value', source: "Color('green')", expect: { repr: "<Color.GREEN: 'green'>" } },
    { id: 'classmethod', source: 'Point.origin()', expect: { repr: 'Point(0, 0)' } },
    { id: 'chain', source: 'Color.RED.value', expect: { repr: "'red'" } },
    { id: 'star splat', source: 'Point(*[1, 2])', expect: { repr: 'Point(1, 2)' } },
    { id: 'kw splat', source: "Point(**{'x': 1, 'y': 2})", expect: { repr: 'Point(1, 2)' } },
  ],
  'whitelisted functions as values': [
    { id: 'len', source: 'len', call: ["'abcd'"], expect: { type: 'builtin_function_or_method', call: { repr: '4' } } },
    { id: 'str.upper', source: 'str.upper', call: ["'ab'"], expect: { call: { repr: "'AB'" } } },
    { id: 'math.sqrt', source: 'math.sqrt', call: ['9'], expect: { call: { repr: '3.0' } } },
    { id: 'itemgetter', source: "operator.itemgetter('k')", call: ["{'k': 5}"], expect: { call: { repr: '5' } } },
    { id: 'attrgetter', source: "operator.attrgetter('x')", call: ['Point(7, 8)'], expect: { call: { repr: '7' } } },
    { id: 'operator.add', source: 'operator.add', call: ['1', '2'], expect: { call: { repr: '3' } } },
    { id: 'sorted with key', source: 'sorted', call: ['[3, 1, 2]'], callKwargs: { key: 'lambda v: -v' }, expect: { call: { repr: '[3, 2, 1]' } } },
    { id: 'int', source: 'int', call: ["'12'"], expect: { type: 'type', call: { repr: '12' } } },
  ],
  lambdas: [
    { id: 'double', source: 'lambda x: x * 2', call: ['21'], expect: { type: 'function', signature: '(x)', call: { repr: '42' } } },
    { id: 'method of a parameter', source: 'lambda s: s.upper()', call: ["'abc'"], expect: { call: { repr: "'ABC'" } } },
    { id: 'attribute of a parameter', source: 'lambda p: p.x', call: ['Point(5, 6)'], expect: { call: { repr: '5' } } },
    { id: 'calls a parameter', source: 'lambda f, x: f(x)', call: ['len', "'abc'"], expect: { call: { repr: '3' } } },
    {
      id: 'every parameter kind',
      source: 'lambda x, y=10, *rest, k=1, **kw: (x, y, rest, k, kw)',
      call: ['1', '2', '3'],
      callKwargs: { k: '4', z: '5' },
      expect: { signature: '(x, y=10, *rest, k=1, **kw)', call: { repr: "(1, 2, (3,), 4, {'z': 5})" } },
    },
    { id: 'defaults used', source: 'lambda x, y=10: x + y', call: ['1'], expect: { call: { repr: '11' } } },
    { id: 'positional-only', source: 'lambda x, /, y: x - y', call: ['5', '3'], expect: { signature: '(x, /, y)', call: { repr: '2' } } },
    { id: 'missing argument', source: 'lambda x, y: x', call: ['1'], expect: { call: { raises: 'TypeError' } } },
    { id: 'closure', source: '(lambda x: lambda y: x + y)(1)(2)', expect: { repr: '3' } },
    { id: 'lambda default', source: 'lambda n, f=lambda k: k * k: f(n)', call: ['7'], expect: { call: { repr: '49' } } },
    { id: 'conditional and slices', source: 'lambda xs: xs[1:] + [xs[0]] if xs else xs', call: ['[1, 2, 3]'], expect: { call: { repr: '[2, 3, 1]' } } },
    { id: 'subscripts', source: "lambda d: d['a']['b']", call: ["{'a': {'b': 3}}"], expect: { call: { repr: '3' } } },
    { id: 'builds a module class', source: 'lambda p: Point(p.y, p.x)', call: ['Point(1, 2)'], expect: { call: { repr: 'Point(2, 1)' } } },
    { id: 'method chain', source: "lambda s: s.strip().split(',')", call: ["' a,b '"], expect: { call: { repr: "['a', 'b']" } } },
    { id: 'boolean logic', source: 'lambda x: abs(x) > 2 and not x % 2', call: ['-4'], expect: { call: { repr: 'True' } } },
    { id: 'no parameters', source: 'lambda: Color.RED', call: [], expect: { call: { repr: "<Color.RED: 'red'>" } } },
    {
      id: 'nested lambda',
      source: 'lambda x: sorted(x, key=lambda t: t[1])',
      call: ["[(1, 'b'), (2, 'a')]"],
      expect: { call: { repr: "[(2, 'a'), (1, 'b')]" } },
    },
    {
      id: 'recursion through a parameter',
      source: '(lambda f, n: f(f, n))(lambda g, k: 1 if k <= 1 else k * g(g, k - 1), 10)',
      expect: { repr: '3628800' },
    },
    { id: 'missing attribute raises normally', source: 'lambda o: o.missing', call: ['Point(1, 2)'], expect: { call: { raises: 'AttributeError' } } },
    { id: 'errors are not wrapped', source: 'lambda x: 1 / x', call: ['0'], expect: { call: { raises: 'ZeroDivisionError' } } },
  ],
};

// Case ids are unique within a group; the driver sees them prefixed with the group.
const key = (group: string, id: string): string => `${group}: ${id}`;
const allCases: SafeArgsCase[] = Object.entries(groups).flatMap(([group, entries]) =>
  entries.map(({ expect: _expect, ...c }) => ({ ...c, id: key(group, c.id) })),
);

function assertMatches(actual: string, expected: string | RegExp, what: string): void {
  if (typeof expected === 'string') assert.equal(actual, expected, what);
  else assert.match(actual, expected, what);
}

for (const python of interpreters()) {
  describe(`accepted arguments (${python})`, () => {
    let out: DriverOutput;
    before(() => {
      out = runDriver(python, allCases);
      console.log(`safe-args accepted: ${python} is Python ${out.python}`);
    });

    for (const [group, entries] of Object.entries(groups)) {
      test(group, () => {
        for (const entry of entries) {
          const result = out.results[key(group, entry.id)];
          const value = described(result, entry.id);
          const { expect } = entry;
          if (expect.type !== undefined) assert.equal(value.type, expect.type, `${entry.id}: type`);
          if (expect.repr !== undefined) assertMatches(value.repr, expect.repr, `${entry.id}: repr`);
          if (expect.len !== undefined) assert.equal(value.len, expect.len, `${entry.id}: len`);
          if (expect.signature !== undefined) assert.equal(value.signature, expect.signature, `${entry.id}: signature`);
          if (expect.call?.raises !== undefined) {
            assert.equal(failed(result?.call, entry.id).error, expect.call.raises, `${entry.id}: call raises`);
          } else if (expect.call !== undefined) {
            const called = described(result?.call, `${entry.id} (call)`);
            if (expect.call.type !== undefined) assert.equal(called.type, expect.call.type, `${entry.id}: call type`);
            if (expect.call.repr !== undefined) assert.equal(called.repr, expect.call.repr, `${entry.id}: call repr`);
          }
        }
      });
    }

    test('nothing was eval-ed, exec-ed or compiled to bytecode', () => {
      assert.deepEqual(out.tripwires, []);
    });
  });
}
