// package.json's contributions and the README's tables are generated from the tables in
// src/extension/contributions/ (scripts/gen.ts): this fails when someone edits a table and
// forgets `npm run gen`, or edits a generated part by hand.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { commandsTable, generatedFiles, layers, replaceSection, settingsTable } from '../../../scripts/gen.js';
import { COMMANDS } from '../../../src/extension/contributions/commands.js';
import { SETTINGS } from '../../../src/extension/contributions/settings.js';

test('the generated files are up to date (run `npm run gen` when this fails)', () => {
  for (const file of generatedFiles()) assert.equal(file.current, file.wanted, `${file.path} is stale: run npm run gen`);
});

test('the README tables have a row per setting and per command, with the table defaults', () => {
  const settings = settingsTable();
  for (const [key, spec] of Object.entries(SETTINGS)) {
    const row = settings.split('\n').find((line) => line.startsWith(`| \`pau.${key}\` |`));
    assert.ok(row, `a row for pau.${key}`);
    assert.ok(row.includes(`| \`${spec.default === '' ? '""' : String(spec.default)}\` |`), `pau.${key} shows its default: ${row}`);
  }
  const commands = commandsTable();
  for (const c of Object.values(COMMANDS)) assert.ok(commands.includes(`| PAU: ${c.title} | \`${c.id}\` |`), c.id);
});

test('a README without the markers is an error, not a silent no-op', () => {
  assert.throws(() => replaceSection('# no markers\n', 'settings', 'x'), /no <!-- gen:settings/);
});

test("docs/architecture.md's layer table is read back from the dependency-cruiser rules", () => {
  const table = new Map(layers());
  assert.deepEqual(table.get('src/core/'), []);
  assert.deepEqual(table.get('src/protocol/'), ['core']);
  assert.deepEqual(table.get('webview/'), ['protocol', 'core']);
  assert.ok(table.get('src/extension/')?.includes('session'));
  assert.ok(!table.get('src/session/')?.includes('extension'), 'the composition root does not import the editor layer');
});
