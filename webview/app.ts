// The panel app: owns the model, applies the host's messages once per animation frame and
// redraws only the sections they touched.
import type { HostMessage, WebviewMessage } from '../src/protocol/messages.js';
import type { Fix, Problem } from '../src/protocol/problems.js';
import { Batcher, type Scheduler } from '../src/core/batch.js';
import { resolutionLines } from '../src/core/resolution.js';
import { button, h, icon, setDisabled } from './dom.js';
import { formatUsage } from './format.js';
import { apply, createModel, finishedProbes, type Model, type Section } from './model.js';
import { markPage } from './marks.js';
import { renderResult } from './result.js';
import { sandboxBadge } from './sandbox-badge.js';
import { Timeline } from './timeline.js';

const frameScheduler: Scheduler = (task) => {
  const id = requestAnimationFrame(task);
  return () => cancelAnimationFrame(id);
};

/** Past this many queued messages, apply at once even without a frame (a hidden panel gets none). */
const MAX_QUEUED = 5000;

const STATUS_TEXT: Record<Model['state']['status'], string> = {
  idle: 'ready',
  starting: 'starting…',
  running: 'running',
  stopped: 'stopped',
  done: 'done',
  failed: 'failed',
  replay: 'replay',
};

export class App {
  private readonly model = createModel();
  private readonly queue: Batcher<HostMessage>;
  private readonly title = h('h1', { class: 'title' });
  private readonly status = h('span', { class: 'status', testid: 'run-status', role: 'status', 'aria-live': 'polite' });
  private readonly statusIcon = h('span', { class: 'status-icon', 'aria-hidden': 'true' });
  private readonly usage = h('span', { class: 'usage', testid: 'usage' });
  private readonly modeText = h('span', { class: 'mode muted' });
  private readonly sandbox = h('span', { class: 'sandbox-badge', testid: 'sandbox' });
  private readonly progress = h('span', { class: 'progress muted' });
  private readonly banner = h('div', { class: 'banner-slot' });
  private readonly agent = h('section', { class: 'agent', 'aria-label': 'Agent' });
  private readonly hypothesisSlot = h('div');
  private readonly reasoningText = h('pre', { class: 'reasoning', testid: 'reasoning', 'aria-live': 'off' });
  // Open at first, so that the model's reply is seen as it streams; the user may fold it.
  private readonly reasoning = h('vscode-collapsible', { heading: "The model's reply", class: 'reasoning-box', open: true }, this.reasoningText);
  private readonly result = h('div', { class: 'result' });
  private readonly timeline = new Timeline();
  private readonly empty = h(
    'p',
    { class: 'empty-state muted' },
    'Nothing probed yet. Put the cursor in a Python function and run “PAU: Probe Function at Cursor”, or click “Probe” above a def.',
  );
  private readonly buttons: Record<'stop' | 'rerun' | 'insert' | 'copy' | 'export', HTMLElement>;

  constructor(
    private readonly root: HTMLElement,
    private readonly post: (message: WebviewMessage) => void,
  ) {
    this.queue = new Batcher((messages) => this.applyAll(messages), frameScheduler, MAX_QUEUED);
    this.buttons = {
      stop: button({ label: 'Stop', testid: 'stop', iconName: 'debug-stop', onClick: () => this.post({ type: 'stop' }) }),
      rerun: button({ label: 'Re-run', testid: 'rerun', iconName: 'refresh', onClick: () => this.request('rerun') }),
      insert: button({
        label: 'Insert docstring',
        testid: 'insert',
        iconName: 'insert',
        primary: true,
        onClick: () => this.post({ type: 'insert-docstring' }),
      }),
      copy: button({
        label: 'Copy',
        testid: 'copy',
        iconName: 'copy',
        title: 'Copy the inferred docstring',
        onClick: () => this.post({ type: 'copy', what: 'docstring' }),
      }),
      export: button({
        label: 'Export…',
        testid: 'export',
        iconName: 'save-as',
        title: 'Save the session as JSON or Markdown',
        onClick: () => this.post({ type: 'export' }),
      }),
    };
  }

