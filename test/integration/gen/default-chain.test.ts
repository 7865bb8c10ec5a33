// Must-show: a default changed in its one source reaches package.json, the README and the
// CLI's --help through `npm run gen`, and the check fails until the generator has run. Works on
// a copy of the repository's sources, so the real files are never touched.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { DEFAULT_STRICTNESS, DEFAULT_TIMEOUT_MS } from '../../../src/core/limits.js';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const NEW_TIMEOUT = 7321;
const NEW_STRICTNESS = 'signature';

function tsx(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', ...args], { cwd, encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, out: r.stdout + r.stderr };
}

/** The README row of a setting: `| `pau.key` | `default` |`. */
const readmeRow = (key: string, value: string) => `| \`pau.${key}\` | \`${value}\` |`;

test('defaults edited in src/core/limits.ts reach package.json, the README and --help via npm run gen', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pau-gen-'));
  try {
    for (const path of ['src', 'scripts', 'docs', 'package.json', 'README.md', 'tsconfig.json', '.dependency-cruiser.cjs', 'layers.cjs', 'python']) {
      cpSync(join(ROOT, path), join(dir, path), { recursive: true });
    }
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const first = tsx(dir, 'scripts/gen.ts', '--check');
    assert.equal(first.status, 0, `the copy starts up to date: ${first.out}`);

    const limits = join(dir, 'src', 'core', 'limits.ts');
    const before = readFileSync(limits, 'utf8');
    const after = before
      .replace(`DEFAULT_TIMEOUT_MS = ${DEFAULT_TIMEOUT_MS};`, `DEFAULT_TIMEOUT_MS = ${NEW_TIMEOUT};`)
      .replace(`DEFAULT_STRICTNESS: Strictness = '${DEFAULT_STRICTNESS}';`, `DEFAULT_STRICTNESS: Strictness = '${NEW_STRICTNESS}';`);
    const changed = after.split('\n').filter((line, i) => line !== before.split('\n')[i]);
    assert.equal(changed.length, 2, 'each default is one literal in limits.ts');
    writeFileSync(limits, after);

    const stale = tsx(dir, 'scripts/gen.ts', '--check');
    assert.equal(stale.status, 1, 'the check fails while the generated files are stale');
    assert.match(stale.out, /package\.json, README\.md; run: npm run gen/);

    assert.equal(tsx(dir, 'scripts/gen.ts').status, 0);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      contributes: { configuration: { properties: Record<string, { default: unknown }> } };
    };
    assert.equal(pkg.contributes.configuration.properties['pau.timeoutMs']?.default, NEW_TIMEOUT);
    assert.equal(pkg.contributes.configuration.properties['pau.strictness']?.default, NEW_STRICTNESS);
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    assert.ok(readme.includes(readmeRow('timeoutMs', String(NEW_TIMEOUT))), 'README: pau.timeoutMs');
    assert.ok(readme.includes(readmeRow('strictness', NEW_STRICTNESS)), 'README: pau.strictness');
    for (const command of ['call', 'probe']) {
      const help = tsx(dir, 'src/cli/main.ts', command, '--help');
      assert.equal(help.status, 0, help.out);
      assert.match(help.out, new RegExp(`--timeout-ms N .*\\(default ${NEW_TIMEOUT}\\)`), `pau ${command} --help`);
    }
    assert.match(tsx(dir, 'src/cli/main.ts', 'probe', '--help').out, new RegExp(`--strictness .*\\(default ${NEW_STRICTNESS}\\)`));
    assert.equal(tsx(dir, 'scripts/gen.ts', '--check').status, 0, 'up to date again');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
