// Targets that attack the host, end to end: terminal escapes in what they return, print or
// raise never reach the terminal raw, and results they forge on their result pipe become
// `crashed` results without taking the worker down.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import type { ProbeResult } from '../../../src/core/probe-types.js';
import { checkResult } from '../../../src/probe/result-check.js';
import { pauCli } from '../../support/cli.js';
import { fixture, freshWorker, ROOT } from './support.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function pau(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    // NO_COLOR unset and a pipe: the CLI prints no colours of its own, so any ESC is the target's.
    execFile(process.execPath, [pauCli(), ...args], { cwd: ROOT, timeout: 90_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

const target = (qualname: string) => `${fixture('host_attacks.py')}:${qualname}`;
/** ESC, BEL, CR and the other bytes a terminal acts on (newline and tab aside). */
// eslint-disable-next-line no-control-regex -- the controls are what it matches
const TERMINAL_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

function assertInert(run: Run, label: string): void {
  assert.doesNotMatch(run.stdout, TERMINAL_CONTROL, `${label}: stdout ${JSON.stringify(run.stdout)}`);
  assert.doesNotMatch(run.stderr, TERMINAL_CONTROL, `${label}: stderr ${JSON.stringify(run.stderr)}`);
}

test('pau call shows escapes from a repr, a mutation, printed output and an exception as text', async () => {
  const repr = await pau('call', target('hostile_repr'), '[]');
  assert.equal(repr.code, 0, repr.stderr);
  assertInert(repr, 'repr');
  assert.match(repr.stdout, /^returned host_attacks\.Hostile: \\x1b\]0;PWNED-TITLE\\x07\\x1b\]52;c;cHduZWQ=\\x07\\x1b\[2J/);
  assert.match(repr.stdout, /\nmutated args\[0\]: \[\\x1b\]0;PWNED-TITLE/);

  const output = await pau('call', target('hostile_output'));
  assert.equal(output.code, 0, output.stderr);
  assertInert(output, 'output');
  assert.match(output.stdout, /stdout:\nout\\x1b\]0;PWNED-TITLE.*\\x9b1m\\x0dspoof\n/);
  assert.match(output.stdout, /stderr:\nerr\\x1b\]0;PWNED-TITLE/);

  const raised = await pau('call', target('hostile_raise'));
  assert.equal(raised.code, 0, raised.stderr);
  assertInert(raised, 'raise');
  assert.match(raised.stdout, /^raised ValueError: \\x1b.*\\x0d\\x1b\[Kfake: returned int: 42 {2}\(/);
  assert.equal(raised.stdout.split('\n').filter(Boolean).length, 1, 'one line: the spoofed result is on the same line');

  // --json stays exact: the same text, escaped by JSON alone.
  const json = await pau('call', target('hostile_raise'), '--json');
  assert.equal(json.code, 0, json.stderr);
  const result = JSON.parse(json.stdout) as ProbeResult;
  assert.equal(result.exception?.message, '\x1b]0;PWNED-TITLE\x07\x1b]52;c;cHduZWQ=\x07\x1b[2J\x1b[31mRED\x1b[0m\x9b1m\r\x1b[Kfake: returned int: 42');
  assert.doesNotMatch(json.stdout.replace(/\x9b/g, ''), TERMINAL_CONTROL); // JSON leaves C1 as it is
});

test('pau probe --offline prints the probes of a hostile target without raw controls', async () => {
  const run = await pau('probe', target('hostile_raise'), '--offline', '--max-probes', '3');
  assert.equal(run.code, 0, run.stderr);
  assertInert(run, 'probe');
  assert.match(run.stdout, /raises ValueError: \\x1b\]0;PWNED-TITLE/);
});

const MALFORMED: [kind: string, reason: RegExp][] = [
  ['types', /malformed result \(value\.type is not a string\)/],
  ['missing', /malformed result \(status is missing\)/],
  ['status', /malformed result \(status is not one of /],
  ['nan', /malformed result \(durationMs is not a finite number\)/],
];

test('forged results become crashed results and the same worker answers the next call', async () => {
  const worker = await freshWorker('host_attacks.py', 'forge');
  const pid = worker.pid;
  for (const [kind, reason] of MALFORMED) {
    const forged = await worker.call({ args: [`'${kind}'`] });
    assert.equal(forged.status, 'crashed', kind);
    assert.match(forged.crash?.reason ?? '', reason, kind);
    const next = await worker.call({ args: ["'none'"] });
    assert.equal(next.status, 'returned', kind);
    assert.equal(next.value?.repr, '7', kind);
  }
  // Not a JSON object, or nested too deep to read: no answer, so a crash with the child's exit status.
  for (const kind of ['list', 'deep']) {
    const forged = await worker.call({ args: [`'${kind}'`] });
    assert.equal(forged.status, 'crashed', kind);
    assert.equal(forged.crash?.exitCode, 0, kind);
  }
  // Well-formed forgeries cannot be told from an answer, but carry nothing undeclared:
  // the 5 MB field is dropped, the forged coverage hits are ignored.
  const huge = await worker.call({ args: ["'huge'"] });
  assert.deepEqual(huge, { status: 'returned', value: { type: 'int', repr: '1', truncated: false }, mutations: [], stdout: '', stderr: '', durationMs: 1 });
  const coverage = await worker.call({ args: ["'coverage'"] });
  assert.equal(coverage.status, 'returned');
  assert.equal(coverage.coverage, undefined);
  assert.equal(worker.pid, pid, 'the worker was not restarted');
  assert.equal((await worker.call({ args: ["'none'"] })).value?.repr, '7');
});

test('pau call on a forged result exits normally, says so, and --json keeps the declared shape', async () => {
  for (const [kind, reason] of MALFORMED) {
    const human = await pau('call', target('forge'), `'${kind}'`);
    assert.equal(human.code, 0, `${kind}: ${human.stderr}`);
    assert.match(human.stdout, /^crashed: the call's process wrote a malformed result/, kind);
    assert.match(human.stdout, reason, kind);
    const json = await pau('call', target('forge'), `'${kind}'`, '--json');
    assert.equal(json.code, 0, `${kind}: ${json.stderr}`);
    const result = JSON.parse(json.stdout) as unknown;
    assert.deepEqual(checkResult(result), result, `${kind}: the printed result has the declared shape`);
    assert.equal((result as ProbeResult).status, 'crashed', kind);
  }
});

test('pau probe --offline finishes on a target whose every call forges its result', async () => {
  const run = await pau('probe', target('forge'), '--offline', '--max-probes', '4', '--json');
  assert.equal(run.code, 0, run.stderr);
  const session = JSON.parse(run.stdout) as { probes: { result: ProbeResult }[]; error?: unknown };
  assert.equal(session.error, undefined);
  assert.ok(session.probes.length > 0);
  for (const p of session.probes) assert.deepEqual(checkResult(p.result), p.result);
});
