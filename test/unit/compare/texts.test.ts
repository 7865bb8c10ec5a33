// The offline text parts: lexical F1, the judge's reply parser, code extraction, anonymization.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Description } from '../../../src/core/session-types.js';
import { docstringProse, lexicalF1, lexicalTokens, tokenF1 } from '../../../src/compare/lexical.js';
import { parseJudgeReply } from '../../../src/compare/judge.js';
import { definesFunction, extractPythonCode, implementationMessages } from '../../../src/compare/implement.js';
import { anonymizeDocstring, renderDescription } from '../../../src/compare/texts.js';
import { buildableClasses, isStale, selectHeldOut, usesModuleClasses } from '../../../src/compare/behaviour.js';

const close = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-12, `${a} ≈ ${b}`);

test('token F1 on hand-computed cases', () => {
  // Identical bags: P = R = 1.
  close(tokenF1(['sort', 'list'], ['list', 'sort']), 1);
  // Nothing shared.
  close(tokenF1(['sort'], ['reverse']), 0);
  // pred [sort, numbers, ascending] vs ref [sort, numbers, descending, order]: common 2, P 2/3, R 2/4, F1 = 2·(2/3)(1/2)/(2/3+1/2) = 4/7.
  close(tokenF1(['sort', 'numbers', 'ascending'], ['sort', 'numbers', 'descending', 'order']), 4 / 7);
  // Multiset: pred [a, a, b] vs ref [a, b, b]: common min(2,1)+min(1,2) = 2, P = R = 2/3.
  close(tokenF1(['x', 'x', 'y'], ['x', 'y', 'y']), 2 / 3);
  close(tokenF1([], []), 1);
  close(tokenF1(['x'], []), 0);
});

test('tokens are lower-cased words without stop words', () => {
  assert.deepEqual(lexicalTokens('Return the K highest scores, as a tuple_x of 3!'), ['return', 'k', 'highest', 'scores', 'tuple_x', '3']);
});

test('lexical F1 maps shown names back and leaves doctest examples out', () => {
  const d: Description = {
    summary: 'f returns the highest arg1 scores',
    details: '',
    parameters: {},
    returns: '',
    raises: '',
    examples: [{ call: 'f([1], 1)', result: '(1,)' }],
    confidence: 0.9,
  };
  const doc = 'top_scores returns the highest k scores\n\n>>> top_scores([1], 1)\n[1]\n';
  assert.equal(docstringProse(doc).includes('>>>'), false);
  // With renames, both sides read: [top_scores, returns, highest, k, scores].
  close(
    lexicalF1(
      d,
      doc,
      new Map([
        ['f', 'top_scores'],
        ['arg1', 'k'],
      ]),
    ),
    1,
  );
  // Without them 3 of 5 tokens match each way: F1 = 3/5.
  close(lexicalF1(d, doc), 3 / 5);
});

test('judge replies: bare JSON, fenced JSON, clamping, garbage', () => {
  assert.deepEqual(parseJudgeReply('{"score": 4, "rationale": "Same core.", "missed_by_inferred": ["k default 3"], "missed_by_docstring": []}'), {
    score: 4,
    rationale: 'Same core.',
    missedByInferred: ['k default 3'],
    missedByDocstring: [],
  });
  const fenced = 'Here is my verdict:\n```json\n{"score": "2", "rationale": "Order differs {asc vs desc}."}\n```\nThanks';
  assert.deepEqual(parseJudgeReply(fenced), { score: 2, rationale: 'Order differs {asc vs desc}.' });
  assert.equal(parseJudgeReply('{"score": 9.4, "rationale": "x"}')!.score, 5);
  assert.equal(parseJudgeReply('{"score": -3, "rationale": "x"}')!.score, 1);
  assert.equal(parseJudgeReply('{"score": 2.6, "rationale": "x"}')!.score, 3);
  assert.equal(parseJudgeReply('I would give it a 4.'), null);
  assert.equal(parseJudgeReply('{"score": "four", "rationale": "x"}'), null);
  assert.equal(parseJudgeReply('{"score": 4}'), null);
  assert.equal(parseJudgeReply('{"score": 4, "rationale": "x"'), null);
  assert.equal(parseJudgeReply('[4]'), null);
});

test('code extraction: python fence first, else bare fence, else code-looking text', () => {
  assert.equal(extractPythonCode('Sure:\n```python\ndef f(x):\n    return x\n```\n```\nnot this\n```'), 'def f(x):\n    return x\n');
  assert.equal(extractPythonCode('```\ndef f(x):\n    return 1\n```'), 'def f(x):\n    return 1\n');
  assert.equal(extractPythonCode('```py\ndef f(x):\n    return 2'), 'def f(x):\n    return 2\n', 'an unterminated fence still counts');
  assert.equal(extractPythonCode('def f(x):\n    return 3'), 'def f(x):\n    return 3\n');
  assert.equal(extractPythonCode('I cannot help with that.'), null);
  assert.equal(definesFunction('import math\n\n@cache\ndef f(arg0):\n    pass\n', 'f'), true);
  assert.equal(definesFunction('class A:\n    def f(self):\n        pass\n', 'f'), false, 'a method is not a top-level function');
  assert.equal(definesFunction('def g(x):\n    pass\n', 'f'), false);
});

