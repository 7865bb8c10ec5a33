// API-level checks inside a desktop VS Code (run by test/electron/run.ts with
// @vscode/test-electron). They complement the code-server suite in test/e2e/, which drives
// the UI: here the extension is reached through the `vscode` API only. No test framework:
// a list of named async checks, run in order, failing the run if any fails.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { runChecks, until, type Check } from './checks.js';
import { COMMANDS } from '../../src/extension/contributions/commands.js';
import { SETTINGS } from '../../src/extension/contributions/settings.js';

const EXTENSION_ID = 'pau-probe.pau-probe';
const workspace = process.env.PAU_TEST_WORKSPACE ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';

// The contract's ids and defaults, as the extension's own tables state them (a unit test,
// test/unit/extension/manifest.test.ts, holds those tables to docs/ui-contract.md); here the
// running editor is held to them.
const CONTRACT_COMMANDS = Object.values(COMMANDS).map((c) => c.id);
const CONTRACT_DEFAULTS: Record<string, unknown> = Object.fromEntries(Object.entries(SETTINGS).map(([key, spec]) => [key, spec.default]));

async function openExample(name: string): Promise<vscode.TextDocument> {
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(join(workspace, name)));
  await vscode.window.showTextDocument(doc);
  return doc;
}

function panelTab(functionName: string): vscode.Tab | undefined {
  for (const group of vscode.window.tabGroups.all) {
    for (const tab of group.tabs) {
      if (tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith('pau.probePanel') && tab.label === `PAU Probe: ${functionName}`)
        return tab;
    }
  }
  return undefined;
}

const checks: Check[] = [
  [
    'activates when a Python file opens',
    async () => {
      await openExample('text.py');
      const ext = vscode.extensions.getExtension(EXTENSION_ID);
      assert.ok(ext, `${EXTENSION_ID} is installed`);
      await until('activation', 20_000, () => (ext.isActive ? true : undefined));
    },
  ],
  [
    'registers every command of the UI contract',
    async () => {
      const all = new Set(await vscode.commands.getCommands(true));
      for (const id of CONTRACT_COMMANDS) assert.ok(all.has(id), `command ${id} is registered`);
    },
  ],
  [
    'declares the settings of the UI contract with their defaults',
    async () => {
      const config = vscode.workspace.getConfiguration('pau');
      for (const [key, value] of Object.entries(CONTRACT_DEFAULTS)) {
        assert.deepEqual(config.inspect(key)?.defaultValue, value, `pau.${key} defaults to ${JSON.stringify(value)}`);
      }
    },
  ],
  [
    'puts a "Probe" CodeLens above every def, running pau.probeAtCursor with (uri, qualname)',
    async () => {
      const doc = await openExample('text.py');
      const lenses = await until('CodeLenses on text.py', 20_000, async () => {
        const found = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri, 100);
        return found && found.some((l) => l.command?.command === 'pau.probeAtCursor') ? found : undefined;
      });
      const probes = lenses.filter((l) => l.command?.command === 'pau.probeAtCursor');
      const defs = doc
        .getText()
        .split('\n')
        .flatMap((line, i) => (/^def (\w+)/.exec(line) ? [{ name: /^def (\w+)/.exec(line)![1]!, line: i }] : []));
      assert.ok(defs.length >= 5);
      for (const def of defs) {
        const lens = probes.find((l) => l.range.start.line === def.line);
        assert.ok(lens, `a Probe lens on line ${def.line + 1} (def ${def.name})`);
        assert.match(lens.command!.title, /Probe/);
        const [uri, qualname] = lens.command!.arguments ?? [];
        assert.equal((uri as vscode.Uri).fsPath, doc.uri.fsPath);
        assert.equal(qualname, def.name);
      }
    },
  ],
  [
    'the offline explorer probes mathx.gcd in the panel, with no endpoint configured',
    async () => {
      const doc = await openExample('mathx.py');
      // The command resolves when the run is over.
      await vscode.commands.executeCommand('pau.probeOffline', doc.uri, 'gcd');
      assert.ok(panelTab('gcd'), 'the "PAU Probe: gcd" panel is open');
    },
  ],
  [
    'Insert Inferred Docstring writes the docstring of text.word_count under its def',
    async () => {
      const doc = await openExample('text.py');
      const before = doc.getText();
      await vscode.commands.executeCommand('pau.probeOffline', doc.uri, 'word_count');
      await vscode.commands.executeCommand('pau.insertDocstring');
      const lines = await until('the docstring in the document', 20_000, () => (doc.getText() !== before ? doc.getText().split('\n') : undefined));
      const def = lines.findIndex((l) => l.startsWith('def word_count('));
      assert.match(lines[def + 1]!, /^ {4}(r|u)?("""|''')/, 'the docstring opens right under the def, indented 4 spaces');
      const added = lines.length - before.split('\n').length;
      assert.deepEqual([...lines.slice(0, def + 1), ...lines.slice(def + 1 + added)], before.split('\n'), 'nothing else changed');
      await vscode.commands.executeCommand('workbench.action.files.revert');
    },
  ],
];

/** Entry point called by VS Code's test runner (extensionTestsPath). */
export async function run(): Promise<void> {
  await runChecks(checks);
}
