// Runs: one at a time. A run resolves the settings, the endpoint and the interpreter, keeps
// the document's text at its start (Insert is refused if it changes), shows the panel, the
// status bar item and a cancellable progress notification, and feeds runSession's events to
// all three. Stop (any of the three, or the command) aborts runSession's signal: the HTTP
// request and the worker die, and `stop()` resolves only once the run has ended.
import * as vscode from 'vscode';
import type { LlmConfig, RunOptions } from '../core/run-types.js';
import type { PanelState, RunStatus, WebviewMessage } from '../protocol/messages.js';
import { sessionSettings, type Settings } from './contributions/settings.js';
import { renderCall, renderOutcome } from '../core/format.js';
import type { SessionEvent, SessionFile } from '../core/session-types.js';
import { validateSession } from '../session/file.js';
import type { StartWorker } from '../core/worker-options.js';
import { ensureTrusted, type Backend, type PauContext } from './context.js';
import { errorMessage } from './log.js';
import { describeSessionError, NOTICES, problemForEvent, pythonNotFoundProblem, sessionProblem } from './notices.js';
import { notify } from './notify.js';
import { ProbePanel } from './panel.js';
import type { WorkerPrestart } from './prestart.js';
import { PythonNotFound, type Interpreter } from './python.js';
import { RunStatusBar } from './status-bar.js';
import { openSetting } from './settings.js';
import { displayPath, panelTarget, REPLAY_NOT_INSERTABLE, type RunMode, type RunRecord, type Runs, type RunTarget } from './run-record.js';

interface Prepared {
  target: RunTarget;
  mode: RunMode;
  settings: Settings;
  python: Interpreter;
  backend: Backend;
  llm: LlmConfig | undefined;
  startText: string;
  /** performance.now() when the run was asked for (the log says how long its first probe took). */
  requestedAt: number;
}

interface ActiveRun {
  target: RunTarget;
  mode: RunMode;
  controller: AbortController;
  finished: Promise<void>;
  stopReason?: string;
  probes: number;
  requestedAt: number;
  /** The run took a worker started ahead. */
  tookPrestarted: boolean;
}

export class RunController implements Runs, vscode.Disposable {
  private active: ActiveRun | undefined;
  /** Between a probe request and its run's start (questions, interpreter check, engine load). */
  private starting = false;
  private panelInstance: ProbePanel | undefined;
  private readonly statusBar = new RunStatusBar();
  private readonly changeWatch: vscode.Disposable;
  last: RunRecord | undefined;

  constructor(
    private readonly ctx: PauContext,
    /** Handles what the panel's buttons ask for (the command layer owns those actions). */
    private readonly onPanelMessage: (message: WebviewMessage) => void,
  ) {
    // Insert is refused once the document differs from the run's start: say so on the button.
    this.changeWatch = vscode.workspace.onDidChangeTextDocument((e) => {
      if (this.last?.startText !== undefined && e.document.uri.toString() === this.last.target.uri.toString()) this.publishState();
    });
  }

  get running(): boolean {
    return this.active !== undefined;
  }

  /** A run is being prepared or going. */
  get busy(): boolean {
    return this.starting || this.active !== undefined;
  }

  /** Workers started ahead (prestart-wiring.ts): a run takes one started with its options. */
  prestart: WorkerPrestart | undefined;

  get runningTarget(): RunTarget | undefined {
    return this.active?.target;
  }

  /** The panel, created (beside the editor) when needed. */
  panel(create = true): ProbePanel | undefined {
    return create ? this.openPanel() : this.panelInstance;
  }

  /** The panel, created when there is none. */
  private openPanel(): ProbePanel {
    if (this.panelInstance) return this.panelInstance;
    const panel = ProbePanel.create(this.ctx.extensionUri, this.ctx.log, this.onPanelMessage);
    this.adoptPanel(panel);
    return panel;
  }

  /** Takes over a panel (a new one, or one VS Code restored after a reload). */
  adoptPanel(panel: ProbePanel): void {
    this.panelInstance?.dispose();
    this.panelInstance = panel;
    panel.onDidDispose(() => {
      if (this.panelInstance !== panel) return;
      this.panelInstance = undefined;
      // Nothing shows the run any more: closing the panel stops it.
      if (this.active) void this.stop('the panel was closed');
    });
  }

