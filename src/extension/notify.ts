// Shows a notification worded in notices.ts and says which of its buttons was pressed, by name.
import * as vscode from 'vscode';
import type { Notice } from './notices.js';

function show(severity: Notice['severity'], message: string, labels: string[], modalDetail?: string): Thenable<string | undefined> {
  if (modalDetail !== undefined) return vscode.window.showWarningMessage(message, { modal: true, detail: modalDetail }, ...labels);
  if (severity === 'error') return vscode.window.showErrorMessage(message, ...labels);
  if (severity === 'warning') return vscode.window.showWarningMessage(message, ...labels);
  return vscode.window.showInformationMessage(message, ...labels);
}

export async function notify<A extends string>(notice: Notice<A>): Promise<A | undefined> {
  const actions = Object.entries(notice.actions).filter((e): e is [A, string] => typeof e[1] === 'string');
  const chosen = await show(
    notice.severity,
    notice.message,
    actions.map(([, label]) => label),
    notice.modalDetail,
  );
  return actions.find(([, label]) => label === chosen)?.[0];
}