  mount(): void {
    const titleRow = h('div', { class: 'title-row' }, this.title, h('span', { class: 'status-wrap' }, this.statusIcon, this.status));
    const meta = h('div', { class: 'meta-row' }, this.usage, this.modeText, this.sandbox, this.progress);
    const toolbar = h(
      'div',
      { class: 'toolbar', role: 'toolbar', 'aria-label': 'Run actions' },
      this.buttons.stop,
      this.buttons.rerun,
      this.buttons.insert,
      this.buttons.copy,
      this.buttons.export,
    );
    this.agent.append(this.hypothesisSlot, this.reasoning);
    this.root.replaceChildren(
      h('header', { class: 'header' }, titleRow, meta, toolbar),
      this.banner,
      h('main', { class: 'body' }, this.empty, this.agent, this.timeline.element, this.result),
    );
    toolbar.addEventListener('keydown', (e) => this.toolbarKeys(e, toolbar));
    this.renderAll();
    window.addEventListener('message', (event: MessageEvent) => {
      const data = event.data as HostMessage | undefined;
      if (!data || typeof data !== 'object' || typeof data.type !== 'string') return;
      if (data.type === 'load-session') markPage('sessionReceived');
      this.queue.push(data);
    });
    this.post({ type: 'ready' });
    markPage('ready');
  }

  private applyAll(messages: HostMessage[]): void {
    const dirty = new Set<Section>();
    for (const message of messages) apply(this.model, message, dirty);
    this.render(dirty);
    if (messages.some((m) => m.type === 'load-session')) markPage('sessionDrawn');
  }

  private renderAll(): void {
    this.render(new Set<Section>(['header', 'banner', 'agent', 'timeline', 'result']));
  }

  private render(dirty: Set<Section>): void {
    const m = this.model;
    this.empty.hidden = m.target !== null;
    // Shown before it is drawn: the timeline measures its row height to window a long list, and
    // a hidden one measures 0 and builds every row (a replay into a new panel built all 1,000).
    this.timeline.element.hidden = m.target === null;
    if (dirty.has('header')) this.renderHeader();
    if (dirty.has('banner')) this.renderBanner();
    if (dirty.has('agent')) this.renderAgent();
    if (dirty.has('timeline')) {
      this.timeline.update(m);
      this.renderProgress();
    }
    if (dirty.has('result')) this.result.replaceChildren(...renderResult(m));
  }

  private renderHeader(): void {
    const m = this.model;
    const status = m.state.status;
    const name = m.target?.qualname ?? 'PAU Probe';
    this.title.replaceChildren(
      m.target ? h('a', { href: '#', class: 'target-link', title: `Show ${name} in the editor`, on: { click: (e) => this.reveal(e) } }, name) : name,
      m.target ? h('span', { class: 'path muted' }, m.target.displayPath) : '',
    );
    this.status.textContent = STATUS_TEXT[status];
    this.status.className = `status status-${status}`;
    this.statusIcon.replaceChildren(status === 'running' ? icon('loading', 'codicon-modifier-spin') : '');
    const mode = m.settings?.mode;
    this.usage.textContent = formatUsage(m.usage, m.pricing, mode);
    this.modeText.textContent = mode === 'llm' ? `LLM${m.settings?.model ? `: ${m.settings.model}` : ''}` : mode === 'offline' ? 'offline explorer' : '';
    const badge = sandboxBadge(m.sandbox);
    this.sandbox.hidden = !badge;
    this.sandbox.textContent = badge?.text ?? '';
    this.sandbox.title = badge?.title ?? '';
    this.sandbox.className = `sandbox-badge sandbox-${badge?.layer ?? 'unknown'}`;
    this.sandbox.dataset.layer = badge?.layer ?? '';
    if (m.shownAs) {
      const shown = `${m.shownAs.name}(${m.shownAs.params.join(', ')})`;
      this.modeText.title = `The agent sees ${m.shownAs.signature ?? shown}`;
    }
    const running = status === 'running';
    setDisabled(this.buttons.stop, !running, running ? 'Stop the run' : 'Nothing is running');
    setDisabled(this.buttons.rerun, running || !m.state.canRerun, 'Probe the same function again');
    setDisabled(this.buttons.insert, m.state.insertBlocked !== null, m.state.insertBlocked ?? 'Write the inferred docstring into the function');
    const hasDescription = Boolean(m.final?.description);
    setDisabled(this.buttons.copy, !hasDescription, hasDescription ? 'Copy the inferred docstring' : 'No description yet');
    setDisabled(this.buttons.export, !m.state.canExport, m.state.canExport ? 'Save the session as JSON or Markdown' : 'Available when the run has ended');
    this.renderProgress();
  }

