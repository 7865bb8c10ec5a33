// Without any endpoint configured (pau.baseUrl empty): the offline explorer probes a function
// in the real VS Code, and a saved session (written by the CLI from the same workspace)
// replays in the panel, chosen through the file dialog. Light theme, for the screenshots.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { SessionFile } from '../../src/core/session-types.js';
import { REPO_ROOT } from './harness/code-server.js';
import { editorForFile, SCREENSHOTS_DIR, withArtifactsOnFailure } from './harness/editor-session.js';
import { byTestId, probeRows, screenshotPanel, text, waitForStatus } from './harness/panel.js';
import { realCall } from './harness/python-oracle.js';
import { waitUntil } from './harness/workbench.js';

const editor = editorForFile({ theme: 'light', settings: { 'pau.baseUrl': undefined } });

test('with no endpoint, CodeLens Probe offers the offline explorer, which probes the function', async () => {
  const s = editor();
  await withArtifactsOnFailure(s, 'offline-codelens', 90_000, async () => {
    await s.clickProbeLens('mathx.py', 'gcd');
    await s.wb.notification(/endpoint/i);
    await s.wb.clickNotificationButton('Use the Offline Explorer');
    const panel = await s.wb.panelFrame(30_000, 'PAU Probe: gcd');
    await waitForStatus(panel, 'done', 60_000, ['failed', 'stopped']);

    const rows = await probeRows(panel);
    assert.ok(rows.length >= 5, `the explorer made several probes (${rows.length})`);
    // Check rows against python3 itself: every plain gcd(int, int) call the explorer made.
    const file = join(s.workspace, 'mathx.py');
    let checked = 0;
    for (const row of rows) {
      const args = /^\w*\((.*)\)$/s.exec(row.input)?.[1] ?? row.input;
      if (!/^\s*-?\d+\s*,\s*-?\d+\s*$/.test(args)) continue;
      const real = realCall(file, 'gcd', args);
      if (real.status === 'returned') assert.ok(row.output.includes(real.repr), `gcd(${args}) shows "${row.output}", python3 says ${real.repr}`);
      else assert.match(row.output, new RegExp(real.type));
      checked += 1;
    }
    assert.ok(checked >= 2, `at least two rows were plain gcd(int, int) calls to check (${JSON.stringify(rows.slice(0, 5))})`);
    assert.ok((await text(panel, 'description')).length > 20, 'a templated description');
    await panel.locator(byTestId('comparison')).waitFor({ timeout: 30_000 });
    await screenshotPanel(s.wb.page, panel, join(SCREENSHOTS_DIR, 'panel-offline-light.png'));
  });
});

test('PAU: Probe with Offline Explorer probes the function at the cursor', async () => {
  const s = editor();
  await withArtifactsOnFailure(s, 'offline-command', 60_000, async () => {
    await s.wb.openFile('text.py');
    const lines = readFileSync(join(s.workspace, 'text.py'), 'utf8').split('\n');
    await s.wb.goToLine(lines.findIndex((l) => l.startsWith('def rot13(')) + 2); // inside its body
    await s.wb.runCommand('PAU: Probe with Offline Explorer');
    const panel = await s.wb.panelFrame(30_000, 'PAU Probe: rot13');
    await waitForStatus(panel, 'done', 60_000, ['failed', 'stopped']);
    const rows = await probeRows(panel);
    assert.ok(rows.length >= 3, `the explorer made several probes (${rows.length})`);
    // rot13 is an involution: the explorer should say so (a property it checks by name).
    assert.match(await text(panel, 'description'), /involution|twice|own inverse/i);
  });
});

test('PAU: Open Session (Replay) replays a saved session chosen in the file dialog', async () => {
  const s = editor();
  // A real session file, made by the CLI on the workspace copy.
  const sessionPath = join(s.workspace, 'dedupe.session.json');
  execFileSync(
    process.execPath,
    [join(REPO_ROOT, 'dist', 'cli.js'), 'probe', `${join(s.workspace, 'seqs.py')}:dedupe`, '--offline', '--compare', '--out', sessionPath, '--json'],
    {
      cwd: s.workspace,
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  const saved = JSON.parse(readFileSync(sessionPath, 'utf8')) as SessionFile;
  assert.ok(saved.probes.length > 0, 'the CLI session has probes');

  await withArtifactsOnFailure(s, 'replay', 60_000, async () => {
    await s.wb.runCommand('PAU: Open Session (Replay)');
    // code-server's file dialog is a quick input holding a path.
    await s.wb.answerQuickInput(sessionPath);
    const panel = await s.wb.panelFrame(30_000, 'PAU Probe: dedupe');
    await waitForStatus(panel, 'replay', 30_000, ['failed']);
    // One row per saved probe (the panel may still hold a previous run's rows for a moment).
    const rows = await waitUntil(`${saved.probes.length} probe rows`, 10_000, async () => {
      const now = await probeRows(panel);
      return now.length === saved.probes.length ? now : undefined;
    });
    for (const [i, probe] of saved.probes.entries()) {
      const repr = probe.result.value?.repr ?? probe.result.exception?.type;
      if (repr) assert.ok(rows[i]!.output.includes(repr.replace(/\s+/g, ' ')), `row ${i} shows "${rows[i]!.output}", the session has ${repr}`);
    }
    const summary = saved.final.description?.summary;
    if (summary) assert.ok((await text(panel, 'description')).includes(summary.replace(/\s+/g, ' ').trim()), 'the saved description');
    await screenshotPanel(s.wb.page, panel, join(SCREENSHOTS_DIR, 'panel-replay-light.png'));
  });
});
