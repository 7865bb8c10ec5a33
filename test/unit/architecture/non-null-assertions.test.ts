// The folders cleared of non-null assertions stay cleared: a new `!` there is an ESLint error,
// and one kept on purpose carries its invariant in the disable comment (`-- why it holds`).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const { nonNullZone } = (await import(join(ROOT, 'eslint.config.js'))) as { nonNullZone: Linter.Config };
const RULE = '@typescript-eslint/no-non-null-assertion';

async function assertionErrors(file: string, text: string): Promise<number> {
  // The zone as eslint.config.js declares it, without the type-aware rules (a planted file is in no project).
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { '@typescript-eslint': tseslint.plugin } }, nonNullZone],
  });
  const [result] = await eslint.lintText(text, { filePath: join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).length;
}

const PLANTED = 'export const first = (xs: number[]) => xs[0]!;\n';

test('a non-null assertion in a cleared folder is an ESLint error; with a disable comment it is not', async () => {
  for (const file of [
    'src/compare/planted.ts',
    'src/extension/contributions/planted.ts',
    'src/bench/planted.ts',
    'webview/planted.ts',
    'src/core/planted.ts',
    'src/docstring/planted.ts',
    'src/probe/planted.ts',
    'src/explorer/planted.ts',
    'src/a-new-folder/planted.ts',
  ]) {
    assert.equal(await assertionErrors(file, PLANTED), 1, file);
  }
  const kept = `// eslint-disable-next-line ${RULE} -- callers pass a non-empty list\n${PLANTED}`;
  assert.equal(await assertionErrors('src/compare/planted.ts', kept), 0);
  // Not in the zone (the tests): no error there.
  assert.equal(await assertionErrors('test/unit/planted.ts', PLANTED), 0);
});

test('each non-null assertion kept in src/ and webview/ states its invariant in its disable comment', () => {
  const files = execFileSync('git', ['ls-files', 'src/*.ts', 'webview/*.ts'], { cwd: ROOT, encoding: 'utf8' }).trim().split('\n');
  const bare: string[] = [];
  for (const file of files) {
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (line.includes(`eslint-disable-next-line ${RULE}`) && !/ -- \S.{8,}/.test(line)) bare.push(`${file}:${i + 1}`);
      });
  }
  assert.deepEqual(bare, []);
});
