// The layering check itself is tested: it passes on the real tree, and fails on a tree that
// imports against the layers or in a cycle. Runs dependency-cruiser as `npm test` does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

function cruise(cwd: string, ...paths: string[]): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, [DEPCRUISE, ...paths, '--config', CONFIG, '--output-type', 'err'], { cwd, encoding: 'utf8' });
  return { status: r.status, out: r.stdout + r.stderr };
}

/** A throwaway tree of TypeScript files, `{ 'src/core/a.ts': "import …" }`. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'pau-layers-'));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler' } }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

test('the repository keeps its layers: no import against them, no cycle', () => {
  const r = cruise(ROOT, 'src', 'webview');
  assert.equal(r.status, 0, r.out);
});

test('an import from a lower layer to a higher one fails the check', () => {
  const dir = tree({
    'src/core/model.ts': "import { run } from '../session/run.js';\nexport const model = run;\n",
    'src/session/run.ts': 'export const run = 1;\n',
  });
  try {
    const r = cruise(dir, 'src');
    assert.notEqual(r.status, 0);
    assert.match(r.out, /layer-core/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a cycle between two files of one folder fails the check', () => {
  const dir = tree({
    'src/session/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
    'src/session/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
  });
  try {
    const r = cruise(dir, 'src');
    assert.notEqual(r.status, 0);
    assert.match(r.out, /no-circular/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the panel app may not reach past the protocol into the engine', () => {
  const dir = tree({
    'webview/app.ts': "import { run } from '../src/session/run.js';\nexport const app = run;\n",
    'src/session/run.ts': 'export const run = 1;\n',
  });
  try {
    const r = cruise(dir, 'src', 'webview');
    assert.notEqual(r.status, 0);
    assert.match(r.out, /webview-protocol-only/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
