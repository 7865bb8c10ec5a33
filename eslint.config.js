import js from '@eslint/js';
import globals from 'globals';
import { createRequire } from 'node:module';
import tseslint from 'typescript-eslint';

const { LAYERS, WEBVIEW_MAY_IMPORT } = createRequire(import.meta.url)('./layers.cjs');

// `vscode` may only be imported by the editor layer; everything else runs in plain Node.
const NO_VSCODE = { name: 'vscode', message: 'Only src/extension/ may import vscode.' };

/**
 * Import zones from the layer map that dependency-cruiser checks (layers.cjs): a relative import
 * of a folder a layer may not use is an error in the editor as it is typed, not only at
 * `npm run lint:layers`. `depth` is how far below src/ the importing files are.
 */
function zone(files, forbidden, depth, vscodeAllowed) {
  const up = '\\.\\./'.repeat(depth);
  const patterns = forbidden.length
    ? [{ regex: `^${up}(?:${forbidden.join('|')})/`, message: 'This layer may not import that folder (layers.cjs, docs/architecture.md).' }]
    : [];
  return { files, rules: { 'no-restricted-imports': ['error', { paths: vscodeAllowed ? [] : [NO_VSCODE], patterns }] } };
}

const folders = Object.keys(LAYERS);
export const layerZones = folders.flatMap((layer) => {
  const forbidden = folders.filter((f) => f !== layer && !LAYERS[layer].includes(f));
  const vscodeAllowed = layer === 'extension';
  // src/<layer>/*.ts imports ../<folder>/; src/<layer>/<sub>/*.ts imports ../../<folder>/.
  return [zone([`src/${layer}/*.ts`], forbidden, 1, vscodeAllowed), zone([`src/${layer}/*/**/*.ts`], forbidden, 2, vscodeAllowed)];
});
export const webviewZone = {
  files: ['webview/**/*.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [NO_VSCODE],
        patterns: [
          {
            regex: `^(?:\\.\\./)+src/(?!(?:${WEBVIEW_MAY_IMPORT.join('|')})/)`,
            message: 'The panel app may import only src/protocol/ and src/core/ (layers.cjs).',
          },
        ],
      },
    ],
  },
};

/**
 * Non-null assertions (`x!`) mute noUncheckedIndexedAccess. src/ and webview/ have none, but on
 * a line whose disable comment states the invariant after `--`
 * (test/unit/architecture/non-null-assertions.test.ts checks the comments; docs/development.md).
 */
export const nonNullZone = {
  files: ['src/**/*.ts', 'webview/**/*.ts'],
  rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
};

// Lints everything that is code: src, webview, test, scripts and the build/lint configs.
export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.cache/**', '.bench/**', 'examples/**', 'test/e2e/.work/**', '**/__pycache__/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Type-aware rules on the TypeScript (tsconfig.json's files): floating promises, `any` leaking, needless assertions.
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: ['**/*.ts'] })),
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    // A rejection received as `unknown` (another promise's) is passed on as it came.
    rules: { '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }] },
  },
  {
    // node:test's test() and describe() return promises that the runner itself awaits; a fake
    // of an async interface (a prober, a server handler) is async without awaiting anything.
    // Tests read reports, session files and request bodies as parsed JSON (`any`) and assert on
    // them field by field: a missing field fails the assertion, so `any` there hides nothing.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] },
          ],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [NO_VSCODE] }],
    },
  },
  ...layerZones,
  webviewZone,
  nonNullZone,
  // Code that runs in an extension host: the in-editor test suites, the test extension.
  { files: ['test/electron/**', 'test/e2e/scripted-model/**'], rules: { 'no-restricted-imports': 'off' } },
  { files: ['scripts/**', '*.mjs', '*.js', '*.cjs'], languageOptions: { globals: { ...globals.node } } },
  { files: ['*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  { files: ['webview/**'], languageOptions: { globals: { ...globals.browser } } },
);
