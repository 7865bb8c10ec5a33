// The live list of probes: one fixed-height row per call (input → output, type, duration,
// coverage, origin), windowed above VIRTUALISE_ABOVE rows, and a details pane for the
// selected probe. Keyboard: the list is one tab stop (a listbox); arrows, Page Up/Down,
// Home/End move, Enter shows the details.
import { appliedOutcome, readableCall } from '../src/core/readable-call.js';
import { h, icon } from './dom.js';
import { changedText, coverageDelta, coverageText, formatDuration, inputText, outputText, statusIcon, typeText } from './format.js';
import { callName, type Model, type ProbeRow } from './model.js';
import { isAtBottom, mayOverflow, moveActive, scrollToReveal, visibleWindow } from './virtual.js';

/** The columns whose text may not fit; the others (index, coverage, origin) hold a few known characters. */
type Fitted = 'input' | 'output' | 'type' | 'time';
/** Each such column's room for text, and the width one of its characters may take (px). */
type Fit = Record<Fitted, { width: number; charWidth: number }>;
/** The mono columns' characters are one width; a proportional column's are taken as 1.5× its average. */
const PROPORTIONAL_SLACK = 1.5;
const RULER = '0123456789 abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ.+-_()[]';

export class Timeline {
  readonly element: HTMLElement;
  private readonly heading: HTMLElement;
  private readonly list: HTMLElement;
  private readonly padTop: HTMLElement;
  private readonly padBottom: HTMLElement;
  private readonly details: HTMLElement;
  private readonly empty: HTMLElement;
  /** Rendered rows by probe index, with the revision they show. */
  private readonly rows = new Map<number, { el: HTMLElement; revision: number; layout: number }>();
  private rowHeight = 0;
  /** Bumped on resize: a row drawn at another width is drawn again (which cells clip changes). */
  private layout = 0;
  /** Measured with the row height: which cells may overflow (only those are clipped). */
  private fit: Fit | undefined;
  private follow = true;
  /** Position (in model.probes) of the active row, -1 for none. */
  private active = -1;
  private detailsFor: { index: number; revision: number } | undefined;
  private scrollFrame = 0;
  private model: Model | undefined;
  private generation = -1;

  constructor() {
    this.heading = h('h2', { id: 'timeline-heading' }, 'Probes');
    this.padTop = h('div', { class: 'pad', 'aria-hidden': 'true' });
    this.padBottom = h('div', { class: 'pad', 'aria-hidden': 'true' });
    this.list = h(
      'div',
      {
        class: 'timeline-list',
        role: 'listbox',
        tabindex: '0',
        testid: 'timeline',
        'aria-labelledby': 'timeline-heading',
        on: {
          scroll: () => this.onScroll(),
          keydown: (e) => this.onKey(e),
          click: (e) => this.onClick(e),
        },
      },
      this.padTop,
      this.padBottom,
    );
    this.empty = h('p', { class: 'muted empty' }, 'No probes yet.');
    this.details = h('div', { class: 'probe-details', testid: 'probe-details', 'aria-live': 'off' });
    const header = h(
      'div',
      { class: 'probe-row header', 'aria-hidden': 'true' },
      h('span', { class: 'col-index' }, '#'),
      h('span', { class: 'col-input' }, 'Input'),
      h('span', { class: 'col-output' }, 'Output'),
      h('span', { class: 'col-type' }, 'Type'),
      h('span', { class: 'col-time' }, 'Time'),
      h('span', { class: 'col-cov', title: 'Lines of the function first reached by this call' }, '+Lines'),
      h('span', { class: 'col-origin' }, 'From'),
    );
    this.element = h('section', { class: 'timeline', 'aria-labelledby': 'timeline-heading' }, this.heading, header, this.list, this.empty, this.details);
    window.addEventListener('resize', () => {
      // Measured again at the new width; the rows drawn at the old one are replaced where they
      // stand. Removed here, they left the list shorter until the next frame, the browser pulled
      // the scroll position up by their height, and a list following its end stopped ~40 rows short.
      this.rowHeight = 0;
      this.layout += 1;
      this.scheduleWindow();
    });
  }