test('the two implementation prompts say which text they carry', () => {
  const inferred = implementationMessages('inferred', 'f(arg0)', 'Summary: doubles')
    .map((m) => m.content)
    .join('\n');
  const doc = implementationMessages('docstring', 'f(arg0)', 'Double it.', 'Parameter names: arg0 is the parameter documented as `n`.')[1]!.content;
  assert.match(inferred, /def f\(arg0\):/);
  assert.doesNotMatch(implementationMessages('inferred', 'f(arg0)', 'x')[1]!.content, /docstring/i);
  assert.match(doc, /docstring/);
  assert.match(doc, /documented as `n`/);
});

test('anonymized docstrings call the function by its shown name', () => {
  const doc = 'Return top scores; see ``top_scores``.\n\n>>> legacy.top_scores([1], 1)\n[1]\n>>> top_scores ([2])\n[2]';
  assert.equal(anonymizeDocstring(doc, 'top_scores', 'f'), 'Return top scores; see ``f``.\n\n>>> f([1], 1)\n[1]\n>>> f ([2])\n[2]');
  // A name that is an English word is replaced in calls and backquotes, not in prose.
  assert.equal(anonymizeDocstring('Add two numbers: `add`. >>> add(1, 2)', 'add', 'f'), 'Add two numbers: `f`. >>> f(1, 2)');
  assert.equal(anonymizeDocstring('same', 'f', 'f'), 'same');
  const d: Description = {
    summary: 's',
    details: '',
    parameters: { arg0: 'a list' },
    returns: 'r',
    raises: '',
    examples: [{ call: 'f([1])', result: '[1]' }],
    confidence: 1,
  };
  assert.equal(renderDescription(d), 'Summary: s\nParameters:\n- arg0: a list\nReturns: r\nExamples:\n>>> f([1])\n[1]');
});

test('the stale rule', () => {
  // 100% vs 50%: stale.
  assert.equal(isStale({ agree: 6, total: 6 }, { agree: 3, total: 6 }), true);
  // 100% vs 80%: not stale (80% is not below the ceiling).
  assert.equal(isStale({ agree: 5, total: 5 }, { agree: 4, total: 5 }), false);
  // 90% vs 70%: exactly 20 points apart, below 80%: stale.
  assert.equal(isStale({ agree: 9, total: 10 }, { agree: 7, total: 10 }), true);
  // 60% vs 50%: both poor; the function is hard to implement from any text.
  assert.equal(isStale({ agree: 6, total: 10 }, { agree: 5, total: 10 }), false);
  // Too few inputs, no docstring side, or a docstring side that never loaded.
  assert.equal(isStale({ agree: 2, total: 2 }, { agree: 0, total: 2 }), false);
  assert.equal(isStale({ agree: 6, total: 6 }, undefined), false);
  assert.equal(isStale({ agree: 6, total: 6 }, { agree: 0, total: 6 }, false), false);
});

test("held-out inputs: no input the agent saw, none twice, none needing the module's classes", () => {
  const names = [
    ['scores', 'arg0'],
    ['k', 'arg1'],
  ];
  const { requests, leftOutShown } = selectHeldOut(
    [{ args: ['[1, 2]'] }, { args: ['[3]'], kwargs: { k: '1' } }, { args: ['[ 3 ]'], kwargs: { k: '1' } }, { args: ['[4]'] }],
    [{ args: ['[1,2]'] }, { args: ['[9]'] }],
    names,
    1,
  );
  assert.deepEqual(requests, [{ args: ['[3]'], kwargs: { k: '1' } }], 'at most 1, in order');
  assert.equal(leftOutShown, 1);
  assert.equal(usesModuleClasses({ args: ['[Point(1, 2)]'] }, ['Point']), true);
  assert.equal(usesModuleClasses({ args: ['1'], kwargs: { p: 'Color.RED' } }, ['Color']), true);
  assert.equal(usesModuleClasses({ args: ["'Point'", 'PointX(1)', 'x.Point'] }, ['Point']), false, 'strings, other names and attributes do not count');
  assert.equal(usesModuleClasses({ args: ['Point(1)'] }, []), false);
  // A class of the target's package built by name (argumentClasses) is no more importable by generated code than the module's own.
  const classes = buildableClasses({ moduleClasses: ['Point'], argumentClasses: [{ name: 'Version', attributes: [] }] });
  assert.equal(usesModuleClasses({ args: ["Version('1.2')"] }, classes), true);
});
