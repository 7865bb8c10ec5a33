// `pau call` end to end, bundled the way dist/cli.js is; once from source through tsx.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { ProbeResult } from '../../../src/core/probe-types.js';
import { pauCli } from '../../support/cli.js';
import { fixture, ROOT } from './support.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function node(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: ROOT, timeout: 30000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** `pau call …`, bundled as dist/cli.js is (test/support/cli.ts). */
const pau = (...args: string[]) => node([pauCli(), 'call', ...args]);

test('--json prints one ProbeResult and exits 0', async () => {
  const run = await pau(`${fixture('basics.py')}:add`, '1', '--kw', 'b=5', '--json');
  assert.equal(run.code, 0, run.stderr);
  const result = JSON.parse(run.stdout) as ProbeResult;
  assert.equal(result.status, 'returned');
  assert.deepEqual(result.value, { type: 'int', repr: '6', truncated: false, data: { t: 'int', v: '6' } });
  assert.deepEqual(result.mutations, []);
  assert.equal(typeof result.durationMs, 'number');
  assert.deepEqual(Object.keys(result.coverage!).sort(), ['arcs', 'lines']);
  assert.equal(run.stdout.trim().split('\n').length, 1, 'exactly one line of JSON');
});

test('without --json a readable line; a raised exception still exits 0', async () => {
  const run = await pau(`${fixture('basics.py')}:raises`, "'nope'");
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^raised ValueError: nope {2}\(\d+\.\d\d ms, lines 1\/1 \(\+1\), arcs 0\/0 \(\+0\)\)\n$/);
});

test('a receiver, output and mutations in the readable form', async () => {
  const run = await pau(`${fixture('shapes.py')}:Point.shift`, '1', '--receiver', 'Point(0, 0)');
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^returned shapes\.Point: Point\(1, 0\)/);
  assert.match(run.stdout, /\nmutated receiver: Point\(1, 0\)\n/);
});

test('arguments starting with a dash go after --', async () => {
  const run = await pau(`${fixture('basics.py')}:classify`, '--json', '--', '-3');
  assert.equal(run.code, 0, run.stderr);
  assert.equal((JSON.parse(run.stdout) as ProbeResult).value?.repr, "'negative'");
});

test('a rejected argument exits 2, JSON on stdout and the reason on stderr', async () => {
  const run = await pau(`${fixture('basics.py')}:identity`, "__import__('os')", '--json');
  assert.equal(run.code, 2);
  assert.equal((JSON.parse(run.stdout) as ProbeResult).status, 'rejected');
  assert.match(run.stderr, /^pau call: argument rejected: args\[0\]: `__import__` is not an allowed name/);
  assert.equal(run.stderr.trim().split('\n').length, 1);
});

test('a target that fails to import exits 2 with the cause', async () => {
  const run = await pau(`${fixture('broken_missing.py')}:f`);
  assert.equal(run.code, 2);
  assert.equal(run.stdout, '');
  assert.equal(run.stderr, "pau call: import of broken_missing.py failed: ModuleNotFoundError: No module named 'numpyx'\n");
});

test('an unknown qualname exits 2 and lists the functions', async () => {
  const run = await pau(`${fixture('pkg/mod.py')}:nothing`);
  assert.equal(run.code, 2);
  // Everything the module exposes can be probed, the re-exported `twice` too (issue 14).
  assert.equal(run.stderr, "pau call: no function 'nothing' in mod.py (available: twice, quadruple)\n");
});

test('bad usage exits 2 with a one-line reason', async () => {
  for (const args of [[], ['no-colon'], [`${fixture('basics.py')}:add`, '--kw', 'oops'], ['x.py:f', '--timeout-ms', '0']]) {
    const run = await pau(...args);
    assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
    assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
  }
});

test('a file that is not there is said as pau probe and pau export say it, before any worker starts', async () => {
  const run = await pau('no/such/file.py:f', '1', '--python', '/nonexistent/python');
  assert.deepEqual([run.code, run.stderr], [2, 'pau call: no/such/file.py: no such file\n']);
});

test('an unknown option is named, with where the options are listed', async () => {
  const run = await pau(`${fixture('basics.py')}:add`, '1', '--tiemout-ms', '5');
  assert.deepEqual([run.code, run.stderr], [2, "pau call: unknown option '--tiemout-ms' (--help lists the options)\n"]);
});

test('a worker that cannot start exits 1', async () => {
  const run = await pau(`${fixture('basics.py')}:add`, '1', '--python', '/nonexistent/python');
  assert.equal(run.code, 1);
  assert.match(run.stderr, /^pau call: no Python interpreter found/);
});

test('a rejected argument or a missing --receiver is reported once, on stderr (issue 22)', async () => {
  const rejected = await pau(`${fixture('basics.py')}:identity`, "__import__('os')");
  assert.equal(rejected.code, 2);
  assert.equal(rejected.stdout, '');
  assert.equal(rejected.stderr.match(/is not an allowed name/g)?.length, 1, rejected.stderr);
  const receiver = await pau(`${join(ROOT, 'examples', 'bank.py')}:BankAccount.deposit`, '1');
  assert.equal(receiver.code, 2);
  assert.equal(receiver.stdout, '');
  assert.equal(receiver.stderr.match(/give a receiver/g)?.length, 1, receiver.stderr);
});

test('an interpreter that is not Python and a file that is not Python get a clear error (issue 22)', async () => {
  const notPython = await pau(`${fixture('basics.py')}:add`, '1', '2', '--python', '/usr/bin/false');
  assert.equal(notPython.code, 1);
  assert.match(notPython.stderr, /\/usr\/bin\/false: it exited with code 1 without answering; is it a Python interpreter\?/);
  assert.doesNotMatch(notPython.stderr, /import json|sys\.prefix|compileall/);
  const dir = mkdtempSync(join(tmpdir(), 'pau-notes-'));
  try {
    writeFileSync(join(dir, 'notes.txt'), 'def f(): pass\n');
    const notes = await pau(`${join(dir, 'notes.txt')}:f`);
    assert.equal(notes.code, 2);
    assert.match(notes.stderr, /^pau call: not a Python file: .*notes\.txt/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('numeric flags take the settings ranges, with an error naming the range (issue 22)', async () => {
  for (const [flag, value, range] of [
    ['--timeout-ms', '99999999999', '100 to 600000'],
    ['--memory-mb', '-5', '64 to 65536'],
    ['--memory-mb', '70000', '64 to 65536'],
  ] as const) {
    const run = await pau(`${fixture('basics.py')}:add`, '1', '2', flag, value);
    assert.equal(run.code, 2, run.stderr);
    assert.equal(run.stderr, `pau call: ${flag} takes a whole number from ${range}, got '${value}'\n`);
  }
  const probes = await node([pauCli(), 'probe', `${fixture('basics.py')}:add`, '--offline', '--max-probes', '99999999']);
  assert.equal(probes.code, 2);
  assert.equal(probes.stderr, "pau probe: --max-probes takes a whole number from 1 to 1000, got '99999999'\n");
});

test('the bundled CLI finds its worker next to it; from source through tsx, in the source tree', async () => {
  const target = `${fixture('basics.py')}:identity`;
  for (const cli of [[pauCli()], ['--import', 'tsx', join(ROOT, 'src/cli/main.ts')]]) {
    const run = await node([...cli, 'call', target, "'hi'", '--json']);
    assert.equal(run.code, 0, run.stderr);
    assert.equal((JSON.parse(run.stdout) as ProbeResult).value?.repr, "'hi'");
  }
});