  update(model: Model): void {
    this.model = model;
    if (model.probes.length === 0 || model.generation !== this.generation) {
      this.generation = model.generation;
      for (const { el } of this.rows.values()) el.remove();
      this.rows.clear();
      this.active = -1;
      this.follow = true;
      this.detailsFor = undefined;
    }
    this.heading.textContent = `Probes (${model.probes.length})`;
    this.list.setAttribute('aria-rowcount', String(model.probes.length));
    this.list.dataset.count = String(model.probes.length);
    this.empty.hidden = model.probes.length > 0;
    this.list.hidden = model.probes.length === 0;
    this.renderWindow();
    this.renderDetails();
  }

  private onScroll(): void {
    this.follow = isAtBottom(this.list.scrollTop, this.list.clientHeight, this.list.scrollHeight);
    this.scheduleWindow();
  }

  private scheduleWindow(): void {
    if (this.scrollFrame) return;
    this.scrollFrame = requestAnimationFrame(() => {
      this.scrollFrame = 0;
      this.renderWindow();
    });
  }

  /** Draws the rows in view (all of them for short lists), reusing rows that did not change. */
  private renderWindow(): void {
    const model = this.model;
    if (!model) return;
    const probes = model.probes;
    if (this.rowHeight === 0 && probes.length > 0) this.measureRowHeight(model);
    // A list following its end draws the end's window whatever its scroll position says, then
    // scrolls there: that position may be from before the row height was measured again.
    const scrollTop = this.follow ? Number.MAX_SAFE_INTEGER : this.list.scrollTop;
    const win = visibleWindow(probes.length, this.rowHeight, { scrollTop, height: this.list.clientHeight });
    this.list.classList.toggle('windowed', win.virtual);
    this.padTop.style.height = `${win.padTop}px`;
    this.padBottom.style.height = `${win.padBottom}px`;

    for (const [index, entry] of this.rows) {
      const pos = model.positions.get(index);
      if (pos === undefined || pos < win.start || pos >= win.end) {
        entry.el.remove();
        this.rows.delete(index);
      }
    }
    let previous: Element = this.padTop;
    for (let pos = win.start; pos < win.end; pos++) {
      const row = probes[pos];
      if (!row) break; // win.end ≤ probes.length
      const revision = model.revisions.get(row.index) ?? 0;
      let entry = this.rows.get(row.index);
      if (!entry || entry.revision !== revision || entry.layout !== this.layout) {
        const el = this.renderRow(row, pos, probes.length, callName(model));
        entry?.el.replaceWith(el);
        entry = { el, revision, layout: this.layout };
        this.rows.set(row.index, entry);
      }
      setIfChanged(entry.el, 'aria-setsize', String(probes.length));
      if (previous.nextElementSibling !== entry.el) previous.after(entry.el);
      previous = entry.el;
    }
    if (this.follow) this.list.scrollTop = this.list.scrollHeight;
    this.syncActive();
  }

  private measureRowHeight(model: Model): void {
    const first = model.probes[0];
    if (!first) return; // nothing to measure yet: renderWindow asks again with a row
    const probe = this.renderRow(first, 0, 1, callName(model));
    probe.style.visibility = 'hidden';
    this.list.append(probe);
    this.rowHeight = probe.getBoundingClientRect().height;
    this.fit = measureFit(probe);
    probe.remove();
  }

