// What the panel has been told since the last reset, kept so that a webview that (re)loads
// can be brought to the same picture with a few messages. No `vscode` import: unit-tested.
import type { DocstringTexts, HostMessage, PanelState } from '../protocol/messages.js';
import type { Problem } from '../protocol/problems.js';
import type { SessionEvent, SessionFile } from '../core/session-types.js';

export class Transcript {
  private reset: Extract<HostMessage, { type: 'reset' }> | undefined;
  private session: SessionFile | undefined;
  private events: SessionEvent[] = [];
  private state: PanelState | undefined;
  private docstrings: DocstringTexts | undefined;
  private problem: Problem | null | undefined;

  record(message: HostMessage): void {
    switch (message.type) {
      case 'reset':
        this.reset = message;
        this.session = undefined;
        this.events = [];
        this.docstrings = undefined;
        this.problem = undefined;
        return;
      case 'load-session':
        this.session = message.session;
        return;
      case 'events':
        this.events.push(...message.events);
        return;
      case 'state':
        this.state = message.state;
        return;
      case 'docstrings':
        this.docstrings = message.texts;
        return;
      case 'problem':
        this.problem = message.problem;
        return;
    }
  }

  /** The messages that redraw the panel from scratch, in an order the webview applies correctly. */
  messages(): HostMessage[] {
    const out: HostMessage[] = [];
    if (this.reset) out.push(this.reset);
    if (this.session) out.push({ type: 'load-session', session: this.session });
    if (this.events.length > 0) out.push({ type: 'events', events: [...this.events] });
    if (this.docstrings) out.push({ type: 'docstrings', texts: this.docstrings });
    if (this.problem !== undefined) out.push({ type: 'problem', problem: this.problem });
    if (this.state) out.push({ type: 'state', state: this.state });
    return out;
  }
}
