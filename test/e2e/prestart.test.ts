// A worker started ahead, in a real VS Code: the cursor resting in a def starts a worker for
// it; the run that follows takes that worker (the log says so, and no second worker starts),
// and once the run is over no worker process is left; turning the setting off stops one.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { editorForFile, withArtifactsOnFailure, workerProcesses, type EditorSession } from './harness/editor-session.js';
import { waitForStatus } from './harness/panel.js';
import { waitUntil } from './harness/workbench.js';

const editor = editorForFile({ theme: 'dark', settings: { 'pau.baseUrl': undefined, 'pau.prestartWorker': true } });

const workers = (s: EditorSession) => workerProcesses(s).map((p) => p.pid);

test('the cursor resting in a def starts a worker ahead; the next run takes it, and leaves no process', async () => {
  const s = editor();
  await withArtifactsOnFailure(s, 'prestart', 90_000, async () => {
    await s.wb.openFile('mathx.py');
    // The CodeLens shows once the extension has activated: a cursor moved before that is not seen.
    await s.wb.codeLens('clamp');
    const lines = readFileSync(join(s.workspace, 'mathx.py'), 'utf8').split('\n');
    await s.wb.goToLine(lines.findIndex((l) => l.startsWith('def clamp(')) + 2);
    await waitUntil('the log to say a worker was started ahead for clamp', 20_000, () => /Started a worker ahead for clamp/.test(s.extensionLog()));
    const ahead = await waitUntil('the worker started ahead to be running', 20_000, () => (workers(s).length > 0 ? workers(s) : undefined));

    await s.wb.runCommand('PAU: Probe with Offline Explorer');
    const panel = await s.wb.panelFrame(30_000, 'PAU Probe: clamp');
    await waitForStatus(panel, 'done', 60_000, ['failed', 'stopped']);
    assert.match(s.extensionLog(), /The run took the worker started ahead for clamp/);
    await waitUntil('every worker process to exit after the run', 15_000, () => workers(s).length === 0).catch((error: Error) => {
      throw new Error(`${error.message}: still running ${workers(s).join(', ')} (started ahead: ${ahead.join(', ')})`);
    });

    // Resting in another def starts one again; turning the setting off stops it.
    await s.wb.goToLine(lines.findIndex((l) => l.startsWith('def gcd(')) + 2);
    await waitUntil('a worker started ahead for gcd', 20_000, () => workers(s).length > 0);
    s.updateSettings({ 'pau.prestartWorker': false });
    await waitUntil('the worker started ahead to stop when the setting is off', 15_000, () => workers(s).length === 0);
    assert.match(s.extensionLog(), /Stopped the worker started ahead for gcd.*the setting was turned off/);
  });
});
