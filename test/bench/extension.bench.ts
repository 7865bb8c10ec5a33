// The extension's own costs, measured in the real editor (code-server + Chromium, the e2e
// harness): activation time, bundle sizes, how long the panel takes to show a replayed
// session of 1,000 probes, frame times while scrolling through it, and the time from the
// command to the first row. Goals (issue 23): activation of the packaged extension ≤ 100 ms,
// replay of 1,000 probes into a new panel ≤ 500 ms, scrolling p95 frame ≤ 25 ms, first row
// ≤ 150 ms with the worker started ahead and ≤ 400 ms cold; the bundle < 1.5 MB. The editor
// runs the package users install: `npm run package`'s minified .vsix, not the test build.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import type { SessionFile } from '../../src/core/session-types.js';
import { REPO_ROOT } from '../e2e/harness/code-server.js';
import { startEditor, type EditorSession } from '../e2e/harness/editor-session.js';
import { VSIX_PATH } from '../e2e/harness/extension-vsix.js';
import { byTestId, runStatus } from '../e2e/harness/panel.js';
import { PAGE_MARKS } from '../../webview/marks.js';
import { GiveUp, waitUntil } from '../e2e/harness/workbench.js';

import type { Goal } from './run.js';

export const name = 'extension';

/** New panels replayed into (PAU_EXTENSION_REPLAYS), and activations sampled (each after the first follows a reload of the window). */
const NEW_PANEL_REPLAYS = Number(process.env.PAU_EXTENSION_REPLAYS ?? 3);
const ACTIVATIONS = 3;
/** PAU_EXTENSION_REPLAY_ONLY=1: activation and the replays into new panels only (a paired before/after in a few minutes). */
const REPLAY_ONLY = process.env.PAU_EXTENSION_REPLAY_ONLY === '1';
const GOALS = { activationMs: 100, extensionBundleBytes: 1.5 * 1024 * 1024, replayNewPanelMs: 500, scrollP95FrameMs: 25, firstAheadMs: 150, firstColdMs: 400 };
const PROBES = 1000;

const size = (path: string) => statSync(path, { throwIfNoEntry: false })?.size ?? null;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

/** A real offline session of seqs.dedupe, from the CLI: the template of the big sessions. */
function cliSession(workspace: string): SessionFile {
  const real = JSON.parse(
    execFileSync(process.execPath, [join(REPO_ROOT, 'dist', 'cli.js'), 'probe', `${join(workspace, 'seqs.py')}:dedupe`, '--offline', '--json'], {
      cwd: workspace,
      encoding: 'utf8',
      timeout: 60_000,
      maxBuffer: 64 * 1024 * 1024,
    }),
  ) as SessionFile;
  if (real.probes.length === 0) throw new Error('the CLI session has no probes to multiply');
  return real;
}

/**
 * A session of `count` probes: the real one's probes cycled with fresh inputs. Every output
 * carries `tag`, so that a replay is seen to be done only when this session's last row shows.
 */
function bigSession(workspace: string, real: SessionFile, count: number, tag: string): { path: string; session: SessionFile } {
  const probes = Array.from({ length: count }, (_, i) => {
    const base = real.probes[i % real.probes.length]!;
    const repr = `[${i}, ${i % 7}, '${tag}-${i}']`;
    return {
      ...base,
      index: i,
      args: [`[${i}, ${i % 7}, ${i}, '${tag}-${i}']`],
      result: { ...base.result, status: 'returned' as const, value: { type: 'list', repr, truncated: false } },
    };
  });
  const session: SessionFile = { ...real, probes, hypotheses: [] };
  const path = join(workspace, `replay-${count}-${tag}.session.json`);
  writeFileSync(path, JSON.stringify(session));
  return { path, session };
}

/**
 * The .vsix as `npm run package` builds it (minified bundles, no source maps), copied aside;
 * then dist/ is built again as the tests build it, so that the end-to-end suite does not pack
 * the minified bundles. Returns the copy's path and the packaged bundles' sizes.
 */
const BUNDLES = ['dist/extension.cjs', 'dist/backend.js', 'dist/webview.js', 'dist/cli.js', '.vsix'] as const;

