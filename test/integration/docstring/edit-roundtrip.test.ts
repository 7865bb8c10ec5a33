// Round trips of the docstring edit over tricky layouts, in all four styles plus one-line
// bodies that stress quoting. An independent Python oracle (test/fixtures/docstring/
// check_edits.py) checks every edited file: it parses, the docstring reads exactly as
// intended, and the AST without that docstring is unchanged. The bytes outside the edit
// are compared here, and what the edit removed must be whitespace or the old literal.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { applyEdits, computeDocstringEdit, planDocstringEdit } from '../../../src/docstring/edit.js';
import { checkDocstringEdits, locateInSources } from '../../../src/docstring/python-ast.js';
import { renderDocstring } from '../../../src/docstring/render.js';
import { DOCSTRING_STYLES, type DocstringEdit } from '../../../src/docstring/types.js';
import type { Description } from '../../../src/core/session-types.js';
import { LAYOUTS, type Layout } from '../../fixtures/docstring/layouts.js';

const ORACLE = fileURLToPath(new URL('../../fixtures/docstring/check_edits.py', import.meta.url));

const NORMAL: Description = {
  summary: 'doubles arg0 and adds arg1',
  details: 'Works for ints and floats alike; strings are repeated instead of doubled.',
  parameters: { arg0: 'the value to double', arg1: 'added after doubling' },
  returns: 'the doubled value plus arg1',
  raises: 'TypeError if arg1 cannot be added',
  examples: [
    { call: 'f(2, 1)', result: '5' },
    { call: 'f(None, 1)', result: "TypeError: unsupported operand type(s) for *: 'NoneType' and 'int'" },
  ],
  confidence: 0.9,
};

// Backslashes, both kinds of triple quotes, a backslash at a line end, blank output lines.
const HOSTILE: Description = {
  summary: 'Finds \\d+ runs in "quoted" text',
  details: 'Quotes like """ and \'\'\' are kept; so is C:\\temp\\ as written.\nA line ending in a backslash \\\n\nand a "quote at the end"',
  parameters: { arg0: 'a pattern such as r"\\w+"' },
  returns: "the text 'a\\nb' with real newlines",
  raises: '',
  examples: [
    { call: "f('a\\\\nb')", result: "'a\\\\nb'" },
    { call: "f('x')", result: 'line one\n\nline three' },
  ],
  confidence: 0.5,
};

const BODIES: { label: string; body: string }[] = [
  ...DOCSTRING_STYLES.flatMap((style) => [
    { label: `${style}, normal`, body: renderDocstring(NORMAL, style, { paramNames: { arg0: 'x', arg1: 'y' }, functionName: 'twice' }) },
    { label: `${style}, backslashes and quotes`, body: renderDocstring(HOSTILE, style, { paramNames: { arg0: 'pattern' }, functionName: 'find' }) },
  ]),
  { label: 'one line', body: 'Return the value.' },
  { label: 'one line ending in a quote', body: 'Say "hi"' },
  { label: 'one line ending in a backslash', body: 'Paths end with \\' },
  { label: 'one line with both triple quotes', body: 'Quote """ and \'\'\' here.' },
];

interface Case {
  id: string;
  layout: Layout;
  label: string;
  edit: DocstringEdit;
  after: string;
}

interface Verdict {
  id: string;
  problems: string[];
  oldLiteral: string | null;
  oldLead: string;
}

async function oracle(cases: Case[]): Promise<Map<string, Verdict>> {
  const input = JSON.stringify(
    cases.map((c) => ({ id: c.id, before: c.layout.source, after: c.after, qualname: c.layout.qualname, line: c.layout.line ?? null, expected: c.edit.text })),
  );
  const { stdout } = await execa('python3', [ORACLE], { input });
  return new Map((JSON.parse(stdout) as Verdict[]).map((v) => [v.id, v]));
}

const cases: Case[] = [];
let verdicts = new Map<string, Verdict>();

