// Activation wires the pieces and does nothing else: no interpreter lookup, no engine import
// (the engine loads on the first command), so the editor is not slowed down.
import * as vscode from 'vscode';
import { PANEL_VIEW_TYPE } from './contributions/commands.js';
import { ProbeCodeLensProvider } from './codelens.js';
import { panelMessageHandler, registerCommands } from './commands.js';
import { PauContext } from './context.js';
import { ProbePanel } from './panel.js';
import { RunController } from './runs.js';
import { registerPrestart } from './prestart-wiring.js';
import { registerLanguageModelTools } from './tools-lm.js';
import { registerMcpServer } from './tools-mcp.js';

let context: PauContext | undefined;
let runs: RunController | undefined;

export function activate(extension: vscode.ExtensionContext): void {
  const started = performance.now();
  const ctx = new PauContext(extension);
  context = ctx;
  extension.subscriptions.push(ctx);
  const controller: RunController = new RunController(
    ctx,
    panelMessageHandler(ctx, (): RunController => controller),
  );
  runs = controller;
  ctx.push(controller);
  registerCommands(ctx, controller);
  controller.prestart = registerPrestart(ctx, () => controller.busy);
  registerMcpServer(ctx);
  registerLanguageModelTools(ctx, controller);
  const codeLens = new ProbeCodeLensProvider();
  ctx.push(codeLens, vscode.languages.registerCodeLensProvider({ language: 'python', scheme: 'file' }, codeLens));
  // A panel left open when the window reloaded comes back showing the last session.
  ctx.push(
    vscode.window.registerWebviewPanelSerializer(PANEL_VIEW_TYPE, {
      async deserializeWebviewPanel(panel: vscode.WebviewPanel) {
        const probePanel = new ProbePanel(
          panel,
          extension.extensionUri,
          ctx.log,
          panelMessageHandler(ctx, (): RunController => controller),
        );
        controller.adoptPanel(probePanel);
        const session = await controller.lastPersisted();
        if (session) controller.replay(session);
        else controller.publishState();
      },
    }),
  );
  ctx.log.info(
    `PAU Probe ${String((extension.extension.packageJSON as { version: unknown }).version)} activated in ${(performance.now() - started).toFixed(1)} ms.`,
  );
}

/** Stops a run in progress so that its worker process does not outlive the extension host. */
export async function deactivate(): Promise<void> {
  await runs?.stop('the extension is shutting down');
  await runs?.prestart?.dispose();
  context?.dispose();
  runs = undefined;
  context = undefined;
}