function packagedVsix(): { vsix: string; bundles: Record<(typeof BUNDLES)[number], number | null> } {
  const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: REPO_ROOT, stdio: 'ignore', timeout: 300_000 });
  run('npm', ['run', 'package']);
  mkdirSync(join(VSIX_PATH, '..'), { recursive: true });
  const vsix = join(VSIX_PATH, '..', 'pau-probe-packaged.vsix');
  copyFileSync(join(REPO_ROOT, 'dist', 'pau-probe.vsix'), vsix);
  const bundles = Object.fromEntries(BUNDLES.map((f) => [f, size(f === '.vsix' ? vsix : join(REPO_ROOT, f))])) as Record<
    (typeof BUNDLES)[number],
    number | null
  >;
  run(process.execPath, ['esbuild.mjs']);
  return { vsix, bundles };
}

/**
 * A do-nothing extension that activates on the same event and requires `vscode`: what any
 * extension pays in this host, to read our activation time against. Its one command opens an
 * empty webview panel beside the editor as ours opens (its page stamps when it ran, the handler
 * when it was called): the editor's own cost of a new panel, the floor of a replay into one.
 */
function baselineVsix(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pau-bench-baseline-'));
  const manifest = {
    name: 'pau-bench-baseline',
    displayName: 'PAU Bench Baseline',
    publisher: 'pau-bench',
    version: '0.0.1',
    license: 'MIT',
    engines: { vscode: '^1.100.0' },
    activationEvents: ['onLanguage:python'],
    main: './extension.js',
    contributes: { commands: [{ command: 'pauBenchBaseline.emptyPanel', title: EMPTY_PANEL_COMMAND }] },
  };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
  writeFileSync(
    join(dir, 'extension.js'),
    `const vscode = require('vscode');
exports.activate = (context) => {
  context.subscriptions.push(vscode.commands.registerCommand('pauBenchBaseline.emptyPanel', () => {
    const calledAt = Date.now();
    const panel = vscode.window.createWebviewPanel('pauBenchEmpty', 'Empty Bench Panel', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, { enableScripts: true });
    panel.webview.html = '<!DOCTYPE html><html><body><div id="${EMPTY_PANEL_ID}" data-called-at="' + calledAt + '">empty</div>' +
      '<script>document.getElementById("${EMPTY_PANEL_ID}").dataset.ranAt = String(performance.timeOrigin + performance.now());</script></body></html>';
  }));
};
exports.deactivate = () => {};
`,
  );
  writeFileSync(join(dir, 'LICENSE'), 'MIT\n');
  writeFileSync(join(dir, 'README.md'), 'A do-nothing extension for the activation benchmark.\n');
  const out = join(dir, 'baseline.vsix');
  execFileSync(join(REPO_ROOT, 'node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '--allow-missing-repository', '--out', out], {
    cwd: dir,
    stdio: 'ignore',
  });
  return out;
}

/**
 * Activation time as VS Code measured it: "Developer: Show Running Extensions" lists it per
 * extension, and it includes loading the extension's code (require of dist/extension.cjs).
 */
async function activationFromRunningExtensions(s: EditorSession, extension = /PAU Probe|pau-probe/): Promise<number | null> {
  await s.wb.runCommand('Developer: Show Running Extensions');
  const text = await waitUntil('PAU Probe in the running extensions list', 20_000, async () => {
    const rows = await s.wb.page.locator('.runtime-extensions-editor .monaco-list-row').allTextContents();
    return rows.find((r) => extension.test(r));
  }).catch(() => null);
  await s.wb.page.keyboard.press('Control+W').catch(() => undefined);
  const ms = text ? /(\d+(?:\.\d+)?)\s*ms/.exec(text)?.[1] : undefined;
  return ms ? Number(ms) : null;
}

/** Activation time as the extension logged it (a line like "activated in 12.3 ms"), if it does. */
function activationFromLog(s: EditorSession): number | null {
  const m = /activat\w*[^\n]*?(\d+(?:\.\d+)?)\s*ms/i.exec(s.extensionLog());
  return m ? Number(m[1]) : null;
}

/**
 * Runs the replay command on `path` and returns ms from Enter in the file dialog to the
 * session's last row on screen with status "replay". Each step waits for the event itself,
 * not for a time: the extension's log line that it is replaying this file (else: the
 * notification that refused it, or the dialog still holding the path), then, inside the
 * panel, the DOM change that shows the last row (a MutationObserver, which stamps the time).
 */
