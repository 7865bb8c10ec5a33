// Export Session (JSON or Markdown, through a save dialog) and Open Session (a file picker,
// then a replay in the panel).
import * as vscode from 'vscode';
import type { SessionFile } from '../core/session-types.js';
import { validateSession } from '../session/file.js';
import type { PauContext } from './context.js';
import { NOTICES } from './notices.js';
import { notify } from './notify.js';
import type { Runs } from './run-record.js';

const JSON_FILTER = 'PAU session (JSON)';
const MARKDOWN_FILTER = 'Markdown report';

function defaultExportUri(session: SessionFile): vscode.Uri | undefined {
  const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(session.target.file)) ?? vscode.workspace.workspaceFolders?.[0];
  if (!folder) return undefined;
  const safe = session.target.qualname.replace(/[^\w.-]+/g, '_');
  return vscode.Uri.joinPath(folder.uri, `${safe}.pau.json`);
}

export async function exportSession(ctx: PauContext, runs: Runs): Promise<void> {
  if (runs.running) {
    void notify(NOTICES.exportWhileRunning());
    return;
  }
  const session = runs.last?.session;
  if (!session) {
    void notify(NOTICES.nothingToExport());
    return;
  }
  const uri = await vscode.window.showSaveDialog({
    title: 'Export PAU Session',
    saveLabel: 'Export',
    defaultUri: defaultExportUri(session),
    filters: { [JSON_FILTER]: ['json'], [MARKDOWN_FILTER]: ['md'] },
  });
  if (!uri) return;
  const markdown = /\.(md|markdown)$/i.test(uri.path);
  const { sessionToMarkdown } = await ctx.backend();
  const text = markdown ? sessionToMarkdown(session) : `${JSON.stringify(session, null, 2)}\n`;
  await vscode.workspace.fs.writeFile(uri, Buffer.from(text, 'utf8'));
  ctx.log.info(`Exported the session of ${session.target.qualname} to ${uri.fsPath}.`);
  if ((await notify(NOTICES.exported(vscode.workspace.asRelativePath(uri)))) === 'open') await vscode.window.showTextDocument(uri);
}

export async function openSession(ctx: PauContext, runs: Runs, given?: vscode.Uri): Promise<void> {
  let uri = given;
  if (!uri) {
    const picked = await vscode.window.showOpenDialog({
      title: 'Open PAU Session',
      openLabel: 'Replay',
      canSelectMany: false,
      filters: { [JSON_FILTER]: ['json'] },
    });
    uri = picked?.[0];
  }
  if (!uri) return;
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8'));
  } catch (err) {
    void notify(NOTICES.notJson(vscode.workspace.asRelativePath(uri), (err as Error).message));
    return;
  }
  const problem = validateSession(data);
  if (problem) {
    void notify(NOTICES.notASession(vscode.workspace.asRelativePath(uri), problem));
    return;
  }
  if (runs.running) await runs.stop('a session was opened for replay');
  const session = data as SessionFile;
  ctx.log.info(`Replaying ${uri.fsPath} (${session.target.qualname}, ${session.probes.length} probes).`);
  runs.replay(session);
}
