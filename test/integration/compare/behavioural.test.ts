// Behavioural agreement with the real worker: implementations written by a scripted model run
// in their own sandboxed workers against the real fixture function on held-out inputs.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compare } from '../../../src/compare/compare.js';
import { compareWithDocstring } from '../../../src/compare/index.js';
import type { CallRequest, Prober, ProbeResult } from '../../../src/core/probe-types.js';
import type { StartWorker } from '../../../src/core/worker-options.js';
import { startWorker as realStartWorker } from '../../../src/probe/client.js';
import { compareInput, realWorker, scriptedModel, sessionFor } from './support.js';

const FIXTURE = fileURLToPath(new URL('../../fixtures/compare/numbers.py', import.meta.url));

/** Python processes running the probe worker whose parent is this test process. */
function workerChildren(): string[] {
  const out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' }).trim();
  return out === '' ? [] : out.split('\n').filter((l) => l.includes('pau_probe.worker'));
}

const HALVE_HELD_OUT: CallRequest[] = [{ args: ['10'] }, { args: ['-7'] }, { args: ['2.5'] }, { args: ['None'] }];

test('a correct implementation agrees on every held-out input; a wrong one lists where it does not', async (t) => {
  const worker = await realWorker(FIXTURE, 'halve');
  t.after(() => worker.stop());
  // halve(3) was shown to the agent, so it is not a held-out input.
  const session = sessionFor(worker, FIXTURE, { probes: [{ args: ['3'] }] });
  const correct = 'def f(arg0):\n    return arg0 / 2';

  const good = await scriptedModel({ inferred: correct });
  t.after(() => good.server.close());
  const ok = await compareWithDocstring(compareInput(worker, session, { llm: good.llm, heldOut: HALVE_HELD_OUT }));
  // Doctest calls halve(4), halve(1), halve('x') plus the four explorer inputs.
  assert.deepEqual(ok.behavioural?.inferred, { agree: 7, total: 7 });
  assert.deepEqual(ok.behavioural?.docstring, { agree: 7, total: 7 });
  assert.deepEqual(ok.behavioural?.disagreements, []);
  assert.equal(ok.behavioural?.stale, false);

  // Floor division: the right numbers for even ints, but ints where the function gives floats.
  const bad = await scriptedModel({ inferred: 'def f(arg0):\n    return arg0 // 2', docstring: correct });
  t.after(() => bad.server.close());
  const wrong = await compareWithDocstring(compareInput(worker, session, { llm: bad.llm, heldOut: HALVE_HELD_OUT }));
  const b = wrong.behavioural!;
  assert.deepEqual(b.inferred, { agree: 2, total: 7 });
  assert.deepEqual(
    b.disagreements.map((d) => d.input),
    ['halve(4)', 'halve(1)', 'halve(10)', 'halve(-7)', 'halve(2.5)'],
  );
  assert.deepEqual(b.disagreements[0], { input: 'halve(4)', expected: '2.0 (float)', got: '2 (int)' });
  // The docstring's implementation is the better one: that is not a stale docstring.
  assert.deepEqual(b.docstring, { agree: 7, total: 7 });
  assert.equal(b.stale, false);
  assert.deepEqual(workerChildren().length, 1, 'only the real function worker is left running');
});

