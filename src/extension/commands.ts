// Every command as a factory over the context. All are registered at activation, even if
// the engine later fails to load: the user then gets a message naming the problem, never
// "command not found". Failures are logged and shown with a button to the log.
import * as vscode from 'vscode';
import { COMMANDS, paletteTitle, type CommandKey } from './contributions/commands.js';
import type { WebviewMessage } from '../protocol/messages.js';
import type { Fix } from '../protocol/problems.js';
import type { PauContext } from './context.js';
import { errorMessage } from './log.js';
import { NOTICES } from './notices.js';
import { notify } from './notify.js';
import { scanDefs, verdictAtLine } from './python-defs.js';
import type { RunMode, Runs, RunTarget } from './run-record.js';
import { openSetting } from './settings.js';

type Handler = (...args: unknown[]) => unknown;
type Factory = (ctx: PauContext, runs: Runs) => Handler;

const probe =
  (mode: RunMode): Factory =>
  (_ctx, runs) =>
  async (uri?: unknown, qualname?: unknown) => {
    const target = await targetFromArguments(uri, qualname);
    if (target) await runs.probe(target, mode);
  };

export const COMMAND_FACTORIES: Record<CommandKey, Factory> = {
  probeAtCursor: probe('llm'),
  probeOffline: probe('offline'),
  probeFunction: (ctx, runs) => async () => {
    const { pickWorkspaceFunction } = await import('./pick.js');
    const target = await pickWorkspaceFunction(ctx);
    if (target) await runs.probe(target, 'llm');
  },
  stop: (_ctx, runs) => async () => {
    if (!(await runs.stop())) void notify(NOTICES.nothingRunning());
  },
  insertDocstring: (ctx, runs) => async () => {
    const { insertInferredDocstring } = await import('./docstrings.js');
    await insertInferredDocstring(ctx, runs);
  },
  generateDocstrings: (ctx, runs) => async (uri?: unknown) => {
    const { generateDocstringsForFile } = await import('./docstrings.js');
    await generateDocstringsForFile(ctx, runs, uri instanceof vscode.Uri ? uri : undefined);
  },
  exportSession: (ctx, runs) => async () => {
    const { exportSession } = await import('./sessions.js');
    await exportSession(ctx, runs);
  },
  exportPytest: (ctx, runs) => async () => {
    const { exportProbesAsPytest } = await import('./tools-pytest-export.js');
    await exportProbesAsPytest(ctx, runs);
  },
  openSession: (ctx, runs) => async (uri?: unknown) => {
    const { openSession } = await import('./sessions.js');
    await openSession(ctx, runs, uri instanceof vscode.Uri ? uri : undefined);
  },
  setApiKey: (ctx) => async () => {
    await ctx.endpoint.promptForKey(ctx.settings());
  },
  selectLanguageModel: (ctx) => async () => {
    const { selectLanguageModel } = await import('./lm-models.js');
    const model = await selectLanguageModel(ctx.extension.globalState);
    if (model) ctx.log.info(`Language model picked: ${model.name} (${model.vendor}, ${model.id}).`);
  },
  showLog: (ctx) => () => ctx.log.show(),
};

export function registerCommands(ctx: PauContext, runs: Runs): void {
  for (const key of Object.keys(COMMAND_FACTORIES) as CommandKey[]) {
    const handler = COMMAND_FACTORIES[key](ctx, runs);
    ctx.push(
      vscode.commands.registerCommand(COMMANDS[key].id, async (...args: unknown[]) => {
        try {
          return await handler(...args);
        } catch (err) {
          ctx.log.error(err instanceof Error ? err : String(err));
          if ((await notify(NOTICES.commandFailed(paletteTitle(key), errorMessage(err)))) === 'showLog') ctx.log.show();
          return undefined;
        }
      }),
    );
  }
}

/**
 * What to probe: (uri, qualname) from a CodeLens, a uri from the editor's context menu (then the
 * cursor in that editor), or nothing from the palette (the active editor's cursor).
 */
