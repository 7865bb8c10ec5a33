// The text-protocol fallback end to end: no tools sent; JSON actions in replies drive the run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runReal } from './harness.js';

const action = (o: object, fenced = true) => (fenced ? `Reasoning first.\n\`\`\`json\n${JSON.stringify(o)}\n\`\`\`` : JSON.stringify(o));

test('a text-protocol run probes, is refused once, and concludes', async () => {
  const { file, server, events } = await runReal(
    [
      { kind: 'text', content: action({ action: 'call_function', args: ["'abc'"], hypothesis: 'upper-cases' }) },
      { kind: 'text', content: action({ action: 'submit_description', summary: 'Upper-cases.', confidence: 0.9 }, false) },
      { kind: 'text', content: action({ action: 'call_function', calls: [{ args: ["''"] }, { args: ['0'] }, { args: ["'ab'"], kwargs: { arg1: '2' } }] }) },
      { kind: 'text', content: 'I am sure now: {"action": "submit_description", "summary": "Upper-cases a string, repeated.", "confidence": 0.8}' },
    ],
    { llm: { textProtocol: true }, settings: { textProtocol: true } },
  );
  assert.ok(server.requests.every((r) => r.body.tools === undefined));
  assert.match(String(server.requests[0]!.body.messages![0]!.content), /You have no tools; act by replying with JSON/);
  const refusal = server.requests[2]!.body.messages!.at(-1)!;
  assert.equal(refusal.role, 'user');
  assert.match(String(refusal.content), /^Refused: not yet/);
  const results = String(server.requests[3]!.body.messages!.at(-1)!.content);
  assert.match(results, /#3 f\(0\) → raises TypeError: text must be a str/);
  assert.match(results, /#4 f\('ab', arg1=2\) → 'ABAB' \(str\)/);
  assert.equal(file.final.concluded, true);
  assert.equal(file.final.description?.summary, 'Upper-cases a string, repeated.');
  assert.equal(file.settings.textProtocol, true);
  assert.deepEqual(events.filter((e) => e.type === 'reasoning').length, 4);
});
