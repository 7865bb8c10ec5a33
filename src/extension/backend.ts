// The one place the editor layer reaches the engine (session, docstring writer, probe
// runtime). It is loaded with a dynamic import on the first command, so activation stays
// fast: the openai SDK, execa and the rest initialise only when a run starts. (Reading a
// session file for a replay is not the engine: session/file.ts is in the activation bundle.)
export { runSession } from '../session/run.js';
export { sessionToMarkdown } from '../session/markdown.js';
export {
  computeDocstringEdit,
  computeDocstringEdits,
  DEFAULT_WIDTH,
  detectStyle,
  doctestOutput,
  DOCUMENT_CHANGED_MESSAGE,
  documentUnchanged,
  compactDiff,
  docstringBody,
  docstringForRun,
  docstringNames,
  examplesToVerify,
  lineDiff,
  listFunctions,
  renderDocstring,
  verifyExamples,
  verifyInFreshWorker,
} from '../docstring/index.js';
export { startWorker } from '../probe/client.js';
export { WarmPool } from '../probe/warm-pool.js';
export { pytestRunner } from '../probe/pytest-run.js';
export { onAutoWithoutOsLayer } from '../probe/sandbox.js';
export { allowedCode, allowedTarget, checkedStart, interpreterFolders } from '../session/targets.js';
export { exportPytest } from '../export/pytest-export.js';
