// The layers of docs/architecture.md (layers.cjs, which eslint.config.js reads too), checked by
// `npm run lint:layers` (part of `npm test`): each folder of src/ may import only the folders
// listed for it, and `no-circular` forbids file-level cycles too.
const { LAYERS, WEBVIEW_MAY_IMPORT } = require('./layers.cjs');

const folders = Object.keys(LAYERS);
const layerRules = folders.map((from) => ({
  name: `layer-${from}`,
  comment: `src/${from}/ may import only ${LAYERS[from].map((f) => `src/${f}/`).join(', ') || 'itself'} (docs/architecture.md)`,
  severity: 'error',
  from: { path: `^src/${from}/` },
  to: { path: `^src/(?!(?:${[from, ...LAYERS[from]].join('|')})/)` },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'src-only-known-folders',
      comment: 'every file of src/ lives in one of the layers (add a new folder to LAYERS)',
      severity: 'error',
      from: { path: `^src/(?!(?:${folders.join('|')})/)` },
      to: {},
    },
    {
      name: 'webview-protocol-only',
      comment: 'the panel app depends only on the host⇄webview protocol and the pure core it is written in',
      severity: 'error',
      from: { path: '^webview/' },
      to: { path: `^src/(?!(?:${WEBVIEW_MAY_IMPORT.join('|')})/)` },
    },
    {
      name: 'core-no-packages',
      comment: 'src/core/ is pure: no npm package',
      severity: 'error',
      from: { path: '^src/(core|protocol)/' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'vscode-only-in-extension',
      comment: 'only src/extension/ runs in the editor; everything else runs under plain Node',
      severity: 'error',
      from: { path: '^(src/(?!extension/)|webview/)' },
      to: { path: '^vscode$', dependencyTypes: ['core', 'npm', 'npm-no-pkg', 'npm-unknown', 'unknown', 'undetermined'] },
    },
    {
      name: 'no-circular',
      comment: 'no import cycles between files',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^vscode$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
