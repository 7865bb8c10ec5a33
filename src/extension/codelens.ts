// "Probe" and "Offline" above every def that can be imported (methods included; functions
// nested in functions cannot be called on their own). The scan is the fast one from
// python-defs.ts, cached per document version; no interpreter runs for a CodeLens.
import * as vscode from 'vscode';
import { COMMANDS } from './contributions/commands.js';
import { scanDefs, type ScannedDef } from './python-defs.js';
import { affects, getSettings } from './settings.js';

export class ProbeCodeLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly cache = new Map<string, { version: number; defs: ScannedDef[] }>();
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

  private defs(document: vscode.TextDocument): ScannedDef[] {
    const key = document.uri.toString();
    const hit = this.cache.get(key);
    if (hit && hit.version === document.version) return hit.defs;
    const defs = scanDefs(document.getText());
    this.cache.set(key, { version: document.version, defs });
    return defs;
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!getSettings(document.uri)['codeLens.enabled']) return [];
    const lenses: vscode.CodeLens[] = [];
    for (const def of this.defs(document)) {
      if (def.inFunction) continue;
      const line = def.decoratorLine - 1; // the scan counts lines from 1, the editor from 0
      const range = new vscode.Range(line, def.column, line, def.column);
      lenses.push(
        new vscode.CodeLens(range, {
          title: '$(beaker) Probe',
          tooltip: `Let the LLM agent probe ${def.qualname} as a black box`,
          command: COMMANDS.probeAtCursor.id,
          arguments: [document.uri, def.qualname],
        }),
        new vscode.CodeLens(range, {
          title: 'Offline',
          tooltip: `Probe ${def.qualname} with the offline explorer (no LLM)`,
          command: COMMANDS.probeOffline.id,
          arguments: [document.uri, def.qualname],
        }),
      );
    }
    return lenses;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
