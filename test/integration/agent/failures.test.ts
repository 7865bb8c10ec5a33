// Failure paths with the real client and worker: auth, rate limits, server errors, cut streams,
// malformed tool calls, code as arguments, a model that never concludes, and Stop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { untilEnded } from '../../../src/probe/sandbox-host.js';
import { loadSession, saveSession } from '../../../src/session/file.js';
import { call, processGone, runReal, toolReplies } from './harness.js';

test('401: one line naming how to set the key; no retry', async () => {
  const { file, server } = await runReal([{ kind: 'error', status: 401, body: { error: { message: 'Incorrect API key provided' } } }], {
    llm: { maxRetries: 3 },
  });
  assert.deepEqual(file.error, {
    kind: 'llm-auth',
    message: 'the LLM endpoint refused the API key (401: Incorrect API key provided); set OPENAI_API_KEY (or the variable named by --api-key-env)',
  });
  assert.ok(!file.error.message.includes('\n'));
  assert.equal(server.requests.length, 1);
  assert.equal(file.final.concluded, false);
});

test('429 with retry-after: 1 is retried after a second and the run succeeds', async () => {
  const { file, server } = await runReal(
    [
      { kind: 'error', status: 429, headers: { 'retry-after': '1' }, body: { error: { message: 'slow down' } } },
      { kind: 'tool-calls', calls: [call(["'a'"])] },
      { kind: 'text', content: 'done' },
    ],
    { llm: { maxRetries: 2 }, settings: { maxProbes: 1 } },
  );
  assert.equal(file.error, undefined);
  assert.equal(server.requests.length, 3);
  const waited = server.requests[1]!.receivedAt - server.requests[0]!.receivedAt;
  assert.ok(waited >= 950 && waited < 3000, `retried after ${waited} ms`);
  assert.equal(file.probes.length, 1);
  assert.equal(file.usage.requests, 2); // requests the loop made; the SDK's retry is inside one
});

test('500 more times than maxRetries: fails with the reason; the partial session saves and loads', async () => {
  const fail = { kind: 'error' as const, status: 500, headers: { 'retry-after-ms': '20' }, body: { error: { message: 'upstream exploded' } } };
  const { file, server } = await runReal([{ kind: 'tool-calls', calls: [call(["'a'"], { hypothesis: 'upper-cases' })] }, fail, fail, fail], {
    llm: { maxRetries: 2 },
  });
  assert.equal(server.requests.length, 4);
  assert.deepEqual(file.error, { kind: 'llm-server', message: 'the LLM server failed (500) after 2 retries: upstream exploded' });
  assert.equal(file.final.concluded, false);
  assert.equal(file.final.description?.summary, 'upper-cases');
  assert.equal(file.probes.length, 1);
  const path = join(await mkdtemp(join(tmpdir(), 'pau-partial-')), 'partial.json');
  await saveSession(path, file);
  const loaded = await loadSession(path);
  assert.equal(loaded.error?.kind, 'llm-server');
  assert.equal(loaded.probes[0]!.result.value?.repr, "'A'");
});

test('a stream cut mid-reply fails cleanly and keeps what the run had', async () => {
  const { file, events } = await runReal([
    { kind: 'tool-calls', calls: [call(["'a'"])] },
    { kind: 'cut', afterChunks: 3, reply: { kind: 'tool-calls', calls: [call(["'never'"])] } },
  ]);
  assert.equal(file.error?.kind, 'llm-stream');
  assert.match(file.error.message, /^the LLM stream (broke mid-reply|ended before the reply was complete)/);
  assert.deepEqual(
    file.probes.map((p) => p.args[0]),
    ["'a'"],
  );
  assert.deepEqual(
    events.slice(-2).map((e) => e.type),
    ['error', 'finished'],
  );
});

