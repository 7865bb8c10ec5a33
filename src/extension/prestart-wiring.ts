// When to start a worker ahead (prestart.ts): the cursor has rested for a moment in a def that
// a run would probe, in a file of a trusted workspace's folders, with the setting on and no run going. The worker
// is built from the same options a run would build (core/worker-options.ts), for an offline
// or an LLM run alike: they start the same worker.
import * as vscode from 'vscode';
import { sessionSettings } from './contributions/settings.js';
import type { PauContext } from './context.js';
import { verdictAtLine } from './python-defs.js';
import { whyNotAhead, WorkerPrestart } from './prestart.js';
import { workerOptions } from '../core/worker-options.js';

/** How long the cursor rests before a worker is started for its function. */
export const PRESTART_REST_MS = 700;

/** `busy`: a run is starting or going (no worker is started ahead then). */
export function registerPrestart(ctx: PauContext, busy: () => boolean): WorkerPrestart {
  const prestart = new WorkerPrestart({
    start: async (options) => (await ctx.backend()).startWorker(options),
    log: (message) => ctx.log.info(message),
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;

  const consider = async (editor: vscode.TextEditor, mine: number): Promise<void> => {
    const document = editor.document;
    const place = {
      languageId: document.languageId,
      scheme: document.uri.scheme,
      isDirty: document.isDirty,
      trusted: vscode.workspace.isTrusted,
      inWorkspaceFolder: vscode.workspace.getWorkspaceFolder(document.uri) !== undefined,
    };
    if (whyNotAhead(place) !== undefined || busy()) return;
    const settings = ctx.settings(document.uri);
    if (!settings.prestartWorker) return;
    const verdict = verdictAtLine(document.getText(), editor.selection.active.line + 1);
    if (!verdict?.offered) return;
    let python: string;
    try {
      python = (await ctx.python.resolve(document.uri, settings.pythonPath)).path;
    } catch {
      return; // the run will say what is wrong with the interpreter
    }
    if (mine !== generation || busy()) return; // the cursor moved on, or a run began
    const target = { file: document.uri.fsPath, qualname: verdict.def.qualname };
    prestart.offer(workerOptions({ target, python, settings: sessionSettings(settings, 'offline', undefined) }));
  };

  const watcher = vscode.workspace.createFileSystemWatcher('**/*.py');
  const changed = () => prestart.drop('a Python file changed');
  ctx.push(
    vscode.window.onDidChangeTextEditorSelection((e) => {
      clearTimeout(timer);
      const mine = ++generation;
      timer = setTimeout(() => void consider(e.textEditor, mine), PRESTART_REST_MS);
    }),
    watcher,
    watcher.onDidChange(changed),
    watcher.onDidCreate(changed),
    watcher.onDidDelete(changed),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('pau.prestartWorker') && !ctx.settings().prestartWorker) prestart.drop('the setting was turned off');
    }),
    { dispose: () => clearTimeout(timer) },
  );
  return prestart;
}
