// `npm run test:electron`: the extension's API-level suite (test/electron/suite.ts) inside a
// desktop VS Code that @vscode/test-electron downloads. For machines with access to
// update.code.visualstudio.com. The default test command runs the same suite in
// code-server's extension host instead (test/e2e/api-suite.test.ts), which needs no download.
//
//   PAU_VSCODE_VERSION=1.100.3   the VS Code to download (default: the engine's minimum)
//   PAU_VSCODE_EXECUTABLE=path   use an installed VS Code instead of downloading one
import { runTests } from '@vscode/test-electron';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bundleApiSuite } from './bundle.js';

const repo = resolve(import.meta.dirname, '..', '..');

const build = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: repo, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const suite = await bundleApiSuite(join(repo, '.vscode-test', 'suite', 'index.cjs'));

const root = mkdtempSync(join(tmpdir(), 'pau-electron-'));
const workspace = join(root, 'workspace');
const userData = join(root, 'user-data');
cpSync(join(repo, 'examples'), workspace, { recursive: true, filter: (src) => !src.includes('__pycache__') });
mkdirSync(join(userData, 'User'), { recursive: true });
writeFileSync(
  join(userData, 'User', 'settings.json'),
  JSON.stringify({
    'security.workspace.trust.enabled': false,
    'workbench.startupEditor': 'none',
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.autoCheckUpdates': false,
    'pau.pythonPath': 'python3',
  }),
);

let code = 1;
try {
  code = await runTests({
    version: process.env.PAU_VSCODE_VERSION ?? '1.100.3',
    ...(process.env.PAU_VSCODE_EXECUTABLE ? { vscodeExecutablePath: process.env.PAU_VSCODE_EXECUTABLE } : {}),
    extensionDevelopmentPath: repo,
    extensionTestsPath: suite,
    launchArgs: [workspace, '--user-data-dir', userData, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes'],
    extensionTestsEnv: { PAU_TEST_WORKSPACE: workspace },
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  rmSync(root, { recursive: true, force: true });
}
process.exit(code);
