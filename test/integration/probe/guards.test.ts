// The guards inside a call: no writes outside its temp dir, no sockets, no processes, no
// secrets, no state carried over from one call to the next, no source text in results.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { startWorker } from '../../../src/probe/client.js';
import type { ProbeResult } from '../../../src/core/probe-types.js';
import { describeResult, fixture, workerFor } from './support.js';

const scratch = mkdtempSync(join(tmpdir(), 'pau-guards-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

function assertViolation(result: ProbeResult, pattern: RegExp): void {
  assert.equal(result.status, 'raised', describeResult(result));
  assert.equal(result.exception?.type, 'SandboxViolation');
  assert.match(result.exception.message, pattern);
}

test('writing a file outside the call temp dir is a SandboxViolation and nothing is written', async () => {
  const w = await workerFor('hostile.py', 'write_file');
  const target = join(scratch, 'outside.txt');
  const result = await w.call({ args: [JSON.stringify(target)] });
  assertViolation(result, /opening for writing/);
  assert.equal(existsSync(target), false);
});

test('writing inside the call temp dir works, and cwd, HOME and TMPDIR are that dir', async () => {
  const local = await (await workerFor('hostile.py', 'write_local')).call({ args: [] });
  assert.equal(local.value?.repr, "'fine'", describeResult(local));
  const where = await (await workerFor('hostile.py', 'where_am_i')).call({ args: [] });
  assert.equal(where.value?.repr, 'True', describeResult(where));
});

test('opening a socket is a SandboxViolation', async () => {
  const w = await workerFor('hostile.py', 'open_socket');
  assertViolation(await w.call({ args: [] }), /network socket/);
});

test('starting a subprocess is a SandboxViolation', async () => {
  const w = await workerFor('hostile.py', 'run_subprocess');
  assertViolation(await w.call({ args: [] }), /subprocess/);
});

test('os.system is a SandboxViolation and the command never runs', async () => {
  const w = await workerFor('hostile.py', 'run_system');
  const marker = join(scratch, 'system-marker');
  assertViolation(await w.call({ args: [JSON.stringify(marker)] }), /os\.system/);
  assert.equal(existsSync(marker), false);
});

test('stdin is closed', async () => {
  const w = await workerFor('hostile.py', 'read_stdin');
  const result = await w.call({ args: [] });
  assert.equal(result.value?.repr, "''", describeResult(result));
});

test('a function appending to a module-level list returns 1 on every call', async () => {
  const w = await workerFor('basics.py', 'remember');
  for (let i = 0; i < 3; i++) {
    const result = await w.call({ args: [String(i)] });
    assert.equal(result.value?.repr, '1', describeResult(result));
  }
});

test("os.environ.get('OPENAI_API_KEY') is None even when the host has it", async () => {
  const saved = { ...process.env };
  process.env.OPENAI_API_KEY = 'sk-test-should-never-leak';
  process.env.MY_SERVICE_TOKEN = 'token-should-never-leak';
  try {
    const w = await startWorker({ target: { file: fixture('basics.py'), qualname: 'secret_env' } });
    try {
      const result = await w.call({ args: [] });
      assert.equal(result.value?.repr, 'None', describeResult(result));
      assert.doesNotMatch(JSON.stringify(result), /should-never-leak/);
    } finally {
      await w.stop();
    }
  } finally {
    process.env = saved;
  }
});

test('no result contains the source text, the file path or the docstring', async () => {
  const file = fixture('basics.py');
  const source = readFileSync(file, 'utf8');
  const sourceLines = source
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 12);
  const results: ProbeResult[] = [];
  const calls: [string, string[]][] = [
    ['identity', ['1']],
    ['identity', ['lambda: 1']],
    ['raises', ["'boom'"]],
    ['own_doc', []],
    ['add', ["'a'", '1']],
    ['add', []],
    ['gen', ['None']],
    ['count_items', ['5']],
    ['classify', ["'x'"]],
  ];
  for (const [qualname, args] of calls) {
    const w = await workerFor('basics.py', qualname);
    results.push(await w.call({ args }));
  }
  const text = JSON.stringify(results);
  assert.equal(results[3]?.value?.repr, 'None', 'own_doc reads its own __doc__ as None');
  assert.ok(!text.includes(file), 'file path leaked');
  assert.ok(!text.includes('SECRET-DOCSTRING-MARKER'), 'docstring leaked');
  for (const line of sourceLines) assert.ok(!text.includes(line), `source line leaked: ${line}`);
});
