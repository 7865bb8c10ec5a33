import assert from 'node:assert/strict';
import { test } from 'node:test';
import { defAtLine, scanDefs } from '../../../src/extension/python-defs.js';

const SOURCE = `import functools

def top(a, b):
    """A def inside a docstring does not count:
    def fake(x):
        pass
    """
    s = 'def not_this(): pass'
    return a + b  # def nor_this()


class Outer:
    class Inner:
        @staticmethod
        @functools.cache
        def deep(x,
                 y=(1,
        2)):
            return x

    async def method(self):
        def helper():
            return 1
        return helper()

    @property
    def value(self): return 1


@functools.wraps(top)
def decorated(*args, **kw):
    x = [
def_like for def_like in args
    ]
    return x
def last(): pass
`;

test('qualnames follow __qualname__ for methods, nested classes and nested functions', () => {
  const defs = scanDefs(SOURCE);
  assert.deepEqual(
    defs.map((d) => d.qualname),
    ['top', 'Outer.Inner.deep', 'Outer.method', 'Outer.method.<locals>.helper', 'Outer.value', 'decorated', 'last'],
  );
  const byName = Object.fromEntries(defs.map((d) => [d.qualname, d]));
  assert.equal(byName['Outer.Inner.deep']!.isMethod, true);
  assert.equal(byName['top']!.isMethod, false);
  assert.equal(byName['Outer.method.<locals>.helper']!.inFunction, true);
  assert.equal(byName['Outer.method']!.isAsync, true);
  assert.equal(byName['Outer.method']!.inFunction, false);
});

test('lines: the def line, the first decorator, the last body line (1-based, as Python counts)', () => {
  const lines = SOURCE.split('\n');
  const at = (text: string) => lines.findIndex((l) => l.includes(text)) + 1;
  const defs = Object.fromEntries(scanDefs(SOURCE).map((d) => [d.qualname, d]));
  assert.equal(defs['top']!.line, at('def top('));
  assert.equal(defs['top']!.endLine, at('return a + b'));
  assert.equal(defs['Outer.Inner.deep']!.decoratorLine, at('@staticmethod'));
  assert.equal(defs['Outer.Inner.deep']!.endLine, at('return x'), 'a multi-line signature is part of the header');
  assert.equal(defs['Outer.value']!.endLine, defs['Outer.value']!.line, 'a one-line def');
  assert.equal(defs['decorated']!.decoratorLine, at('@functools.wraps'));
  assert.equal(defs['decorated']!.endLine, lines.lastIndexOf('    return x') + 1, 'a bracket continuation at column 0 does not end the function');
  assert.equal(defs['last']!.column, 0);
  assert.equal(defs['Outer.method']!.column, 4);
});

test('the innermost function around a line', () => {
  const lines = SOURCE.split('\n');
  const at = (text: string) => lines.findIndex((l) => l.includes(text)) + 1;
  const defs = scanDefs(SOURCE);
  assert.equal(defAtLine(defs, at("s = 'def not_this"))?.qualname, 'top');
  assert.equal(defAtLine(defs, at('            return 1'))?.qualname, 'Outer.method.<locals>.helper');
  assert.equal(defAtLine(defs, at('return helper()'))?.qualname, 'Outer.method');
  assert.equal(defAtLine(defs, at('@staticmethod'))?.qualname, 'Outer.Inner.deep', 'on a decorator');
  assert.equal(defAtLine(defs, at('import functools')), undefined);
  assert.equal(defAtLine(defs, at('class Inner')), undefined, 'a class line is not inside a function');
});

test('line endings (logical lines: test/unit/core/python-source.test.ts)', () => {
  assert.deepEqual(
    scanDefs('class A:\r\n    def f(self):\r\n        pass\r\n\r\ndef g():\r\n\tpass\r\n').map((d) => [d.qualname, d.line, d.endLine]),
    [
      ['A.f', 2, 3],
      ['g', 5, 6],
    ],
  );
  // Unfinished code while typing: no crash, the defs found so far.
  assert.deepEqual(
    scanDefs('def f(a,\n').map((d) => d.qualname),
    ['f'],
  );
  assert.deepEqual(
    scanDefs('def f():\n    s = """never closed\ndef g(): pass\n').map((d) => d.qualname),
    ['f'],
  );
  assert.deepEqual(
    scanDefs('défaut = 1\ndef café(): pass').map((d) => d.qualname),
    ['café'],
  );
});

// Its speed is measured in test/bench/python-defs.bench.ts; here only that nothing is lost.
test('a large file: every def found, none twice', () => {
  const big = Array.from({ length: 2000 }, (_, i) => `class C${i}:\n    def m(self, x):\n        """doc"""\n        return [x for x in range(3)]\n`).join('\n');
  const defs = scanDefs(big);
  assert.equal(defs.length, 2000);
  assert.deepEqual(
    defs.map((d) => d.qualname),
    Array.from({ length: 2000 }, (_, i) => `C${i}.m`),
  );
});