  private renderRow(row: ProbeRow, pos: number, count: number, name: string): HTMLElement {
    const call = readableCall(name, row.request).replace(/[\r\n]+\s*/g, ' ');
    const result = row.result;
    const output = result ? outputText(result) : 'running…';
    const extras = result && (result.stdout || result.stderr || result.mutations.length > 0);
    const input = inputText(row.request);
    const type = result ? typeText(result) : '';
    const time = result ? formatDuration(result.durationMs) : '';
    // A cell is clipped (with an ellipsis) only when its text may not fit: see mayOverflow.
    const cell = (column: Fitted, text: string) => {
      const room = this.fit?.[column];
      return `col-${column}${!room || mayOverflow(text, room.width, room.charWidth) ? ' long' : ''}`;
    };
    return h(
      'div',
      {
        id: `probe-${row.index}`,
        role: 'option',
        // The stripe follows the probe's position, not the row's place among the rendered
        // ones (:nth-child), which changes for every row each time the window moves by one.
        class: `probe-row status-${result?.status ?? 'pending'}${pos % 2 ? ' odd' : ''}`,
        testid: 'probe-row',
        'data-index': row.index,
        'data-status': result?.status ?? 'pending',
        'aria-posinset': pos + 1,
        'aria-setsize': count,
        'aria-selected': 'false',
        'aria-label': `Probe ${row.index}: ${call} gives ${output}`,
      },
      h('span', { class: 'col-index' }, row.index),
      h('span', { class: `${cell('input', input)} mono`, testid: 'probe-input', title: call }, input),
      h(
        'span',
        { class: `${cell('output', output)} mono`, title: result ? output : undefined },
        icon(statusIcon(result), result ? '' : 'codicon-modifier-spin'),
        h('span', { class: 'text', testid: 'probe-output' }, output),
      ),
      h('span', { class: cell('type', type) }, type),
      h('span', { class: cell('time', time) }, time),
      h('span', { class: 'col-cov' }, result ? coverageDelta(result) : ''),
      h(
        'span',
        { class: 'col-origin' },
        h('span', { class: `origin origin-${row.origin}`, title: originTitle(row.origin) }, row.origin),
        extras ? icon('output', 'has-output') : null,
      ),
    );
  }

  private onClick(event: MouseEvent): void {
    const rowEl = (event.target as Element).closest<HTMLElement>('.probe-row[data-index]');
    if (!rowEl || !this.model) return;
    const pos = this.model.positions.get(Number(rowEl.dataset.index));
    if (pos === undefined) return;
    this.setActive(pos);
    this.list.focus();
  }

  private onKey(event: KeyboardEvent): void {
    const model = this.model;
    if (!model) return;
    if (event.key === 'Enter' || event.key === ' ') {
      if (this.active < 0 && model.probes.length > 0) this.setActive(0);
      this.details.scrollIntoView({ block: 'nearest' });
      event.preventDefault();
      return;
    }
    const pageRows = this.rowHeight > 0 ? Math.floor(this.list.clientHeight / this.rowHeight) : 10;
    const next = moveActive(event.key, this.active, model.probes.length, pageRows);
    if (next === undefined) return;
    event.preventDefault();
    this.setActive(next);
  }

  private setActive(pos: number): void {
    const model = this.model;
    if (!model || pos < 0 || pos >= model.probes.length) return;
    this.active = pos;
    if (this.rowHeight > 0) {
      const top = scrollToReveal(pos, this.rowHeight, { scrollTop: this.list.scrollTop - this.padTopOffset(), height: this.list.clientHeight });
      if (top !== undefined) this.list.scrollTop = top + this.padTopOffset();
    }
    this.follow = pos === model.probes.length - 1;
    this.renderWindow();
    this.renderDetails();
  }

  /** Rows start below the list's own top padding, if any (the list is the spacer's offsetParent). */
  private padTopOffset(): number {
    return this.padTop.offsetTop;
  }

  private syncActive(): void {
    const model = this.model;
    const activeIndex = model && this.active >= 0 ? model.probes[this.active]?.index : undefined;
    for (const [index, { el }] of this.rows) setIfChanged(el, 'aria-selected', String(index === activeIndex));
    if (activeIndex !== undefined && this.rows.has(activeIndex)) this.list.setAttribute('aria-activedescendant', `probe-${activeIndex}`);
    else this.list.removeAttribute('aria-activedescendant');
  }

  private renderDetails(): void {
    const model = this.model;
    const row = model && this.active >= 0 ? model.probes[this.active] : undefined;
    if (!model || !row) {
      this.detailsFor = undefined;
      this.details.replaceChildren(model && model.probes.length > 0 ? h('p', { class: 'muted' }, 'Select a probe to see its details.') : '');
      return;
    }
    const revision = model.revisions.get(row.index) ?? 0;
    if (this.detailsFor?.index === row.index && this.detailsFor.revision === revision) return;
    this.detailsFor = { index: row.index, revision };
    this.details.replaceChildren(...probeDetails(row, callName(model)));
  }
}

