// Computing the text edit that inserts or replaces a function's docstring. The edit only
// ever touches the old docstring literal or the whitespace between a one-line def's colon
// and its body; everything else stays byte-identical. Before it is returned, the edited
// text is checked in Python (parses, same AST apart from the docstring, docstring reads as
// intended); an edit that fails the check is refused, never handed out.
import { docstringLiteral, normalizeDocstringBody, readLiteralStyle, DEFAULT_LITERAL_STYLE } from './literal.js';
import { answerAt, checkDocstringEdit, checkDocstringEdits, locateFunctions, PythonSourceError, type LocateTarget, type RunOptions } from './python-ast.js';
import type { DocstringEdit, DocstringRefusal, FunctionLocation, Position, RefusalReason } from './types.js';

export const DOCUMENT_CHANGED_MESSAGE = 'The document changed since the probe started; re-run the probe to write its docstring. Nothing was changed.';

/** True when the document still has the text it had when the probe started. */
export function documentUnchanged(startText: string, currentText: string): boolean {
  return startText === currentText;
}

export interface EditOptions extends RunOptions {
  /** The document's text when the probe started: a different `source` refuses the edit. */
  startText?: string;
  /** Check the edited text in Python before returning the edit. Default true. */
  verify?: boolean;
}

/** Docstring text, unindented, no quotes (renderDocstring's output), or a function of the indentation width. */
export type DocstringBody = string | ((indentColumns: number) => string);

export interface EditTarget extends LocateTarget {
  body: DocstringBody;
}

/** Edits for several functions of one source, computed against the same text (apply them together). */
export interface EditBatch {
  edits: DocstringEdit[];
  refused: DocstringRefusal[];
}

/** 0-based line and UTF-16 character of an offset; `\r\n`, `\r` and `\n` end lines. */
export function offsetToPosition(source: string, offset: number): Position {
  let line = 0;
  let lineStart = 0;
  const breaks = /\r\n|\r|\n/g;
  for (let m = breaks.exec(source); m && m.index < offset; m = breaks.exec(source)) {
    if (m.index + m[0].length > offset) break; // offset between \r and \n: still on this line
    line++;
    lineStart = m.index + m[0].length;
  }
  return { line, character: offset - lineStart };
}

/** Applies non-overlapping edits (any order) and returns the new text. */
export function applyEdits(source: string, edits: readonly { start: number; end: number; newText: string }[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start || b.end - a.end);
  let out = source;
  let limit = Infinity;
  for (const edit of sorted) {
    if (edit.end > limit) throw new Error(`overlapping edits at offset ${edit.start}`);
    out = out.slice(0, edit.start) + edit.newText + out.slice(edit.end);
    limit = edit.start;
  }
  return out;
}

function lineStartOf(source: string, offset: number): number {
  if (offset <= 0) return 0;
  return Math.max(source.lastIndexOf('\n', offset - 1), source.lastIndexOf('\r', offset - 1)) + 1;
}

function indentOfLine(source: string, offset: number): string {
  return /^[ \t\f]*/.exec(source.slice(lineStartOf(source, offset), offset))?.[0] ?? '';
}

/** The file's line ending, as used on the def's line. */
function lineEnding(source: string, from: number): string {
  const breaks = /\r\n|\r|\n/g;
  breaks.lastIndex = from;
  return (breaks.exec(source) ?? /\r\n|\r|\n/.exec(source))?.[0] ?? '\n';
}

/**
 * What follows the header's colon up to the body: a real line break (block form, and where
 * the next line starts) or only spaces and backslash continuations (one-line def).
 */
function afterColon(source: string, colonEnd: number, bodyStart: number): { inline: true } | { inline: false; nextLineStart: number } {
  let i = colonEnd;
  while (i < bodyStart) {
    const c = source.charAt(i);
    if (c === '#') {
      while (i < bodyStart && source[i] !== '\n' && source[i] !== '\r') i++;
    } else if (c === '\\' && (source[i + 1] === '\n' || source[i + 1] === '\r')) {
      i += source.startsWith('\r\n', i + 1) ? 3 : 2;
    } else if (c === '\n' || c === '\r') {
      return { inline: false, nextLineStart: i + (source.startsWith('\r\n', i) ? 2 : 1) };
    } else {
      i++;
    }
  }
  return { inline: true };
}