  private renderProgress(): void {
    const m = this.model;
    const done = finishedProbes(m);
    this.progress.textContent = m.target ? `${done} ${done === 1 ? 'probe' : 'probes'}${m.maxProbes ? ` · budget ${m.maxProbes}` : ''}` : '';
  }

  /** How the target resolved: a warning when what runs is not the code in the file, else a quiet note. */
  private resolutionBanner(): HTMLElement | null {
    const lines = resolutionLines(this.model.resolution ?? undefined);
    if (lines.length === 0) return null;
    const warning = lines.some((l) => l.warning);
    return h(
      'div',
      { class: `banner ${warning ? 'banner-warning' : 'banner-note'}`, testid: 'resolution', role: warning ? 'alert' : 'note' },
      icon(warning ? 'warning' : 'info'),
      h('div', { class: 'banner-text' }, ...lines.map((l) => h('p', { class: l.warning ? 'banner-hint' : 'banner-message' }, l.text))),
    );
  }

  private renderBanner(): void {
    // The host words every problem (src/extension/notices.ts); the panel only draws it.
    const problem: Problem | null = this.model.hostProblem;
    const resolution = this.resolutionBanner();
    if (!problem) {
      this.banner.replaceChildren(...(resolution ? [resolution] : []));
      return;
    }
    const fix = problem.fix;
    this.banner.replaceChildren(
      ...(resolution ? [resolution] : []),
      h(
        'div',
        { class: `banner banner-${problem.severity}`, testid: problem.severity === 'error' ? 'error' : 'warning', role: 'alert' },
        icon(problem.severity === 'error' ? 'error' : 'warning'),
        h('div', { class: 'banner-text' }, h('p', { class: 'banner-message' }, problem.message), h('p', { class: 'banner-hint' }, problem.hint)),
        fix
          ? button({
              label: fix.label,
              testid: 'error-fix',
              iconName: 'wrench',
              onClick: () => this.post({ type: 'fix', fix: withoutLabel(fix) }),
            })
          : null,
      ),
    );
  }

  private renderAgent(): void {
    const m = this.model;
    this.agent.hidden = m.target === null;
    const hyp = m.hypothesis;
    this.hypothesisSlot.replaceChildren(
      hyp
        ? h(
            'div',
            { class: 'hypothesis-box' },
            h(
              'h2',
              null,
              'Current hypothesis',
              h('span', { class: 'muted' }, ` after probe ${hyp.afterProbe}${m.hypothesisCount > 1 ? `, revision ${m.hypothesisCount}` : ''}`),
            ),
            h('p', { class: 'hypothesis', testid: 'hypothesis' }, hyp.text),
          )
        : h('p', { class: 'muted' }, m.state.status === 'running' && m.settings?.mode === 'llm' ? 'No hypothesis yet.' : ''),
    );
    this.reasoning.hidden = m.reasoning === '';
    this.reasoningText.textContent = m.reasoning;
  }

  /**
   * Re-run answers at once: the status says "starting…" until the host confirms (or, when the
   * run does not start after all, sends the state back).
   */
  private request(type: 'rerun'): void {
    this.model.state = { ...this.model.state, status: 'starting', canRerun: false, canExport: false, insertBlocked: 'Wait for the run to end.' };
    this.render(new Set<Section>(['header', 'agent']));
    this.post({ type });
  }

  private reveal(event: Event): void {
    event.preventDefault();
    this.post({ type: 'reveal-target' });
  }

  /** Arrow keys move between the toolbar's buttons (the toolbar pattern); Tab leaves it. */
  private toolbarKeys(event: KeyboardEvent, toolbar: HTMLElement): void {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const items = [...toolbar.children].filter((el) => !el.hasAttribute('disabled')) as HTMLElement[];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    const next = items[(at + (event.key === 'ArrowRight' ? 1 : items.length - 1)) % items.length];
    next?.focus();
    event.preventDefault();
  }
}

function withoutLabel(fix: Fix & { label: string }): Fix {
  const rest: Partial<Fix & { label: string }> = { ...fix };
  delete rest.label;
  return rest as Fix;
}
