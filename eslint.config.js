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
const layerZones = folders.flatMap((layer) => {
  const forbidden = folders.filter((f) => f !== layer && !LAYERS[layer].includes(f));
  const vscodeAllowed = layer === 'extension';
  // src/<layer>/*.ts imports ../<folder>/; src/<layer>/<sub>/*.ts imports ../../<folder>/.
  return [zone([`src/${layer}/*.ts`], forbidden, 1, vscodeAllowed), zone([`src/${layer}/*/**/*.ts`], forbidden, 2, vscodeAllowed)];
});
const webviewZone = {
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

// Lints everything that is code: src, webview, test, scripts and the build/lint configs.
export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.cache/**', '.bench/**', 'examples/**', 'test/e2e/.work/**', '**/__pycache__/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [NO_VSCODE] }],
    },
  },
  ...layerZones,
  webviewZone,
  // Code that runs in an extension host: the in-editor test suites, the test extension.
  { files: ['test/electron/**', 'test/e2e/scripted-model/**'], rules: { 'no-restricted-imports': 'off' } },
  { files: ['scripts/**', '*.mjs', '*.js', '*.cjs'], languageOptions: { globals: { ...globals.node } } },
  { files: ['*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  { files: ['webview/**'], languageOptions: { globals: { ...globals.browser } } },
);