async function targetFromArguments(uri: unknown, qualname: unknown): Promise<RunTarget | undefined> {
  if (uri instanceof vscode.Uri && typeof qualname === 'string' && qualname) return { uri, qualname };
  const editor = vscode.window.activeTextEditor;
  const wanted = uri instanceof vscode.Uri ? uri : editor?.document.uri;
  if (!editor || !wanted || editor.document.uri.toString() !== wanted.toString() || editor.document.languageId !== 'python') {
    if ((await notify(NOTICES.noFunctionEditor())) === 'pick') await vscode.commands.executeCommand(COMMANDS.probeFunction.id);
    return undefined;
  }
  if (editor.document.uri.scheme !== 'file') {
    void notify(NOTICES.notOnDisk());
    return undefined;
  }
  const verdict = verdictAtLine(editor.document.getText(), editor.selection.active.line + 1);
  if (!verdict) {
    if ((await notify(NOTICES.cursorOutsideFunction())) === 'pick') await vscode.commands.executeCommand(COMMANDS.probeFunction.id);
    return undefined;
  }
  if (!verdict.offered) {
    void notify(verdict.def.inFunction ? NOTICES.nestedFunction(verdict.def.qualname) : NOTICES.notProbeable(verdict.def.qualname, verdict.reason ?? ''));
    return undefined;
  }
  return { uri: editor.document.uri, qualname: verdict.def.qualname };
}

/** What the panel's buttons ask for. */
export function panelMessageHandler(ctx: PauContext, runs: () => Runs): (message: WebviewMessage) => void {
  return (message) => {
    const run = async () => {
      switch (message.type) {
        case 'ready':
          return;
        case 'stop':
          await runs().stop();
          return;
        case 'rerun':
          await runs().rerun();
          return;
        case 'insert-docstring':
          await vscode.commands.executeCommand(COMMANDS.insertDocstring.id);
          return;
        case 'export':
          await vscode.commands.executeCommand(COMMANDS.exportSession.id);
          return;
        case 'copy':
          await copyFromLastRun(runs(), message.what);
          return;
        case 'reveal-target':
          await revealTarget(runs());
          return;
        case 'fix':
          await applyFix(message.fix, runs());
          return;
      }
    };
    run().catch((err: unknown) => {
      ctx.log.error(err instanceof Error ? err : String(err));
      void notify(NOTICES.failed(errorMessage(err)));
    });
  };
}

async function copyFromLastRun(runs: Runs, what: 'docstring' | 'description'): Promise<void> {
  const last = runs.last;
  const d = last?.session.final.description;
  if (!last || !d) {
    void notify(NOTICES.nothingToCopy());
    return;
  }
  const text = what === 'docstring' && last.docstrings?.inferred ? last.docstrings.inferred : [d.summary, d.details].filter(Boolean).join('\n\n');
  await vscode.env.clipboard.writeText(text);
  void vscode.window.setStatusBarMessage(NOTICES.copied(what), 3000);
}

async function revealTarget(runs: Runs): Promise<void> {
  const target = runs.runningTarget ?? runs.last?.target;
  if (!target) return;
  const document = await vscode.workspace.openTextDocument(target.uri);
  const def = scanDefs(document.getText()).find((d) => d.qualname === target.qualname);
  const position = new vscode.Position(def ? def.line - 1 : 0, def?.column ?? 0);
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One, selection: new vscode.Range(position, position) });
}

async function applyFix(fix: Fix, runs: Runs): Promise<void> {
  switch (fix.action) {
    case 'set-api-key':
      await vscode.commands.executeCommand(COMMANDS.setApiKey.id);
      return;
    case 'show-log':
      await vscode.commands.executeCommand(COMMANDS.showLog.id);
      return;
    case 'rerun':
      await runs.rerun();
      return;
    case 'manage-trust':
      await vscode.commands.executeCommand('workbench.trust.manage');
      return;
    case 'open-setting':
      await openSetting(fix.setting);
      return;
  }
}
