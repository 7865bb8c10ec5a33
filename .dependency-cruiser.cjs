// The layers of docs/architecture.md, checked by `npm run lint:layers` (part of `npm test`).
// Each folder of src/ may import only the folders listed for it; the lists form a DAG, so a
// folder-level cycle is impossible, and `no-circular` forbids file-level cycles too.
/** @type {Record<string, string[]>} folder → the folders (besides itself) it may import */
const LAYERS = {
  core: [],
  llm: ['core'],
  probe: ['core'],
  explorer: ['core'],
  agent: ['core', 'llm'],
  compare: ['core', 'llm', 'probe'],
  docstring: ['core', 'probe', 'compare'],
  session: ['core', 'llm', 'probe', 'explorer', 'agent', 'compare', 'docstring'],
  bench: ['core', 'llm', 'probe', 'explorer', 'agent', 'compare', 'docstring', 'session'],
  // Tests from a session's probes; the worker is passed in.
  export: ['core'],
  // The MCP server: runs sessions; the real parts (session/services) are passed in by the CLI.
  mcp: ['core', 'session'],
  cli: ['core', 'llm', 'probe', 'explorer', 'agent', 'compare', 'docstring', 'session', 'bench', 'export', 'mcp'],
  protocol: ['core'],
  extension: ['core', 'llm', 'probe', 'explorer', 'agent', 'compare', 'docstring', 'session', 'protocol', 'export'],
};

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
      to: { path: '^src/(?!(?:protocol|core)/)' },
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
