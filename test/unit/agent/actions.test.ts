// Turning what the model sent into actions, or into a message saying what shape was expected.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTextAction, parseToolCall } from '../../../src/agent/actions.js';

test('call_function: one call, several calls, hypothesis and note', () => {
  assert.deepEqual(parseToolCall('call_function', '{"args": ["1", "\'a\'"], "note": "basic", "hypothesis": "adds"}'), {
    kind: 'call',
    calls: [{ args: ['1', "'a'"], note: 'basic' }],
    hypothesis: 'adds',
  });
  assert.deepEqual(parseToolCall('call_function', '{"calls": [{"args": ["1"]}, {"args": [], "kwargs": {"arg0": "2"}, "receiver": "Stack()"}]}'), {
    kind: 'call',
    calls: [{ args: ['1'] }, { args: [], kwargs: { arg0: '2' }, receiver: 'Stack()' }],
  });
});

test('JSON values where source was expected become their Python literals', () => {
  const parsed = parseToolCall('call_function', '{"args": [3, true, null, [1, "x"], {"k": false}]}');
  assert.equal(parsed.kind, 'call');
  assert.deepEqual(parsed.kind === 'call' && parsed.calls[0]!.args, ['3', 'True', 'None', '[1, "x"]', '{"k": False}']);
});

test('malformed JSON, wrong shapes and unknown tools give messages naming the expected shape', () => {
  const bad = parseToolCall('call_function', '{"args": ["1"');
  assert.equal(bad.kind, 'invalid');
  assert.match(bad.kind === 'invalid' ? bad.message : '', /not valid JSON.*"args"/s);
  const shape = parseToolCall('call_function', '{"args": "1, 2"}');
  assert.match(shape.kind === 'invalid' ? shape.message : '', /"args" must be a list of Python source strings/);
  const empty = parseToolCall('call_function', '{}');
  assert.match(empty.kind === 'invalid' ? empty.message : '', /needs "args"/);
  const unknown = parseToolCall('run_code', '{"code": "1"}');
  assert.match(unknown.kind === 'invalid' ? unknown.message : '', /unknown tool 'run_code': the tools are call_function and submit_description/);
});

test('submit_description: required fields, defaults and confidence checks', () => {
  const ok = parseToolCall('submit_description', '{"summary": " Adds. ", "confidence": "0.9", "examples": ["f(1) -> 2", {"call": "f(2)", "result": 3}]}');
  assert.deepEqual(ok, {
    kind: 'submit',
    description: {
      summary: 'Adds.',
      details: '',
      parameters: {},
      returns: '',
      raises: '',
      examples: [
        { call: 'f(1)', result: '2' },
        { call: 'f(2)', result: '3' },
      ],
      confidence: 0.9,
    },
  });
  const percent = parseToolCall('submit_description', '{"summary": "x", "confidence": 85}');
  assert.equal(percent.kind === 'submit' && percent.description.confidence, 0.85);
  assert.equal(parseToolCall('submit_description', '{"confidence": 0.5}').kind, 'invalid');
  const noConf = parseToolCall('submit_description', '{"summary": "x"}');
  assert.match(noConf.kind === 'invalid' ? noConf.message : '', /"confidence", a number from 0 to 1/);
});

test('text protocol: fenced or bare JSON, one action; anything else is explained', () => {
  assert.deepEqual(parseTextAction('Let me see.\n```json\n{"action": "call_function", "args": ["[]"]}\n```\nok'), { kind: 'call', calls: [{ args: ['[]'] }] });
  assert.equal(parseTextAction('{"action": "submit_description", "summary": "s", "confidence": 1}').kind, 'submit');
  const none = parseTextAction('I think it adds.');
  assert.match(none.kind === 'invalid' ? none.message : '', /no JSON action found/);
  const wrong = parseTextAction('{"action": "explode"}');
  assert.match(wrong.kind === 'invalid' ? wrong.message : '', /"action" must be "call_function" or "submit_description", got "explode"/);
  const broken = parseTextAction('```json\n{"action": "call_function", "args": [1,}\n```');
  assert.match(broken.kind === 'invalid' ? broken.message : '', /does not parse/);
});
