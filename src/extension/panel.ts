// The probe panel's host side: one WebviewPanel, the HTML shell with its CSP, and the typed
// messages both ways. Session events are batched (one postMessage per tick). Until the app
// says `ready`, and again whenever it reloads, the panel replays what it has sent since the
// last reset, so a webview never misses the beginning of a run.
import * as vscode from 'vscode';
import { Batcher, timeoutScheduler } from '../core/batch.js';
import { PANEL_TITLE_PREFIX, PANEL_VIEW_TYPE } from './contributions/commands.js';
import { parseWebviewMessage, type DocstringTexts, type HostMessage, type PanelState, type WebviewMessage } from '../protocol/messages.js';
import type { Problem } from '../protocol/problems.js';
import type { SessionEvent, SessionFile } from '../core/session-types.js';
import type { Log } from './log.js';
import { panelHtml } from './panel-html.js';
import { Transcript } from './transcript.js';

/** Events wait at most this long before they are posted together. */
const EVENT_BATCH_MS = 16;
/** … or until this many are waiting. */
const EVENT_BATCH_MAX = 500;

export class ProbePanel implements vscode.Disposable {
  private ready = false;
  private readonly transcript = new Transcript();
  private readonly events: Batcher<SessionEvent>;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly disposeEmitter = new vscode.EventEmitter<void>();
  /** Fires when the user closes the panel. */
  readonly onDidDispose = this.disposeEmitter.event;
  private disposed = false;

  static create(extensionUri: vscode.Uri, log: Log, onMessage: (m: WebviewMessage) => void): ProbePanel {
    const panel = vscode.window.createWebviewPanel(
      PANEL_VIEW_TYPE,
      PANEL_TITLE_PREFIX,
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      ProbePanel.options(extensionUri),
    );
    return new ProbePanel(panel, extensionUri, log, onMessage);
  }

  static options(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    return {
      enableScripts: true,
      enableFindWidget: true,
      retainContextWhenHidden: true,
      localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist'), vscode.Uri.joinPath(extensionUri, 'media')],
    };
  }

  /** Also used to adopt a panel VS Code restores after a reload (the serializer). */
  constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly extensionUri: vscode.Uri,
    private readonly log: Log,
    private readonly onMessage: (m: WebviewMessage) => void,
  ) {
    const webview = panel.webview;
    webview.options = ProbePanel.options(extensionUri);
    panel.iconPath = {
      light: vscode.Uri.joinPath(extensionUri, 'media', 'pau-light.svg'),
      dark: vscode.Uri.joinPath(extensionUri, 'media', 'pau-dark.svg'),
    };
    this.events = new Batcher((events) => this.send({ type: 'events', events }), timeoutScheduler(EVENT_BATCH_MS), EVENT_BATCH_MAX);
    this.disposables.push(
      webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)),
      panel.onDidDispose(() => this.dispose()),
    );
    webview.html = this.html();
  }

  private html(): string {
    const webview = this.panel.webview;
    const dist = (file: string) => webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'dist', file)).toString();
    return panelHtml({
      cspSource: webview.cspSource,
      script: dist('webview.js'),
      style: dist('webview.css'),
      codicons: dist('codicon.css'),
      title: this.panel.title,
    });
  }

  private receive(raw: unknown): void {
    const message = parseWebviewMessage(raw);
    if (!message) {
      this.log.warn(`Ignored a message from the panel that is not part of the protocol: ${JSON.stringify(raw)?.slice(0, 200)}`);
      return;
    }
    if (message.type === 'ready') {
      // Events still waiting are in the transcript too: let them go nowhere (not ready yet)
      // and send them once, with the transcript.
      this.ready = false;
      this.events.flush();
      this.ready = true;
      this.replayTranscript();
    }
    this.onMessage(message);
  }

  private send(message: HostMessage): void {
    if (this.disposed || !this.ready) return;
    void this.panel.webview.postMessage(message).then(undefined, (err: unknown) => this.log.debug(`postMessage failed: ${String(err)}`));
  }

  private replayTranscript(): void {
    for (const message of this.transcript.messages()) this.send(message);
  }

  /** Sends a message and keeps it for a webview that loads later. */
  private tell(message: HostMessage): void {
    this.transcript.record(message);
    this.send(message);
  }

  setTitle(name: string): void {
    this.panel.title = `${PANEL_TITLE_PREFIX}: ${name}`;
  }

  reveal(): void {
    this.panel.reveal(undefined, true);
  }

  get visible(): boolean {
    return this.panel.visible;
  }

  reset(message: Omit<Extract<HostMessage, { type: 'reset' }>, 'type'>): void {
    // The old run's last events go out first, so the reset that follows clears them too.
    this.events.flush();
    this.tell({ type: 'reset', ...message });
  }

  event(event: SessionEvent): void {
    this.transcript.record({ type: 'events', events: [event] });
    this.events.push(event);
  }

  loadSession(session: SessionFile): void {
    this.tell({ type: 'load-session', session });
  }

  state(state: PanelState): void {
    this.events.flush();
    this.tell({ type: 'state', state });
  }

  docstrings(texts: DocstringTexts): void {
    this.events.flush();
    this.tell({ type: 'docstrings', texts });
  }

  problem(problem: Problem | null): void {
    this.events.flush();
    this.tell({ type: 'problem', problem });
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.events.dispose();
    this.disposeEmitter.fire();
    this.disposeEmitter.dispose();
    for (const d of this.disposables) d.dispose();
    this.panel.dispose();
  }
}