/** Width in columns of an indentation (tabs to the next multiple of 8, as Python counts them). */
export function indentColumns(indent: string): number {
  let cols = 0;
  for (const c of indent) cols = c === '\t' ? cols + 8 - (cols % 8) : cols + 1;
  return cols;
}

/** The indentation the docstring will have (the body's, or a new block's for a one-line def). */
export function bodyIndent(source: string, loc: FunctionLocation): string {
  const colonEnd = loc.colonEnd ?? loc.bodyStart;
  if (!afterColon(source, colonEnd, loc.bodyStart).inline) return indentOfLine(source, loc.bodyStart);
  const defIndent = indentOfLine(source, loc.defStart);
  return defIndent + (defIndent.includes('\t') ? '\t' : loc.indentUnit);
}

/**
 * The edit for one located def (pure: no Python). Four layouts:
 * block def with a docstring (replace the literal), block def without (insert a line after
 * the header), one-line def with or without a docstring (break the line after the colon).
 */
export function planDocstringEdit(source: string, loc: FunctionLocation, body: string): DocstringEdit {
  if (loc.colonEnd === null) throw new Error(`could not find the end of the header of ${loc.qualname}`);
  const eol = lineEnding(source, loc.defStart);
  const layout = afterColon(source, loc.colonEnd, loc.bodyStart);
  const indent = bodyIndent(source, loc);
  const doc = loc.docstring;
  const style = doc ? readLiteralStyle(source.slice(doc.start, doc.end)) : DEFAULT_LITERAL_STYLE;
  const literal = docstringLiteral(body, indent, eol, style);
  let start: number;
  let end: number;
  let newText: string;
  if (!layout.inline) {
    if (doc) [start, end, newText] = [doc.start, doc.end, literal];
    else [start, end, newText] = [layout.nextLineStart, layout.nextLineStart, indent + literal + eol];
  } else if (doc) {
    // `def f(): "doc"; x` → the docstring moves to its own line; what follows it stays put.
    // Whatever sits between the body's start and the literal (an opening parenthesis) is kept.
    [start, end] = [loc.colonEnd, doc.end];
    newText = eol + indent + source.slice(loc.bodyStart, doc.start) + literal;
  } else {
    [start, end, newText] = [loc.colonEnd, loc.bodyStart, eol + indent + literal + eol + indent];
  }
  return {
    kind: 'edit',
    qualname: loc.qualname,
    start,
    end,
    newText,
    range: { start: offsetToPosition(source, start), end: offsetToPosition(source, end) },
    replaced: doc !== null,
    text: normalizeDocstringBody(body),
  };
}

function refusal(reason: RefusalReason, message: string, qualname?: string): DocstringRefusal {
  return qualname === undefined ? { kind: 'refused', reason, message } : { kind: 'refused', reason, message, qualname };
}

function notFoundMessage(qualname: string, available: string[]): string {
  const last = qualname.slice(qualname.lastIndexOf('.') + 1);
  const near = available.filter((q) => q.split('.').pop() === last && q !== qualname);
  const hint = near.length > 0 ? ` Did you mean ${near.slice(0, 3).join(', ')}?` : available.length === 0 ? ' The file defines no functions.' : '';
  return `No function ${qualname} in this file (it may have been renamed or removed).${hint}`;
}

function sourceErrorRefusal(error: PythonSourceError): DocstringRefusal {
  if (error.kind === 'syntax') return refusal('syntax-error', `${error.message}. Fix it, then insert the docstring.`);
  return refusal('python-unavailable', error.message);
}

/**
 * Edits for several functions of one source at once (e.g. "Generate Docstrings for File"):
 * all are computed against the same text, never overlap, and are meant to be applied
 * together (one WorkspaceEdit, or `applyEdits`). `body` may be a function of the docstring's
 * indentation width, so that the text can be wrapped to fit.
 */
