// The pure parts of the edit: positions, applying edits, the unchanged check, and planning
// from a location (the Python locator is exercised in test/integration/docstring).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyEdits, bodyIndent, documentUnchanged, indentColumns, offsetToPosition, planDocstringEdit } from '../../../src/docstring/edit.js';
import { headerColonEnd } from '../../../src/docstring/python-ast.js';
import type { FunctionLocation } from '../../../src/docstring/types.js';

test('offsetToPosition counts \\r\\n, \\r and \\n as one line break each, columns in UTF-16 units', () => {
  const src = 'a\r\nb\rc\n😀d';
  assert.deepEqual(offsetToPosition(src, 0), { line: 0, character: 0 });
  assert.deepEqual(offsetToPosition(src, 1), { line: 0, character: 1 });
  assert.deepEqual(offsetToPosition(src, 2), { line: 0, character: 2 }, 'between \\r and \\n');
  assert.deepEqual(offsetToPosition(src, 3), { line: 1, character: 0 });
  assert.deepEqual(offsetToPosition(src, 5), { line: 2, character: 0 });
  assert.deepEqual(offsetToPosition(src, 9), { line: 3, character: 2 }, 'after the astral character');
  assert.deepEqual(offsetToPosition(src, src.length), { line: 3, character: 3 });
});

test('applyEdits applies in any order and refuses overlaps', () => {
  const src = 'abcdef';
  assert.equal(
    applyEdits(src, [
      { start: 1, end: 2, newText: 'X' },
      { start: 4, end: 4, newText: 'YY' },
    ]),
    'aXcdYYef',
  );
  assert.equal(
    applyEdits(src, [
      { start: 4, end: 4, newText: 'YY' },
      { start: 1, end: 2, newText: 'X' },
    ]),
    'aXcdYYef',
  );
  assert.throws(
    () =>
      applyEdits(src, [
        { start: 1, end: 4, newText: '' },
        { start: 3, end: 5, newText: '' },
      ]),
    /overlapping/,
  );
});

test('documentUnchanged is exact: any change, even line endings, counts', () => {
  assert.equal(documentUnchanged('a\nb', 'a\nb'), true);
  assert.equal(documentUnchanged('a\nb', 'a\r\nb'), false);
  assert.equal(documentUnchanged('a\nb', 'a\nb\n'), false);
});

test('indentColumns counts tabs to the next multiple of eight', () => {
  assert.equal(indentColumns('    '), 4);
  assert.equal(indentColumns('\t'), 8);
  assert.equal(indentColumns('  \t  '), 10);
});

/** A location written by hand for `src` (body = the first statement's text), as the Python helper would report it. */
function locate(src: string, body: string, docstring?: string): FunctionLocation {
  const colonEnd = src.indexOf('):') + 2;
  const doc = docstring ? { start: src.indexOf(docstring), end: src.indexOf(docstring) + docstring.length } : null;
  return { qualname: 'f', line: 1, defStart: src.indexOf('def'), colonEnd, bodyStart: src.indexOf(body, colonEnd), docstring: doc, indentUnit: '  ' };
}

test('planDocstringEdit: insert after the header, replace a literal, or break a one-line def', () => {
  const block = 'def f(x):  # c\n    return x\n';
  const insert = planDocstringEdit(block, locate(block, 'return'), 'Doc.');
  assert.deepEqual([insert.start, insert.end, insert.newText, insert.replaced], [15, 15, '    """Doc."""\n', false]);
  assert.deepEqual(insert.range, { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } });

  const documented = "def f(x):\n    'Old.'\n    return x\n";
  const replace = planDocstringEdit(documented, locate(documented, "'Old.'", "'Old.'"), 'New.\n\nMore.');
  assert.equal(applyEdits(documented, [replace]), "def f(x):\n    '''New.\n\n    More.\n    '''\n    return x\n");
  assert.equal(replace.replaced, true);

  const oneLine = 'class A:\n  def f(x): return x\n';
  const loc = locate(oneLine, 'return');
  assert.equal(bodyIndent(oneLine, loc), '    ');
  assert.equal(applyEdits(oneLine, [planDocstringEdit(oneLine, loc, 'Doc.')]), 'class A:\n  def f(x):\n    """Doc."""\n    return x\n');
});

test('headerColonEnd: the last colon outside brackets, strings and comments before the body', () => {
  const colon = (src: string, body: string) => {
    const end = headerColonEnd(src, src.indexOf('def') >= 0 ? src.search(/(async )?def/) : 0, src.lastIndexOf(body));
    return end === null ? null : src.slice(0, end);
  };
  assert.equal(colon('def f(x: int = 1) -> "a:b":  # c: d\n    return x', 'return'), 'def f(x: int = 1) -> "a:b":');
  assert.equal(colon('def f(k=lambda i: i[1:2], d={1: 2}, w=(y := 3)): return {1: 2}', 'return'), 'def f(k=lambda i: i[1:2], d={1: 2}, w=(y := 3)):');
  assert.equal(colon("async def f(s='\\':'):\n    pass", 'pass'), "async def f(s='\\':'):");
  assert.equal(colon('def f(a,  # why: this\n      b) -> dict[str, int]:\n    pass', 'pass'), 'def f(a,  # why: this\n      b) -> dict[str, int]:');
  assert.equal(colon('def f(x="""\n:\n"""): pass', 'pass'), 'def f(x="""\n:\n"""):');
});
