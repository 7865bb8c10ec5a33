// A probe whose argument is a file written in the call's folder first (`scratch_file(...)` in
// the argument grammar) passes the function only that file's name: an exported test would call
// it with the bare name in the user's folder, where that file is someone else's or absent. The
// export leaves such a probe out, by what the guards saw (writing a file), with the reason given.
// Runs the same in either sandbox mode: its worker takes the default sandbox (auto), whatever PAU_SANDBOX_MODE says.
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { exportPytest } from '../../../src/export/pytest-export.js';
import { startWorker } from '../../../src/probe/client.js';
import { pytestRunner } from '../../../src/probe/pytest-run.js';
import type { ProbeRecord, SessionFile } from '../../../src/core/session-types.js';
import { runSession } from '../../../src/session/run.js';

const PYTHON = '/usr/bin/python3';
const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'discovery', 'discovery.py');
const dir = mkdtempSync(join(tmpdir(), 'pau-scratch-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('a probe given a scratch file is left out of the pytest export, which writes no file of that name', async () => {
  const module = join(dir, 'discovery.py');
  copyFileSync(FIXTURE, module);
  const target = { file: module, qualname: 'count_lines' };
  const worker = await startWorker({ target, python: PYTHON });
  const probes: ProbeRecord[] = [];
  try {
    for (const [index, args] of [["scratch_file('notes.txt', 'a\\nb\\n')"], ["'missing.txt'"]].entries())
      probes.push({ index, origin: 'offline', args, result: await worker.call({ args }) });
  } finally {
    await worker.stop();
  }
  assert.equal(probes[0]!.result.status, 'returned', JSON.stringify(probes[0]!.result).slice(0, 300));
  assert.equal(probes[0]!.result.value?.repr, '2');
  const settings = { mode: 'offline' as const, maxProbes: 1, timeoutMs: 5000, memoryMb: 1024, strictness: 'signature' as const, coverageFeedback: false };
  const ran = await runSession({ target, settings, compare: false, python: PYTHON });
  const session: SessionFile = { ...ran, probes };
  const exported = await exportPytest({ session, startWorker, runPytest: pytestRunner({}), python: PYTHON, workspaceRoot: dir });
  const skipped = exported.skipped.find((s) => s.probe === 0);
  assert.ok(skipped && /wr(ote|iting)/.test(skipped.reason), JSON.stringify(exported.skipped));
  assert.ok(!exported.source.includes('notes.txt'), exported.source);
  assert.ok(!existsSync(join(dir, 'notes.txt')));
});
