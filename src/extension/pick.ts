// "Probe Function…": a quick pick over the workspace's functions and methods that probing by
// qualname would run (python-defs.ts judgeDefs); instance methods say they need an instance. The pick opens
// at once and fills in while files are scanned (busy indicator until done); the active
// editor's file comes first. Virtual environments and installed packages are skipped.
import * as vscode from 'vscode';
import type { PauContext } from './context.js';
import { paletteTitle } from './contributions/commands.js';
import { judgeDefs, receiverNote } from './python-defs.js';
import type { RunTarget } from './run-record.js';
import { displayPath } from './run-record.js';

export const PYTHON_EXCLUDES =
  '{**/node_modules/**,**/.venv/**,**/venv/**,**/.env/**,**/env/**,**/site-packages/**,**/dist-packages/**,**/__pycache__/**,**/.tox/**,**/.nox/**,**/.git/**,**/build/**,**/.mypy_cache/**,**/.pytest_cache/**}';
const MAX_FILES = 5000;
/** Files read at the same time. */
const CONCURRENCY = 16;

interface FunctionItem extends vscode.QuickPickItem {
  target: RunTarget;
}

export async function pickWorkspaceFunction(ctx: PauContext): Promise<RunTarget | undefined> {
  const pick = vscode.window.createQuickPick<FunctionItem>();
  pick.title = paletteTitle('probeFunction');
  pick.placeholder = 'Type to filter the functions and methods of the workspace';
  pick.matchOnDescription = true;
  pick.busy = true;
  const items: FunctionItem[] = [];
  const cancel = new vscode.CancellationTokenSource();

  const chosen = new Promise<RunTarget | undefined>((resolve) => {
    pick.onDidAccept(() => {
      resolve(pick.selectedItems[0]?.target);
      pick.hide();
    });
    pick.onDidHide(() => {
      cancel.cancel();
      resolve(undefined);
    });
  });
  pick.show();

  void (async () => {
    const files = await vscode.workspace.findFiles('**/*.py', PYTHON_EXCLUDES, MAX_FILES, cancel.token);
    const active = vscode.window.activeTextEditor?.document.uri.toString();
    files.sort((a, b) => Number(b.toString() === active) - Number(a.toString() === active) || a.path.localeCompare(b.path));
    let next = 0;
    const decoder = new TextDecoder();
    const worker = async () => {
      for (let uri = files[next++]; uri && !cancel.token.isCancellationRequested; uri = files[next++]) {
        let text: string;
        try {
          const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
          text = open ? open.getText() : decoder.decode(await vscode.workspace.fs.readFile(uri));
        } catch (err) {
          ctx.log.debug(`Skipped ${uri.fsPath}: ${(err as Error).message}`);
          continue;
        }
        const path = displayPath(uri);
        for (const { def, offered, needsReceiver, ownerClass } of judgeDefs(text)) {
          if (!offered) continue;
          items.push({
            label: `$(${def.isMethod ? 'symbol-method' : 'symbol-function'}) ${def.qualname}`,
            description: `${path}:${def.line}`,
            ...(needsReceiver ? { detail: receiverNote(ownerClass) } : {}),
            target: { uri, qualname: def.qualname },
          });
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    if (cancel.token.isCancellationRequested) return;
    pick.items = items;
    pick.busy = false;
    if (items.length === 0) pick.placeholder = 'No Python functions found in the workspace';
    ctx.log.debug(`Probe Function…: ${items.length} functions in ${files.length} files.`);
  })().catch((err: unknown) => {
    ctx.log.error(err instanceof Error ? err : String(err));
    pick.busy = false;
  });

  // Show what is found so far every 150 ms while scanning.
  const timer = setInterval(() => {
    if (pick.busy && pick.items.length !== items.length) pick.items = [...items];
  }, 150);
  try {
    return await chosen;
  } finally {
    clearInterval(timer);
    cancel.dispose();
    pick.dispose();
  }
}
