// A tiny element builder. Text always goes in as text nodes, never as HTML: probe results,
// docstrings and model output are untrusted strings.

export type Child = Node | string | number | null | undefined | false;

export interface Props {
  class?: string;
  testid?: string;
  /** Event listeners: `on: { click: … }`. */
  on?: Partial<{ [K in keyof HTMLElementEventMap]: (event: HTMLElementEventMap[K]) => void }>;
  /** Any other attribute; `false`/`undefined` leave it out, `true` sets it empty. */
  [attribute: string]: unknown;
}

/** An attribute's text: strings, numbers and booleans as written; anything else as JSON, never '[object Object]'. */
function attributeText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props?: Props | null, ...children: Child[]): HTMLElementTagNameMap[K];
export function h(tag: string, props?: Props | null, ...children: Child[]): HTMLElement;
export function h(tag: string, props?: Props | null, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === false || value === null) continue;
    if (name === 'class') el.className = attributeText(value);
    else if (name === 'testid') el.dataset.testid = attributeText(value);
    else if (name === 'on') {
      for (const [event, listener] of Object.entries(value as Record<string, EventListener>)) el.addEventListener(event, listener);
    } else el.setAttribute(name, value === true ? '' : attributeText(value));
  }
  append(el, children);
  return el;
}

function append(parent: Element | DocumentFragment, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child instanceof Node ? child : String(child));
  }
}

/** A codicon glyph (decorative: hidden from screen readers). */
export function icon(name: string, extra = ''): HTMLElement {
  return h('span', { class: `codicon codicon-${name}${extra ? ` ${extra}` : ''}`, 'aria-hidden': 'true' });
}

/** A vscode-elements button. `primary` is the one filled button of a group. */
export function button(options: { label: string; testid: string; iconName: string; onClick: () => void; primary?: boolean; title?: string }): HTMLElement {
  const el = h(
    'vscode-button',
    {
      testid: options.testid,
      icon: options.iconName,
      secondary: !options.primary,
      title: options.title ?? options.label,
      on: { click: () => !el.hasAttribute('disabled') && options.onClick() },
    },
    options.label,
  );
  return el;
}

export function setDisabled(el: Element, disabled: boolean, title?: string): void {
  el.toggleAttribute('disabled', disabled);
  // vscode-button does not tell assistive technology (or test drivers) that it is disabled.
  el.setAttribute('aria-disabled', String(disabled));
  if (title !== undefined) el.setAttribute('title', title);
}