// Two Python processes for all layouts × bodies: one locates, one (the oracle) checks.
before(async () => {
  const located = await locateInSources(LAYOUTS.map((layout) => ({ source: layout.source, targets: [layout] })));
  LAYOUTS.forEach((layout, li) => {
    const loc = located[li]!.locations[0];
    assert.ok(loc, `${layout.name}: ${layout.qualname} not located`);
    for (const [bi, { label, body }] of BODIES.entries()) {
      const edit = planDocstringEdit(layout.source, loc, body);
      cases.push({ id: `${li}/${bi}`, layout, label, edit, after: applyEdits(layout.source, [edit]) });
    }
  });
  verdicts = await oracle(cases);
});

describe('docstring edit round trips', () => {
  assert.ok(LAYOUTS.length >= 15);
  for (const layout of LAYOUTS) {
    test(layout.name, () => {
      for (const c of cases.filter((x) => x.layout === layout)) {
        const where = `${layout.name} / ${c.label}`;
        const verdict = verdicts.get(c.id)!;
        assert.deepEqual(verdict.problems, [], `${where}:\n${c.after}`);
        const { start, end, newText } = c.edit;
        // Byte-identical outside the edited range.
        assert.equal(c.after.slice(0, start), layout.source.slice(0, start), where);
        assert.equal(c.after.slice(start + newText.length), layout.source.slice(end), where);
        // What the edit removed: whitespace (and backslash continuations), or the old literal
        // with whatever stood before it in its statement (an opening parenthesis).
        const removed = layout.source.slice(start, end).replace(/^[\s\\]+/, '');
        if (verdict.oldLiteral === null) assert.equal(removed, '', `${where}: removed ${JSON.stringify(removed)}`);
        else assert.equal(removed, verdict.oldLead + verdict.oldLiteral, where);
        assert.equal(c.edit.replaced, verdict.oldLiteral !== null, where);
      }
    });
  }
});

test('the oracle and the built-in check both fail an edit that changes code', async () => {
  const c = cases.find((x) => x.layout.qualname === 'plain')!;
  const tampered = c.after.replace('return a + b', 'return a - b');
  assert.notEqual(tampered, c.after);
  const verdict = (await oracle([{ ...c, after: tampered }])).get(c.id)!;
  assert.deepEqual(verdict.problems, ['code outside the docstring changed']);
  const wrongText = { ...c, edit: { ...c.edit, text: 'Something else.' } };
  assert.match((await oracle([wrongText])).get(c.id)!.problems[0]!, /^docstring reads/);
  const [mine] = await checkDocstringEdits([{ before: c.layout.source, after: tampered, targets: [{ qualname: 'plain', expected: c.edit.text }] }]);
  assert.deepEqual(mine, ['the edit changed code outside the docstrings']);
});

test('the built-in check (run before an edit is handed out) accepts every round-trip edit', async () => {
  const problems = await checkDocstringEdits(
    cases.map((c) => ({
      before: c.layout.source,
      after: c.after,
      targets: [{ qualname: c.layout.qualname, ...(c.layout.line ? { line: c.layout.line } : {}), expected: c.edit.text }],
    })),
  );
  problems.forEach((p, i) => assert.deepEqual(p, [], `${cases[i]!.layout.name} / ${cases[i]!.label}`));
});

test('writing the same docstring again changes nothing', async () => {
  const firsts = cases.filter((c) => c.label === BODIES[0]!.label);
  const relocated = await locateInSources(firsts.map((c) => ({ source: c.after, targets: [c.layout] })));
  firsts.forEach((c, i) => {
    const again = planDocstringEdit(c.after, relocated[i]!.locations[0]!, BODIES[0]!.body);
    assert.equal(applyEdits(c.after, [again]), c.after, `${c.layout.name}: the second write changed the file`);
    assert.equal(again.replaced, true);
  });
});

test('computeDocstringEdit (locate, plan, check) gives the planned edit', async () => {
  const picked = [
    'astral and accented characters before the colon',
    'CRLF line endings, existing docstring',
    'parenthesised docstring on the header line',
    'tabs, one-line method',
  ];
  for (const name of picked) {
    const layout = LAYOUTS.find((l) => l.name === name)!;
    const edit = await computeDocstringEdit(layout.source, layout, BODIES[0]!.body);
    const planned = cases.find((c) => c.layout === layout && c.label === BODIES[0]!.label)!.edit;
    assert.deepEqual(edit, planned, name);
  }
});
