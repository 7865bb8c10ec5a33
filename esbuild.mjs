// Builds the three bundles: the extension host (CJS, `vscode` external), the CLI
// (CJS, runs under plain Node) and the webview app (browser ESM).
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

/** Copy the Python worker (the pau_probe package) next to the bundles: it is started from `dist/python/`. */
function copyPython() {
  // Start clean so a Python file removed from the source is not shipped from an old build.
  rmSync('dist/python', { recursive: true, force: true });
  mkdirSync('dist/python', { recursive: true });
  // The package only: its pyproject.toml (the checkers' settings) stays behind.
  cpSync('python/pau_probe', 'dist/python/pau_probe', {
    recursive: true,
    filter: (src) => !src.includes('__pycache__'),
  });
  for (const folder of ['dist/python/pau_probe', 'python/pau_probe']) compileBytecode(folder);
  // The repository is "type": "module"; the bundles are CommonJS.
  writeFileSync('dist/package.json', '{ "type": "commonjs" }\n');
  // The panel's icon font (vscode-elements' <vscode-icon> and our rows use the codicons).
  for (const file of ['codicon.css', 'codicon.ttf']) cpSync(`node_modules/@vscode/codicons/dist/${file}`, `dist/${file}`);
}

/**
 * Bytecode for the worker package, made here because the worker never writes any (`-B`):
 * without it every worker start compiles the package again (about 40 ms of CPU here). Only the
 * interpreter `python3` names gets it; others still compile in memory, and Python ignores a
 * .pyc whose source changed since. The source tree gets it too, for tests that run from source.
 */
function compileBytecode(folder) {
  try {
    execFileSync('python3', ['-m', 'compileall', '-q', folder], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    console.warn(`no bytecode for ${folder} (the worker compiles it at each start): ${String(error.message).split('\n')[0]}`);
  }
}

const common = {
  bundle: true,
  sourcemap: !production,
  minify: production,
  logLevel: 'info',
  legalComments: 'none',
};

const node = {
  ...common,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  mainFields: ['module', 'main'],
  // src/probe/client.ts reads import.meta.url only when __dirname is missing (ESM from source).
  logOverride: { 'empty-import-meta': 'silent' },
};

const builds = [
  // The engine (openai SDK, execa, session, docstring writer) is a bundle of its own that the
  // extension loads on the first command: activation then parses only the editor layer.
  // .cjs: package.json says "type": "module", and VS Code import()s a main that ends in .js
  // there, sending this CommonJS bundle through Node's ESM loader (activation 357 ms, 52 ms as .cjs).
  { ...node, entryPoints: ['src/extension/main.ts'], outfile: 'dist/extension.cjs', external: ['vscode', './backend.js'] },
  { ...node, entryPoints: ['src/extension/backend.ts'], outfile: 'dist/backend.js', external: ['vscode'] },
  { ...node, entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
  {
    ...common,
    entryPoints: ['webview/main.ts'],
    outfile: 'dist/webview.js',
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
  },
];

copyPython();
if (watch) {
  for (const options of builds) (await esbuild.context(options)).watch();
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