export async function computeDocstringEdits(source: string, targets: EditTarget[], opts: EditOptions = {}): Promise<EditBatch> {
  const refuseAll = (r: DocstringRefusal): EditBatch => ({ edits: [], refused: targets.map((t) => ({ ...r, qualname: t.qualname })) });
  if (opts.startText !== undefined && !documentUnchanged(opts.startText, source)) {
    return refuseAll(refusal('document-changed', DOCUMENT_CHANGED_MESSAGE));
  }
  let located: Awaited<ReturnType<typeof locateFunctions>>;
  try {
    located = await locateFunctions(source, targets, opts);
  } catch (error) {
    if (error instanceof PythonSourceError) return refuseAll(sourceErrorRefusal(error));
    throw error;
  }
  const batch: EditBatch = { edits: [], refused: [] };
  const seen = new Set<number>();
  const planned: Planned[] = [];
  targets.forEach((target, i) => {
    const loc = located.locations[i];
    if (!loc) {
      batch.refused.push(refusal('not-found', notFoundMessage(target.qualname, located.functions), target.qualname));
      return;
    }
    if (seen.has(loc.defStart)) {
      batch.refused.push(refusal('unsafe-edit', `${loc.qualname} was asked for twice; only the first docstring is written.`, target.qualname));
      return;
    }
    const body = typeof target.body === 'function' ? target.body(indentColumns(bodyIndent(source, loc))) : target.body;
    if (normalizeDocstringBody(body) === '') {
      batch.refused.push(refusal('empty-docstring', `The docstring for ${loc.qualname} is empty; nothing to insert.`, target.qualname));
      return;
    }
    if (loc.colonEnd === null) {
      batch.refused.push(refusal('unsafe-edit', `Could not find where the header of ${loc.qualname} ends; nothing was changed.`, target.qualname));
      return;
    }
    seen.add(loc.defStart);
    planned.push({ edit: planDocstringEdit(source, loc, body), check: { qualname: loc.qualname, line: loc.line, expected: normalizeDocstringBody(body) } });
  });
  batch.edits = planned.map((p) => p.edit);
  if (opts.verify === false || planned.length === 0) return batch;
  return verifyBatch(source, planned, batch.refused, opts);
}

/** An edit, with what the Python check must find after it. */
interface Planned {
  edit: DocstringEdit;
  check: LocateTarget & { expected: string };
}

/** Keeps the edits the Python check accepts; with several, a failure is narrowed down edit by edit (one process). */
async function verifyBatch(source: string, planned: Planned[], refused: DocstringRefusal[], opts: RunOptions): Promise<EditBatch> {
  const edits = planned.map((p) => p.edit);
  const problems = await checkDocstringEdit(
    source,
    applyEdits(source, edits),
    planned.map((p) => p.check),
    opts,
  );
  if (problems.length === 0) return { edits, refused };
  const each =
    planned.length === 1
      ? [problems]
      : await checkDocstringEdits(
          planned.map(({ edit, check }) => ({ before: source, after: applyEdits(source, [edit]), targets: [check] })),
          opts,
        );
  const unsafe = (qualname: string, why: string[]) =>
    refusal(
      'unsafe-edit',
      `PAU Probe could not place the docstring of ${qualname} without changing other code (${why.join('; ')}). Nothing was changed; please report this layout.`,
      qualname,
    );
  const kept: Planned[] = [];
  const keptRefused = [...refused];
  planned.forEach((p, i) => {
    const why = answerAt(each, i);
    if (why.length === 0) kept.push(p);
    else keptRefused.push(unsafe(p.edit.qualname, why));
  });
  // Each is fine alone but not together: give none rather than guess.
  if (kept.length === planned.length) return { edits: [], refused: [...refused, ...edits.map((e) => unsafe(e.qualname, problems))] };
  return kept.length > 1 ? verifyBatch(source, kept, keptRefused, opts) : { edits: kept.map((p) => p.edit), refused: keptRefused };
}

/**
 * The edit that inserts `body` as the docstring of `target` in `source`, or replaces the
 * existing one. Refused (never thrown) when the document changed since `opts.startText`,
 * the function is not there, the file does not parse, or Python is missing.
 */
export async function computeDocstringEdit(
  source: string,
  target: LocateTarget,
  body: DocstringBody,
  opts: EditOptions = {},
): Promise<DocstringEdit | DocstringRefusal> {
  const batch = await computeDocstringEdits(source, [{ ...target, body }], opts);
  return batch.edits[0] ?? batch.refused[0] ?? refusal('unsafe-edit', `No edit was planned for ${target.qualname}; nothing was changed.`, target.qualname);
}