async function timeReplay(s: EditorSession, path: string, session: SessionFile, tag: string): Promise<{ ms: number; panel: Frame; phases: ReplayPhases }> {
  const lastIndex = session.probes.at(-1)?.index;
  if (lastIndex === undefined) throw new Error(`${path} has no probes`);
  const replaying = `Replaying ${path} (`;
  const before = s.extensionLog().split(replaying).length;
  await s.wb.runCommand('PAU: Open Session (Replay)');
  await s.wb.answerQuickInput(path, { enter: false });
  const t0 = Date.now();
  await s.wb.page.keyboard.press('Enter');
  await waitUntil(`the extension to log "${replaying}…"`, 30_000, async () => {
    if (s.extensionLog().split(replaying).length > before) return true;
    const refused = (await s.wb.page.locator('.notification-toast .notification-list-item-message').allTextContents()).find((t) => t.includes(path));
    if (refused) throw new GiveUp(`the replay of ${path} was refused: ${refused}`);
    return undefined;
  }).catch(async (error: Error) => {
    const dialog = (await s.wb.quickInputBox.isVisible()) ? await s.wb.quickInputBox.inputValue() : undefined;
    throw new Error(`${error.message}${dialog === undefined ? '' : `; the file dialog is still open, holding "${dialog}"`}`);
  });
  const panel = await s.wb.panelFrame(30_000, `PAU Probe: ${session.target.qualname}`);
  // No named function inside: tsx would wrap it in a helper (__name) the page does not have.
  const shownAt = await panel.evaluate(
    ([row, output, status, last, mark, timeoutMs]) =>
      new Promise<number>((resolve, reject) => {
        const observer = new MutationObserver(() => {
          const text = document.querySelector(`${row}[data-index="${last}"] ${output}`)?.textContent ?? '';
          if (!text.includes(mark) || !/replay/i.test(document.querySelector(status)?.textContent ?? '')) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve(Date.now());
        });
        const timer = setTimeout(() => {
          observer.disconnect();
          const rows = [...document.querySelectorAll(row)].map((r) => r.getAttribute('data-index'));
          reject(
            new Error(
              `the replayed panel did not show probe ${last} (${mark}) within ${timeoutMs} ms: ` +
                `status "${document.querySelector(status)?.textContent ?? ''}", rows ${rows.at(0) ?? '-'}…${rows.at(-1) ?? '-'} of ${rows.length} in the DOM`,
            ),
          );
        }, timeoutMs);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        // The check runs on each change; this attribute is one, for a panel that shows the row already.
        document.body.dataset.benchWatch = mark;
      }),
    [byTestId('probe-row'), byTestId('probe-output'), byTestId('run-status'), String(lastIndex), `${tag}-${lastIndex}`, 30_000] as const,
  );
  // Where the time went: until the panel's frame began to load (the extension read the file, the
  // editor made the webview; the log line that the file was read is beside it), then the page's own marks
  // (webview/marks.ts): its bundle running, 'ready' posted, the session's message arrived, the
  // session drawn, and the observer seeing the last row. The frame's navigation is the editor's
  // empty page (fake.html), into which it writes ours.
  const page = await panel.evaluate((names) => {
    // The files the page fetched (through the editor's service worker), by name: from when to when.
    const files = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
      (r) => `${r.name.replace(/[?#].*$/, '').replace(/^.*\//, '')} ${Math.round(r.startTime)}–${Math.round(r.responseEnd)}`,
    );
    // No named function inside: tsx would wrap it in a helper (__name) the page does not have.
    return { origin: performance.timeOrigin, marks: names.map((name) => performance.getEntriesByName(name, 'mark').at(-1)?.startTime ?? null), files };
  }, Object.values(PAGE_MARKS));
  const mark = Object.fromEntries(Object.keys(PAGE_MARKS).map((k, i) => [k, page.marks[i] ?? null])) as Record<keyof typeof PAGE_MARKS, number | null>;
  const logged = loggedAt(s.extensionLog(), replaying);
  const between = (from: number | null, to: number | null) => (from === null || to === null ? null : Math.round(to - from));
  const seen = shownAt - page.origin;
  const phases: ReplayPhases = {
    toLogMs: logged === null ? null : logged - t0,
    toFrameMs: Math.round(page.origin - t0),
    toScriptMs: between(0, mark.script),
    toReadyMs: between(mark.script, mark.ready),
    toSessionMs: between(mark.ready, mark.sessionReceived),
    toDrawnMs: between(mark.sessionReceived, mark.sessionDrawn),
    toSeenMs: between(mark.sessionDrawn, seen),
    loadMs: between(0, mark.load),
    files: page.files,
  };
  return { ms: shownAt - t0, panel, phases };
}

