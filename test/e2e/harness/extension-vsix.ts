// The extension under test, as users get it: the bundles built by esbuild, packed into a
// .vsix by vsce. Built once and reused while nothing it is made of has changed, so that
// every test file installs the same package without paying for the build again.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { bundleForExtensionHost } from '../../electron/bundle.js';
import { REPO_ROOT } from './code-server.js';

export const VSIX_PATH = join(REPO_ROOT, 'test', 'e2e', '.work', 'pau-probe.vsix');

/** Newest modification time of the files under `path` (0 if it does not exist). */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name === '__pycache__') continue;
    max = Math.max(max, newest(join(path, name)));
  }
  return max;
}

function run(command: string, args: string[], what: string) {
  const result = spawnSync(command, args, { cwd: REPO_ROOT, encoding: 'utf8', timeout: 180_000 });
  if (result.status !== 0) throw new Error(`${what} failed (exit ${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`);
}

const BUNDLES = ['dist/extension.cjs', 'dist/webview.js'];

/**
 * Builds (when the sources are newer than the bundles) and packs (when the bundles are newer
 * than the .vsix). PAU_E2E_VSIX=path tests a given package instead (e.g. a release build).
 */
export function ensureVsix(): string {
  if (process.env.PAU_E2E_VSIX) return process.env.PAU_E2E_VSIX;
  const sources = Math.max(...['src', 'webview', 'media', 'esbuild.mjs', 'package.json'].map((p) => newest(join(REPO_ROOT, p))));
  const bundles = Math.min(...BUNDLES.map((p) => newest(join(REPO_ROOT, p))));
  if (bundles === 0 || sources > bundles) run('node', ['esbuild.mjs'], 'building the extension (node esbuild.mjs)');
  const packed = Math.max(...['dist', 'media', 'package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', '.vscodeignore'].map((p) => newest(join(REPO_ROOT, p))));
  if (newest(VSIX_PATH) <= packed) {
    mkdirSync(join(REPO_ROOT, 'test', 'e2e', '.work'), { recursive: true });
    const vsce = join(REPO_ROOT, 'node_modules', '.bin', 'vsce');
    // Relative links in the README (docs/…) stay as written: there is no repository URL to prefix.
    run(
      vsce,
      ['package', '--no-dependencies', '--allow-missing-repository', '--no-rewrite-relative-links', '--out', VSIX_PATH],
      'packaging the extension (vsce package)',
    );
  }
  return VSIX_PATH;
}

/** `publisher.name` and version from package.json: the installed extension's folder name. */
export function extensionIdentity(packageJson = join(REPO_ROOT, 'package.json')): { id: string; version: string; folder: string } {
  const pkg = JSON.parse(readFileSync(packageJson, 'utf8')) as { publisher: string; name: string; version: string };
  const id = `${pkg.publisher}.${pkg.name}`;
  return { id, version: pkg.version, folder: `${id}-${pkg.version}` };
}

export const SCRIPTED_MODEL_ID = 'pau-test.scripted-model';
const SCRIPTED_MODEL_SOURCE = join(REPO_ROOT, 'test', 'e2e', 'scripted-model');
const SCRIPTED_MODEL_WORK = join(REPO_ROOT, 'test', 'e2e', '.work', 'scripted-model');
const SCRIPTED_MODEL_VSIX = join(REPO_ROOT, 'test', 'e2e', '.work', 'scripted-model.vsix');

/** test/e2e/scripted-model bundled and packed (a chat model for the Language Model API tests). */
export async function ensureScriptedModelVsix(): Promise<string> {
  if (newest(SCRIPTED_MODEL_VSIX) > newest(SCRIPTED_MODEL_SOURCE)) return SCRIPTED_MODEL_VSIX;
  rmSync(SCRIPTED_MODEL_WORK, { recursive: true, force: true });
  mkdirSync(SCRIPTED_MODEL_WORK, { recursive: true });
  await bundleForExtensionHost(join(SCRIPTED_MODEL_SOURCE, 'extension.ts'), join(SCRIPTED_MODEL_WORK, 'extension.cjs'));
  for (const file of ['package.json', 'README.md']) copyFileSync(join(SCRIPTED_MODEL_SOURCE, file), join(SCRIPTED_MODEL_WORK, file));
  const result = spawnSync(
    join(REPO_ROOT, 'node_modules', '.bin', 'vsce'),
    ['package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', SCRIPTED_MODEL_VSIX],
    { cwd: SCRIPTED_MODEL_WORK, encoding: 'utf8', timeout: 120_000 },
  );
  if (result.status !== 0)
    throw new Error(`packing test/e2e/scripted-model failed (exit ${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`);
  return SCRIPTED_MODEL_VSIX;
}
