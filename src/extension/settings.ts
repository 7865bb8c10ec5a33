// Reading and writing the `pau.*` settings. Keys, defaults and validation live in
// src/extension/contributions/settings.ts, the one table package.json is generated from.
import * as vscode from 'vscode';
import { qualifiedKey, readSettings, SETTINGS_SECTION, type SettingKey, type Settings } from './contributions/settings.js';

/** All settings as they apply to `resource` (a file's folder settings win). */
export function getSettings(resource?: vscode.Uri): Settings {
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION, resource ?? null);
  return readSettings((key) => config.get(key));
}

/** Writes a setting for the user (the endpoint set-up), so that it applies in every workspace. */
export async function updateUserSetting(key: SettingKey, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration(SETTINGS_SECTION).update(key, value, vscode.ConfigurationTarget.Global);
}

/** Opens the Settings editor on one setting. */
export async function openSetting(key: SettingKey): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.openSettings', qualifiedKey(key));
}

export function affects(event: vscode.ConfigurationChangeEvent, key: SettingKey): boolean {
  return event.affectsConfiguration(qualifiedKey(key));
}