/**
 * A replay into a new panel in parts (ms), null where a clock gave no time: from Enter in the
 * dialog until the frame's navigation, then the page's marks one after the other. Beside them:
 * toLogMs, from Enter to the log line that the file was read, and loadMs, the page's load event
 * from the navigation (the editor forwards the host's messages once it has fired, or 200 ms after
 * it wrote the page).
 */
interface ReplayPhases {
  toLogMs: number | null;
  toFrameMs: number;
  toScriptMs: number | null;
  toReadyMs: number | null;
  toSessionMs: number | null;
  toDrawnMs: number | null;
  toSeenMs: number | null;
  loadMs: number | null;
  /** The page's fetches: "name start–end" (ms from the frame's navigation). */
  files: string[];
}

/** The epoch ms of the last log line holding `text` (the log's own "YYYY-MM-DD hh:mm:ss.mmm" stamp, local time). */
function loggedAt(log: string, text: string): number | null {
  const line = log
    .split('\n')
    .filter((l) => l.includes(text))
    .at(-1);
  const stamp = line?.match(/^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)\.(\d{3})/);
  if (!stamp) return null;
  const [y, mo, d, h, mi, sec, ms] = stamp.slice(1).map(Number) as [number, number, number, number, number, number, number];
  return new Date(y, mo - 1, d, h, mi, sec, ms).getTime();
}

function replayPhasesText(phases: ReplayPhases[]): string {
  const text = (p: ReplayPhases) =>
    `${[p.toFrameMs, p.toScriptMs, p.toReadyMs, p.toSessionMs, p.toDrawnMs, p.toSeenMs].map((ms) => ms ?? '?').join(' + ')} ` +
    `(file read ${p.toLogMs ?? '?'}; load ${p.loadMs ?? '?'}; fetched ${p.files.join(', ')})`;
  return (
    "replay into a new panel, each run as ms until the panel's frame began to load + until the page's bundle ran + until it posted 'ready' + " +
    'until the session arrived + until it was drawn + until the observer saw the last row (beside: the log line that the file was read, ' +
    `from Enter; the page's load event and its fetches, from the frame's start): ${phases.map(text).join('; ')}`
  );
}

/** VS Code's activation figures of one load of the window: ours, and the do-nothing extension's in the same host. */
interface LoadActivations {
  ours: number | null;
  baseline: number | null;
}

async function activationsOfThisLoad(s: EditorSession): Promise<LoadActivations> {
  return { ours: await activationFromRunningExtensions(s), baseline: await activationFromRunningExtensions(s, /PAU Bench Baseline/) };
}

/** Each extension's samples over the loads (those VS Code gave no figure for left out) and their medians. */
function activationSamples(loads: LoadActivations[]) {
  const ours = loads.map((l) => l.ours).filter((ms): ms is number => ms !== null);
  const baseline = loads.map((l) => l.baseline).filter((ms): ms is number => ms !== null);
  return { ours, baseline, oursMedian: ours.length > 0 ? median(ours) : null, baselineMedian: baseline.length > 0 ? median(baseline) : null };
}

/**
 * VS Code's activation figures after each of `reloads` reloads of the window (the extension host
 * starts again and activates both extensions when the restored Python editor opens).
 */
async function activationsAfterReloads(s: EditorSession, reloads: number): Promise<LoadActivations[]> {
  const out: LoadActivations[] = [];
  for (let i = 0; i < reloads; i++) {
    const page = s.wb.page;
    const reloaded = page.waitForEvent('framenavigated', { predicate: (f) => f === page.mainFrame(), timeout: 60_000 });
    await s.wb.runCommand('Developer: Reload Window');
    await reloaded;
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: 60_000 });
    await s.wb.openFile('text.py');
    await s.wb.codeLens('slugify');
    out.push(await activationsOfThisLoad(s));
  }
  return out;
}

const EMPTY_PANEL_COMMAND = 'PAU Bench Baseline: Open Empty Panel';
const EMPTY_PANEL_ID = 'pau-bench-empty';

/**
 * The editor's own cost of a new webview panel: the do-nothing extension's empty panel, from its
 * command handler to its page's script, each time after closing every editor (as the replays do).
 */
