// The layers of docs/architecture.md: which folder of src/ may import which. One map, read by
// .dependency-cruiser.cjs (`npm run lint:layers`) and by eslint.config.js (import zones, so a
// breach shows in the editor as it is typed). The lists form a DAG, so a folder-level cycle is
// impossible.
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

/** What the panel app (webview/) may import of src/. */
const WEBVIEW_MAY_IMPORT = ['protocol', 'core'];

module.exports = { LAYERS, WEBVIEW_MAY_IMPORT };
