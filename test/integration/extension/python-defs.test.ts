// The fast scan behind CodeLens and "function at cursor" against Python's own ast (the
// docstring writer's listFunctions) on every Python file of examples/ and test/fixtures/.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { listFunctions } from '../../../src/docstring/python-ast.js';
import { scanDefs } from '../../../src/extension/python-defs.js';

function pythonFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...pythonFiles(path));
    else if (name.endsWith('.py')) out.push(path);
  }
  return out;
}

const files = [...pythonFiles('examples'), ...pythonFiles('test/fixtures')].sort();

test('there are files to compare', () => {
  assert.ok(files.length >= 7, files.join(', '));
});

for (const file of files) {
  test(`scanDefs agrees with Python's ast on ${file}`, async () => {
    const source = readFileSync(file, 'utf8');
    let exact;
    try {
      exact = await listFunctions(source);
    } catch (err) {
      // Fixtures that do not parse on purpose: the scan must still not throw.
      assert.match((err as Error).message, /does not parse/);
      scanDefs(source);
      return;
    }
    const fast = scanDefs(source);
    assert.deepEqual(
      fast,
      exact.map((f) => ({
        qualname: f.qualname,
        name: f.name,
        line: f.line,
        column: f.column,
        decoratorLine: f.decoratorLine,
        endLine: f.endLine,
        isMethod: f.isMethod,
        inFunction: f.inFunction,
        isAsync: f.isAsync,
      })),
    );
  });
}

const TRICKY = `
import functools as ft
x = """
def in_a_string(): pass
"""
def a(p=lambda q: (q,
    1), *, r='def', **kw): \\
        return p  # def in_a_comment(): pass

class K(
    object,
):
    '''class doc
def still_a_string(): pass'''
    @ft.cache
    @staticmethod
    def s(x): return f"{x!r}" + f'{"def"}'

    def outer(self):
        class Local:
            async def am(self):
                def inner(): return [
1]
                return inner
        return Local

    def not_reached(): pass
`;

test('scanDefs agrees with the ast of Python on a file full of traps', async () => {
  const exact = await listFunctions(TRICKY);
  const fast = scanDefs(TRICKY);
  assert.deepEqual(
    fast.map((d) => [d.qualname, d.line, d.decoratorLine, d.endLine, d.inFunction]),
    exact.map((f) => [f.qualname, f.line, f.decoratorLine, f.endLine, f.inFunction]),
  );
  assert.ok(fast.some((d) => d.qualname === 'K.outer.<locals>.Local.am'));
});
