import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Lints everything that is code: src, webview, test, scripts and the build/lint configs.
export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.cache/**', '.bench/**', 'examples/**', 'test/e2e/.work/**', '**/__pycache__/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // `vscode` may only be imported by the editor layer; everything else runs in plain Node.
      // The other layers are checked by dependency-cruiser (.dependency-cruiser.cjs).
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'Only src/extension/ may import vscode.' }] }],
    },
  },
  // Code that runs in an extension host: the extension, the in-editor test suites, the test extension.
  { files: ['src/extension/**', 'test/electron/**', 'test/e2e/scripted-model/**'], rules: { 'no-restricted-imports': 'off' } },
  { files: ['scripts/**', '*.mjs', '*.js', '*.cjs'], languageOptions: { globals: { ...globals.node } } },
  { files: ['*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  { files: ['webview/**'], languageOptions: { globals: { ...globals.browser } } },
);
