// "PAU: Export Probes as pytest": the last session's probes as a characterization test module,
// written where the workspace keeps its tests and run with pytest before it is offered.
import * as vscode from 'vscode';
import { NOTICES } from './notices.js';
import { notify } from './notify.js';
import type { PauContext } from './context.js';
import { errorMessage } from './log.js';
import type { Runs } from './run-record.js';

export async function exportProbesAsPytest(ctx: PauContext, runs: Runs): Promise<void> {
  if (runs.running) {
    void notify(NOTICES.pytestWhileRunning());
    return;
  }
  const session = runs.last?.session;
  if (!session || session.probes.length === 0) {
    void notify(NOTICES.noProbesToExport());
    return;
  }
  const moduleUri = vscode.Uri.file(session.target.file);
  const folder = vscode.workspace.getWorkspaceFolder(moduleUri);
  const settings = ctx.settings(moduleUri);
  const python = await ctx.python.resolve(moduleUri, settings.pythonPath);
  const backend = await ctx.backend();
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `PAU: exporting the probes of ${session.target.qualname} as pytest tests`, cancellable: true },
    async (_progress, token) => {
      const controller = new AbortController();
      token.onCancellationRequested(() => controller.abort());
      try {
        return await backend.exportPytest({
          session,
          startWorker: backend.startWorker,
          sandbox: settings.sandbox,
          runPytest: backend.pytestRunner({ sandbox: settings.sandbox }),
          python: python.path,
          signal: controller.signal,
          ...(folder ? { workspaceRoot: folder.uri.fsPath } : {}),
        });
      } catch (err) {
        ctx.log.error(err instanceof Error ? err : String(err));
        void notify(NOTICES.exportFailed(errorMessage(err)));
        return undefined;
      }
    },
  );
  if (!result) return;
  const uri = vscode.Uri.file(result.path);
  ctx.log.info(
    `Exported ${result.cases} pytest cases of ${session.target.qualname} to ${result.path} (${result.verified.passed} passed; ${result.skipped.length} probes left out).`,
  );
  for (const s of result.skipped) ctx.log.info(`  left out probe ${s.probe}: ${s.reason}`);
  await vscode.window.showTextDocument(uri);
  void notify(NOTICES.pytestWritten(result.cases, vscode.workspace.asRelativePath(uri), result.skipped.length));
}
