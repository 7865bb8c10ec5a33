import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.cache/**', '.bench/**', 'examples/**', 'test/e2e/.work/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // `vscode` may only be imported by the editor layer; everything else runs in plain Node.
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'Only src/extension/ may import vscode.' }] }],
    },
  },
  { files: ['src/extension/**', 'test/electron/**'], rules: { 'no-restricted-imports': 'off' } },
);