test('generated code that loops, exits, crashes or writes files is stopped and scored as disagreement', async (t) => {
  const worker = await realWorker(FIXTURE, 'sign');
  t.after(() => worker.stop());
  const dir = mkdtempSync(join(tmpdir(), 'pau-compare-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const target = join(dir, 'written.txt');
  const session = sessionFor(worker, FIXTURE, { timeoutMs: 500 });
  const heldOut: CallRequest[] = [{ args: ['5'] }, { args: ['-3'] }, { args: ['0'] }];

  const cases: { name: string; code: string; got: RegExp; note?: RegExp }[] = [
    { name: 'infinite loop', code: 'def f(arg0):\n    while True:\n        pass', got: /timed out|not run: the implementation already timed out/ },
    { name: 'os._exit', code: 'import os\ndef f(arg0):\n    os._exit(7)', got: /crashed \(exit code 7\)/ },
    { name: 'sys.exit', code: 'import sys\ndef f(arg0):\n    sys.exit(1)', got: /raises SystemExit/ },
    {
      name: 'file write',
      code: `def f(arg0):\n    open(${JSON.stringify(target)}, 'w').write('x')\n    return 1 if arg0 > 0 else -1 if arg0 < 0 else 0`,
      got: /raises .*SandboxViolation/,
    },
    {
      name: 'exit at import',
      code: 'import os\nos._exit(3)\ndef f(arg0):\n    return 0',
      got: /did not load/,
      note: /inferred side: the generated code did not load/,
    },
    { name: 'syntax error', code: 'def f(arg0:\n    return 0', got: /did not load \(import-failed\).*SyntaxError/, note: /SyntaxError/ },
    { name: 'wrong name', code: 'def g(arg0):\n    return 0', got: /the generated code does not define f\(\)/, note: /does not define f\(\)/ },
  ];
  for (const c of cases) {
    const model = await scriptedModel({ inferred: c.code });
    t.after(() => model.server.close());
    const started = Date.now();
    const report = await compareWithDocstring(compareInput(worker, session, { llm: model.llm, heldOut }));
    const b = report.behavioural!;
    assert.deepEqual(b.inferred, { agree: 0, total: 3 }, c.name);
    assert.equal(b.disagreements.length, 3, c.name);
    for (const d of b.disagreements) assert.match(d.got, c.got, `${c.name}: ${d.got}`);
    if (c.note) assert.match(b.note!, c.note, c.name);
    assert.ok(Date.now() - started < 15_000, `${c.name} took ${Date.now() - started} ms`);
    assert.deepEqual(workerChildren().length, 1, `${c.name}: the generated code's worker is gone`);
  }
  assert.equal(existsSync(target), false, 'the sandbox refused the write');
  // The real worker still answers after all that.
  assert.equal((await worker.call({ args: ['-2'] })).value?.repr, '-1');
});

/** The real function's worker, each call held back `delayMs`, its calls' start and end times recorded. */
function slowReference(worker: Prober, delayMs: number, result?: (real: ProbeResult) => ProbeResult) {
  const calls: { began: number; ended: number }[] = [];
  const slow: Prober = Object.create(worker) as Prober;
  slow.call = async (req, opts) => {
    const began = performance.now();
    await new Promise((r) => setTimeout(r, delayMs));
    const real = await worker.call(req, opts);
    calls.push({ began, ended: performance.now() });
    return result ? result(real) : real;
  };
  return { slow, calls };
}

/** startWorker that records when each implementation worker was asked for and stopped. */
function recordedStarts() {
  const starts: { began: number; stopped: boolean }[] = [];
  const startWorker: StartWorker = async (options) => {
    const entry = { began: performance.now(), stopped: false };
    starts.push(entry);
    const worker = await realStartWorker(options);
    const stop = worker.stop.bind(worker);
    worker.stop = () => {
      entry.stopped = true;
      return stop();
    };
    return worker;
  };
  return { starts, startWorker };
}

/** halve compared with a correct implementation, its reference calls held back 150 ms each. */
async function compareHalve(t: TestContext, result?: (real: ProbeResult) => ProbeResult) {
  const worker = await realWorker(FIXTURE, 'halve');
  t.after(() => worker.stop());
  const session = sessionFor(worker, FIXTURE, { probes: [{ args: ['3'] }] });
  const model = await scriptedModel({ inferred: 'def f(arg0):\n    return arg0 / 2' });
  t.after(() => model.server.close());
  const { slow, calls } = slowReference(worker, 150, result);
  const { starts, startWorker } = recordedStarts();
  const report = await compare(compareInput(slow, session, { llm: model.llm, heldOut: HALVE_HELD_OUT }), { startWorker });
  return { report, calls, starts };
}

test("each implementation's worker starts as soon as its code is written, while the real function still runs the held-out inputs", async (t) => {
  // Seven held-out calls of at least 150 ms each: the model's code is written long before they end.
  const { report, calls, starts } = await compareHalve(t);
  assert.deepEqual(report.behavioural?.inferred, { agree: 7, total: 7 });
  assert.equal(starts.length, 2, 'one worker per side');
  const lastReference = Math.max(...calls.map((c) => c.ended));
  for (const s of starts)
    assert.ok(s.began < lastReference, `a side's worker was asked for ${Math.round(s.began - lastReference)} ms after the last reference call`);
  assert.ok(starts.every((s) => s.stopped));
  assert.deepEqual(workerChildren().length, 1, 'only the real function worker is left running');
});

test('a worker started for a side that never runs (no held-out input the real function answered) is stopped', async (t) => {
  const { report, starts } = await compareHalve(t, (real) => ({ ...real, status: 'timeout' }));
  assert.equal(report.behavioural, undefined);
  assert.match(report.notes?.join('; ') ?? '', /neither returned nor raised on any held-out input/);
  assert.ok(starts.length > 0 && starts.every((s) => s.stopped), 'every worker started for a side was stopped');
  assert.deepEqual(workerChildren().length, 1, 'only the real function worker is left running');
});
