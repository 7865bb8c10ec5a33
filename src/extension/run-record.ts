// What the commands know of runs: the record of a run, and the surface of the run controller
// they call. Kept apart from runs.ts so that docstrings.ts, commands.ts and sessions.ts depend
// on this and not on the controller that lazily loads them.
import * as vscode from 'vscode';
import type { PanelTarget, RunStatus, DocstringTexts } from '../protocol/messages.js';
import type { SessionFile } from '../core/session-types.js';
import type { StartWorker } from '../core/worker-options.js';

export interface RunTarget {
  uri: vscode.Uri;
  qualname: string;
}

export type RunMode = 'llm' | 'offline';

/** A run that happened (or a replayed session): what Insert, Copy, Export and Re-run work on. */
export interface RunRecord {
  target: RunTarget;
  mode: RunMode;
  session: SessionFile;
  status: RunStatus;
  /** The document's text when the run started; absent for a replayed session. */
  startText?: string;
  python?: string;
  /** The inferred docstring as Insert would write it, and the actual one, once computed. */
  docstrings?: DocstringTexts;
}

/** The run controller as the commands see it. */
/** Why Insert refuses a record without the document's text at its start (a replayed session). */
export const REPLAY_NOT_INSERTABLE = 'A replayed session cannot be inserted: Re-run the probe first.';

export interface Runs {
  readonly running: boolean;
  readonly runningTarget: RunTarget | undefined;
  readonly last: RunRecord | undefined;
  /** `checked`, when given, wraps how the run starts its workers (the LM tool's rules of what may run). */
  probe(target: RunTarget, requested: RunMode, checked?: (start: StartWorker) => StartWorker): Promise<void>;
  stop(reason?: string): Promise<boolean>;
  rerun(): Promise<void>;
  replay(session: SessionFile): void;
  insertBlocked(record: RunRecord): string | null;
  publishState(): void;
}

export function displayPath(uri: vscode.Uri): string {
  return vscode.workspace.asRelativePath(uri, vscode.workspace.workspaceFolders !== undefined && vscode.workspace.workspaceFolders.length > 1);
}

export function panelTarget(target: RunTarget): PanelTarget {
  return { file: target.uri.fsPath, displayPath: displayPath(target.uri), qualname: target.qualname };
}
