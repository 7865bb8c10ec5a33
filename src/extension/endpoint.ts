// The LLM endpoint: base URL and model from settings, the API key from SecretStorage (never
// settings, never the log), and the first-run choice between setting one up and the
// offline explorer.
import * as vscode from 'vscode';
import type { LlmConfig } from '../core/run-types.js';
import { detectLocalServers, isLocalEndpoint, LOCAL_SERVERS, ollamaOrigin, type LocalServer } from '../llm/local.js';
import { API_KEY_SECRET, paletteTitle } from './contributions/commands.js';
import type { Settings } from './contributions/settings.js';
import { chatModels, resolvePickedModel, selectLanguageModel } from './lm-models.js';
import { LanguageModelProvider } from './lm-provider.js';
import type { Log } from './log.js';
import { NOTICES } from './notices.js';
import { notify } from './notify.js';
import { updateUserSetting } from './settings.js';

export const AUTH_HINT = `run “${paletteTitle('setApiKey')}” to store a valid key`;

export class Endpoint {
  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly log: Log,
    private readonly state: vscode.Memento,
  ) {}

  /** `pau.provider` resolved: auto prefers a configured endpoint, then a picked VS Code model. */
  private async providerKind(settings: Settings): Promise<'openai' | 'vscode' | undefined> {
    if (settings.provider === 'openai') return settings.baseUrl ? 'openai' : undefined;
    if (settings.provider === 'vscode') return 'vscode';
    if (settings.baseUrl) return 'openai';
    return (await resolvePickedModel(this.state)) ? 'vscode' : undefined;
  }

  /** The picked VS Code model as a run's LLM config, asking for a pick when there is none. */
  private async languageModel(): Promise<LlmConfig | undefined> {
    const model = (await resolvePickedModel(this.state)) ?? (await selectLanguageModel(this.state));
    if (!model) return undefined;
    return {
      baseURL: `vscode.lm:${model.vendor}`,
      model: model.id,
      apiKey: '',
      provider: new LanguageModelProvider(model),
      authHint: 'allow PAU Probe to use the model when VS Code asks',
    };
  }

  async apiKey(): Promise<string> {
    const key = (await this.secrets.get(API_KEY_SECRET)) ?? '';
    this.log.addSecret(key);
    return key;
  }

  /** The agent's endpoint, or undefined when no base URL is configured. */
  async llm(settings: Settings): Promise<LlmConfig | undefined> {
    const kind = await this.providerKind(settings);
    if (kind === 'vscode') {
      const config = await this.languageModel();
      return config && { ...config, textProtocol: settings.textProtocol };
    }
    if (!settings.baseUrl) return undefined;
    const config: LlmConfig = {
      baseURL: settings.baseUrl,
      model: settings.model,
      apiKey: await this.apiKey(),
      textProtocol: settings.textProtocol,
      authHint: AUTH_HINT,
    };
    const prompt = settings['pricing.promptPerMillion'];
    const completion = settings['pricing.completionPerMillion'];
    if (prompt > 0 || completion > 0) config.pricing = { prompt, completion };
    return config;
  }

  /** The judge and implementer: `pau.judgeModel` at the same endpoint, else the agent's model. */
  judge(llm: LlmConfig, settings: Settings): LlmConfig {
    if (llm.provider) return llm; // pau.judgeModel names a model at pau.baseUrl, not a VS Code model
    return settings.judgeModel ? { ...llm, model: settings.judgeModel } : llm;
  }

  /** "PAU: Set API Key": an empty answer removes the stored key. */
  async promptForKey(settings: Settings): Promise<boolean> {
    const where = settings.baseUrl ? ` for ${settings.baseUrl}` : '';
    const value = await vscode.window.showInputBox({
      title: paletteTitle('setApiKey'),
      prompt: `API key${where}. It is kept in VS Code's secret storage, never in settings or logs. Leave empty to remove the stored key.`,
      password: true,
      ignoreFocusOut: true,
      placeHolder: 'sk-…',
    });
    if (value === undefined) return false;
    const key = value.trim();
    if (key === '') {
      await this.secrets.delete(API_KEY_SECRET);
      this.log.info('The stored API key was removed.');
      void notify(NOTICES.apiKeyRemoved());
      return true;
    }
    this.log.addSecret(key);
    await this.secrets.store(API_KEY_SECRET, key);
    this.log.info('An API key was stored in the secret storage.');
    void notify(NOTICES.apiKeyStored());
    return true;
  }

  /**
   * No endpoint configured: set one up now or use the offline explorer.
   * Returns the mode to run in, or undefined when the user dismissed the question.
   */
  async chooseMode(settings: Settings): Promise<'llm' | 'offline' | undefined> {
    if (await this.providerKind(settings)) return 'llm';
    const vscodeModels = await chatModels();
    if (vscodeModels.length > 0) {
      const choice = await notify(NOTICES.noEndpointButVscodeModels(vscodeModels.length));
      if (choice === 'offline') return 'offline';
      if (choice === 'pick') return (await selectLanguageModel(this.state)) ? 'llm' : undefined;
      if (choice === 'setUp') return (await this.setUp(settings)) ? 'llm' : undefined;
      return undefined;
    }
    const local = (await detectLocalServers({ origins: { ollama: ollamaOrigin(), lmstudio: LOCAL_SERVERS.lmstudio } })).filter((s) => s.models.length > 0);
    const choice = await notify(NOTICES.noEndpoint(local.map((s) => ({ label: s.label, models: s.models.length }))));
    if (choice === 'offline') return 'offline';
    if (choice === 'pickLocal') return (await this.setUp(settings)) ? 'llm' : undefined;
    // "Set Up an Endpoint" beside "Pick an Ollama Model": another endpoint, typed.
    if (choice === 'setUp') return (await this.setUp(settings, { localFirst: local.length === 0 })) ? 'llm' : undefined;
    return undefined;
  }

  /**
   * A model of a local server (Ollama, LM Studio) picked from what they list, or 'type' to
   * enter an endpoint by hand; undefined when the user dismissed the picker.
   */
  async pickLocalModel(servers: LocalServer[]): Promise<{ baseUrl: string; model: string } | 'type' | undefined> {
    type Item = vscode.QuickPickItem & { pick?: { baseUrl: string; model: string } };
    const items: Item[] = [];
    for (const server of servers) {
      items.push({ label: `${server.label} at ${server.baseURL}`, kind: vscode.QuickPickItemKind.Separator });
      for (const model of server.models) items.push({ label: model, description: server.label, pick: { baseUrl: server.baseURL, model } });
    }
    items.push(
      { label: '', kind: vscode.QuickPickItemKind.Separator },
      { label: '$(edit) Enter an endpoint URL…', description: 'OpenAI, Azure, vLLM, OpenRouter…' },
    );
    const picked = await vscode.window.showQuickPick(items, {
      title: 'PAU: Set Up an Endpoint',
      placeHolder: 'A model of a local server (no key needed), or another endpoint',
      ignoreFocusOut: true,
    });
    if (!picked) return undefined;
    return picked.pick ?? 'type';
  }

  /**
   * Asks for the base URL, the model and the key, and stores them (URL and model in user settings);
   * with `localFirst`, a model of a local server found running is offered before the URL.
   */
  async setUp(settings: Settings, { localFirst = true } = {}): Promise<boolean> {
    // Local servers first: a model that is already running is picked, not typed.
    const servers = settings.baseUrl || !localFirst ? [] : await detectLocalServers({ origins: { ollama: ollamaOrigin(), lmstudio: LOCAL_SERVERS.lmstudio } });
    const withModels = servers.filter((s) => s.models.length > 0);
    if (withModels.length > 0) {
      const local = await this.pickLocalModel(withModels);
      if (local === undefined) return false;
      if (local !== 'type') {
        await updateUserSetting('baseUrl', local.baseUrl);
        await updateUserSetting('model', local.model);
        this.log.info(`Endpoint set up: ${local.baseUrl} (model ${local.model}), found running on this machine; no key needed.`);
        return true;
      }
    }
    const baseUrl = await vscode.window.showInputBox({
      title: 'PAU: Set Up an Endpoint (1/3)',
      prompt: 'Base URL of an OpenAI-compatible endpoint (OpenAI, Azure, Ollama, LM Studio, vLLM, OpenRouter…)',
      value: settings.baseUrl || 'https://api.openai.com/v1',
      ignoreFocusOut: true,
      validateInput: (v) => validateBaseUrl(v),
    });
    if (baseUrl === undefined) return false;
    const model = await vscode.window.showInputBox({
      title: 'PAU: Set Up an Endpoint (2/3)',
      prompt: 'Model name at that endpoint',
      value: settings.model,
      placeHolder: 'gpt-4o-mini, qwen2.5-coder:7b, …',
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() === '' ? 'Enter the model name the endpoint knows.' : undefined),
    });
    if (model === undefined) return false;
    await updateUserSetting('baseUrl', baseUrl.trim());
    await updateUserSetting('model', model.trim());
    this.log.info(`Endpoint set up: ${baseUrl.trim()} (model ${model.trim()}).`);
    if (isLocalEndpoint(baseUrl.trim())) return true; // a server on this machine takes no key
    const key = await vscode.window.showInputBox({
      title: 'PAU: Set Up an Endpoint (3/3)',
      prompt: 'API key (kept in the secret storage). Leave empty for servers that need none, such as a local Ollama.',
      password: true,
      ignoreFocusOut: true,
    });
    if (key === undefined) return true;
    if (key.trim()) {
      this.log.addSecret(key.trim());
      await this.secrets.store(API_KEY_SECRET, key.trim());
    }
    return true;
  }
}

export function validateBaseUrl(value: string): string | undefined {
  const v = value.trim();
  if (v === '') return 'Enter a URL such as https://api.openai.com/v1';
  try {
    const url = new URL(v);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'The URL must start with http:// or https://';
  } catch {
    return 'Not a valid URL';
  }
  return undefined;
}
