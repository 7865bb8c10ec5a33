// listFunctions with real Python: what it reports, errors, the cache, speed, and that the
// embedded helper answers the same under every interpreter on the machine (3.8+).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { listFunctions, locateFunctions, PythonSourceError } from '../../../src/docstring/python-ast.js';

const SOURCE = [
  '"""Module."""',
  'import functools',
  '',
  'def plain(a, b=1, *args, c, **kw):',
  '    """Plain."""',
  '    def inner(x): return x',
  '    return inner',
  '',
  'class Shape:',
  '    class Corner:',
  '        async def turn(self, /, deg): pass',
  '',
  '    @staticmethod',
  '    def make():',
  '        return Shape()',
  '',
  '    @functools.lru_cache(maxsize=2)',
  '    @property',
  '    def area(self):',
  "        'Area.'",
  '        return 0',
  '',
  's = "😀"; t = "é"',
  'if s:',
  '    def emoji(x="😀"): return x',
].join('\n');

test('every def with its qualname, lines, docstring and kind', async () => {
  const fns = await listFunctions(SOURCE);
  assert.deepEqual(
    fns.map((f) => [f.qualname, f.line, f.decoratorLine, f.endLine, f.column, f.hasDocstring, f.isMethod, f.isAsync, f.inFunction, f.className ?? null]),
    [
      ['plain', 4, 4, 7, 0, true, false, false, false, null],
      ['plain.<locals>.inner', 6, 6, 6, 4, false, false, false, true, null],
      ['Shape.Corner.turn', 11, 11, 11, 8, false, true, true, false, 'Shape.Corner'],
      ['Shape.make', 14, 13, 15, 4, false, true, false, false, 'Shape'],
      ['Shape.area', 19, 17, 21, 4, true, true, false, false, 'Shape'],
      ['emoji', 25, 25, 25, 4, false, false, false, false, null],
    ],
  );
  const byName = new Map(fns.map((f) => [f.qualname, f]));
  assert.deepEqual(byName.get('plain')!.params, ['a', 'b', '*args', 'c', '**kw']);
  assert.deepEqual(byName.get('Shape.Corner.turn')!.params, ['self', 'deg']);
  assert.deepEqual(byName.get('Shape.area')!.decorators, ['functools.lru_cache', 'property']);
  assert.equal(byName.get('Shape.area')!.docstring, 'Area.');
  assert.equal(byName.get('plain')!.docstring, 'Plain.');
});

test('a syntax error is a PythonSourceError with its line; a missing interpreter says so', async () => {
  await assert.rejects(listFunctions('def ok():\n    pass\n\ndef broken(:\n    pass\n'), (e: unknown) => {
    assert.ok(e instanceof PythonSourceError);
    assert.equal(e.kind, 'syntax');
    assert.equal(e.line, 4);
    assert.match(e.message, /does not parse \(line 4/);
    return true;
  });
  await assert.rejects(
    listFunctions('x = 1\n', '/nonexistent/python3'),
    (e: unknown) => e instanceof PythonSourceError && e.kind === 'no-python' && /not found/.test(e.message),
  );
  await assert.rejects(locateFunctions('def (', [{ qualname: 'f' }]), (e: unknown) => e instanceof PythonSourceError && e.kind === 'syntax');
});

test('the same text is answered from the cache', async () => {
  const source = `${SOURCE}\n# cache ${process.pid}\n`;
  const timings: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    await listFunctions(`${source}# ${i}\n`);
    timings.push(performance.now() - t0);
  }
  const [first, concurrent] = await Promise.all([listFunctions(source), listFunctions(source)]);
  assert.deepEqual(concurrent, first, 'a second call while the first runs shares its answer');
  const t0 = performance.now();
  assert.deepEqual(await listFunctions(source), first);
  const cached = performance.now() - t0;
  timings.sort((a, b) => a - b);
  console.log(`listFunctions: median ${timings[2]!.toFixed(0)} ms per new text, ${cached.toFixed(2)} ms cached`);
  assert.ok(cached < 5, `cached answer took ${cached} ms`);
});

test('the helper gives the same answer under every Python on this machine', async () => {
  const versions = ['3.8.18', '3.9.18', '3.10.13', '3.12.1', '3.13.0'].map((v) => `/root/.pyenv/versions/${v}/bin/python3`).filter((p) => existsSync(p));
  const reference = await listFunctions(SOURCE);
  const targets = [{ qualname: 'emoji' }, { qualname: 'Shape.area' }, { qualname: 'plain.inner' }];
  const located = await locateFunctions(SOURCE, targets);
  for (const python of versions) {
    assert.deepEqual(await listFunctions(SOURCE, python), reference, python);
    assert.deepEqual(await locateFunctions(SOURCE, targets, { python }), located, python);
  }
  console.log(`helper checked under python3 and ${versions.length} other interpreters`);
});
