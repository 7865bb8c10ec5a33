// The extension's settings: keys, types, defaults, scopes and descriptions in one table, the
// one source of package.json's `contributes.configuration` and the README's settings table
// (`npm run gen` writes both; a unit test fails when they are stale). Defaults shared with the
// CLI come from src/core/limits.ts. The host reads values through `readSettings`.
// No `vscode` import: plain data, so that Node tests and scripts/gen.ts can use it. The webview
// never imports it (the descriptions stay out of webview.js).
//
// A new setting: one entry in SETTINGS below (its `order` places it in the Settings editor),
// then `npm run gen`. A limit every worker gets is an entry of LIMIT_SETTINGS
// (src/core/limits.ts) instead, which SETTINGS includes (docs/development.md).
import { DEFAULT_COVERAGE_FEEDBACK, DEFAULT_MAX_PROBES, DEFAULT_STRICTNESS, LIMIT_SETTINGS, MAX_PROBES_RANGE, userLimits } from '../../core/limits.js';
import { SANDBOX_MODES } from '../../core/probe-types.js';
import { STRICTNESS_LEVELS, type SessionSettings } from '../../core/session-types.js';
import type { SettingSpec } from '../../core/setting-spec.js';

export const SETTINGS_SECTION = 'pau';

export const DOCSTRING_STYLES = ['auto', 'google', 'numpy', 'sphinx', 'pep257'] as const;
export type DocstringStyleSetting = (typeof DOCSTRING_STYLES)[number];

export const SETTINGS = {
  baseUrl: {
    type: 'string',
    default: '',
    scope: 'machine',
    order: 1,
    markdownDescription:
      'Base URL of an OpenAI-compatible endpoint, e.g. `https://api.openai.com/v1` or `http://localhost:11434/v1` (Ollama). ' +
      'Empty: only the offline explorer runs. The API key is stored with **PAU: Set API Key**, never in settings. ' +
      'Machine scope: a workspace cannot redirect your key to another server.',
  },
  provider: {
    type: 'string',
    default: 'auto',
    enum: ['auto', 'vscode', 'openai'],
    enumDescriptions: [
      'The endpoint at `#pau.baseUrl#` when one is set, else the VS Code language model picked with **PAU: Select Language Model**, else the offline explorer is offered.',
      "VS Code's Language Model API: a chat model the editor has (GitHub Copilot, or an extension that contributes models), picked with **PAU: Select Language Model**.",
      'The OpenAI-compatible endpoint at `#pau.baseUrl#`.',
    ],
    scope: 'window',
    order: 0,
    markdownDescription: 'Where the agent, the implementations and the judge get their model from.',
  },
  model: {
    type: 'string',
    default: '',
    scope: 'window',
    order: 2,
    markdownDescription: 'Model name the agent uses at `#pau.baseUrl#`, e.g. `gpt-4o-mini` or `qwen2.5-coder:7b`.',
  },
  judgeModel: {
    type: 'string',
    default: '',
    scope: 'window',
    order: 3,
    markdownDescription: 'Model that writes implementations and judges the comparison. Empty: the same as `#pau.model#`.',
  },
  maxProbes: {
    type: 'integer',
    default: DEFAULT_MAX_PROBES,
    minimum: MAX_PROBES_RANGE.min,
    maximum: MAX_PROBES_RANGE.max,
    scope: 'resource',
    order: 10,
    markdownDescription: 'Most calls the agent may make to the function in one run (the probe budget).',
  },
  // pau.timeoutMs, pau.memoryMb and every other limit each worker gets.
  ...LIMIT_SETTINGS,
  strictness: {
    type: 'string',
    default: DEFAULT_STRICTNESS,
    enum: STRICTNESS_LEVELS,
    enumDescriptions: [
      'The agent sees `f(arg0, arg1, …)`: no names, hints or defaults (the PAU benchmark setting).',
      'The agent sees the real name and signature with type hints and defaults (still no source or docstring).',
    ],
    scope: 'resource',
    order: 13,
    markdownDescription: 'How much of the function the agent is shown. It never sees the source or the docstring.',
  },
  coverageFeedback: {
    type: 'boolean',
    default: DEFAULT_COVERAGE_FEEDBACK,
    scope: 'resource',
    order: 14,
    markdownDescription:
      'Tell the agent how much of the function its calls have reached (counts only, never lines or code), to push it into unexplored behaviour.',
  },
  compare: {
    type: 'boolean',
    default: true,
    scope: 'resource',
    order: 15,
    markdownDescription: 'After a run, compare the inferred description with the actual docstring: behaviour, doctests, an LLM judge and word overlap.',
  },
  textProtocol: {
    type: 'boolean',
    default: false,
    scope: 'window',
    order: 16,
    markdownDescription: 'For models without tool calling: the agent answers with one JSON action per reply instead of tool calls.',
  },
  docstringStyle: {
    type: 'string',
    default: 'auto',
    enum: DOCSTRING_STYLES,
    enumDescriptions: [
      'Match the style of the docstrings already in the file; Google when none is recognisable.',
      'Google style (`Args:`, `Returns:`, `Raises:`).',
      'NumPy style (underlined `Parameters`, `Returns` sections).',
      'Sphinx style (`:param x:`, `:returns:`).',
      'Plain PEP 257: a summary line and prose.',
    ],
    scope: 'resource',
    order: 20,
    markdownDescription: 'Style of the docstrings that **PAU: Insert Inferred Docstring** and **PAU: Generate Docstrings for File** write.',
  },
  pythonPath: {
    type: 'string',
    default: '',
    scope: 'machine-overridable',
    order: 30,
    markdownDescription:
      'Python 3.9+ interpreter that imports and runs the functions. Empty: the Python extension’s active environment, ' +
      'else `python3` or `python` on `PATH`. `${workspaceFolder}` and `~` are expanded. ' +
      'The host runs it once outside the sandbox to learn its folders: name only an interpreter you trust.',
  },
  sandbox: {
    type: 'string',
    default: 'auto',
    enum: SANDBOX_MODES,
    enumDescriptions: [
      'The OS sandbox (bubblewrap on Linux, sandbox-exec on macOS) when it works on this machine, otherwise the guards only; the panel says which.',
      'Always the OS sandbox: a run refuses to start without it and names what is missing (bubblewrap not installed, user namespaces off).',
      "The guards only (an audit hook and resource limits in the worker, Landlock where the kernel has it: writes only in the call's folder, and the OS layer's seccomp filter where python3-seccomp is installed): not a security boundary for reads; calls can read the editor's environment and your files.",
    ],
    scope: 'machine',
    order: 31,
    markdownDescription:
      'What isolates the calls PAU Probe makes to your functions. The guards always run inside the worker; the OS sandbox adds fresh namespaces, ' +
      'no network, a read-only filesystem and a private home around it (README: *What each mode stops*). ' +
      'Machine scope: a workspace cannot weaken the sandbox its own code runs in.',
  },
  allowLibraryTargets: {
    type: 'boolean',
    default: false,
    scope: 'machine',
    order: 32,
    markdownDescription:
      "Let agents (PAU Probe's language-model tools and its MCP server) call functions of the standard library and installed packages. " +
      'Off: they act only on files in the workspace folders, outside the interpreter, because library functions such as `pickle.loads` run whatever code they are given. ' +
      'Machine scope: a workspace cannot turn it on.',
  },
  'codeLens.enabled': {
    type: 'boolean',
    default: true,
    scope: 'resource',
    order: 40,
    markdownDescription: 'Show **Probe** and **Offline** above every `def` in Python files.',
  },
  prestartWorker: {
    type: 'boolean',
    default: true,
    scope: 'window',
    order: 41,
    markdownDescription:
      'Start a worker for the function the cursor rests in (trusted workspaces only), so the next run of it starts at once. One at a time; stopped after a minute unused or when a Python file changes.',
  },
  'pricing.promptPerMillion': {
    type: 'number',
    default: 0,
    minimum: 0,
    maximum: 10000,
    scope: 'window',
    order: 50,
    markdownDescription: 'Price of one million prompt tokens at your endpoint, in dollars, for the cost counter. 0: no cost is shown.',
  },
  'pricing.completionPerMillion': {
    type: 'number',
    default: 0,
    minimum: 0,
    maximum: 10000,
    scope: 'window',
    order: 51,
    markdownDescription: 'Price of one million completion tokens at your endpoint, in dollars, for the cost counter. 0: no cost is shown.',
  },
} as const satisfies Record<string, SettingSpec>;