async function emptyPanels(s: EditorSession, count: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    await s.wb.runCommand('View: Close All Editors');
    await s.wb.runCommand(EMPTY_PANEL_COMMAND);
    const stamps = await waitUntil('the empty bench panel to run its script', 30_000, async () => {
      for (const frame of s.wb.page.frames()) {
        const el = await frame.$(`#${EMPTY_PANEL_ID}`).catch(() => null);
        const stamp = await el?.evaluate((e) => [Number((e as HTMLElement).dataset.calledAt), Number((e as HTMLElement).dataset.ranAt)]).catch(() => undefined);
        if (stamp && stamp[1]) return stamp;
      }
      return undefined;
    });
    out.push(Math.round(stamps[1]! - stamps[0]!));
  }
  await s.wb.runCommand('View: Close All Editors');
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Scrolls as scrollFrameTimes does while one busy process per core spins beside the editor
 * (the goal holds "under load too"): the frame times under load, and the burners' count.
 */
async function scrollUnderLoad(panel: Frame): Promise<{ frames: number[]; burners: number }> {
  const burners = Array.from({ length: availableParallelism() }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  try {
    await sleep(500); // the burners are spinning
    return { frames: await scrollFrameTimes(panel), burners: burners.length };
  } finally {
    for (const b of burners) b.kill('SIGKILL');
  }
}

/**
 * One offline run of `fn` from the command palette, with or without a worker started ahead
 * (the cursor rests in the def first either way): the milliseconds from the command's handler
 * to the run's first probe, as the extension logs them (webview rendering not included).
 */
async function firstProbe(s: EditorSession, file: string, fn: string, ahead: boolean): Promise<number> {
  s.updateSettings({ 'pau.prestartWorker': ahead });
  await sleep(500); // VS Code reads the settings file
  await s.wb.openFile(file);
  const lines = readFileSync(join(s.workspace, file), 'utf8').split('\n');
  const startedBefore = s.extensionLog().split(`Started a worker ahead for ${fn} `).length;
  await s.wb.goToLine(lines.findIndex((l) => l.startsWith(`def ${fn}(`)) + 2);
  if (ahead)
    await waitUntil(`a worker started ahead for ${fn}`, 15_000, () => s.extensionLog().split(`Started a worker ahead for ${fn} `).length > startedBefore);
  await sleep(1500); // the worker is up well before this (its start is ~0.1–0.2 s)
  const pattern = new RegExp(`First probe of ${fn} (\\d+) ms after the run was asked for( \\(worker started ahead\\))?`, 'g');
  const seen = [...s.extensionLog().matchAll(pattern)].length;
  await s.wb.runCommand('PAU: Probe with Offline Explorer');
  const line = await waitUntil(`the first probe of ${fn}`, 30_000, () => [...s.extensionLog().matchAll(pattern)][seen]);
  if (Boolean(line[2]) !== ahead) throw new Error(`the run ${ahead ? 'did not take' : 'took'} a worker started ahead: ${line[0]}`);
  const panel = await s.wb.panelFrame(30_000, `PAU Probe: ${fn}`);
  await waitUntil(`the run of ${fn} to end`, 60_000, async () => /done|failed|stopped/i.test((await runStatus(panel)) ?? ''));
  return Number(line[1]);
}

/**
 * Frame intervals of the same panel left still: what the page's frames take with no scroll
 * (the scrolling figure's baseline in the same run).
 */
async function stillFrameTimes(panel: Frame): Promise<number[]> {
  return panel.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    const deltas: number[] = [];
    let last = performance.now();
    for (let i = 0; i < 120; i++) {
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      const now = performance.now();
      deltas.push(now - last);
      last = now;
    }
    return deltas;
  });
}

/** Scrolls the timeline from top to bottom, one step per animation frame; returns the frame intervals. */
async function scrollFrameTimes(panel: Frame): Promise<number[]> {
  return panel.evaluate(async (selector) => {
    const list = document.querySelector<HTMLElement>(selector);
    if (!list) throw new Error('no timeline list');
    list.scrollTop = 0;
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    const steps = 120;
    const step = (list.scrollHeight - list.clientHeight) / steps;
    const deltas: number[] = [];
    let last = performance.now();
    for (let i = 1; i <= steps; i++) {
      list.scrollTop = step * i;
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      const now = performance.now();
      deltas.push(now - last);
      last = now;
    }
    return deltas;
  }, byTestId('timeline'));
}

