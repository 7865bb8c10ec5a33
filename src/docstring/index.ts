// The docstring writer: render an inferred description in the file's style, re-run its
// examples, and compute the edit that inserts or replaces a function's docstring.
export type { DocExample, DocstringEdit, DocstringRefusal, DocstringStyle, FunctionLocation, Position, PythonFunction, RefusalReason } from './types.js';
export { DOCSTRING_STYLES } from './types.js';
export { renderDocstring, DEFAULT_WIDTH, type RenderOptions } from './render.js';
export { detectStyle } from './detect.js';
export { doctestOutput, doctestWant, tracebackWant, type DoctestOutput } from './doctest-lines.js';
export { verifyExamples, type ExampleToVerify, type VerifiedExample, type DroppedExample, type VerifiedExamples } from './verify-examples.js';
export {
  applyEdits,
  computeDocstringEdit,
  computeDocstringEdits,
  documentUnchanged,
  offsetToPosition,
  DOCUMENT_CHANGED_MESSAGE,
  type DocstringBody,
  type EditBatch,
  type EditOptions,
  type EditTarget,
} from './edit.js';
export { listFunctions, locateFunctions, PythonSourceError, DEFAULT_PYTHON, type LocateTarget } from './python-ast.js';
export { writeDocstring, type WriteDocstringOptions } from './write.js';
