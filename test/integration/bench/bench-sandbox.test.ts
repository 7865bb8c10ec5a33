// `pau bench --sandbox`: the mode reaches every task's worker, as the sessions in --out record
// it (what protected the calls, not only what was asked for), and a bad mode is refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pauCli } from '../../support/cli.js';
import { pauTaskFile } from '../../support/pau-tasks.js';
import { probeOsLayer } from '../../../src/probe/sandbox.js';
import type { SessionFile } from '../../../src/core/session-types.js';

function pau(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [pauCli(), 'bench', ...args], { timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

function sessionsOf(out: string): SessionFile[] {
  return readFileSync(out, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => (JSON.parse(l) as { session: SessionFile }).session);
}

async function benchWith(mode: string): Promise<{ code: number; stderr: string; sessions: SessionFile[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'pau-bench-sandbox-'));
  const tasks = join(dir, 'tasks.jsonl');
  writeFileSync(tasks, pauTaskFile(2));
  const out = join(dir, 'out.jsonl');
  const ran = await pau([tasks, '--offline', '--max-probes', '4', '--sandbox', mode, '--out', out, '--json']);
  return { code: ran.code, stderr: ran.stderr, sessions: ran.code === 0 ? sessionsOf(out) : [] };
}

test('--sandbox guards: every task runs with the guards only, and the session says so', async () => {
  const ran = await benchWith('guards');
  assert.equal(ran.code, 0, ran.stderr);
  assert.equal(ran.sessions.length, 2);
  for (const s of ran.sessions) {
    assert.equal(s.settings.sandbox, 'guards');
    assert.equal(s.sandbox?.layer, 'guards', JSON.stringify(s.sandbox));
    assert.ok(s.probes.length > 0 && !s.error, JSON.stringify(s.error));
  }
});

test('--sandbox os: every task runs in the OS sandbox, or the bench refuses once, naming what is missing', async () => {
  const here = await probeOsLayer();
  const ran = await benchWith('os');
  if (here.layer === 'os') {
    assert.equal(ran.code, 0, ran.stderr);
    assert.equal(ran.sessions.length, 2);
    for (const s of ran.sessions) {
      assert.equal(s.settings.sandbox, 'os');
      assert.equal(s.sandbox?.layer, 'os');
      // The session's detail adds what does not depend on the OS layer (the cgroup limits).
      assert.ok(s.sandbox?.detail.startsWith(here.detail), JSON.stringify(s.sandbox));
    }
  } else {
    assert.equal(ran.code, 2, ran.stderr);
    assert.match(ran.stderr, /the OS sandbox is not available/);
  }
});

test('--sandbox with an unknown mode is a usage error', async () => {
  const ran = await pau(['x.jsonl', '--offline', '--sandbox', 'none']);
  assert.equal(ran.code, 2);
  assert.match(ran.stderr, /--sandbox takes auto, os or guards, got 'none'/);
});
