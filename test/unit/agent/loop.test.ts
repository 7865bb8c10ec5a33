// The agent loop against the scripted server and a fake prober: what the model is told, what
// the loop enforces (falsification, budget, cache), and how it ends.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FALSIFICATION_PROBES } from '../../../src/agent/falsification.js';
import { RECENT_RESULTS } from '../../../src/agent/loop.js';
import { call, runScripted, sentText, submit } from './harness.js';
import { FakeProber } from './fake-prober.js';

const hypo = (text: string) => ({ hypothesis: text });

test('a submission right after the first probe is refused until the hypothesis was attacked', async () => {
  const { file, server, events } = await runScripted([
    { kind: 'tool-calls', calls: [call(["'abc'"], hypo('upper-cases a string'))] },
    { kind: 'tool-calls', calls: [submit()] },
    { kind: 'tool-calls', calls: [call(["''"]), call(['None']), call(['0'])] },
    { kind: 'tool-calls', calls: [submit('Upper-cases a string; non-strings raise AttributeError.')] },
  ]);
  assert.equal(file.error, undefined);
  assert.equal(file.final.concluded, true);
  assert.equal(file.final.description?.summary, 'Upper-cases a string; non-strings raise AttributeError.');
  const refusal = server.requests[2]!.body.messages!.at(-1)!;
  assert.equal(refusal.role, 'tool');
  assert.match(String(refusal.content), /^Refused: not yet/);
  assert.match(String(refusal.content), new RegExp(`at least ${FALSIFICATION_PROBES} probes`));
  assert.equal(file.probes.length, 4);
  assert.deepEqual(file.hypotheses, [{ afterProbe: 0, text: 'upper-cases a string' }]);
  assert.equal(events.filter((e) => e.type === 'hypothesis').length, 1);
});

test('a submission with no hypothesis ever stated is refused with what to do', async () => {
  const { server, file } = await runScripted([
    { kind: 'tool-calls', calls: [call(["'a'"]), call(["''"]), call(['None']), call(['-1'])] },
    { kind: 'tool-calls', calls: [submit()] },
    { kind: 'text', content: 'Hypothesis: it upper-cases strings.' },
    { kind: 'tool-calls', calls: [call(["'é'"]), call(['[]']), call(['0'])] },
    { kind: 'tool-calls', calls: [submit()] },
  ]);
  assert.match(sentText(server, 2), /state your hypothesis first/);
  assert.equal(file.hypotheses[0]?.text, 'it upper-cases strings.');
  assert.equal(file.final.concluded, true);
});

test('keyword names the agent sees (argN) are mapped back to the real ones', async () => {
  const prober = new FakeProber();
  const { file } = await runScripted(
    [
      { kind: 'tool-calls', calls: [call(["'x'"], { kwargs: { arg1: '3' } })] },
      { kind: 'text', content: 'done' },
    ],
    {
      prober,
      settings: { maxProbes: 1 },
    },
  );
  assert.deepEqual(prober.calls[0], { args: ["'x'"], kwargs: { times: '3' } });
  assert.equal(file.probes[0]!.result.value?.repr, "'XXX'");
});

test('an unknown keyword is explained and nothing runs', async () => {
  const prober = new FakeProber();
  const { server } = await runScripted(
    [
      { kind: 'tool-calls', calls: [call(["'x'"], { kwargs: { times: '3' } })] },
      { kind: 'text', content: 'ok' },
    ],
    {
      prober,
      settings: { maxProbes: 1 },
    },
  );
  assert.equal(prober.calls.length, 0);
  assert.match(sentText(server, 1), /unknown keyword 'times'; keyword names the function takes: arg0, arg1/);
});

