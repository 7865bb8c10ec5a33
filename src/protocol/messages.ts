// The typed messages between the extension host and the panel's webview: one source of truth
// for both sides. Host → webview messages are notifications; webview → host messages are
// commands, validated by the host with `parseWebviewMessage` (the webview is untrusted input).
import type { Pricing } from '../core/cost.js';
import type { SessionEvent, SessionFile } from '../core/session-types.js';
import { parseFix, type Fix, type Problem } from './problems.js';

/**
 * The words the panel's `run-status` shows (docs/ui-contract.md: running, stopped, done, failed,
 * replay), plus `idle` before any run and `starting` between a request and the run's start.
 */
export type RunStatus = 'idle' | 'starting' | 'running' | 'stopped' | 'done' | 'failed' | 'replay';

export interface PanelTarget {
  /** Absolute path of the file. */
  file: string;
  /** Path shown to the user: relative to the workspace folder when inside one. */
  displayPath: string;
  qualname: string;
}

/** Dollars per million tokens; absent: cost is not shown. */
export type { Pricing };

/** What the host decides: the run's status and which actions are possible. */
export interface PanelState {
  status: RunStatus;
  /** Why Insert is unavailable now (shown as its tooltip); null when it is available. */
  insertBlocked: string | null;
  canRerun: boolean;
  canExport: boolean;
}

/** The two docstrings of the comparison, as text. */
export interface DocstringTexts {
  /** The inferred description rendered in the docstring style that Insert would write. */
  inferred: string | null;
  /** The function's docstring in the file, or null when it has none. */
  actual: string | null;
  style: string;
}

export type HostMessage =
  /** A new run (or a replay) begins: clear everything. */
  | { type: 'reset'; target: PanelTarget; mode: 'live' | 'replay'; maxProbes: number; pricing?: Pricing }
  /** Session events, batched: several per message when they arrive quickly. */
  | { type: 'events'; events: SessionEvent[] }
  /** A whole session file, for replay or for a panel restored after a reload. */
  | { type: 'load-session'; session: SessionFile }
  | { type: 'state'; state: PanelState }
  | { type: 'docstrings'; texts: DocstringTexts }
  /** A problem found by the host (no Python, untrusted workspace, …); null clears the banner. */
  | { type: 'problem'; problem: Problem | null };

export type CopyWhat = 'docstring' | 'description';
export type ExportFormat = 'json' | 'markdown';

export type WebviewMessage =
  /** The app is loaded and listening: the host sends the current run's state. */
  | { type: 'ready' }
  | { type: 'stop' }
  | { type: 'insert-docstring' }
  | { type: 'copy'; what: CopyWhat }
  | { type: 'rerun' }
  | { type: 'export' }
  | { type: 'fix'; fix: Fix }
  /** Show the probed function in its editor. */
  | { type: 'reveal-target' };

export type WebviewMessageType = WebviewMessage['type'];

const SIMPLE: ReadonlySet<string> = new Set<WebviewMessageType>(['ready', 'stop', 'insert-docstring', 'rerun', 'export', 'reveal-target']);

/** The message if it is one the host understands, else undefined. Extra fields are dropped. */
export function parseWebviewMessage(raw: unknown): WebviewMessage | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const msg = raw as Record<string, unknown>;
  const type = msg.type;
  if (typeof type !== 'string') return undefined;
  if (SIMPLE.has(type)) return { type } as WebviewMessage;
  if (type === 'copy') {
    return msg.what === 'docstring' || msg.what === 'description' ? { type, what: msg.what } : undefined;
  }
  if (type === 'fix') {
    const fix = parseFix(msg.fix);
    return fix ? { type, fix } : undefined;
  }
  return undefined;
}
