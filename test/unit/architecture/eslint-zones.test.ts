// ESLint's import zones come from the layer map dependency-cruiser checks (layers.cjs), so a
// breach shows in the editor as it is typed. Planted imports, linted as if written in place.
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
// eslint.config.js is plain JavaScript; its zones are Linter configs.
const CONFIG = join(ROOT, 'eslint.config.js');
const { layerZones, webviewZone } = (await import(CONFIG)) as { layerZones: Linter.Config[]; webviewZone: Linter.Config };

async function importErrors(file: string, from: string): Promise<string[]> {
  // The zones as eslint.config.js builds them, without its type-aware rules (a planted file is in no project).
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...layerZones, webviewZone],
  });
  const [result] = await eslint.lintText(`import { x } from '${from}';\nexport const y = x;\n`, { filePath: join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

test('an import against the layers is an ESLint error, in every form dependency-cruiser forbids', async () => {
  const breaches: [string, string][] = [
    ['src/core/planted.ts', '../session/run.js'],
    ['src/probe/planted.ts', '../agent/loop.js'],
    ['src/mcp/planted.ts', '../extension/panel.js'],
    ['src/extension/contributions/planted.ts', '../../cli/main.js'],
    ['webview/planted.ts', '../src/session/run.js'],
    ['src/session/planted.ts', 'vscode'],
  ];
  for (const [file, from] of breaches) assert.equal((await importErrors(file, from)).length, 1, `${file} importing ${from}`);
});

test('imports the layers allow are not reported', async () => {
  const allowed: [string, string][] = [
    ['src/session/planted.ts', '../agent/loop.js'],
    ['src/mcp/planted.ts', '../session/run.js'],
    ['src/extension/contributions/planted.ts', '../../core/limits.js'],
    ['src/extension/planted.ts', 'vscode'],
    ['webview/planted.ts', '../src/protocol/messages.js'],
    ['src/core/planted.ts', './limits.js'],
  ];
  for (const [file, from] of allowed) assert.deepEqual(await importErrors(file, from), [], `${file} importing ${from}`);
});