  /** Probe one function. `mode` 'llm' asks how to proceed when no endpoint is configured. */
  async probe(target: RunTarget, requested: RunMode, checked?: (start: StartWorker) => StartWorker): Promise<void> {
    const requestedAt = performance.now();
    // The panel says "starting" at once; if the run does not start after all, it says what it said before.
    this.starting = true;
    this.publishState();
    let launched = false;
    try {
      const prepared = await this.prepare(target, requested, requestedAt);
      if (!prepared) return;
      launched = true;
      this.starting = false;
      await this.launch(prepared, checked);
    } finally {
      this.starting = false;
      if (!launched) this.publishState();
    }
  }

  /** Everything a run needs, asked for or checked; undefined when it cannot or should not start. */
  private async prepare(target: RunTarget, requested: RunMode, requestedAt: number): Promise<Prepared | undefined> {
    if (!(await ensureTrusted())) return undefined;
    const ctx = this.ctx;
    let settings = ctx.settings(target.uri);
    const mode = requested === 'offline' ? 'offline' : await ctx.endpoint.chooseMode(settings);
    if (!mode) return undefined;
    settings = ctx.settings(target.uri);

    const document = await vscode.workspace.openTextDocument(target.uri);
    if (document.isDirty && !(await saveBeforeRun(document))) return undefined;

    const python = await this.interpreter(target.uri, settings);
    if (!python) return undefined;
    await this.stop('a new run started');

    const backend = await ctx.backend();
    const llm = mode === 'llm' ? await ctx.endpoint.llm(settings) : undefined;
    if (mode === 'llm' && !llm) return undefined; // the setting was cleared meanwhile
    return { target, mode, settings, python, backend, llm, startText: document.getText(), requestedAt };
  }

