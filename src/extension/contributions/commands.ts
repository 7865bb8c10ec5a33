// Command ids, titles and menus (docs/ui-contract.md): the one source of package.json's
// `contributes.commands` and `contributes.menus` and of the README's command table
// (`npm run gen` writes them; a unit test fails when they are stale). The host registers a
// handler for each command (commands.ts) and names them in its messages through `paletteTitle`.
// No `vscode` import: plain data, so that Node tests and scripts/gen.ts can use it.
//
// A new command: one entry in COMMANDS, a factory in src/extension/commands.ts (the compiler
// asks for it), any menu entries in MENUS, then `npm run gen`.

export const COMMAND_CATEGORY = 'PAU';

interface CommandSpec {
  id: `pau.${string}`;
  /** Shown in the palette after `PAU: `. */
  title: string;
  /** A codicon, `$(name)`. */
  icon: `$(${string})`;
  /** What it does, one line for the README's command table (Markdown). */
  summary: string;
}

export const COMMANDS = {
  probeAtCursor: {
    id: 'pau.probeAtCursor',
    title: 'Probe Function at Cursor',
    icon: '$(beaker)',
    summary: 'the function or method around the cursor',
  },
  probeFunction: {
    id: 'pau.probeFunction',
    title: 'Probe Function…',
    icon: '$(search)',
    summary: "a quick pick over the workspace's functions and methods",
  },
  probeOffline: {
    id: 'pau.probeOffline',
    title: 'Probe with Offline Explorer',
    icon: '$(debug-disconnect)',
    summary: 'no LLM: type-aware input generation, coverage-guided mutation and property inference',
  },
  stop: {
    id: 'pau.stop',
    title: 'Stop',
    icon: '$(debug-stop)',
    summary: 'stops the run at once: the HTTP request is aborted and the Python worker is killed',
  },
  insertDocstring: {
    id: 'pau.insertDocstring',
    title: 'Insert Inferred Docstring',
    icon: '$(insert)',
    summary: 'writes the inferred docstring into the function, examples re-run first; refused when the file changed since the run began',
  },
  generateDocstrings: {
    id: 'pau.generateDocstrings',
    title: 'Generate Docstrings for File',
    icon: '$(book)',
    summary: 'probes each undocumented function in turn and shows the proposed edits for review',
  },
  exportSession: {
    id: 'pau.exportSession',
    title: 'Export Session',
    icon: '$(save-as)',
    summary: 'saves the last session as JSON (docs/session-format.md) or Markdown',
  },
  exportPytest: {
    id: 'pau.exportPytest',
    title: 'Export Probes as pytest',
    icon: '$(beaker)',
    summary: "writes a characterization test module from the last run's probes, checked with pytest before it is offered",
  },
  openSession: {
    id: 'pau.openSession',
    title: 'Open Session (Replay)',
    icon: '$(history)',
    summary: 'replays a saved session in the panel',
  },
  setApiKey: {
    id: 'pau.setApiKey',
    title: 'Set API Key',
    icon: '$(key)',
    summary: "stores the key in VS Code's SecretStorage (never in settings or logs)",
  },
  selectLanguageModel: {
    id: 'pau.selectLanguageModel',
    title: 'Select Language Model',
    icon: '$(sparkle)',
    summary: "picks one of VS Code's language models (`vscode.lm`) for the agent, the implementations and the judge",
  },
  showLog: {
    id: 'pau.showLog',
    title: 'Show Log',
    icon: '$(output)',
    summary: 'the "PAU Probe" log channel',
  },
} as const satisfies Record<string, CommandSpec>;

export type CommandKey = keyof typeof COMMANDS;
export type CommandId = (typeof COMMANDS)[CommandKey]['id'];

/** How the command palette shows it: `PAU: Set API Key`. */
export function paletteTitle(key: CommandKey): string {
  return `${COMMAND_CATEGORY}: ${COMMANDS[key].title}`;
}

/** Context keys the host sets for `when` clauses. */
export const CONTEXT_KEYS = {
  running: 'pau.running',
  hasResult: 'pau.hasResult',
} as const;

const PYTHON_EDITOR = 'editorLangId == python';

interface MenuEntry {
  command: CommandKey;
  when?: string;
  /** `pau@N`: our group, N the position in it. */
  group?: string;
}

/** `contributes.menus`, by menu; the manifest names commands by id. */
export const MENUS = {
  commandPalette: [{ command: 'stop', when: CONTEXT_KEYS.running }],
  'editor/context': [
    { command: 'probeAtCursor', when: PYTHON_EDITOR, group: 'pau@1' },
    { command: 'probeOffline', when: PYTHON_EDITOR, group: 'pau@2' },
    { command: 'insertDocstring', when: `${PYTHON_EDITOR} && ${CONTEXT_KEYS.hasResult}`, group: 'pau@3' },
    { command: 'generateDocstrings', when: PYTHON_EDITOR, group: 'pau@4' },
    { command: 'stop', when: `${PYTHON_EDITOR} && ${CONTEXT_KEYS.running}`, group: 'pau@5' },
  ],
  'explorer/context': [{ command: 'generateDocstrings', when: 'resourceLangId == python', group: 'pau@1' }],
} as const satisfies Record<string, readonly MenuEntry[]>;

/** The panel (docs/ui-contract.md). */
export const PANEL_VIEW_TYPE = 'pau.probePanel';
export const PANEL_TITLE_PREFIX = 'PAU Probe';
export const LOG_CHANNEL_NAME = 'PAU Probe';
export const API_KEY_SECRET = 'pau.apiKey';
