// From a finished run to Insert's docstring, without the editor: examples matched to the calls
// the run made (by probe index, or by the call's text in either name), and the names examples
// and parameters are written with.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { docstringBody, docstringNames, examplesToVerify } from '../../../src/docstring/from-session.js';
import type { PythonFunction } from '../../../src/docstring/types.js';
import type { Description, ProbeRecord, SessionFile } from '../../../src/core/session-types.js';

const record = (index: number, args: string[], repr: string): ProbeRecord => ({
  index,
  origin: 'llm',
  args,
  result: { status: 'returned', value: { type: 'int', repr, truncated: false }, mutations: [], stdout: '', stderr: '', durationMs: 1 },
});

const session = {
  target: { file: '/w/mathx.py', qualname: 'Maths.clamp', shownAs: { name: 'f', params: ['arg0', 'arg1', 'arg2'] } },
  probes: [record(1, ['5', '0', '10'], '5'), record(2, ['100', '0', '10'], '10'), record(3, ['-3', '0', '10'], '0')],
} as unknown as SessionFile;

const description = (examples: Description['examples']): Description => ({
  summary: 'Clamps.',
  details: '',
  parameters: {},
  returns: '',
  raises: '',
  examples,
  confidence: 0.5,
});

test('examples are matched to the calls the run made: by probe index, by the agent name, by the real name (qualified or not)', () => {
  const { examples, unmatched } = examplesToVerify(
    session,
    description([
      { call: 'f(5, 0, 10)', result: 'wrong words', probe: 1 },
      { call: '>>> f(100,0,  10)', result: '10' },
      { call: 'Maths.clamp(-3, 0, 10)', result: '0' },
      { call: 'f(7, 0, 10)', result: '7' },
    ]),
  );
  assert.deepEqual(
    examples.map((e) => [e.call.args, e.shown, e.expected]),
    [
      [['5', '0', '10'], 'f(5, 0, 10)', '5'],
      [['100', '0', '10'], 'f(100,0,  10)', '10'],
      [['-3', '0', '10'], 'Maths.clamp(-3, 0, 10)', '0'],
    ],
  );
  assert.deepEqual(unmatched, ['f(7, 0, 10)'], 'a call the run never made is left out');
});

test('names: the agent names map to the real ones, self left out of a method; the body fits 79 columns with its indentation', () => {
  const fn = { name: 'clamp', qualname: 'Maths.clamp', params: ['self', 'x', 'lo', 'hi'], isMethod: true, decorators: [] } as unknown as PythonFunction;
  const names = docstringNames(session.target.shownAs, session.target.qualname, fn);
  assert.deepEqual(names, { functionName: 'clamp', shownName: 'f', paramNames: { arg0: 'x', arg1: 'lo', arg2: 'hi' } });
  const long = description([{ call: 'f(100, 0, 10)', result: '10' }]);
  long.parameters = { arg0: 'the value to limit, which is returned unchanged when it already lies between the two bounds' };
  const text = docstringBody(long, 'google', names, [{ call: 'f(100, 0, 10)', result: '10' }])(8);
  assert.match(text, /^ {4}x: The value to limit/m);
  assert.match(text, />>> clamp\(100, 0, 10\)/);
  for (const l of text.split('\n')) assert.ok(8 + l.length <= 79, l);
});

test('an example on a prepared receiver reads as the REPL line that makes it, printing only the last result', () => {
  const stack = {
    target: { file: '/w/app.py', qualname: 'Stack.pop', shownAs: { name: 'pop', params: [] } },
    probes: [{ ...record(1, [], '7'), receiver: '(lambda s: (s.push(3), s.push(7), s)[-1])(Stack())' }],
  } as unknown as SessionFile;
  const { examples } = examplesToVerify(stack, description([{ call: 's = Stack(); s.push(3); s.push(7); s.pop()', result: '7', probe: 1 }]));
  assert.deepEqual(
    examples.map((e) => [e.shown, e.call.receiver]),
    [['s = Stack(); _ = s.push(3); _ = s.push(7); s.pop()', '(lambda s: (s.push(3), s.push(7), s)[-1])(Stack())']],
  );
});

test("an example of a result's type (a function whose results differ from run to run) is not re-run as its call's value", () => {
  // `type(f(5, 0, 10))` → `<class 'int'>`: re-running the call gives 5, which the doctest under `type(…)` would then claim.
  const { examples, unmatched } = examplesToVerify(
    session,
    description([
      { call: 'type(f(5, 0, 10))', result: "<class 'int'>", probe: 1 },
      { call: 'f(100, 0, 10)', result: '10', probe: 2 },
    ]),
  );
  assert.deepEqual(
    examples.map((e) => [e.shown, e.expected]),
    [['f(100, 0, 10)', '10']],
  );
  assert.deepEqual(unmatched, []);
});
