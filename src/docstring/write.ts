// One call for the common case: a description in, the edit out, in the file's own style and
// wrapped to fit the function's indentation.
import type { Description } from '../core/session-types.js';
import { detectStyle } from './detect.js';
import { computeDocstringEdit, type EditOptions } from './edit.js';
import type { LocateTarget } from './python-ast.js';
import { DEFAULT_WIDTH, renderDocstring, type RenderOptions } from './render.js';
import type { DocstringEdit, DocstringRefusal, DocstringStyle } from './types.js';

export interface WriteDocstringOptions extends EditOptions {
  /** Use this style whatever the file uses. */
  style?: DocstringStyle;
  /** Style when the file has no docstrings to match (the `pau.docstringStyle` setting). Default google. */
  fallbackStyle?: DocstringStyle;
  render?: Omit<RenderOptions, 'width'>;
  /** Longest docstring line, indentation included. Default 79 (PEP 8); the text itself stays within 72. */
  maxLineLength?: number;
}

/**
 * Renders `description` in the file's style (or `opts.style`) and computes the edit that
 * writes it as `target`'s docstring. Refusals are returned, not thrown.
 */
export async function writeDocstring(
  source: string,
  target: LocateTarget,
  description: Description,
  opts: WriteDocstringOptions = {},
): Promise<(DocstringEdit & { style: DocstringStyle }) | DocstringRefusal> {
  const style = opts.style ?? detectStyle(source) ?? opts.fallbackStyle ?? 'google';
  const maxLine = opts.maxLineLength ?? 79;
  const body = (indentColumns: number) =>
    renderDocstring(description, style, { ...opts.render, width: Math.max(40, Math.min(DEFAULT_WIDTH, maxLine - indentColumns)) });
  const edit = await computeDocstringEdit(source, target, body, opts);
  return edit.kind === 'edit' ? { ...edit, style } : edit;
}
