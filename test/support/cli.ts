// The `pau` CLI as the integration tests start it: bundled from the sources, laid out as
// `npm run build` lays out dist/ (cli.js, CommonJS; the worker package in python/ beside it;
// package.json one folder up), and run with plain Node. A start through tsx sends every source
// file through its loader, about 0.5 s more CPU than the bundle; a file that started the CLI a
// dozen times paid that a dozen times. Built from the working tree, never read from dist/, so
// never stale.
import { buildSync } from 'esbuild';
import { copyFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Bundles the CLI of the source tree `root` into a new temporary folder (removed when this process exits); the bundle's path. */
export function bundleCli(root: string): string {
  const out = mkdtempSync(join(tmpdir(), 'pau-cli-bundle-'));
  process.on('exit', () => rmSync(out, { recursive: true, force: true }));
  const dist = join(out, 'dist');
  buildSync({
    entryPoints: [join(root, 'src/cli/main.ts')],
    outfile: join(dist, 'cli.js'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    mainFields: ['module', 'main'],
    logLevel: 'silent',
  });
  writeFileSync(join(dist, 'package.json'), '{ "type": "commonjs" }\n');
  // Timestamps kept: the worker's bytecode that the build compiled in python/ stays valid here.
  cpSync(join(root, 'python', 'pau_probe'), join(dist, 'python', 'pau_probe'), { recursive: true, preserveTimestamps: true });
  copyFileSync(join(root, 'package.json'), join(out, 'package.json'));
  return join(dist, 'cli.js');
}

let bundle: string | undefined;

/** The path of the working tree's CLI, bundled on the first call: run it as `node <path> <command> …`. */
export function pauCli(): string {
  bundle ??= bundleCli(ROOT);
  return bundle;
}
