// The docstring writer: render an inferred description in the file's style, re-run its
// examples, and compute the edit that inserts or replaces a function's docstring.
export type { DocExample, DocstringStyle, PythonFunction } from './types.js';
export { renderDocstring, DEFAULT_WIDTH } from './render.js';
export { detectStyle } from './detect.js';
export { doctestOutput } from './doctest-lines.js';
export { verifyExamples, verifyInFreshWorker } from './verify-examples.js';
export { computeDocstringEdit, computeDocstringEdits, documentUnchanged, DOCUMENT_CHANGED_MESSAGE } from './edit.js';
export { listFunctions } from './python-ast.js';
export { compactDiff, lineDiff } from './diff.js';
export { docstringBody, docstringNames, examplesToVerify } from './from-session.js';
export type { DocstringNames } from './from-session.js';
export { docstringForRun } from './for-run.js';
export type { RunDocstring } from './for-run.js';
