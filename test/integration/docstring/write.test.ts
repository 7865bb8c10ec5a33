// Writing docstrings with real Python: refusals (the user's text is never touched), several
// functions in one batch, writeDocstring's style and width, and a property test of the literal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { applyEdits, computeDocstringEdit, computeDocstringEdits, DOCUMENT_CHANGED_MESSAGE } from '../../../src/docstring/edit.js';
import { docstringLiteral, normalizeDocstringBody, type LiteralStyle } from '../../../src/docstring/literal.js';
import { listFunctions } from '../../../src/docstring/python-ast.js';
import { writeDocstring } from '../../../src/docstring/write.js';
import type { Description } from '../../../src/core/session-types.js';

const ORACLE = fileURLToPath(new URL('../../fixtures/docstring/check_edits.py', import.meta.url));

const SOURCE =
  'def a(x):\n    return x\n\n\ndef b(y): return y\n\n\nclass C:\n    def m(self):\n        def inner():\n            pass\n        return inner\n';

test('refusals leave the text alone and say why', async () => {
  const changed = await computeDocstringEdit(`${SOURCE}# edited\n`, { qualname: 'a' }, 'Doc.', { startText: SOURCE });
  assert.deepEqual(changed, { kind: 'refused', reason: 'document-changed', message: DOCUMENT_CHANGED_MESSAGE, qualname: 'a' });
  assert.match(DOCUMENT_CHANGED_MESSAGE, /changed since the probe started; re-run the probe/);

  const missing = await computeDocstringEdit(SOURCE, { qualname: 'D.m' }, 'Doc.');
  assert.equal(missing.kind === 'refused' && missing.reason, 'not-found');
  assert.match(missing.kind === 'refused' ? missing.message : '', /No function D\.m in this file.*Did you mean C\.m\?/);

  const broken = await computeDocstringEdit('def a(x:\n    return x\n', { qualname: 'a' }, 'Doc.');
  assert.equal(broken.kind === 'refused' && broken.reason, 'syntax-error');
  assert.match(broken.kind === 'refused' ? broken.message : '', /does not parse \(line 1.*Fix it, then insert the docstring\./);

  const noPython = await computeDocstringEdit(SOURCE, { qualname: 'a' }, 'Doc.', { python: '/nonexistent/python3' });
  assert.equal(noPython.kind === 'refused' && noPython.reason, 'python-unavailable');

  const empty = await computeDocstringEdit(SOURCE, { qualname: 'a' }, '  \n\n ');
  assert.equal(empty.kind === 'refused' && empty.reason, 'empty-docstring');
});

test('a batch writes several functions against one text, nested ones included', async () => {
  const bodies = { a: 'Return x.', b: 'Return y.\n\nOne-liner no more.', 'C.m': 'Make inner.', 'C.m.<locals>.inner': 'Do nothing.' };
  const batch = await computeDocstringEdits(SOURCE, [
    ...Object.entries(bodies).map(([qualname, body]) => ({ qualname, body })),
    { qualname: 'a', body: 'Twice.' },
  ]);
  assert.deepEqual(
    batch.refused.map((r) => [r.qualname, r.reason]),
    [['a', 'unsafe-edit']],
    'a second edit of the same def is refused',
  );
  assert.equal(batch.edits.length, 4);
  const after = applyEdits(SOURCE, batch.edits);
  const docs = new Map((await listFunctions(after)).map((f) => [f.qualname, f.docstring]));
  for (const [qualname, body] of Object.entries(bodies)) assert.equal(docs.get(qualname), body, qualname);
});

test('startText equal to the source lets the edit through', async () => {
  const edit = await computeDocstringEdit(SOURCE, { qualname: 'b' }, 'Doc.', { startText: SOURCE });
  assert.equal(edit.kind, 'edit');
});

const DESCRIPTION: Description = {
  summary: 'returns the value unchanged',
  details: 'This sentence is deliberately long so that wrapping has to happen at the width the indentation leaves free, which is what this test checks.',
  parameters: { arg0: 'the value' },
  returns: 'the same value',
  raises: '',
  examples: [{ call: 'f(1)', result: '1' }],
  confidence: 1,
};

test("writeDocstring matches the file's style and wraps to fit the indentation", async () => {
  const numpyFile =
    'def doc(x):\n    """Doc.\n\n    Parameters\n    ----------\n    x : int\n        The x.\n    """\n\n\nclass K:\n    class L:\n        def deep(self, v):\n            return v\n';
  const edit = await writeDocstring(numpyFile, { qualname: 'K.L.deep' }, DESCRIPTION, { render: { paramNames: { arg0: 'v' }, functionName: 'deep' } });
  assert.equal(edit.kind, 'edit');
  if (edit.kind !== 'edit') return;
  assert.equal(edit.style, 'numpy');
  assert.match(edit.text, /^Parameters\n----------\nv\n {4}The value\.$/m);
  const after = applyEdits(numpyFile, [edit]);
  const lines = after.split('\n');
  assert.ok(
    lines.every((l) => l.length <= 79),
    'no line longer than 79 with the indentation',
  );
  assert.ok(
    edit.text.split('\n').every((l) => l.length <= 79 - 12),
    'the text is wrapped to what the 12-column indentation leaves',
  );

  const plain = await writeDocstring('def f(x):\n    return x\n', { qualname: 'f' }, DESCRIPTION, { fallbackStyle: 'sphinx' });
  assert.equal(plain.kind === 'edit' && plain.style, 'sphinx', 'no docstrings in the file: the fallback');
  const forced = await writeDocstring(numpyFile, { qualname: 'doc' }, DESCRIPTION, { style: 'google' });
  assert.equal(forced.kind === 'edit' && forced.style, 'google');
});

/** A small seeded generator, so that a failure can be replayed. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

test('any text survives as a literal: random bodies of quotes, backslashes and newlines parse back exactly (any indent, any line ending)', async () => {
  const random = rng(20240601);
  const pieces = ['"', "'", '\\', '\n', ' ', 'a', '"""', "'''", '\\n', 'é', '😀', '\\\n', '\x07'];
  const styles: LiteralStyle[] = [
    { prefix: '', quote: '"', summaryOnFirstLine: true },
    { prefix: 'r', quote: '"', summaryOnFirstLine: true },
    { prefix: 'u', quote: "'", summaryOnFirstLine: false },
    { prefix: 'R', quote: "'", summaryOnFirstLine: true },
  ];
  const cases: { id: string; before: string; after: string; qualname: string; line: null; expected: string; body: string; style: LiteralStyle }[] = [];
  for (let i = 0; i < 2000; i++) {
    let body = 'S';
    const n = 1 + Math.floor(random() * 12);
    for (let k = 0; k < n; k++) body += pieces[Math.floor(random() * pieces.length)];
    const style = styles[i % styles.length]!;
    const [indent, eol] = (
      [
        ['    ', '\n'],
        ['\t', '\r\n'],
        ['  ', '\r\n'],
      ] as const
    )[i % 3]!;
    const before = `def f():${eol}${indent}pass${eol}`;
    const after = `def f():${eol}${indent}${docstringLiteral(body, indent, eol, style)}${eol}${indent}pass${eol}`;
    cases.push({ id: String(i), before, after, qualname: 'f', line: null, expected: normalizeDocstringBody(body), body, style });
  }
  const { stdout } = await execa('python3', [ORACLE], { input: JSON.stringify(cases) });
  for (const verdict of JSON.parse(stdout) as { id: string; problems: string[] }[]) {
    const c = cases[Number(verdict.id)]!;
    assert.deepEqual(verdict.problems, [], `body ${JSON.stringify(c.body)} as ${JSON.stringify(c.style)}:\n${c.after}`);
  }
});
