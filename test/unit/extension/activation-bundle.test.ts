// What activation loads: dist/extension.cjs is bundled from src/extension/main.ts as esbuild.mjs
// does, and must hold the editor layer only. The engine (session, probe runtime, the openai
// SDK) is dist/backend.js, required on the first command that runs something
// (src/extension/context.ts); replaying a session file does not load it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tmpdir } from 'node:os';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { ProviderError } from '../../../src/llm/provider-error.js';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');

test('the activation bundle holds no engine code and no npm package but the Python extension API', async () => {
  const built = await esbuild.build({
    entryPoints: [join(ROOT, 'src', 'extension', 'main.ts')],
    bundle: true,
    write: false,
    metafile: true,
    outfile: join(tmpdir(), 'pau-extension-check.js'),
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    mainFields: ['module', 'main'],
    external: ['vscode', './backend.js'],
    logLevel: 'error',
  });
  const inputs = Object.keys(built.metafile.inputs);
  assert.ok(inputs.includes('src/extension/runs.ts'), 'the bundle was built');
  const packages = new Set(
    inputs
      .filter((p) => p.startsWith('node_modules/'))
      .map((p) =>
        p
          .split('/')
          .slice(1, p.includes('/@') ? 3 : 2)
          .join('/'),
      ),
  );
  assert.deepEqual([...packages], ['@vscode/python-extension']);
  // The session file's check is not the engine: opening a session for replay needs only it.
  const engine = inputs.filter(
    (p) =>
      (/^src\/(session|probe|agent|compare|explorer|docstring|export|bench|mcp|cli)\//.test(p) && p !== 'src/session/file.ts') || p === 'src/llm/provider.ts',
  );
  assert.deepEqual(engine, []);
});

test('VS Code requires the activation bundle (CommonJS), it does not import() it', () => {
  // VS Code loads an extension's main with import() when its package.json says "type": "module"
  // (ours does: the sources are ESM) and main does not end in .cjs. Our CommonJS bundle then went
  // through Node's ESM loader and VS Code's loader hooks: 357 ms of activation, 52 ms by require.
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { type?: string; main: string };
  const esbuildConfig = readFileSync(join(ROOT, 'esbuild.mjs'), 'utf8');
  assert.ok(pkg.main.endsWith('.cjs') || pkg.type !== 'module', `main ${pkg.main} would be loaded by import()`);
  assert.ok(esbuildConfig.includes(`outfile: '${pkg.main.replace(/^\.\//, '')}'`), `esbuild.mjs writes ${pkg.main}`);
});

test('a ProviderError from another copy of its module (the other bundle) is still a ProviderError', async () => {
  // The query string makes Node load a second, separate instance of the module, as the
  // extension's bundle and the engine's each carry their own.
  const copy = new URL('../../../src/llm/provider-error.ts?copy', import.meta.url).href;
  const other = (await import(copy)) as typeof import('../../../src/llm/provider-error.js');
  assert.notEqual(other.ProviderError, ProviderError);
  const thrown = new other.ProviderError('llm-rate-limit', 'quota reached');
  assert.ok(thrown instanceof ProviderError);
  assert.ok(!(new Error('quota reached') instanceof ProviderError));
  assert.ok(!({ kind: 'llm-other', message: 'x' } instanceof ProviderError));
});
