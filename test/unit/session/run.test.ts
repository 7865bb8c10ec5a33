// runSession's orchestration with substitute parts: worker lifecycle, Stop, failures that keep
// what the run had, the offline explorer's seeds and report, and the comparison.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CompareInput, OfflineReport, ProbeFn } from '../../../src/core/run-types.js';
import { ProbeError } from '../../../src/core/probe-types.js';
import { runSession, Session } from '../../../src/session/run.js';
import type { SessionEvent } from '../../../src/core/session-types.js';
import { startScriptedServer } from '../../support/llm-server.js';
import { FakeProber, SHOUT_INFO } from '../agent/fake-prober.js';
import { call, runScripted, sentText, SETTINGS } from '../agent/harness.js';

const REPORT: OfflineReport = {
  returnTypes: ['str'],
  exceptions: {},
  properties: [
    { name: 'deterministic', holds: true, evidence: '2 probes' },
    { name: 'idempotent', holds: false, evidence: "f('a')" },
  ],
  description: { summary: 'Returns a str.', details: '', parameters: {}, returns: 'str', raises: '', examples: [], confidence: 0.3 },
  ioTable: '| in | out |\n|---|---|\n',
};

const explore = async (_info: unknown, probe: ProbeFn) => {
  await probe({ args: ["'seed'"] }, 'a string');
  await probe({ args: ['None'] });
  return REPORT;
};

test('Stop while the model is replying aborts the request and stops the worker within a second', async (t) => {
  const server = await startScriptedServer([{ kind: 'hang' }]);
  t.after(() => server.close());
  const prober = new FakeProber();
  const session = new Session(
    { target: { file: 's.py', qualname: 'shout' }, settings: SETTINGS, llm: { baseURL: server.url, model: 'm', apiKey: 'k' }, compare: false },
    { startWorker: async () => prober },
  );
  const done = session.run();
  await Promise.race([server.waitForRequests(1), done]);
  await new Promise((r) => setTimeout(r, 50)); // let the first chunk arrive: the stream is being read
  const stoppedAt = Date.now();
  session.stop();
  const file = await done;
  const elapsed = Date.now() - stoppedAt;
  assert.ok(elapsed < 1000, `run ended ${elapsed} ms after Stop`);
  assert.equal(file.error?.kind, 'stopped');
  assert.equal(file.final.concluded, false);
  assert.ok(prober.stopped);
  // the server saw the client go away
  for (let i = 0; i < 50 && server.requests[0]!.abortedAt === undefined; i += 1) await new Promise((r) => setTimeout(r, 10));
  assert.ok(server.requests[0]!.abortedAt !== undefined && server.requests[0]!.abortedAt - stoppedAt < 1000);
});

test('a reply stream that goes silent longer than the request timeout fails as a stream error', async (t) => {
  const server = await startScriptedServer([{ kind: 'tool-calls', calls: [call(["'a'"])] }, { kind: 'hang' }]);
  t.after(() => server.close());
  const file = await runSession(
    { target: { file: 's.py', qualname: 'shout' }, settings: SETTINGS, llm: { baseURL: server.url, model: 'm', apiKey: 'k', timeoutMs: 300 }, compare: false },
    { startWorker: async () => new FakeProber() },
  );
  assert.deepEqual(file.error, { kind: 'llm-stream', message: 'the LLM stream sent nothing for 0.3 s' });
  assert.equal(file.probes.length, 1);
  // the client closed the silent request itself (the server is still up)
  for (let i = 0; i < 100 && server.requests[1]!.abortedAt === undefined; i += 1) await new Promise((r) => setTimeout(r, 10));
  assert.ok(server.requests[1]!.abortedAt !== undefined, 'the silent request was closed by the client');
});

test('a server failure keeps the probes made, the best hypothesis and the usage so far', async () => {
  const { file, events } = await runScripted([
    { kind: 'tool-calls', calls: [call(["'a'"], { hypothesis: 'upper-cases' })] },
    { kind: 'error', status: 500, body: { error: { message: 'the model fell over' } } },
  ]);
  assert.deepEqual(file.error, { kind: 'llm-server', message: 'the LLM server failed (500) after 0 retries: the model fell over' });
  assert.equal(file.final.concluded, false);
  assert.equal(file.final.description?.summary, 'upper-cases');
  assert.equal(file.probes.length, 1);
  assert.equal(file.usage.requests, 1);
  assert.deepEqual(
    events.slice(-2).map((e) => e.type),
    ['error', 'finished'],
  );
});

test('a target that does not import: started, error kind import, finished; no worker left', async () => {
  const events: SessionEvent[] = [];
  const file = await runSession(
    { target: { file: 'm.py', qualname: 'nope' }, settings: { ...SETTINGS, mode: 'offline' }, onEvent: (e) => events.push(e) },
    { startWorker: () => Promise.reject(new ProbeError('unknown-qualname', "m.py has no function 'nope'", ['shout'])) },
  );
  assert.deepEqual(file.error, { kind: 'import', message: "m.py has no function 'nope' (available: shout)" });
  assert.deepEqual(
    events.map((e) => e.type),
    ['started', 'error', 'finished'],
  );
});

