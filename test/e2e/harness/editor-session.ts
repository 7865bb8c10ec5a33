// One real editor for a test file: a fresh copy of examples/ as the workspace, a fresh
// user-data-dir with settings, the extension's .vsix installed into a fresh extensions
// dir, code-server on a free port, Chromium on the workbench, and (optionally) the
// scripted LLM server. `close()` takes all of it down; so does the test process's exit.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { startScriptedServer, type Script, type ScriptedServer } from '../../support/llm-server.js';
import { processesMatching, startEnvironment, type ProcInfo } from '../../support/processes.js';
import { installExtension, REPO_ROOT, startCodeServer, type CodeServer } from './code-server.js';
import { ensureVsix, extensionIdentity } from './extension-vsix.js';
import { launchChromium, Workbench } from './workbench.js';

export const FAILURES_DIR = join(REPO_ROOT, 'test', 'e2e', '.work', 'failures');
export const SCREENSHOTS_DIR = join(REPO_ROOT, 'test', 'e2e', 'screenshots');

export interface EditorOptions {
  theme?: 'light' | 'dark';
  /** Extra user settings, over the defaults below (undefined removes a default). */
  settings?: Record<string, unknown>;
  /** Start the scripted LLM server with this script and point pau.baseUrl at it. */
  llm?: Script;
  env?: NodeJS.ProcessEnv;
  /**
   * A bundled test module (CommonJS, exporting `run()`) for the extension host to run, as
   * VS Code's `extensionTestsPath`, with the installed extension as the one in development.
   */
  extensionTests?: string;
  /** More .vsix files to install beside ours (the extension bench's do-nothing baseline, the scripted chat model). */
  extraVsix?: string[];
  /** More code-server options (e.g. --enable-proposed-api for a test extension). */
  codeServerArgs?: string[];
}

export interface EditorSession {
  workspace: string;
  userDataDir: string;
  /** Where the extension was installed (contains dist/python/ with the worker). */
  extensionDir: string;
  wb: Workbench;
  server: CodeServer;
  llm?: ScriptedServer;
  /** The browser console so far (the extension host's console.log lands there too). */
  console: string[];
  /**
   * Opens `relativeFile` and clicks the CodeLens "Probe" above `def functionName` until the
   * panel "PAU Probe: <functionName>" or a notification appears.
   */
  clickProbeLens(relativeFile: string, functionName: string): Promise<void>;
  /** Runs "PAU: Set API Key" and types `key` into its password box, as a user would. */
  setApiKey(key: string): Promise<void>;
  /** Changes user settings while the editor runs (VS Code watches the file and applies them). */
  updateSettings(changes: Record<string, unknown>): void;
  /** The extension's LogOutputChannel file ("PAU Probe.log"), or '' when it has none yet. */
  extensionLog(): string;
  /** Saves a screenshot, the extension's log and code-server's logs under test/e2e/.work/failures/<label>/. */
  dumpArtifacts(label: string): Promise<string>;
  close(): Promise<void>;
}

/** The worker processes of this editor's extension (`python -m pau_probe.worker`, PYTHONPATH in its dist/). */
export function workerProcesses(s: EditorSession): ProcInfo[] {
  return processesMatching('pau_probe.worker').filter((p) => startEnvironment(p.pid).includes(s.extensionDir));
}

export function python3(): string {
  return execFileSync('sh', ['-c', 'command -v python3'], { encoding: 'utf8' }).trim();
}

function defaultSettings(theme: 'light' | 'dark'): Record<string, unknown> {
  return {
    // A trusted workspace, and a quiet editor with nothing else that opens or phones home.
    'security.workspace.trust.enabled': false,
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'workbench.colorTheme': theme === 'light' ? 'Default Light Modern' : 'Default Dark Modern',
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'extensions.ignoreRecommendations': true,
    'git.enabled': false,
    'files.autoSave': 'off',
    'editor.minimap.enabled': false,
    // Nothing that moves the text after a scroll: the tests click CodeLenses by position.
    'editor.stickyScroll.enabled': false,
    'editor.smoothScrolling': false,
    'python.defaultInterpreterPath': python3(),
    'pau.pythonPath': python3(),
    // Off unless a test is about it: a worker started ahead would count in the process checks.
    'pau.prestartWorker': false,
  };
}