test('malformed tool-call JSON and an unknown tool are reported to the model; the run continues', async () => {
  const { file, server } = await runReal(
    [
      {
        kind: 'tool-calls',
        calls: [
          { name: 'call_function', arguments: '{"args": ["1",' },
          { name: 'run_python', arguments: { code: 'print(1)' } },
          { name: 'submit_description', arguments: { confidence: 0.5 } },
        ],
      },
      { kind: 'tool-calls', calls: [call(["'ok'"])] },
      { kind: 'text', content: 'fine' },
    ],
    { settings: { maxProbes: 1 } },
  );
  const replies = toolReplies(server, 1);
  assert.equal(replies.length, 3);
  assert.match(replies[0]!, /^Error: the arguments of call_function are not valid JSON \(.+\); send one JSON object, e\.g\. \{"args"/);
  assert.match(replies[1]!, /^Error: unknown tool 'run_python': the tools are call_function and submit_description/);
  assert.match(replies[2]!, /^Error: submit_description needs a non-empty "summary"/);
  assert.equal(file.error, undefined);
  assert.equal(file.probes[0]!.result.value?.repr, "'OK'");
});

test('arguments that are code come back rejected and the model is told why', async () => {
  const { file, server } = await runReal(
    [
      { kind: 'tool-calls', calls: [call(["__import__('os').system('touch /tmp/pau-pwned')"]), call(["'ok'"])] },
      { kind: 'text', content: 'understood' },
    ],
    { settings: { maxProbes: 1 } },
  );
  assert.equal(file.probes[0]!.result.status, 'rejected');
  const [reply, next] = toolReplies(server, 1);
  assert.match(
    reply!,
    /^#1 f\(__import__\('os'\)\.system\('touch \/tmp\/pau-pwned'\)\) → rejected, nothing ran\n {2}reason: args\[0\]: `__import__` is not an allowed name;.*Allowed in an argument: /,
  );
  // a rejected call runs nothing and does not use the budget: the next call still ran
  assert.equal(file.probes[1]!.result.value?.repr, "'OK'");
  assert.match(next!, /Probes used: 1 of 1/);
});

test('the model never submits: the budget ends the run with the best hypothesis, unconcluded', async () => {
  let n = 0;
  const { file, server } = await runReal(
    () => {
      n += 1;
      return { kind: 'tool-calls', calls: [call([`'w${n}'`], { hypothesis: `it upper-cases (guess ${n})` })] };
    },
    { settings: { maxProbes: 3 } },
  );
  assert.equal(file.error, undefined);
  assert.equal(file.final.concluded, false);
  assert.equal(file.final.description?.summary, 'it upper-cases (guess 4)');
  assert.equal(file.probes.length, 3);
  assert.equal(server.requests.length, 4);
  assert.equal(file.hypotheses.length, 4);
});

test('Stop mid-stream: the request is aborted and the worker is gone, both within a second', async () => {
  let stoppedAt = 0;
  const { file, server, pids } = await runReal([{ kind: 'tool-calls', calls: [call(["'a'"])] }, { kind: 'hang' }], {
    during: async (session, srv) => {
      await srv.waitForRequests(2);
      await new Promise((r) => setTimeout(r, 100)); // the hanging reply's first chunk is being read
      stoppedAt = Date.now();
      session.stop();
    },
  });
  const endedAfter = Date.now() - stoppedAt;
  assert.equal(file.error?.kind, 'stopped');
  assert.ok(endedAfter < 1000, `run ended ${endedAfter} ms after Stop`);
  for (let i = 0; i < 100 && server.requests[1]!.abortedAt === undefined; i += 1) await new Promise((r) => setTimeout(r, 10));
  const abortedAfter = server.requests[1]!.abortedAt! - stoppedAt;
  assert.ok(abortedAfter >= 0 && abortedAfter < 1000, `server saw the disconnect ${abortedAfter} ms after Stop`);
  assert.ok(pids.length > 0);
  // Every process the run had, the call processes that had answered and were still exiting
  // included, is gone within the same second (under load one was still exiting as the run returned).
  await untilEnded(pids, Math.max(0, 1000 - (Date.now() - stoppedAt)));
  assert.deepEqual(
    pids.filter((pid) => !processGone(pid)),
    [],
  );
  assert.equal(file.probes.length, 1);
});
