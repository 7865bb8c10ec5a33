// "Probe" and "Offline" above every def that probing by qualname would run (python-defs.ts
// judgeDefs: not a local function, an @overload stub, a property or a def redefined later);
// instance methods say they need an instance. The scan is the fast one from
// python-defs.ts, cached per document version; no interpreter runs for a CodeLens.
import * as vscode from 'vscode';
import { COMMANDS } from './contributions/commands.js';
import { judgeDefs, receiverNote, type DefVerdict } from './python-defs.js';
import { affects, getSettings } from './settings.js';

export class ProbeCodeLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly cache = new Map<string, { version: number; verdicts: DefVerdict[] }>();
  private readonly disposables: vscode.Disposable[];

  constructor() {
    this.disposables = [
      this.changed,
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (affects(e, 'codeLens.enabled')) this.changed.fire();
      }),
      vscode.workspace.onDidCloseTextDocument((d) => this.cache.delete(d.uri.toString())),
    ];
  }

  private verdicts(document: vscode.TextDocument): DefVerdict[] {
    const key = document.uri.toString();
    const hit = this.cache.get(key);
    if (hit && hit.version === document.version) return hit.verdicts;
    const verdicts = judgeDefs(document.getText());
    this.cache.set(key, { version: document.version, verdicts });
    return verdicts;
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!getSettings(document.uri)['codeLens.enabled']) return [];
    const lenses: vscode.CodeLens[] = [];
    for (const { def, offered, needsReceiver, ownerClass } of this.verdicts(document)) {
      if (!offered) continue;
      const line = def.decoratorLine - 1; // the scan counts lines from 1, the editor from 0
      const range = new vscode.Range(line, def.column, line, def.column);
      const receiver = needsReceiver ? ` (${receiverNote(ownerClass)})` : '';
      lenses.push(
        new vscode.CodeLens(range, {
          title: '$(beaker) Probe',
          tooltip: `Let the LLM agent probe ${def.qualname} as a black box${receiver}`,
          command: COMMANDS.probeAtCursor.id,
          arguments: [document.uri, def.qualname],
        }),
        new vscode.CodeLens(range, {
          title: 'Offline',
          tooltip: `Probe ${def.qualname} with the offline explorer (no LLM)${receiver}`,
          command: COMMANDS.probeOffline.id,
          arguments: [document.uri, def.qualname],
        }),
      );
      // A lens with no command is plain text: the receiver requirement is in sight, not only in a tooltip.
      if (needsReceiver) lenses.push(new vscode.CodeLens(range, { title: receiverNote(ownerClass), command: '' }));
    }
    return lenses;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
