// A call whose returned object is then called (CallRequest.apply) reads as the two statements a
// person would type, `g = make_adder(2); g(3)`, and shows what g(3) gave: in the CLI's probe lines,
// the Markdown probe table and the panel's rows. It is another call than the same call alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appliedOutcome, readableCall, readableOutcome } from '../../../src/core/readable-call.js';
import { callKey } from '../../../src/core/call-identity.js';
import { callRequest, type ProbeResult } from '../../../src/core/probe-types.js';
import { createPrinter } from '../../../src/cli/print.js';
import { sessionEvents } from '../../../src/core/replay.js';
import { sessionToMarkdown } from '../../../src/session/markdown.js';
import { inputText, outputText, typeText } from '../../../webview/format.js';
import { sampleSession } from '../session/sample.js';

const apply = { args: ['3'] };
const result: ProbeResult = {
  status: 'returned',
  value: { type: 'function', repr: '<function make_adder.<locals>.add at 0x1>', truncated: false, callable: { signature: '(x)' } },
  applied: { status: 'returned', value: { type: 'int', repr: '5', truncated: false } },
  mutations: [],
  stdout: '',
  stderr: '',
  durationMs: 1,
};

test('a call whose result is called in turn reads as two statements, and its outcome is the second one', () => {
  assert.equal(readableCall('make_adder', { args: ['2'], apply }), 'g = make_adder(2); g(3)');
  assert.equal(readableCall('g', { args: ['2'], apply: { args: [], kwargs: { x: '1' } } }), 'h = g(2); h(x=1)');
  const receiver = '(lambda s: (s.push(3), s)[-1])(Stack())';
  assert.equal(readableCall('pop', { args: [], receiver, apply }), 's = Stack(); s.push(3); g = s.pop(); g(3)');
  assert.equal(readableOutcome(result), '5 (int)');
  const raised: ProbeResult = { ...result, applied: { status: 'raised', exception: { type: 'TypeError', message: 'bad' } } };
  assert.equal(readableOutcome(raised), 'raises TypeError: bad');
  assert.equal(appliedOutcome({ ...result, applied: undefined }), null);
});

test('applying is part of the call: another key, and carried by callRequest', () => {
  assert.notEqual(callKey({ args: ['2'] }), callKey({ args: ['2'], apply }));
  assert.notEqual(callKey({ args: ['2'], apply }), callKey({ args: ['2'], apply: { args: ['4'] } }));
  assert.equal(callKey({ args: ['2'], apply: { args: ["'a'"] } }), callKey({ args: ['2'], apply: { args: ['"a"'] } }));
  assert.deepEqual(callRequest({ args: ['2'], apply }), { args: ['2'], apply });
});

/** The sample session with its first probe made as `g = f(2); g(3)`. */
function appliedSession() {
  const file = sampleSession();
  file.probes[0] = { ...file.probes[0]!, args: ['2'], apply, result: { ...result, coverage: file.probes[0]!.result.coverage } };
  return file;
}

test('the CLI probe line and the Markdown probe table show the applied call and what it gave', () => {
  let out = '';
  const printer = createPrinter({ write: (t) => (out += t), color: false, showErrors: true });
  for (const e of sessionEvents(appliedSession())) printer(e);
  assert.match(out, /#1 g = shout\(2\); g\(3\) → 5 {2}int/);
  const md = sessionToMarkdown(appliedSession());
  assert.ok(md.includes('| 1 | `g = shout(2); g(3)` | 5 (int) |'), md);
});

test("the panel row's input and output cells", () => {
  assert.equal(inputText({ args: ['2'], apply }), '(2) · g(3)');
  assert.equal(outputText(result), '5');
  assert.equal(typeText(result), 'int');
});

test("what that gave, called in turn (`then`: a decorator factory's function): one more call, another key, the panel's input too", () => {
  const then = { args: ['lambda x: x * 2'], then: { args: ['3'] } };
  assert.equal(readableCall('memoized', { args: [], apply: then }), 'g = memoized(); g(lambda x: x * 2)(3)');
  assert.notEqual(callKey({ args: [], apply: then }), callKey({ args: [], apply: { args: ['lambda x: x * 2'] } }));
  assert.notEqual(callKey({ args: [], apply: then }), callKey({ args: [], apply: { ...then, then: { args: ['4'] } } }));
  assert.equal(inputText({ args: [], apply: then }), '() · g(lambda x: x * 2)(3)');
});
