// Command ids and titles (UI-CONTRACT.md). package.json declares exactly these (a unit test
// checks), the host registers a handler for each, and the webview names them in hints.

export const COMMAND_CATEGORY = 'PAU';

export const COMMANDS = {
  probeAtCursor: { id: 'pau.probeAtCursor', title: 'Probe Function at Cursor', icon: '$(beaker)' },
  probeFunction: { id: 'pau.probeFunction', title: 'Probe Function…', icon: '$(search)' },
  probeOffline: { id: 'pau.probeOffline', title: 'Probe with Offline Explorer', icon: '$(debug-disconnect)' },
  stop: { id: 'pau.stop', title: 'Stop', icon: '$(debug-stop)' },
  insertDocstring: { id: 'pau.insertDocstring', title: 'Insert Inferred Docstring', icon: '$(insert)' },
  generateDocstrings: { id: 'pau.generateDocstrings', title: 'Generate Docstrings for File', icon: '$(book)' },
  exportSession: { id: 'pau.exportSession', title: 'Export Session', icon: '$(save-as)' },
  exportPytest: { id: 'pau.exportPytest', title: 'Export Probes as pytest', icon: '$(beaker)' },
  openSession: { id: 'pau.openSession', title: 'Open Session (Replay)', icon: '$(history)' },
  setApiKey: { id: 'pau.setApiKey', title: 'Set API Key', icon: '$(key)' },
  selectLanguageModel: { id: 'pau.selectLanguageModel', title: 'Select Language Model', icon: '$(sparkle)' },
  showLog: { id: 'pau.showLog', title: 'Show Log', icon: '$(output)' },
} as const;

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

/** The panel (UI-CONTRACT.md). */
export const PANEL_VIEW_TYPE = 'pau.probePanel';
export const PANEL_TITLE_PREFIX = 'PAU Probe';
export const LOG_CHANNEL_NAME = 'PAU Probe';
export const API_KEY_SECRET = 'pau.apiKey';
