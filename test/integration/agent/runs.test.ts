// Complete runs through the real loop: scripted model, real openai client, real Python worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, processGone, runReal, submit, toolReplies } from './harness.js';

test('a complete run records every probe in order with its real result', async () => {
  const { file, events, pids, server } = await runReal([
    { kind: 'tool-calls', content: 'Start with a plain string.', calls: [call(["'abc'"], { hypothesis: 'upper-cases a string' })] },
    {
      kind: 'tool-calls',
      calls: [call(["''"]), call(['None'], { note: 'wrong type' }), call(["'ab'"], { kwargs: { arg1: '3' } }), call(["'ab'"], { kwargs: { arg1: '-1' } })],
    },
    {
      kind: 'tool-calls',
      calls: [
        submit('Upper-cases a string, repeated arg1 times.', {
          raises: 'TypeError for non-strings, ValueError for negative arg1',
          examples: [{ call: "f('ab', arg1=3)", result: '?' }],
        }),
      ],
    },
  ]);
  assert.equal(file.error, undefined);
  assert.equal(file.version, 1);
  assert.deepEqual(file.target.shownAs, { name: 'f', params: ['arg0', 'arg1'] });
  const rows = file.probes.map((p) => [p.index, p.args[0], p.kwargs ?? null, p.origin, p.result.status, p.result.value?.repr ?? p.result.exception?.type]);
  assert.deepEqual(rows, [
    [1, "'abc'", null, 'llm', 'returned', "'ABC'"],
    [2, "''", null, 'llm', 'returned', "''"],
    [3, 'None', null, 'llm', 'raised', 'TypeError'],
    [4, "'ab'", { times: '3' }, 'llm', 'returned', "'ABABAB'"],
    [5, "'ab'", { times: '-1' }, 'llm', 'raised', 'ValueError'],
  ]);
  assert.equal(file.probes[2]!.note, 'wrong type');
  assert.ok(file.probes.every((p) => p.result.coverage && p.result.durationMs >= 0));
  assert.equal(file.final.concluded, true);
  assert.deepEqual(file.final.description?.examples, [{ call: "f('ab', arg1=3)", result: "'ABABAB'", probe: 4 }]);
  assert.deepEqual(file.hypotheses, [{ afterProbe: 0, text: 'upper-cases a string' }]);
  assert.deepEqual(file.usage, { requests: 3, promptTokens: 300, completionTokens: 60 });
  // what the model read: real outcomes and coverage counts, never the real names
  const replies = toolReplies(server, 2).join('\n');
  assert.match(replies, /#3 f\(None\) → raises TypeError: text must be a str/);
  assert.match(replies, /#4 f\('ab', arg1=3\) → 'ABABAB' \(str\)/);
  assert.match(replies, /coverage: this call reached \d+ new lines?, \d+ new branch(es)?; session so far \d+\/5 lines/);
  const sent = JSON.stringify(server.requests.map((r) => r.body.messages));
  // (the function's own message "times must be >= 0" is behaviour, not a leak; the harness adds no real names)
  assert.equal(/shout|'times'|times=|Upper-case text|strings\.py/.exec(sent)?.[0], undefined, 'a real name reached the model');
  // events: started first, finished last, one probe-finished per probe, usage per request
  assert.equal(events[0]!.type, 'started');
  assert.equal(events.at(-1)!.type, 'finished');
  assert.equal(events.filter((e) => e.type === 'probe-finished').length, 5);
  assert.equal(events.filter((e) => e.type === 'llm-usage').length, 3);
  assert.ok(pids.length >= 2, 'the worker and a call child were seen');
  assert.deepEqual(
    pids.filter((pid) => !processGone(pid)),
    [],
    'no worker process outlives the run',
  );
});

test('an instance method: the model builds the receiver from the module class', async () => {
  const { file, server } = await runReal(
    [
      { kind: 'tool-calls', calls: [call(['2'], { receiver: 'Tally(3)', hypothesis: 'adds to the running total' })] },
      { kind: 'tool-calls', calls: [call(['1'])] },
      { kind: 'text', content: 'ok' },
    ],
    { qualname: 'Tally.add', settings: { maxProbes: 2 } },
  );
  assert.equal(file.target.shownAs.needsReceiver, true);
  assert.equal(file.probes[0]!.result.value?.repr, '5');
  assert.equal(file.probes[0]!.receiver, 'Tally(3)');
  assert.match(String(server.requests[0]!.body.messages![0]!.content), /instance method of class Tally: every call must pass "receiver"/);
  assert.match(toolReplies(server, 2).at(-1)!, /Not run: f\(1\) — this is an instance method: pass "receiver"/);
});

test('llm mode with the real offline explorer: its probes seed the first message and stay out of the budget', async () => {
  const { file, server } = await runReal(
    [
      { kind: 'tool-calls', calls: [call(["'seeded?'"], { hypothesis: 'upper-cases strings' })] },
      { kind: 'text', content: 'enough' },
    ],
    { settings: { seedProbes: 5, maxProbes: 1 } },
  );
  const offline = file.probes.filter((p) => p.origin === 'offline');
  assert.ok(offline.length > 0 && offline.length <= 5, `${offline.length} seed probes`);
  assert.deepEqual(
    file.probes.slice(0, offline.length).map((p) => p.origin),
    offline.map(() => 'offline'),
  );
  const first = String(server.requests[0]!.body.messages![1]!.content);
  assert.match(first, /An automatic explorer already made these calls \(they do not count against your budget\):\n#1 f\(/);
  assert.equal(first.match(/^#\d+ /gm)?.length, offline.length);
  const llm = file.probes.filter((p) => p.origin === 'llm');
  assert.deepEqual(
    llm.map((p) => p.result.value?.repr),
    ["'SEEDED?'"],
  );
  assert.match(toolReplies(server, 1).at(-1)!, /Probes used: 1 of 1\./);
});

test('the reply streams to subscribers piece by piece: its text, then each tool call with its arguments', async () => {
  const { file, events } = await runReal([
    { kind: 'tool-calls', content: 'Start with a plain string, then an empty one.', calls: [call(["'abc'"]), call(["''"])] },
  ]);
  // The script ends after one reply: what matters here is what streamed before its calls ran.
  assert.equal(file.probes.length, 2);
  const firstProbe = events.findIndex((e) => e.type === 'probe-started');
  const before = events.slice(0, firstProbe).filter((e): e is Extract<typeof e, { type: 'reply-delta' }> => e.type === 'reply-delta');
  // The scripted server sends text 16 characters a chunk and each call's arguments in two halves.
  assert.ok(before.length >= 6, `pieces before the first probe: ${before.length}`);
  const shown = before.map((e) => e.text).join('');
  assert.ok(shown.startsWith('Start with a plain string, then an empty one.'), shown);
  assert.equal(shown.match(/→ call_function /g)?.length, 2, shown);
  assert.match(shown, /"args":\s*\["'abc'"\]/);
  // The whole text still comes once, marked as shown already, for subscribers that print whole replies.
  const reasoning = events.filter((e) => e.type === 'reasoning');
  assert.deepEqual(
    reasoning.map((e) => [e.text, e.streamed]),
    [['Start with a plain string, then an empty one.', true]],
  );
  // Pieces are for display only: the session file has none.
  assert.ok(!JSON.stringify(file).includes('→ call_function'));
});
