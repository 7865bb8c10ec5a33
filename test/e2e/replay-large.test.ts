// A replay of 1,000 probes (a windowed list, webview/virtual.ts) ends where a live run does:
// scrolled to its end, with the session's last row drawn and inside the list's view. Once a
// change to the cells' clipping made the measured row height disagree with the rows drawn,
// and the panel stopped at rows 936–980 instead of its last row. Both a new panel and one
// already open (which keeps its measured height) are checked, each also after a resize.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Frame } from 'playwright-core';
import type { SessionFile } from '../../src/core/session-types.js';
import { REPO_ROOT } from './harness/code-server.js';
import { editorForFile, withArtifactsOnFailure, type EditorSession } from './harness/editor-session.js';
import { byTestId, waitForStatus } from './harness/panel.js';
import { waitUntil } from './harness/workbench.js';

const PROBES = 1000;
const editor = editorForFile({ theme: 'dark', settings: { 'pau.baseUrl': undefined } });

/** A real CLI session's probes cycled to `PROBES`, each output tagged so that rows of another replay cannot pass for these. */
function bigSession(s: EditorSession, tag: string): { path: string; last: number } {
  const real = JSON.parse(
    execFileSync(process.execPath, [join(REPO_ROOT, 'dist', 'cli.js'), 'probe', `${join(s.workspace, 'seqs.py')}:dedupe`, '--offline', '--json'], {
      cwd: s.workspace,
      encoding: 'utf8',
      timeout: 60_000,
      maxBuffer: 64 * 1024 * 1024,
    }),
  ) as SessionFile;
  const template = real.probes[0];
  assert.ok(template, 'the CLI session has probes');
  const probes = Array.from({ length: PROBES }, (_, i) => ({
    ...(real.probes[i % real.probes.length] ?? template),
    index: i,
    args: [`[${i}, ${i % 7}, '${tag}-${i}']`],
    result: { ...template.result, status: 'returned' as const, value: { type: 'list', repr: `['${tag}-${i}']`, truncated: false } },
  }));
  const path = join(s.workspace, `replay-${tag}.session.json`);
  writeFileSync(path, JSON.stringify({ ...real, probes, hypotheses: [] } satisfies SessionFile));
  return { path, last: PROBES - 1 };
}

/** Where the list ends up: its count, the rows drawn, and the last row's box against the list's view. */
async function lastRowView(panel: Frame, last: number) {
  // No named functions inside: tsx would wrap them in a helper (__name) the page does not have.
  return panel.evaluate(
    ([list, row, index]) => {
      const view = document.querySelector(list)?.getBoundingClientRect();
      const rows = [...document.querySelectorAll<HTMLElement>(row)];
      const end = rows.find((r) => r.dataset.index === index);
      const box = end?.getBoundingClientRect();
      return {
        count: document.querySelector(list)?.getAttribute('data-count'),
        drawn: `${rows.at(0)?.dataset.index ?? '-'}…${rows.at(-1)?.dataset.index ?? '-'} (${rows.length} rows)`,
        text: end?.textContent ?? '',
        list: view ? { top: Math.round(view.top), bottom: Math.round(view.bottom), width: Math.round(view.width) } : null,
        lastRow: box ? { top: Math.round(box.top), bottom: Math.round(box.bottom) } : null,
      };
    },
    [byTestId('timeline'), byTestId('probe-row'), String(last)] as const,
  );
}

/** Waits until the list holds the session's last row (probe `last`, tagged `tag`) inside its view. */
async function lastRowInView(panel: Frame, tag: string, last: number, when: string): Promise<void> {
  let seen: Awaited<ReturnType<typeof lastRowView>> | undefined;
  await waitUntil(`probe ${last} of ${tag} drawn inside the list's view ${when}`, 15_000, async () => {
    seen = await lastRowView(panel, last);
    const { list, lastRow } = seen;
    return (
      seen.count === String(PROBES) &&
      seen.text.includes(`${tag}-${last}`) &&
      list &&
      lastRow &&
      lastRow.top >= list.top - 1 &&
      lastRow.bottom <= list.bottom + 1
    );
  }).catch((error: Error) => {
    throw new Error(`${error.message}; the list shows ${JSON.stringify(seen)}`);
  });
}

/**
 * Replays a new 1,000-probe session; its last row must show, and still show after the panel
 * is resized (the side bar toggled twice): a resize measures the rows again.
 */
async function replayEndsAtLastRow(s: EditorSession, tag: string): Promise<void> {
  const { path, last } = bigSession(s, tag);
  await s.wb.runCommand('PAU: Open Session (Replay)');
  await s.wb.answerQuickInput(path);
  const panel = await s.wb.panelFrame(30_000, 'PAU Probe: dedupe');
  await waitForStatus(panel, 'replay', 30_000, ['failed']);
  await lastRowInView(panel, tag, last, 'after the replay');
  for (const state of ['hidden', 'shown']) {
    const before = (await lastRowView(panel, last)).list?.width;
    await s.wb.runCommand('View: Toggle Primary Side Bar Visibility');
    await waitUntil(`the panel to be resized (side bar ${state})`, 10_000, async () => (await lastRowView(panel, last)).list?.width !== before);
    await new Promise((r) => setTimeout(r, 500)); // the frames that draw the rows again at the new width
    await lastRowInView(panel, tag, last, `once the panel was resized (side bar ${state})`);
  }
}

test('a replay of 1,000 probes ends with its last row in view, in a new panel and in the open one', async () => {
  const s = editor();
  await withArtifactsOnFailure(s, 'replay-large', 150_000, async () => {
    // The extension activates on a Python file: the replay command then opens its dialog at once.
    await s.wb.openFile('seqs.py');
    await s.wb.codeLens('dedupe');
    await replayEndsAtLastRow(s, 'beside');
    // A new panel with no editor beside it: the width it is laid out at changes as it opens.
    await s.wb.runCommand('View: Close All Editors');
    await replayEndsAtLastRow(s, 'alone');
    await replayEndsAtLastRow(s, 'again');
  });
});