test('Stop while the worker is starting still stops the worker once it is up', async () => {
  const prober = new FakeProber();
  let release!: () => void;
  const up = new Promise<void>((r) => (release = r));
  const session = new Session(
    { target: { file: 's.py', qualname: 'shout' }, settings: { ...SETTINGS, mode: 'offline' } },
    {
      startWorker: async () => {
        await up;
        return prober;
      },
    },
  );
  const done = session.run();
  session.stop();
  const file = await done;
  assert.equal(file.error?.kind, 'stopped');
  release();
  for (let i = 0; i < 50 && !prober.stopped; i += 1) await new Promise((r) => setTimeout(r, 5));
  assert.ok(prober.stopped);
});

test('offline mode: the explorer probes through the session and its report is the result', async () => {
  const prober = new FakeProber();
  const file = await runSession(
    { target: { file: 's.py', qualname: 'shout' }, settings: { ...SETTINGS, mode: 'offline', maxProbes: 7 } },
    {
      startWorker: async () => prober,
      exploreOffline: async (info, probe, opts) => {
        assert.equal(info, SHOUT_INFO);
        assert.equal(opts.maxProbes, 7);
        return explore(info, probe);
      },
    },
  );
  assert.equal(file.error, undefined);
  assert.deepEqual(
    file.probes.map((p) => [p.origin, p.args[0], p.note]),
    [
      ['offline', "'seed'", 'a string'],
      ['offline', 'None', undefined],
    ],
  );
  assert.deepEqual(file.final, { concluded: true, description: REPORT.description, ioTable: REPORT.ioTable, properties: ['deterministic (2 probes)'] });
  assert.ok(prober.stopped);
});

test('llm mode: the explorer seeds the first message and its probes are not in the budget', async (t) => {
  const server = await startScriptedServer([
    { kind: 'tool-calls', calls: [call(["'x'"], { hypothesis: 'upper' }), call(["'seed'"])] },
    { kind: 'text', content: 'hmm' },
  ]);
  t.after(() => server.close());
  let budget = 0;
  const file = await runSession(
    {
      target: { file: 's.py', qualname: 'shout' },
      settings: { ...SETTINGS, seedProbes: 4, maxProbes: 1 },
      llm: { baseURL: server.url, model: 'm', apiKey: 'k', maxRetries: 0 },
      compare: false,
    },
    {
      startWorker: async () => new FakeProber(),
      exploreOffline: async (info, probe, opts) => {
        budget = opts.maxProbes;
        return explore(info, probe);
      },
    },
  );
  assert.equal(budget, 4);
  assert.match(
    sentText(server, 0),
    /An automatic explorer already made these calls[^]*#1 f\('seed'\) → 'SEED' \(str\)[^]*#2 f\(None\) → raises AttributeError/,
  );
  assert.deepEqual(
    file.probes.map((p) => p.origin),
    ['offline', 'offline', 'llm', 'cache'],
  );
  assert.match(sentText(server, 1), /Probes used: 1 of 1/);
});

test('the comparison gets held-out inputs and the description; its failure is a note, not a failed run', async () => {
  let seen: CompareInput | undefined;
  const services = {
    startWorker: async () => new FakeProber(),
    exploreOffline: explore,
    heldOutInputs: (_info: unknown, exclude: { args: string[] }[], count: number) => {
      assert.deepEqual(
        exclude.map((c) => c.args[0]),
        ["'seed'", 'None'],
      );
      return Array.from({ length: count }, (_, i) => ({ args: [`'h${i}'`] }));
    },
  };
  const ok = await runSession(
    { target: { file: 's.py', qualname: 'shout' }, settings: { ...SETTINGS, mode: 'offline' } },
    {
      ...services,
      compare: async (input) => {
        seen = input;
        return { lexicalF1: 0.4 };
      },
    },
  );
  assert.equal(seen?.heldOut?.length, 8);
  assert.equal(seen?.description.summary, 'Returns a str.');
  assert.equal(seen?.llm, undefined);
  assert.deepEqual(ok.comparison, { lexicalF1: 0.4 });

  const failed = await runSession(
    { target: { file: 's.py', qualname: 'shout' }, settings: { ...SETTINGS, mode: 'offline' } },
    {
      ...services,
      compare: async () => {
        throw new Error('judge unreachable');
      },
    },
  );
  assert.equal(failed.error, undefined);
  assert.deepEqual(failed.comparison, { notes: ['the comparison failed: judge unreachable'] });
  const skipped = await runSession(
    { target: { file: 's.py', qualname: 'shout' }, settings: { ...SETTINGS, mode: 'offline' }, compare: false },
    {
      ...services,
      compare: async () => assert.fail('compare: false must skip the comparison'),
    },
  );
  assert.equal(skipped.comparison, undefined);
});
