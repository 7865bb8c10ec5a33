// A receiver filled by other calls travels as `(lambda s: (s.push(3), s)[-1])(Stack())`: every
// place a person reads a call (the description, the CLI's probe lines, the Markdown probe table,
// the panel's rows) writes it as the statements that make it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { preparingStatements, readableCall } from '../../../src/core/readable-call.js';
import { createPrinter } from '../../../src/cli/print.js';
import { sessionEvents } from '../../../src/core/replay.js';
import { sessionToMarkdown } from '../../../src/session/markdown.js';
import { inputText } from '../../../webview/format.js';
import { sampleSession } from '../session/sample.js';

const receiver = '(lambda s: (s.push(3), s.update({3: 1, 7: 2}), s)[-1])(Stack())';

test('a call on an object prepared by other calls reads as the REPL lines that make it', () => {
  assert.equal(readableCall('pop', { args: [], receiver }), 's = Stack(); s.push(3); s.update({3: 1, 7: 2}); s.pop()');
  assert.equal(readableCall('get', { args: ['1'], receiver }, true), 's = Stack(); s.push(3); s.update({3: 1, 7: 2}); await s.get(1)');
  assert.equal(readableCall('pop', { args: [], receiver: 'Stack()' }), 'Stack().pop()');
  // A lambda of another shape is an argument like any other, not a prepared object.
  assert.equal(preparingStatements('(lambda s: s)(Stack())'), null);
});

/** The sample session with its first probe made on the prepared receiver. */
function preparedSession() {
  const file = sampleSession();
  file.probes[0] = { ...file.probes[0]!, receiver, args: [] };
  return file;
}

test('the CLI probe line writes a prepared receiver as statements, not as a lambda', () => {
  let out = '';
  const printer = createPrinter({ write: (t) => (out += t), color: false, showErrors: true });
  for (const e of sessionEvents(preparedSession())) printer(e);
  assert.match(out, /#1 s = Stack\(\); s\.push\(3\); s\.update\(\{3: 1, 7: 2\}\); s\.shout\(\) → /);
  assert.doesNotMatch(out, /lambda/);
});

test('the Markdown probe table writes a prepared receiver as statements, not as a lambda', () => {
  const md = sessionToMarkdown(preparedSession());
  assert.ok(md.includes('| 1 | `s = Stack(); s.push(3); s.update({3: 1, 7: 2}); s.shout()` |'), md);
  assert.doesNotMatch(md, /lambda/);
});

test("the panel row's input writes a prepared receiver as statements", () => {
  assert.equal(inputText({ args: ['1'], receiver }), 's = Stack(); s.push(3); s.update({3: 1, 7: 2}) · (1)');
  assert.equal(inputText({ args: ['1'], receiver: 'Stack()' }), 'Stack() · (1)');
});