/** Newest file named `name` under `dir`, or undefined. */
function findNewest(dir: string, name: string): string | undefined {
  let best: { path: string; mtime: number } | undefined;
  const walk = (d: string) => {
    let entries: string[] = [];
    try {
      entries = readdirSync(d);
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(d, e);
      const st = statSync(p, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory()) walk(p);
      else if (e === name && (!best || st.mtimeMs > best.mtime)) best = { path: p, mtime: st.mtimeMs };
    }
  };
  walk(dir);
  return best?.path;
}

/** Temp folders of editors not closed yet: removed when the test process exits anyway. */
const liveRoots = new Set<string>();
process.on('exit', () => {
  for (const root of liveRoots) rmSync(root, { recursive: true, force: true });
});

export async function startEditor(options: EditorOptions = {}): Promise<EditorSession> {
  const theme = options.theme ?? 'dark';
  const root = mkdtempSync(join(tmpdir(), 'pau-e2e-'));
  liveRoots.add(root);
  const workspace = join(root, 'workspace');
  const userDataDir = join(root, 'user-data');
  const extensionsDir = join(root, 'extensions');
  cpSync(join(REPO_ROOT, 'examples'), workspace, { recursive: true, filter: (src) => !src.includes('__pycache__') });

  let llm: ScriptedServer | undefined;
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    await llm?.close();
    rmSync(root, { recursive: true, force: true });
    liveRoots.delete(root);
  };

  try {
    if (options.llm) llm = await startScriptedServer(options.llm);
    const settings: Record<string, unknown> = {
      ...defaultSettings(theme),
      ...(llm ? { 'pau.baseUrl': llm.url, 'pau.model': 'scripted' } : {}),
      ...options.settings,
    };
    for (const [k, v] of Object.entries(settings)) if (v === undefined) delete settings[k];
    // User settings; code-server's windows are remote windows, which read machine-scoped
    // settings (pau.baseUrl is one) from the remote's Machine settings: write both.
    const writeSettings = () => {
      for (const scope of ['User', 'Machine']) {
        mkdirSync(join(userDataDir, scope), { recursive: true });
        writeFileSync(join(userDataDir, scope, 'settings.json'), JSON.stringify(settings, null, 2));
      }
    };
    writeSettings();

    installExtension(ensureVsix(), extensionsDir, userDataDir);
    for (const vsix of options.extraVsix ?? []) installExtension(vsix, extensionsDir, userDataDir);
    const installed = readdirSync(extensionsDir).filter((d) => d.startsWith(extensionIdentity().id + '-'));
    if (installed.length !== 1)
      throw new Error(`expected one ${extensionIdentity().id} in ${extensionsDir} after installing the .vsix, found: ${readdirSync(extensionsDir).join(', ')}`);
    const extensionDir = join(extensionsDir, installed[0]!);

    server = await startCodeServer({
      workspace,
      userDataDir,
      extensionsDir,
      logFile: join(root, 'code-server.log'),
      // A test extension's chat model (test/e2e/scripted-model) forwards to the scripted server.
      env: { ...(llm ? { PAU_SCRIPTED_LLM_URL: llm.url } : {}), ...options.env },
      ...(options.codeServerArgs ? { extraArgs: options.codeServerArgs } : {}),
    });
    browser = await launchChromium();
    let url = server.url;
    if (options.extensionTests) {
      // The web workbench reads development options from its `payload` parameter; paths are
      // on the remote (code-server's) side.
      const remote = (path: string) => `vscode-remote://${new URL(server!.origin).host}${path}`;
      const payload = [
        ['extensionDevelopmentPath', remote(extensionDir)],
        ['extensionTestsPath', remote(options.extensionTests)],
      ];
      url += `&payload=${encodeURIComponent(JSON.stringify(payload))}`;
    }
    const consoleLines: string[] = [];
    const wb = await Workbench.open(browser, url, theme, (line) => consoleLines.push(line));
    const session: EditorSession = {
      workspace,
      userDataDir,
      extensionDir,
      wb,
      server,
      llm,
      console: consoleLines,
      clickProbeLens: async (relativeFile, functionName) => {
        await wb.openFile(relativeFile);
        const lines = readFileSync(join(workspace, relativeFile), 'utf8').split('\n');
        const def = lines.findIndex((l) => new RegExp(`^\\s*(async\\s+)?def\\s+${functionName}\\b`).test(l));
        if (def < 0) throw new Error(`no def ${functionName} in ${relativeFile}`);
        const panelTab = wb.page.locator('.tab.active', { hasText: `PAU Probe: ${functionName}` });
        const toast = wb.page.locator('.notification-toast', { hasText: 'endpoint' }); // the no-endpoint question
        await wb.clickCodeLens(functionName, async () => (await panelTab.count()) > 0 || (await toast.count()) > 0, { line: def + 1 });
      },
      setApiKey: async (key) => {
        await wb.runCommand('PAU: Set API Key');
        await wb.answerQuickInput(key, { expectPassword: true });
        await wb.quickInputBox.waitFor({ state: 'hidden', timeout: 10_000 });
      },
      updateSettings: (changes) => {
        Object.assign(settings, changes);
        writeSettings();
      },
      extensionLog: () => {
        const file = findNewest(join(userDataDir, 'logs'), 'PAU Probe.log');
        return file ? readFileSync(file, 'utf8') : '';
      },
      dumpArtifacts: async (label) => {
        const dir = join(FAILURES_DIR, label.replace(/[^\w.-]+/g, '-'));
        mkdirSync(dir, { recursive: true });
        await wb.page.screenshot({ path: join(dir, 'screenshot.png') }).catch(() => undefined);
        writeFileSync(join(dir, 'pau-probe.log'), session.extensionLog());
        const exthost = findNewest(join(userDataDir, 'logs'), 'remoteexthost.log');
        if (exthost) cpSync(exthost, join(dir, basename(exthost)));
        if (existsSync(join(root, 'code-server.log'))) cpSync(join(root, 'code-server.log'), join(dir, 'code-server.log'));
        writeFileSync(join(dir, 'browser-console.log'), consoleLines.join('\n'));
        if (llm)
          writeFileSync(
            join(dir, 'llm-requests.json'),
            JSON.stringify(
              llm.requests.map((r) => ({ at: r.receivedAt, aborted: r.abortedAt, body: r.body })),
              null,
              2,
            ),
          );
        return dir;
      },
      close,
    };
    return session;
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Runs `body` with a deadline of its own, so that a stuck step fails with the step's own
 * message and the artefacts are dumped before Node's test timeout would cut it short.
 */
export async function withArtifactsOnFailure(session: EditorSession | undefined, label: string, timeoutMs: number, body: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`test "${label}" did not finish within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([body(), deadline]);
  } catch (error) {
    if (session) {
      const dir = await session.dumpArtifacts(label).catch(() => undefined);
      if (dir) writeFileSync(join(dir, 'error.txt'), error instanceof Error ? (error.stack ?? error.message) : String(error));
      const log = session.extensionLog();
      const tail = log.split('\n').slice(-30).join('\n');
      const message = error instanceof Error ? error.message : String(error);
      const extra = `\n--- artefacts: ${dir ?? '(could not save)'}\n--- last lines of the extension's log:\n${tail || '(empty)'}`;
      if (error instanceof Error) {
        error.message = message + extra;
        throw error;
      }
      throw new Error(message + extra);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The editor of a test file: started before its tests, closed after them. Returns a getter
 * that fails with a clear message when the start failed.
 */
export function editorForFile(options: EditorOptions): () => EditorSession {
  let session: EditorSession | undefined;
  before(
    async () => {
      session = await startEditor(options);
    },
    { timeout: 120_000 },
  );
  after(async () => {
    await session?.close();
  });
  return () => {
    if (!session) throw new Error('the editor did not start (see the before hook)');
    return session;
  };
}