/** The room for text in each column that may overflow, from a row laid out (hidden) in the list. */
function measureFit(row: HTMLElement): Fit | undefined {
  const measure = (column: Fitted, slack: number) => {
    const cell = row.querySelector<HTMLElement>(`.col-${column}`);
    if (!cell) return undefined;
    // The output column's text follows its status icon: its room starts where the text does.
    const start = (cell.querySelector('.text') ?? cell).getBoundingClientRect().left;
    const ruler = h('span', null, RULER);
    cell.append(ruler);
    const charWidth = (ruler.getBoundingClientRect().width / RULER.length) * slack;
    ruler.remove();
    return { width: cell.getBoundingClientRect().right - start, charWidth };
  };
  const [input, output, type, time] = [measure('input', 1), measure('output', 1), measure('type', PROPORTIONAL_SLACK), measure('time', PROPORTIONAL_SLACK)];
  return input && output && type && time ? { input, output, type, time } : undefined;
}

/**
 * Writes an attribute only when its value changes: the window's rows are visited on every
 * scrolled frame, and a write, even of the same value, is a DOM mutation the page may restyle for.
 */
function setIfChanged(el: Element, name: string, value: string): void {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

function originTitle(origin: ProbeRow['origin']): string {
  switch (origin) {
    case 'llm':
      return 'Chosen by the LLM agent';
    case 'offline':
      return 'Chosen by the offline explorer';
    case 'cache':
      return 'Asked before: answered from the cache, not run again';
  }
}

function field(label: string, ...content: (Node | string)[]): HTMLElement {
  return h('div', { class: 'field' }, h('span', { class: 'label' }, label), ...content);
}

const pre = (text: string) => h('pre', { class: 'mono' }, text);

function probeDetails(row: ProbeRow, name: string): Node[] {
  const r = row.result;
  const out: Node[] = [h('h3', null, `Probe ${row.index}`, h('span', { class: 'muted' }, ` · ${originTitle(row.origin)}`))];
  out.push(field('Call', pre(readableCall(name, row.request))));
  if (row.note) out.push(field('Why', row.note));
  if (!r) {
    out.push(field('Result', 'running…'));
    return out;
  }
  switch (r.status) {
    case 'returned':
      if (r.value) {
        out.push(field('Returned', h('span', { class: 'type' }, r.value.type), pre(r.value.repr)));
        if (r.value.truncated) out.push(h('p', { class: 'muted' }, 'The value’s repr was cut at the size limit.'));
        if (r.value.iteration) {
          const it = r.value.iteration;
          out.push(field(`Yielded ${it.ended ? '(ended)' : '(first items; more may follow)'}`, pre(it.items.join('\n'))));
        }
      }
      break;
    case 'raised':
      out.push(field('Raised', h('span', { class: 'type' }, r.exception?.type ?? 'Exception'), pre(r.exception?.message ?? '')));
      break;
    case 'rejected':
      out.push(field('Rejected (nothing ran)', pre(r.exception?.message || r.stderr || 'outside the allowed argument grammar')));
      break;
    case 'timeout':
      out.push(field('Timed out', 'The call ran past the time limit and was killed.'));
      break;
    case 'crashed':
      out.push(field('Crashed', outputText(r)));
      break;
  }
  // The returned object called in turn (`g = f(2); g(3)`): what that call gave.
  const applied = appliedOutcome(r);
  if (applied) out.push(field('What it returned, called', pre(outputText(applied))));
  if (r.value?.callable?.signature) out.push(field('Callable, signature', pre(r.value.callable.signature)));
  for (const m of r.mutations) out.push(field(`Changed in place: ${m.arg}`, pre(changedText(r, m))));
  if (r.stdout) out.push(field('Printed (stdout)', pre(r.stdout)));
  if (r.stderr) out.push(field('stderr', pre(r.stderr)));
  if (r.outputTruncated) out.push(h('p', { class: 'muted' }, 'Output was cut at the size limit.'));
  out.push(field('Duration', formatDuration(r.durationMs)));
  out.push(field('Coverage', coverageText(r)));
  return out;
}
