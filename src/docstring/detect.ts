// Guessing the docstring style a file already uses, so that new docstrings match it.
// A light scan, no Python needed: a docstring is a string literal at the very start of the
// file or the first thing on a line after a line ending in ':' (a def or class header).
import { skipString } from '../core/python-source.js';
import type { DocstringStyle } from './types.js';

const SPHINX = /^[ \t]*:(?:param|parameter|arg|argument|key|keyword|type|returns?|rtype|raises?|except|exception|yields?|ytype|var|ivar|cvar)\b[^:\n]*:/m;
const NUMPY =
  /^[ \t]*(?:Parameters|Other Parameters|Returns|Yields|Receives|Raises|Warns|See Also|Notes|References|Examples|Attributes|Methods)[ \t]*\r?\n[ \t]*-{3,}[ \t]*$/m;
// A Google section header is followed by a line indented deeper than the header itself.
const GOOGLE =
  /^([ \t]*)(?:Args|Arguments|Parameters|Params|Returns?|Yields?|Raises|Examples?|Attributes|Keyword Args|Keyword Arguments|Other Parameters|Note|Notes|Todo|Warns|Warnings?|See Also):[ \t]*\r?\n\1[ \t]+\S/m;

/** The string literals of `source` that are docstrings (raw source text, quotes included). */
export function findDocstrings(source: string): string[] {
  const found: string[] = [];
  let last = ''; // last significant character ('' = nothing yet)
  let newlineSince = false;
  let i = 0;
  while (i < source.length) {
    const c = source.charAt(i);
    if (c === '#') {
      while (i < source.length && source[i] !== '\n' && source[i] !== '\r') i++;
    } else if (c === '\\' && (source[i + 1] === '\n' || source[i + 1] === '\r')) {
      i += 2;
    } else if (c === '\n' || c === '\r') {
      newlineSince = true;
      i++;
    } else if (/\s/.test(c)) {
      i++;
    } else {
      const prefix = /^[rRuUbBfF]{0,2}(?=['"])/.exec(source.slice(i, i + 3));
      if (prefix && !/\w/.test(source[i - 1] ?? '')) {
        const start = i;
        i = skipString(source, i + prefix[0].length);
        if (!/[bBfF]/.test(prefix[0]) && (last === '' || (last === ':' && newlineSince))) found.push(source.slice(start, i));
        last = 'string';
      } else {
        const word = /^\w+/.exec(source.slice(i, i + 200))?.[0];
        last = word ? 'word' : c;
        i += word ? word.length : 1;
      }
      newlineSince = false;
    }
  }
  return found;
}

/**
 * The style most of the file's sectioned docstrings use (Google `Args:`, NumPy underlined
 * headers, Sphinx `:param x:`); `pep257` when it has docstrings but none with sections; null
 * when it has no docstrings (the caller falls back to the setting). Ties go to the style seen first.
 */
export function detectStyle(source: string): DocstringStyle | null {
  const docstrings = findDocstrings(source);
  if (docstrings.length === 0) return null;
  const votes = new Map<DocstringStyle, number>();
  for (const doc of docstrings) {
    const style: DocstringStyle | null = SPHINX.test(doc) ? 'sphinx' : NUMPY.test(doc) ? 'numpy' : GOOGLE.test(doc) ? 'google' : null;
    if (style) votes.set(style, (votes.get(style) ?? 0) + 1);
  }
  let best: DocstringStyle = 'pep257';
  let bestCount = 0;
  for (const [style, count] of votes) {
    if (count > bestCount) [best, bestCount] = [style, count];
  }
  return best;
}