export async function run(): Promise<Record<string, unknown>> {
  const { vsix, bundles } = packagedVsix();
  // The harness installs the .vsix PAU_E2E_VSIX names (extension-vsix.ts).
  const testBuild = process.env.PAU_E2E_VSIX;
  process.env.PAU_E2E_VSIX = vsix;
  const s = await startEditor({ theme: 'dark', settings: { 'pau.baseUrl': undefined }, extraVsix: [baselineVsix()] }).finally(() => {
    if (testBuild === undefined) delete process.env.PAU_E2E_VSIX;
    else process.env.PAU_E2E_VSIX = testBuild;
  });
  try {
    // Activation happens when a Python file opens (onLanguage:python); CodeLens proves it finished.
    await s.wb.openFile('text.py');
    await s.wb.codeLens('slugify');
    const activationLogged = activationFromLog(s);
    // Both extensions on this load and after each reload: the floor is sampled as ours is.
    const firstLoad = await activationsOfThisLoad(s);

    const real = cliSession(s.workspace);
    // A new panel each time (the one before closed): one sample alone moved by a second under load.
    const coldRuns: number[] = [];
    const coldPhases: ReplayPhases[] = [];
    let panel: Frame | undefined;
    for (let i = 0; i < NEW_PANEL_REPLAYS; i++) {
      if (panel) await s.wb.runCommand('View: Close All Editors');
      const next = bigSession(s.workspace, real, PROBES, `cold${i}`);
      const r = await timeReplay(s, next.path, next.session, `cold${i}`);
      coldRuns.push(r.ms);
      coldPhases.push(r.phases);
      panel = r.panel;
    }
    const cold = { ms: median(coldRuns) };
    if (REPLAY_ONLY) {
      const empty = await emptyPanels(s, NEW_PANEL_REPLAYS);
      const loads = [firstLoad, ...(await activationsAfterReloads(s, ACTIVATIONS - 1))];
      const a = activationSamples(loads);
      console.log(
        `replay ${PROBES} probes, new panel: median ${cold.ms} ms of ${coldRuns.join(', ')}; ` +
          `an empty panel of a do-nothing extension, from its command's handler to its page's script: median ${median(empty)} ms of ${empty.join(', ')}; ` +
          `activation (VS Code) median ${a.oursMedian ?? 'n/a'} ms of ${a.ours.join(', ')}; a do-nothing extension, same loads: median ${a.baselineMedian ?? 'n/a'} ms of ${a.baseline.join(', ')}`,
      );
      console.log(replayPhasesText(coldPhases));
      return {
        replay1000: { coldMs: cold.ms, coldRunsMs: coldRuns, coldPhases, emptyPanelMs: empty },
        activationMs: loads.map((l) => l.ours),
        doNothingActivationMs: loads.map((l) => l.baseline),
        goals: [],
      };
    }
    const warm: number[] = [];
    for (let i = 0; i < 3; i++) {
      const next = bigSession(s.workspace, real, PROBES, `warm${i}`);
      const r = await timeReplay(s, next.path, next.session, `warm${i}`);
      warm.push(r.ms);
      panel = r.panel;
    }
    if (!panel) throw new Error('no panel was replayed into');
    const count = await panel.locator(byTestId('timeline')).getAttribute('data-count');
    const status = await runStatus(panel);
    const rendered = await panel.locator(byTestId('probe-row')).count();
    const still = await stillFrameTimes(panel);
    const frames = await scrollFrameTimes(panel);
    const loaded = await scrollUnderLoad(panel);
    const empty = await emptyPanels(s, NEW_PANEL_REPLAYS);

    // Command to first probe, cold and with the worker started ahead, alternating.
    await firstProbe(s, 'mathx.py', 'gcd', false); // warm-up: loads the engine bundle
    const firstCold: number[] = [];
    const firstAhead: number[] = [];
    for (let i = 0; i < 3; i++) {
      firstCold.push(await firstProbe(s, 'mathx.py', i % 2 ? 'gcd' : 'clamp', false));
      firstAhead.push(await firstProbe(s, 'mathx.py', i % 2 ? 'clamp' : 'gcd', true));
    }

    // More activations, each after a reload of the window: one sample moved by 50 ms between runs.
    const sampled = activationSamples([firstLoad, ...(await activationsAfterReloads(s, ACTIVATIONS - 1))]);
    const activations = sampled.ours;
    const activationMedian = sampled.oursMedian;
    const activationBaseline = sampled.baselineMedian;
    const figures = {
      activationMs: {
        vscode: activationMedian,
        vscodeSamples: activations,
        logged: activationLogged,
        doNothingExtension: activationBaseline,
        doNothingSamples: sampled.baseline,
      },
      bundleBytes: bundles,
      replay1000: {
        coldMs: cold.ms,
        coldRunsMs: coldRuns,
        coldPhases,
        emptyPanelMs: empty,
        warmMedianMs: median(warm),
        warmMs: warm,
        probesInList: count === null ? null : Number(count),
        rowsInDom: rendered,
        status,
      },
      scroll: {
        frames: frames.length,
        medianFrameMs: Number(median(frames).toFixed(1)),
        p95FrameMs: Number(percentile(frames, 95).toFixed(1)),
        maxFrameMs: Number(Math.max(...frames).toFixed(1)),
        framesOver50ms: frames.filter((d) => d > 50).length,
        stillP95FrameMs: Number(percentile(still, 95).toFixed(1)),
        underLoad: {
          burners: loaded.burners,
          medianFrameMs: Number(median(loaded.frames).toFixed(1)),
          p95FrameMs: Number(percentile(loaded.frames, 95).toFixed(1)),
          maxFrameMs: Number(Math.max(...loaded.frames).toFixed(1)),
        },
      },
      firstProbe: { coldMs: firstCold, aheadMs: firstAhead, coldMedianMs: median(firstCold), aheadMedianMs: median(firstAhead) },
      goalValues: GOALS,
    };

    const kb = (b: number | null) => (b === null ? 'missing' : `${(b / 1024).toFixed(1)} KB`);
    const verdict = (ok: boolean | null) => (ok === null ? '?' : ok ? 'ok' : 'OVER');
    const activation = activationMedian ?? activationLogged;
    const rows: [string, string, string, string][] = [
      [
        `activation incl. loading the bundle (VS Code, median of ${activations.length})`,
        activationMedian === null ? 'n/a' : `${activationMedian} ms (${activations.join(', ')})`,
        '≤ 100 ms',
        verdict(activationMedian === null ? null : activationMedian <= GOALS.activationMs),
      ],
      [
        `activation of a do-nothing extension, same host and loads (floor, median of ${sampled.baseline.length})`,
        activationBaseline === null ? 'n/a' : `${activationBaseline} ms (${sampled.baseline.join(', ')})`,
        '',
        '',
      ],
      [
        'activate() call (extension log)',
        activationLogged === null ? 'n/a' : `${activationLogged} ms`,
        '≤ 100 ms',
        verdict(activationLogged === null ? null : activationLogged <= GOALS.activationMs),
      ],
      [
        'dist/extension.cjs',
        kb(bundles['dist/extension.cjs']),
        '< 1536 KB',
        verdict(bundles['dist/extension.cjs'] === null ? null : bundles['dist/extension.cjs'] < GOALS.extensionBundleBytes),
      ],
      ['dist/backend.js (loaded on the first command)', kb(bundles['dist/backend.js']), '', ''],
      ['dist/webview.js', kb(bundles['dist/webview.js']), '', ''],
      ['dist/cli.js', kb(bundles['dist/cli.js']), '', ''],
      ['.vsix', kb(bundles['.vsix']), '', ''],
      [
        `replay ${PROBES} probes, new panel (median of ${coldRuns.length})`,
        `${cold.ms} ms`,
        `≤ ${GOALS.replayNewPanelMs} ms`,
        verdict(cold.ms <= GOALS.replayNewPanelMs),
      ],
      [`an empty panel of a do-nothing extension (floor; median of ${empty.length})`, `${median(empty)} ms`, '', ''],
      [`replay ${PROBES} probes, open panel (median of 3)`, `${median(warm)} ms`, '', ''],
      ['command to first row, cold (median of 3)', `${median(firstCold)} ms`, `≤ ${GOALS.firstColdMs} ms`, verdict(median(firstCold) <= GOALS.firstColdMs)],
      [
        'command to first row, worker started ahead (median of 3)',
        `${median(firstAhead)} ms`,
        `≤ ${GOALS.firstAheadMs} ms`,
        verdict(median(firstAhead) <= GOALS.firstAheadMs),
      ],
      ['rows in the DOM / probes in the list', `${rendered} / ${count}`, 'windowed', ''],
      [
        'scroll: median / p95 / max frame',
        `${figures.scroll.medianFrameMs} / ${figures.scroll.p95FrameMs} / ${figures.scroll.maxFrameMs} ms`,
        `p95 ≤ ${GOALS.scrollP95FrameMs} ms`,
        verdict(figures.scroll.p95FrameMs <= GOALS.scrollP95FrameMs),
      ],
      ['the same panel left still: p95 frame (baseline)', `${figures.scroll.stillP95FrameMs} ms`, '', ''],
      [
        `scroll under load (${loaded.burners} busy processes): median / p95 / max`,
        `${figures.scroll.underLoad.medianFrameMs} / ${figures.scroll.underLoad.p95FrameMs} / ${figures.scroll.underLoad.maxFrameMs} ms`,
        `p95 ≤ ${GOALS.scrollP95FrameMs} ms`,
        verdict(figures.scroll.underLoad.p95FrameMs <= GOALS.scrollP95FrameMs),
      ],
    ];
    const width = rows.reduce((w, r) => Math.max(w, r[0].length), 0);
    console.log(`| ${'measure'.padEnd(width)} | value                    | goal      |      |`);
    console.log(`|${'-'.repeat(width + 2)}|--------------------------|-----------|------|`);
    for (const r of rows) console.log(`| ${r[0].padEnd(width)} | ${r[1].padEnd(24)} | ${r[2].padEnd(9)} | ${r[3].padEnd(4)} |`);
    console.log(replayPhasesText(coldPhases));
    if (activation === null) console.log('(activation time not found: neither the Running Extensions view nor the log gave it)');
    const bundle = bundles['dist/extension.cjs'];
    const goals: Goal[] = [
      {
        figure: 'activation of the packaged extension, bundle load included',
        value:
          activation === null
            ? 'n/a'
            : activationMedian === null
              ? `${activation} ms (the extension's log)`
              : `${activation} ms (median of ${activations.join(', ')})`,
        goal: `≤ ${GOALS.activationMs} ms`,
        met: activation === null ? null : activation <= GOALS.activationMs,
        ...(activationBaseline === null
          ? {}
          : { baseline: `${activationBaseline} ms (median of ${sampled.baseline.join(', ')}): a do-nothing extension, same host and loads` }),
      },
      { figure: 'dist/extension.cjs', value: kb(bundle), goal: '< 1536 KB', met: bundle === null ? null : bundle < GOALS.extensionBundleBytes },
      {
        figure: `replay ${PROBES} probes, new panel`,
        value: `${cold.ms} ms (median of ${coldRuns.length} new panels)`,
        goal: `≤ ${GOALS.replayNewPanelMs} ms`,
        met: cold.ms <= GOALS.replayNewPanelMs,
        baseline: `the same ${PROBES} probes into the open panel: ${median(warm)} ms (median of 3); an empty panel of a do-nothing extension, from its command to its page's script: ${median(empty)} ms (median of ${empty.length})`,
      },
      {
        figure: `scrolling ${PROBES.toLocaleString('en')} rows, p95 frame`,
        value: `${figures.scroll.p95FrameMs} ms (median ${figures.scroll.medianFrameMs} ms)`,
        goal: `p95 frame ≤ ${GOALS.scrollP95FrameMs} ms, under load too`,
        met: figures.scroll.p95FrameMs <= GOALS.scrollP95FrameMs,
        baseline: `the same panel left still: p95 frame ${figures.scroll.stillP95FrameMs} ms`,
      },
      {
        figure: `scrolling ${PROBES.toLocaleString('en')} rows under load (one busy process per core), p95 frame`,
        value: `${figures.scroll.underLoad.p95FrameMs} ms (median ${figures.scroll.underLoad.medianFrameMs} ms)`,
        goal: `p95 frame ≤ ${GOALS.scrollP95FrameMs} ms`,
        met: figures.scroll.underLoad.p95FrameMs <= GOALS.scrollP95FrameMs,
        baseline: `the same scroll without the busy processes: p95 ${figures.scroll.p95FrameMs} ms`,
      },
      {
        figure: 'command to first row, offline run, worker pre-started',
        value: `${median(firstAhead)} ms (median of 3)`,
        goal: `≤ ${GOALS.firstAheadMs} ms`,
        met: median(firstAhead) <= GOALS.firstAheadMs,
        baseline: `cold in the same run: ${median(firstCold)} ms`,
      },
      {
        figure: 'command to first row, cold',
        value: `${median(firstCold)} ms (median of 3)`,
        goal: `≤ ${GOALS.firstColdMs} ms`,
        met: median(firstCold) <= GOALS.firstColdMs,
        baseline: `worker pre-started in the same run: ${median(firstAhead)} ms`,
      },
    ];
    return { ...figures, goals };
  } finally {
    await s.close();
  }
}