test('a repeated call is answered from the cache and not counted against the budget', async () => {
  const prober = new FakeProber();
  const { file, server } = await runScripted(
    [
      { kind: 'tool-calls', calls: [call(["'ab'"]), call(["'ab' "]), call(["'cd'"])] },
      { kind: 'tool-calls', calls: [submit()] },
      { kind: 'tool-calls', calls: [submit()] },
    ],
    { prober, settings: { maxProbes: 2 } },
  );
  assert.equal(prober.calls.length, 2);
  assert.deepEqual(
    file.probes.map((p) => p.origin),
    ['llm', 'cache', 'llm'],
  );
  assert.equal(file.probes[1]!.result.coverage?.lines.new, 0);
  assert.match(sentText(server, 1), /same as #1: answered from the cache/);
  assert.match(sentText(server, 1), /Probes used: 2 of 2/);
});

test('the model never submits: the budget ends the run with the latest hypothesis, unconcluded', async () => {
  let n = 0;
  const { file, server } = await runScripted(
    () => {
      n += 1;
      return { kind: 'tool-calls', calls: [call([`'s${n}'`], hypo(`guess ${n}`))] };
    },
    { settings: { maxProbes: 3 } },
  );
  assert.equal(file.error, undefined);
  assert.equal(file.final.concluded, false);
  assert.equal(file.final.description?.summary, 'guess 4');
  assert.equal(file.probes.length, 3);
  // the fourth request is the one that asked for the final description
  // the fourth request asked for the final description; the reply was another call, so the run ended
  assert.match(sentText(server, 3), /probe budget \(3\) is used up\. Submit your final description now/);
  assert.equal(server.requests.length, 4);
});

test('older results shrink to one line; the last few stay verbatim', async () => {
  const calls = Array.from({ length: RECENT_RESULTS + 3 }, (_, i) => ({ args: [`'w${i}'`] }));
  const { server } = await runScripted(
    [
      { kind: 'tool-calls', calls: [{ name: 'call_function', arguments: { calls } }] },
      { kind: 'text', content: 'thinking' },
    ],
    {
      settings: { maxProbes: RECENT_RESULTS + 3 },
    },
  );
  const text = sentText(server, 1);
  assert.match(text, /#1 f\('w0'\) → 'W0' \(str\)\n#2/); // compact: no coverage line
  assert.match(text, new RegExp(`#${RECENT_RESULTS + 3} f\\('w${RECENT_RESULTS + 2}'\\) → 'W${RECENT_RESULTS + 2}' \\(str\\)\\n  coverage: this call reached`));
});

test('coverage feedback off: the model sees no coverage at all', async () => {
  const { server } = await runScripted(
    [
      { kind: 'tool-calls', calls: [call(["'a'"])] },
      { kind: 'text', content: 'x' },
    ],
    {
      settings: { maxProbes: 1, coverageFeedback: false },
    },
  );
  assert.doesNotMatch(sentText(server, 1), /coverage/i);
});

test('strictness signature shows the real name and hints; anonymized shows neither', async () => {
  const sig = await runScripted([{ kind: 'text', content: 'x' }], { settings: { maxProbes: 1, strictness: 'signature' } });
  assert.match(sentText(sig.server, 0), /The function: shout\(text: str, \*, times: int = 1\) -> str/);
  const anon = await runScripted([{ kind: 'text', content: 'x' }], { settings: { maxProbes: 1 } });
  const text = sentText(anon.server, 0);
  assert.match(text, /The function: f\(arg0, \*, arg1\)/);
  assert.doesNotMatch(text, /shout|times[:=]|'times'|Upper-case/);
});

test('examples in the description are replaced by the real outcomes of matching calls', async () => {
  const { file } = await runScripted([
    { kind: 'tool-calls', calls: [call(["'ab'"], hypo('upper')), call(["''"]), call(['None']), call(['7'])] },
    {
      kind: 'tool-calls',
      calls: [
        submit('Upper.', {
          examples: [
            { call: "f( 'ab' )", result: "'wrong'" },
            { call: "f('never called')", result: "'X'" },
          ],
        }),
      ],
    },
  ]);
  assert.deepEqual(file.final.description?.examples, [{ call: "f('ab')", result: "'AB'", probe: 1 }]);
});

test("examples that differ only in whitespace inside a string are different calls: f(' a ') and f('a') are grounded apart", async () => {
  const { file } = await runScripted([
    { kind: 'tool-calls', calls: [call(["' a '"], hypo('upper')), call(["'a'"]), call(['None']), call(['7'])] },
    {
      kind: 'tool-calls',
      calls: [
        submit('Upper.', {
          examples: [
            { call: ">>> f( ' a ' )", result: "'wrong'" },
            { call: "f('a')", result: "'wrong'" },
          ],
        }),
      ],
    },
  ]);
  assert.deepEqual(file.final.description?.examples, [
    { call: "f(' a ')", result: "' A '", probe: 1 },
    { call: "f('a')", result: "'A'", probe: 2 },
  ]);
});

test('text protocol: no tools are sent and fenced JSON actions drive the run', async () => {
  const { file, server } = await runScripted(
    [
      { kind: 'text', content: 'I will try.\n```json\n{"action": "call_function", "args": ["\'q\'"], "hypothesis": "upper-cases"}\n```' },
      { kind: 'text', content: '{"action": "call_function", "calls": [{"args": ["\'\'"]}, {"args": ["None"]}, {"args": ["-3"]}]}' },
      { kind: 'text', content: 'not json at all' },
      { kind: 'text', content: '```json\n{"action": "submit_description", "summary": "Upper-cases text.", "confidence": 0.7}\n```' },
    ],
    { llm: { textProtocol: true } },
  );
  assert.equal(server.requests[0]!.body.tools, undefined);
  assert.equal(file.final.concluded, true);
  assert.equal(file.final.description?.summary, 'Upper-cases text.');
  assert.deepEqual(
    file.probes.map((p) => p.args[0]),
    ["'q'", "''", 'None', '-3'],
  );
  assert.match(sentText(server, 3), /no JSON action found in your reply/);
});
