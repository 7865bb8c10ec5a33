// Targets the way real packages expose them (test/fixtures/resolve, one package per pattern),
// probed offline end to end: runSession for the session file and its notes (what `pau probe
// --offline --json` prints), the worker for exact behaviour, and the CLI itself for the header
// the user reads and the exit code of a wrong qualname.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, test } from 'node:test';
import { startWorker, type ProbeWorker } from '../../../src/probe/client.js';
import type { ProbeResult } from '../../../src/core/probe-types.js';
import type { SessionFile } from '../../../src/core/session-types.js';
import { runSession } from '../../../src/session/run.js';
import { pauCli } from '../../support/cli.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FIXTURES = join(ROOT, 'test/fixtures/resolve');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function pau(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [pauCli(), ...args], { cwd: ROOT, timeout: 120_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

const target = (path: string, qualname: string) => `${join(FIXTURES, path)}:${qualname}`;

async function probeOffline(path: string, qualname: string): Promise<SessionFile> {
  const session = await runSession({
    target: { file: join(FIXTURES, path), qualname },
    settings: { mode: 'offline', maxProbes: 8, timeoutMs: 5000, memoryMb: 1024, strictness: 'anonymized', coverageFeedback: true },
    compare: false,
  });
  assert.equal(session.error, undefined, JSON.stringify(session.error));
  assert.ok(session.probes.length > 0, 'the explorer probed');
  return session;
}

const workers: ProbeWorker[] = [];
after(() => Promise.all(workers.map((w) => w.stop())));

async function callOnce(path: string, qualname: string, args: string[], receiver?: string): Promise<ProbeResult> {
  const worker = await startWorker({ target: { file: join(FIXTURES, path), qualname } });
  workers.push(worker);
  return worker.call({ args, ...(receiver ? { receiver } : {}) });
}

/** The "did you mean" list of a session that could not load its target. */
async function probeFailure(path: string, qualname: string): Promise<string[]> {
  const session = await runSession({
    target: { file: join(FIXTURES, path), qualname },
    settings: { mode: 'offline', maxProbes: 1, timeoutMs: 5000, memoryMb: 1024, strictness: 'anonymized', coverageFeedback: true },
    compare: false,
  });
  assert.equal(session.error?.kind, 'import');
  return /\(available: (.*)\)$/.exec(session.error.message)?.[1]?.split(', ') ?? [];
}

/** Lines of the target reached over the whole session, and how many it has. */
function linesTotal(session: SessionFile): number | undefined {
  return session.probes.find((p) => p.result.coverage)?.result.coverage?.lines.total;
}

