// package.json declares exactly the settings and commands of the shared tables, with the ids,
// titles and defaults of docs/ui-contract.md (the end-to-end tests rely on them).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { COMMAND_CATEGORY, COMMANDS, CONTEXT_KEYS, PANEL_VIEW_TYPE, paletteTitle } from '../../../src/extension/contributions/commands.js';
import { manifestProperties, SETTINGS } from '../../../src/extension/contributions/settings.js';

const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  activationEvents: string[];
  contributes: {
    commands: { command: string; title: string; category: string }[];
    configuration: { properties: Record<string, Record<string, unknown>> };
    menus: Record<string, { command: string; when?: string }[]>;
  };
  capabilities: { untrustedWorkspaces: { supported: boolean } };
};

test('contributes.configuration is generated from the settings table, key for key', () => {
  assert.deepEqual(pkg.contributes.configuration.properties, manifestProperties());
});

test('every setting has a scope, a description and a default of its declared type', () => {
  for (const [key, spec] of Object.entries(SETTINGS)) {
    assert.ok(spec.markdownDescription.length > 30, `${key} has a real description`);
    assert.ok(['application', 'machine', 'machine-overridable', 'window', 'resource'].includes(spec.scope), `${key} scope`);
    const type = spec.type === 'integer' ? 'number' : spec.type;
    assert.equal(typeof spec.default, type, `${key} default type`);
    if ('enum' in spec) assert.ok((spec.enum as readonly string[]).includes(spec.default), `${key} default is one of its values`);
  }
});

test('the settings and defaults of docs/ui-contract.md', () => {
  const contract: Record<string, unknown> = {
    baseUrl: '',
    model: '',
    judgeModel: '',
    maxProbes: 20,
    timeoutMs: 5000,
    memoryMb: 1024,
    strictness: 'anonymized',
    coverageFeedback: true,
    docstringStyle: 'auto',
    pythonPath: '',
    'codeLens.enabled': true,
    compare: true,
    textProtocol: false,
  };
  for (const [key, value] of Object.entries(contract)) {
    const spec = (SETTINGS as Record<string, { default: unknown }>)[key];
    assert.ok(spec, `pau.${key} is declared`);
    assert.equal(spec.default, value, `pau.${key} default`);
  }
  assert.deepEqual([...SETTINGS.strictness.enum], ['anonymized', 'signature']);
  assert.deepEqual([...SETTINGS.docstringStyle.enum], ['auto', 'google', 'numpy', 'sphinx', 'pep257']);
  assert.equal(SETTINGS.pythonPath.scope, 'machine-overridable');
});

test('the command ids and titles of docs/ui-contract.md, all declared with category PAU', () => {
  const contract: [string, string][] = [
    ['pau.probeAtCursor', 'Probe Function at Cursor'],
    ['pau.probeFunction', 'Probe Function…'],
    ['pau.probeOffline', 'Probe with Offline Explorer'],
    ['pau.stop', 'Stop'],
    ['pau.insertDocstring', 'Insert Inferred Docstring'],
    ['pau.generateDocstrings', 'Generate Docstrings for File'],
    ['pau.exportSession', 'Export Session'],
    ['pau.exportPytest', 'Export Probes as pytest'],
    ['pau.openSession', 'Open Session (Replay)'],
    ['pau.setApiKey', 'Set API Key'],
    ['pau.selectLanguageModel', 'Select Language Model'],
    ['pau.showLog', 'Show Log'],
  ];
  assert.deepEqual(
    Object.values(COMMANDS).map((c) => [c.id, c.title]),
    contract,
  );
  assert.deepEqual(
    pkg.contributes.commands.map((c) => [c.command, c.title]),
    contract,
  );
  for (const c of pkg.contributes.commands) assert.equal(c.category, COMMAND_CATEGORY);
  assert.equal(paletteTitle('setApiKey'), 'PAU: Set API Key');
});

test('menus only name declared commands and context keys the host sets', () => {
  const ids = new Set<string>(Object.values(COMMANDS).map((c) => c.id));
  const keys = Object.values(CONTEXT_KEYS);
  for (const [menu, entries] of Object.entries(pkg.contributes.menus)) {
    for (const entry of entries) {
      assert.ok(ids.has(entry.command), `${menu}: ${entry.command} is a declared command`);
      for (const word of (entry.when ?? '').match(/\bpau\.\w+/g) ?? []) assert.ok(keys.includes(word as never), `${menu}: ${word} is a context key`);
    }
  }
  const context = pkg.contributes.menus['editor/context']!;
  assert.ok(
    context.every((e) => e.when?.includes('editorLangId == python')),
    'editor context entries are for Python only',
  );
});

test('activation: Python files and a restored panel; untrusted workspaces are not supported', () => {
  assert.ok(pkg.activationEvents.includes('onLanguage:python'));
  assert.ok(pkg.activationEvents.includes(`onWebviewPanel:${PANEL_VIEW_TYPE}`));
  assert.equal(pkg.capabilities.untrustedWorkspaces.supported, false);
});
