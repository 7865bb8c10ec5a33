// The docstring a finished run writes into its file: the one builder behind the editor's Insert
// Docstring and `pau probe --docstring`, so the terminal prints what the editor would insert.
// Its examples are re-run first by the caller (in a fresh worker, under the file's settings);
// this places the kept ones, in the file's style, at the def's indentation.
import type { Description, SessionFile } from '../core/session-types.js';
import { detectStyle } from './detect.js';
import { computeDocstringEdit } from './edit.js';
import { docstringBody, docstringNames } from './from-session.js';
import { listFunctions } from './python-ast.js';
import type { DocExample, DocstringEdit, DocstringRefusal, DocstringStyle } from './types.js';

export interface RunDocstring {
  edit: DocstringEdit | DocstringRefusal;
  style: DocstringStyle;
  /** The docstring the def has now, which the edit would replace. */
  existing: string | null;
}

export interface RunDocstringOptions {
  /** The style asked for; absent: the file's own, else Google's. */
  style?: DocstringStyle | undefined;
  python?: string | undefined;
  /** The text the run started from, when `source` is the file as it is now: an edit of a changed file is refused. */
  startText?: string;
  signal?: AbortSignal;
}

/**
 * The edit that writes `description` (from `session`, with the re-run `examples` it kept) as the
 * docstring of the run's target in `source` (by default the text the run started from too).
 */
export async function docstringForRun(
  session: SessionFile,
  description: Description,
  source: string,
  examples: DocExample[],
  opts: RunDocstringOptions = {},
): Promise<RunDocstring> {
  const qualname = session.target.qualname;
  const startText = opts.startText ?? source;
  // A file Python cannot read has no def to name: the edit's own check refuses it, with the reason.
  const functions = await listFunctions(startText, opts.python).catch(() => []);
  const fn = functions.find((f) => f.qualname === qualname);
  const style = opts.style ?? detectStyle(startText) ?? 'google';
  const names = docstringNames(session.target.shownAs, qualname, fn);
  const body = docstringBody(description, style, names, examples, fn?.docstring);
  const edit = await computeDocstringEdit(source, { qualname, ...(fn ? { line: fn.line } : {}) }, body, {
    startText,
    ...(opts.python ? { python: opts.python } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  return { edit, style, existing: fn?.docstring ?? null };
}
