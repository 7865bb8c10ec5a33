// judgeDefs: which defs the CodeLens and the quick pick offer, and which say they need an instance.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { judgeDefs, verdictAtLine } from '../../../src/extension/python-defs.js';

const TRAPS = readFileSync(new URL('../../fixtures/resolve/offered/traps.py', import.meta.url), 'utf8');

test('locals, @overload stubs, properties and defs redefined later are not offered', () => {
  const verdicts = judgeDefs(TRAPS);
  const shown = verdicts.map((v) => `${v.def.qualname}:${v.def.line} ${v.offered ? 'offered' : v.reason}`);
  assert.deepEqual(shown, [
    'convert:6 an @overload stub: the implementation is the def without @overload',
    'convert:10 an @overload stub: the implementation is the def without @overload',
    'convert:13 offered',
    'twice:17 redefined at line 21: Python keeps the later def',
    'twice:21 offered',
    'Box.__init__:26 offered',
    'Box.value:30 a property, not something to call',
    'Box.value:34 a property, not something to call',
    'Box.get:37 offered',
    'Box.make:41 offered',
    'Box.empty:45 offered',
    'Box.Lid.close:49 offered',
    'outer:53 offered',
    'outer.<locals>.inner:54 a function local to another function cannot be called on its own',
  ]);
});

test('instance methods need a receiver of their class; static and class methods do not', () => {
  const byName = new Map(judgeDefs(TRAPS).map((v) => [v.def.qualname, v]));
  assert.equal(byName.get('Box.get')?.needsReceiver, true);
  assert.equal(byName.get('Box.get')?.ownerClass, 'Box');
  assert.equal(byName.get('Box.Lid.close')?.ownerClass, 'Box.Lid');
  assert.equal(byName.get('Box.make')?.needsReceiver, false);
  assert.equal(byName.get('Box.empty')?.needsReceiver, false);
  assert.equal(byName.get('outer')?.needsReceiver, false);
});

test('defs of the same name in different branches are both offered; a decorator with arguments is read by name', () => {
  const source = [
    'import sys',
    'if sys.platform == "win32":',
    '    def f():',
    '        return 1',
    'else:',
    '    def f():',
    '        return 2',
    '',
    '@functools.lru_cache(maxsize=None)',
    'def g():',
    '    pass',
    '',
  ].join('\n');
  assert.deepEqual(
    judgeDefs(source).map((v) => [v.def.qualname, v.def.line, v.offered]),
    [
      ['f', 3, true],
      ['f', 6, true],
      ['g', 10, true],
    ],
  );
});

test('"Probe at cursor" gets the verdict of the def the cursor is in, decorators included', () => {
  const lines = TRAPS.split('\n');
  const at = (text: string) => lines.findIndex((l) => l.includes(text)) + 1;
  const verdict = (text: string) => verdictAtLine(TRAPS, at(text));
  assert.equal(verdict('@property')?.reason, 'a property, not something to call', 'on the @property line');
  assert.equal(verdict('@overload')?.offered, false);
  assert.equal(verdict('class Box'), undefined, 'a class line is in no def');
  const get = verdict('def get');
  assert.equal(get?.offered, true);
  assert.equal(get?.needsReceiver, true);
});