  private async launch(
    { target, mode, settings, python, backend, llm, startText, requestedAt }: Prepared,
    checked: (start: StartWorker) => StartWorker = (start) => start,
  ): Promise<void> {
    const ctx = this.ctx;
    const judge = llm ? ctx.endpoint.judge(llm, settings) : undefined;
    const controller = new AbortController();

    const panel = this.openPanel();
    panel.setTitle(target.qualname);
    panel.reset({ target: panelTarget(target), mode: 'live', maxProbes: settings.maxProbes, ...(llm?.pricing ? { pricing: llm.pricing } : {}) });
    panel.problem(null);
    panel.reveal();

    const active: ActiveRun = { target, mode, controller, finished: Promise.resolve(), probes: 0, requestedAt, tookPrestarted: false };
    this.active = active;
    this.last = undefined;
    this.publishState();
    ctx.setContext('running', true);
    ctx.setContext('hasResult', false);
    this.statusBar.start(target.qualname, settings.maxProbes);
    ctx.log.info(
      `Probing ${target.qualname} in ${displayPath(target.uri)} (${mode === 'llm' ? `LLM ${llm?.model} at ${llm?.baseURL}` : 'offline explorer'}, Python ${python.version} at ${python.path}).`,
    );

    const options: RunOptions = {
      target: { file: target.uri.fsPath, qualname: target.qualname },
      settings: sessionSettings(settings, mode, llm),
      ...(llm ? { llm } : {}),
      python: python.path,
      compare: settings.compare ? (llm ? { llm: judge, judge } : {}) : false,
      signal: controller.signal,
      onEvent: (event) => {
        panel.event(event);
        const problem = problemForEvent(event);
        if (problem !== undefined) panel.problem(problem);
        this.observe(active, event, settings.maxProbes);
      },
    };

    const session = vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: NOTICES.probing(target.qualname), cancellable: true },
      async (progress, token) => {
        token.onCancellationRequested(() => void this.stop('cancelled from the notification'));
        this.report = (message, increment) => progress.report({ message, ...(increment ? { increment } : {}) });
        try {
          // A worker started ahead is checked like a new one: the check is of what it imported.
          return await backend.runSession(options, {
            startWorker: checked((workerOptions) => {
              const ahead = this.prestart?.take(workerOptions);
              active.tookPrestarted = ahead !== undefined;
              return ahead ?? backend.startWorker(workerOptions);
            }),
          });
        } finally {
          this.report = undefined;
        }
      },
    );
    active.finished = Promise.resolve(session).then(
      (file) => this.finish(active, file, startText, python.path),
      (err: unknown) => this.crash(active, err),
    );
    await active.finished;
  }

  private report: ((message: string, increment?: number) => void) | undefined;

  /** Status bar, progress and log follow the events. */
  private observe(active: ActiveRun, event: SessionEvent, maxProbes: number): void {
    const log = this.ctx.log;
    switch (event.type) {
      case 'probe-finished': {
        const p = event.probe;
        const done = ++active.probes;
        if (done === 1) {
          const ms = performance.now() - active.requestedAt;
          log.info(
            `First probe of ${active.target.qualname} ${ms.toFixed(0)} ms after the run was asked for${active.tookPrestarted ? ' (worker started ahead)' : ''}.`,
          );
        }
        this.statusBar.progress(done);
        this.report?.(`${done} ${done === 1 ? 'probe' : 'probes'} (budget ${maxProbes})`, 100 / Math.max(1, maxProbes));
        log.debug(`#${p.index} [${p.origin}] ${renderCall('f', p)} → ${renderOutcome(p.result)} (${p.result.durationMs.toFixed(1)} ms)`);
        break;
      }
      case 'hypothesis':
        log.debug(`Hypothesis after probe ${event.afterProbe}: ${event.text}`);
        break;
      case 'concluded':
        this.report?.('comparing with the docstring…');
        log.info(`Concluded: ${event.final.description?.summary ?? '(no description)'}`);
        break;
      case 'error':
        (event.error.kind === 'stopped' ? log.info.bind(log) : log.error.bind(log))(`Run ended: ${event.error.kind}: ${event.error.message}`);
        break;
      case 'llm-usage':
        log.trace(`Tokens so far: ${event.usage.promptTokens} in, ${event.usage.completionTokens} out (${event.usage.requests} requests).`);
        break;
      default:
        break;
    }
  }

  private async finish(active: ActiveRun, session: SessionFile, startText: string, python: string): Promise<void> {
    const stopped = active.controller.signal.aborted || session.error?.kind === 'stopped';
    const status: RunStatus = stopped ? 'stopped' : runFailed(session) ? 'failed' : 'done';
    this.ctx.log.info(`Run of ${active.target.qualname} ${status}${active.stopReason ? ` (${active.stopReason})` : ''}: ${session.probes.length} probes.`);
    const record: RunRecord = { target: active.target, mode: active.mode, session, status, startText, python };
    this.end(active, record);
    await this.persist(session);
    if (session.final.description) await this.computeDocstrings(record);
  }

  /** runSession is not supposed to throw; if it does anyway, the panel still ends in a state. */
  private crash(active: ActiveRun, err: unknown): void {
    this.ctx.log.error(err instanceof Error ? err : String(err));
    const panel = this.panel(false);
    const error = { kind: 'internal', message: errorMessage(err) } as const;
    panel?.event({ type: 'error', error });
    panel?.problem(describeSessionError(error) ?? null);
    this.end(active, undefined);
  }

  private end(active: ActiveRun, record: RunRecord | undefined): void {
    if (this.active === active) this.active = undefined;
    this.last = record;
    this.statusBar.stop();
    this.ctx.setContext('running', false);
    this.ctx.setContext('hasResult', Boolean(record?.session.final.description));
    this.publishState(record ? undefined : 'failed');
  }

  /** The panel's status and which of its buttons work. */
  publishState(override?: RunStatus): void {
    const panel = this.panel(false);
    if (!panel) return;
    panel.state(this.state(override));
  }

  private state(override?: RunStatus): PanelState {
    if (this.active) return { status: 'running', insertBlocked: 'Wait for the run to end.', canRerun: false, canExport: false };
    if (this.starting) return { status: 'starting', insertBlocked: 'Wait for the run to end.', canRerun: false, canExport: false };
    const last = this.last;
    if (!last) return { status: override ?? 'idle', insertBlocked: 'Nothing has been probed yet.', canRerun: false, canExport: false };
    return { status: override ?? last.status, insertBlocked: this.insertBlocked(last), canRerun: true, canExport: true };
  }

  /** Why Insert cannot run now, or null. */
  insertBlocked(record: RunRecord): string | null {
    if (!record.session.final.description) return 'The run produced no description to insert.';
    if (record.startText === undefined) return REPLAY_NOT_INSERTABLE;
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === record.target.uri.toString());
    if (open && open.getText() !== record.startText) return 'The file changed since the run started: Re-run the probe first.';
    return null;
  }

  /** Renders the inferred docstring and reads the actual one, for the comparison view, Copy and Insert. */
  private async computeDocstrings(record: RunRecord): Promise<void> {
    try {
      const { docstringTexts } = await import('./docstrings.js');
      record.docstrings = await docstringTexts(this.ctx, record);
      if (this.last === record) this.panel(false)?.docstrings(record.docstrings);
    } catch (err) {
      this.ctx.log.warn(`Could not render the docstrings for the comparison: ${errorMessage(err)}`);
    }
  }

  /** Shows a saved session in the panel, as a replay. */
  replay(session: SessionFile): void {
    const target: RunTarget = { uri: vscode.Uri.file(session.target.file), qualname: session.target.qualname };
    const panel = this.openPanel();
    panel.setTitle(target.qualname);
    panel.reset({ target: panelTarget(target), mode: 'replay', maxProbes: session.settings.maxProbes });
    panel.loadSession(session);
    panel.problem(sessionProblem(session));
    panel.reveal();
    const record: RunRecord = { target, mode: session.settings.mode, session, status: 'replay' };
    this.last = record;
    this.ctx.setContext('hasResult', false);
    this.publishState();
    if (session.final.description) void this.computeDocstrings(record);
  }

  /** Aborts the run in progress (if any) and waits until it has ended and its worker is gone. */
  async stop(reason = 'stopped by the user'): Promise<boolean> {
    const active = this.active;
    if (!active) return false;
    if (!active.controller.signal.aborted) {
      active.stopReason = reason;
      this.ctx.log.info(`Stopping the run of ${active.target.qualname}: ${reason}.`);
      active.controller.abort();
    }
    await active.finished;
    return true;
  }

  /** Probes the last run's function again, in the same mode. */
  async rerun(): Promise<void> {
    const last = this.last;
    if (!last) {
      this.publishState(); // the panel may have said "starting…"
      void notify(NOTICES.nothingToRerun());
      return;
    }
    await this.probe(last.target, last.mode);
  }

  /** The last session is kept in the workspace storage, so a panel restored after a reload shows it. */
  private async persist(session: SessionFile): Promise<void> {
    const dir = this.ctx.extension.storageUri;
    if (!dir) return;
    try {
      await vscode.workspace.fs.createDirectory(dir);
      await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(dir, LAST_SESSION_FILE), Buffer.from(JSON.stringify(session)));
    } catch (err) {
      this.ctx.log.debug(`Could not keep the last session: ${errorMessage(err)}`);
    }
  }

  async lastPersisted(): Promise<SessionFile | undefined> {
    const dir = this.ctx.extension.storageUri;
    if (!dir) return undefined;
    try {
      const data: unknown = JSON.parse(Buffer.from(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(dir, LAST_SESSION_FILE))).toString('utf8'));
      return validateSession(data) === undefined ? (data as SessionFile) : undefined;
    } catch {
      return undefined;
    }
  }

  private async interpreter(resource: vscode.Uri, settings: Settings): Promise<Interpreter | undefined> {
    try {
      return await this.ctx.python.resolve(resource, settings.pythonPath);
    } catch (err) {
      if (!(err instanceof PythonNotFound)) throw err;
      this.ctx.log.error(err.message);
      void notify(NOTICES.pythonNotFound(err.message, this.ctx.python.hasPythonExtension() && !err.fromSetting)).then((choice) => {
        if (choice === 'openSetting') void openSetting('pythonPath');
        if (choice === 'select') void vscode.commands.executeCommand('python.setInterpreter');
      });
      this.panel(false)?.problem(pythonNotFoundProblem(err.message));
      return undefined;
    }
  }

  dispose(): void {
    this.active?.controller.abort();
    this.changeWatch.dispose();
    this.statusBar.dispose();
    this.panelInstance?.dispose();
  }
}

export const LAST_SESSION_FILE = 'last-session.json';

/** An error other than a deliberate stop, or a budget that ran out with nothing to show. */
export function runFailed(session: SessionFile): boolean {
  const e = session.error;
  if (!e || e.kind === 'stopped') return false;
  if (e.kind === 'budget') return !session.final.description;
  return true;
}

/** The worker imports the file from disk: unsaved changes would not be what runs. */
async function saveBeforeRun(document: vscode.TextDocument): Promise<boolean> {
  const choice = await notify(NOTICES.unsavedBeforeRun(displayPath(document.uri)));
  if (choice === 'save') return document.save();
  return choice === 'asIs';
}
