// The chat models VS Code offers (vscode.lm.selectChatModels) and the one the user picked,
// remembered across sessions in the extension's global state.
import * as vscode from 'vscode';
import { paletteTitle } from './contributions/commands.js';
import { NOTICES } from './notices.js';
import { notify } from './notify.js';

const PICKED_MODEL_KEY = 'pau.languageModel';

export interface PickedModel {
  id: string;
  vendor: string;
  name: string;
}

/** All chat models, or none where the API is missing or refuses. */
export async function chatModels(): Promise<vscode.LanguageModelChat[]> {
  if (typeof vscode.lm?.selectChatModels !== 'function') return [];
  try {
    return await vscode.lm.selectChatModels();
  } catch {
    return [];
  }
}

export function pickedModel(state: vscode.Memento): PickedModel | undefined {
  return state.get<PickedModel>(PICKED_MODEL_KEY);
}

/** The picked model if the editor still has it. */
export async function resolvePickedModel(state: vscode.Memento): Promise<vscode.LanguageModelChat | undefined> {
  const picked = pickedModel(state);
  if (!picked) return undefined;
  return (await chatModels()).find((m) => m.id === picked.id && m.vendor === picked.vendor);
}

/** "PAU: Select Language Model": a quick pick over the editor's chat models; remembers the choice. */
export async function selectLanguageModel(state: vscode.Memento): Promise<vscode.LanguageModelChat | undefined> {
  const models = await chatModels();
  if (models.length === 0) {
    void notify(NOTICES.noVscodeModels());
    return undefined;
  }
  const current = pickedModel(state);
  const items = models.map((m) => ({
    label: m.name,
    description: `${m.vendor} · ${m.family}${current?.id === m.id && current.vendor === m.vendor ? ' · current' : ''}`,
    detail: `${m.maxInputTokens} input tokens`,
    model: m,
  }));
  const choice = await vscode.window.showQuickPick(items, {
    title: paletteTitle('selectLanguageModel'),
    placeHolder: 'The model the agent, the implementations and the judge run on',
  });
  if (!choice) return undefined;
  await state.update(PICKED_MODEL_KEY, { id: choice.model.id, vendor: choice.model.vendor, name: choice.model.name } satisfies PickedModel);
  return choice.model;
}
