// The Markdown export says what the session did.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sessionToMarkdown } from '../../../src/session/markdown.js';
import { sampleSession } from './sample.js';

test('target, settings, probe table, hypotheses, description, comparison and usage', () => {
  const md = sessionToMarkdown(sampleSession());
  assert.match(md, /^# PAU Probe: `shout`\n/);
  assert.match(md, /- Shown to the agent as: `f\(arg0, arg1\)`/);
  assert.match(md, /LLM agent \(m at http:\/\/x\/v1\) · strictness anonymized · max 5 probes · coverage feedback on/);
  assert.match(md, /\| 1 \| `shout\('ab'\)` \| 'AB' \(str\) \| 1\.3 \| 2\/4 \(\+2\) \| offline \|/);
  assert.match(md, /\| 2 \| `shout\(None\)` \| raises AttributeError: 'NoneType' object has no attribute 'upper' \|/);
  assert.ok(md.includes('- after probe 3: upper-cases strings | only'));
  assert.match(md, /\*\*Upper-case[sd]? a string\.\*\*/);
  assert.match(md, /```python\n>>> f\('ab'\)\n'AB'\n```/);
  assert.match(md, /- Lexical token F1: 0\.50/);
  assert.match(md, /3 requests, 300 prompt \+ 60 completion tokens/);
});

test('a failed run says so', () => {
  const md = sessionToMarkdown({ ...sampleSession(), error: { kind: 'llm-auth', message: 'bad key; set OPENAI_API_KEY' } });
  assert.match(md, /- Outcome: failed \(llm-auth\): bad key; set OPENAI_API_KEY/);
});

test("the examples block is doctests that pass: no None line, a prepared receiver's preparing calls bound to _", () => {
  const session = sampleSession();
  const examples = [
    { call: "s = TodoList(); s.add('hello'); s.complete('hello')", result: '0' },
    { call: "f('')", result: 'None' },
  ];
  session.final = { ...session.final, description: { ...session.final.description!, examples } };
  const md = sessionToMarkdown(session);
  assert.match(md, /```python\n>>> s = TodoList\(\); _ = s\.add\('hello'\); s\.complete\('hello'\)\n0\n>>> f\(''\)\n```/, md);
});

test('the examples block imports the standard modules its calls name, as the docstring does', () => {
  // app days_until_birthday (new-user trial, seed 24680): its module did `from datetime import
  // date`, so the block's datetime.date(…) failed with NameError without `>>> import datetime`.
  const session = sampleSession();
  const examples = [{ call: 'days_until_birthday(datetime.date(1990, 7, 4), datetime.date(2024, 3, 15))', result: '111' }];
  session.final = { ...session.final, description: { ...session.final.description!, examples } };
  const md = sessionToMarkdown(session);
  assert.match(md, /```python\n>>> import datetime\n>>> days_until_birthday\(datetime\.date\(1990, 7, 4\), datetime\.date\(2024, 3, 15\)\)\n111\n```/, md);
});