export type SettingKey = keyof typeof SETTINGS;

type ValueOf<S> = S extends { type: 'boolean' }
  ? boolean
  : S extends { type: 'integer' | 'number' }
    ? number
    : S extends { enum: readonly (infer E)[] }
      ? E
      : string;

export type Settings = { -readonly [K in SettingKey]: ValueOf<(typeof SETTINGS)[K]> };

export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

/** `pau.maxProbes` for a key. */
export function qualifiedKey(key: SettingKey): string {
  return `${SETTINGS_SECTION}.${key}`;
}

export function isSettingKey(value: unknown): value is SettingKey {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(SETTINGS, value);
}

/** One value, coerced to the declared type: wrong types fall back to the default, numbers are clamped. */
export function coerceSetting<K extends SettingKey>(key: K, raw: unknown): Settings[K] {
  const spec: SettingSpec = SETTINGS[key];
  switch (spec.type) {
    case 'boolean':
      return (typeof raw === 'boolean' ? raw : spec.default) as Settings[K];
    case 'integer':
    case 'number': {
      if (typeof raw !== 'number' || !Number.isFinite(raw)) return spec.default as Settings[K];
      const n = spec.type === 'integer' ? Math.round(raw) : raw;
      return Math.min(spec.maximum, Math.max(spec.minimum, n)) as Settings[K];
    }
    case 'string': {
      if (typeof raw !== 'string') return spec.default as Settings[K];
      const value = raw.trim();
      if (spec.enum && !spec.enum.includes(value)) return spec.default as Settings[K];
      return value as Settings[K];
    }
  }
}

/** All settings from a getter (the host passes `workspace.getConfiguration('pau', uri).get`). */
export function readSettings(get: (key: string) => unknown): Settings {
  const out: Partial<Record<SettingKey, unknown>> = {};
  for (const key of SETTING_KEYS) out[key] = coerceSetting(key, get(key));
  return out as Settings;
}

/** `contributes.configuration.properties` as package.json must declare it. */
export function manifestProperties(): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const key of SETTING_KEYS) out[qualifiedKey(key)] = { ...SETTINGS[key] };
  return out;
}

/** What a run records of the settings (the session file's `settings`). */
export function sessionSettings(settings: Settings, mode: SessionSettings['mode'], endpoint?: { model: string; baseURL: string }): SessionSettings {
  return {
    mode,
    ...(endpoint ? { model: endpoint.model, baseURL: endpoint.baseURL } : {}),
    maxProbes: settings.maxProbes,
    ...userLimits(settings),
    strictness: settings.strictness,
    coverageFeedback: settings.coverageFeedback,
    textProtocol: settings.textProtocol,
    sandbox: settings.sandbox,
  };
}