describe('target resolution, offline end to end', { concurrency: 2, timeout: 300_000 }, () => {
  test('a package that replaces itself in sys.modules is probed through the proxy, with coverage of the def', async () => {
    const session = await probeOffline('proxied/__init__.py', 'parse_size');
    const r = session.target.resolution!;
    assert.equal(r.origin, 'file');
    assert.match(r.runs, /^parse_size \(proxied\/__init__\.py:7\)$/);
    assert.match(r.notes?.[0] ?? '', /replaces itself in sys\.modules with a _DeprecationProxy/);
    assert.equal(r.coverageUnavailable, undefined);
    assert.equal(linesTotal(session), 5);
    const result = await callOnce('proxied/__init__.py', 'parse_size', ["'10k'"]);
    assert.equal(result.value?.repr, '10240');
  });

  test('a lazy module __getattr__ provides the function: it resolves, the note says where the code is', async () => {
    const session = await probeOffline('lazy/__init__.py', 'slugify');
    const r = session.target.resolution!;
    assert.equal(r.origin, 'elsewhere');
    assert.deepEqual(r.notes, [
      "'slugify' is provided lazily by the module's __getattr__",
      "'slugify' is not defined in __init__.py: it comes from slugify (lazy/_text.py:1)",
    ]);
    assert.equal(linesTotal(session), 4, 'coverage is of the code that runs, in _text.py');
    const result = await callOnce('lazy/__init__.py', 'slugify', ["'Hello, World'"]);
    assert.equal(result.value?.repr, "'hello-world'");
  });

  test('a def replaced by a compiled function: the header and the session say so; coverage is unavailable, not 0/0', async () => {
    const session = await probeOffline('speedups/__init__.py', 'smallest');
    const r = session.target.resolution!;
    assert.equal(r.origin, 'replaced');
    assert.equal(r.runs, 'built-in min');
    assert.equal(r.coverageUnavailable, 'what runs is not the def in __init__.py');
    assert.match(
      r.notes?.[0] ?? '',
      /^not the code in the file: 'smallest' is rebound at import time to a built-in \(compiled\) function, built-in min; .*line 4$/,
    );
    assert.ok(
      session.probes.every((p) => p.result.coverage === undefined),
      'no probe reports coverage',
    );
    // The compiled function has no signature; the def it replaces gives the one parameter.
    assert.equal(session.target.shownAs.params.length, 1);
    assert.equal(session.target.docstring, 'The smallest of the values.');
    // What runs is min: the pure-Python def would return None for an empty list.
    const empty = await callOnce('speedups/__init__.py', 'smallest', ['[]']);
    assert.equal(empty.status, 'raised');
    assert.match(empty.exception?.message ?? '', /min\(\) arg is an empty sequence/);
    assert.equal(empty.coverage, undefined);

    const printed = await pau(['probe', target('speedups/__init__.py', 'smallest'), '--offline', '--max-probes', '3']);
    assert.equal(printed.code, 0, printed.stderr);
    const lines = printed.stdout.split('\n');
    assert.match(lines[1]!, /^note: not the code in the file: 'smallest' is rebound at import time to a built-in \(compiled\) function, built-in min/);
    assert.equal(lines[2], 'note: coverage unavailable: what runs is not the def in __init__.py');
    assert.ok(
      lines.filter((l) => l.startsWith('#')).every((l) => !/ lines \d/.test(l)),
      printed.stdout,
    );
  });

  test('the same package: a def that is not replaced runs as written, with no note', async () => {
    const session = await probeOffline('speedups/__init__.py', 'largest');
    assert.deepEqual(session.target.resolution, { origin: 'file', runs: 'largest (speedups/__init__.py:13)' });
    assert.ok((linesTotal(session) ?? 0) > 0);
  });

  test('a def rebound to a different Python function: the run says what runs instead', async () => {
    const session = await probeOffline('rebound/__init__.py', 'normalize');
    const r = session.target.resolution!;
    assert.equal(r.origin, 'replaced');
    assert.equal(r.runs, '_normalize_v2 (rebound/__init__.py:9)');
    assert.match(r.notes?.[0] ?? '', /a different function, _normalize_v2 .*not the def at line 4$/);
    assert.ok(r.coverageUnavailable);
    const result = await callOnce('rebound/__init__.py', 'normalize', ["'A  B'"]);
    assert.equal(result.value?.repr, "'a b'", 'the rebound version lower-cases');
  });

  test('a functools.wraps-decorated function is called as decorated, its coverage is of the def', async () => {
    const session = await probeOffline('decorated/__init__.py', 'double');
    const r = session.target.resolution!;
    assert.equal(r.origin, 'file');
    assert.equal(r.decorated, true);
    assert.equal(r.runs, 'double (decorated/__init__.py:26)');
    assert.equal(linesTotal(session), 3, 'the three lines of the def, not the wrapper');
    assert.equal(session.target.docstring, 'Twice n; negative numbers are refused.');
    const result = await callOnce('decorated/__init__.py', 'double', ['3']);
    assert.equal(result.value?.repr, "('traced', 6)", 'the decorator ran');
    assert.equal(result.coverage?.lines.hit, 2);
  });

  test('a decorator without functools.wraps: the def is found in its closure, with its signature and docstring', async () => {
    const session = await probeOffline('decorated/__init__.py', 'halve');
    assert.deepEqual(session.target.resolution, {
      origin: 'file',
      runs: 'halve (decorated/__init__.py:55)',
      decorated: true,
      notes: ['called through its decorators; coverage is of the def at line 55'],
    });
    assert.equal(session.target.docstring, 'n // 2.');
    assert.equal(session.target.shownAs.params.length, 1, 'the def has one parameter, the wrapper *args, **kwargs');
    assert.equal(linesTotal(session), 1);
    assert.equal((await callOnce('decorated/__init__.py', 'halve', ['9'])).value?.repr, '4');
  });

  test('a decorated method: receiver, decorator and coverage of the def', async () => {
    const session = await probeOffline('decorated/__init__.py', 'Meter.reading');
    assert.equal(session.target.shownAs.needsReceiver, true);
    assert.equal(session.target.resolution?.decorated, true);
    assert.equal(linesTotal(session), 1);
    const result = await callOnce('decorated/__init__.py', 'Meter.reading', ['30'], 'Meter(2)');
    assert.equal(result.value?.repr, '20', 'the decorator clamped 30 to 10');
  });

  test('a re-export from __init__ resolves to the submodule, classes under their exported names', async () => {
    const session = await probeOffline('reexport/__init__.py', 'word_count');
    assert.equal(session.target.resolution?.origin, 'elsewhere');
    assert.equal(session.target.resolution?.runs, 'word_count (reexport/core.py:1)');
    assert.equal(linesTotal(session), 3);
    const method = await callOnce('reexport/__init__.py', 'WordCounter.add', ["'a b c'"], 'WordCounter()');
    assert.equal(method.value?.repr, '3', JSON.stringify(method));
  });

  test('methods of a nested class: instance, static and class methods', async () => {
    const session = await probeOffline('nested/shapes.py', 'Outer.Inner.scaled');
    assert.equal(session.target.shownAs.needsReceiver, true);
    assert.deepEqual(session.target.resolution, { origin: 'file', runs: 'Outer.Inner.scaled (shapes.py:8)' });
    assert.equal((await callOnce('nested/shapes.py', 'Outer.Inner.scaled', ['4'], 'Outer.Inner(3)')).value?.repr, '12');
    assert.equal((await callOnce('nested/shapes.py', 'Outer.Inner.halve', ['7'])).value?.repr, '3');
    const made = await callOnce('nested/shapes.py', 'Outer.Inner.make', ['5']);
    assert.equal(made.value?.type, 'shapes.Outer.Inner');
  });

  test('a wrong qualname: exit 2 and every target, the most similar first', async () => {
    const nested = await pau(['probe', target('nested/shapes.py', 'Inner.scaled'), '--offline']);
    assert.equal(nested.code, 2);
    assert.equal(
      nested.stderr,
      "pau probe: no function 'Inner.scaled' in shapes.py (available: Outer.Inner.scaled, Outer.Inner.halve, Outer.Inner.make, Outer.top, helper_function)\n",
    );
    const lazy = await probeFailure('lazy/__init__.py', 'slugfy');
    assert.deepEqual(lazy, ['slugify', 'shout'], 'the lazily provided name is listed');
    const reexport = await probeFailure('reexport/__init__.py', 'Counter.add');
    assert.deepEqual(reexport, ['WordCounter.add', 'word_count'], 'classes under the name the package exports them');
  });
});
