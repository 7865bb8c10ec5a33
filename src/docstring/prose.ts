// Prose for docstrings: word wrapping that leaves lists and code alone, first sentences,
// and turning fragments into sentences.

const BULLET = /^(\s*)([-*•]|\d+[.)])\s+/;
const ABBREVIATION = /(?:^|[\s(])(?:e\.g|i\.e|etc|vs|cf|approx|incl|resp|Mr|Mrs|Dr|No|St|[A-Za-z])\.$/;

/** Greedy word wrap: every line at most `width` long (indent included) unless one word is longer. */
export function wrapWords(text: string, width: number, firstIndent = '', restIndent = firstIndent): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = firstIndent;
  let empty = true;
  for (const word of words) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = restIndent + word;
    } else {
      line = empty ? line + word : `${line} ${word}`;
    }
    empty = false;
  }
  if (!empty) lines.push(line);
  return lines;
}

/** Doctest lines and indented code are kept exactly; so are tables. */
function isPreformatted(lines: string[]): boolean {
  return lines.some((l) => /^\s*>>>/.test(l) || /^(?: {2,}|\t)\S/.test(l) || /^\s*\|.*\|\s*$/.test(l));
}

/**
 * Free text wrapped to `width`: paragraphs (separated by blank lines) are re-flowed, bullet
 * and numbered lists wrap with a hanging indent, doctests and indented code stay as written.
 */
export function formatProse(text: string, width: number, indent = ''): string[] {
  const out: string[] = [];
  const blocks = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((b) => b.replace(/^\n+|\s+$/g, ''))
    .filter((b) => b.trim() !== '');
  for (const block of blocks) {
    if (out.length > 0) out.push('');
    const lines = block.split('\n');
    if (BULLET.test(lines[0] ?? '')) out.push(...formatList(lines, width, indent));
    else if (isPreformatted(lines)) out.push(...lines.map((l) => (l.trim() ? indent + l.trimEnd() : '')));
    else out.push(...wrapWords(block, width, indent));
  }
  return out;
}

function formatList(lines: string[], width: number, indent: string): string[] {
  const items: { marker: string; nest: string; text: string }[] = [];
  for (const line of lines) {
    const [bullet, nest = '', marker = ''] = BULLET.exec(line) ?? [];
    const last = items[items.length - 1];
    if (bullet !== undefined) items.push({ marker, nest, text: line.slice(bullet.length) });
    // A line that is no bullet continues the item before (the first line is a bullet: formatProse checks).
    else if (last) last.text += ` ${line.trim()}`;
  }
  return items.flatMap(({ marker, nest, text }) => wrapWords(text, width, `${indent}${nest}${marker} `, indent + nest + ' '.repeat(marker.length + 1)));
}

/** Splits off the first sentence (not at `e.g.`, initials, or inside parentheses/backticks). */
export function splitFirstSentence(text: string): [string, string] {
  const flat = text.replace(/\s+/g, ' ').trim();
  let depth = 0;
  let code = false;
  for (let i = 0; i < flat.length; i++) {
    const c = flat.charAt(i);
    if (c === '`') code = !code;
    else if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if ('.!?'.includes(c) && !code && depth === 0 && flat[i + 1] === ' ' && /[A-Z0-9`'"(]/.test(flat[i + 2] ?? '')) {
      const head = flat.slice(0, i + 1);
      if (c === '.' && ABBREVIATION.test(head)) continue;
      return [head, flat.slice(i + 2)];
    }
  }
  return [flat, ''];
}

/** Capitalises a leading plain word and ends the text with a period (unless it ends in . ! ?). */
export function asSentence(text: string): string {
  let s = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s,;:]+$/, '');
  if (s === '') return s;
  if (/^[a-z]+\b(?![_.(\d])/.test(s)) s = s.charAt(0).toUpperCase() + s.slice(1);
  return /[.!?]$/.test(s) ? s : `${s}.`;
}

/**
 * Rewrites whole-word occurrences of agent-visible names (`arg0` → `text`). Those names are
 * identifiers, never English words, so a word-boundary match is safe in prose and code alike.
 */
export function renameWords(text: string, names: Record<string, string>): string {
  const pairs = Object.entries(names).filter(([from, to]) => from !== to && /^[A-Za-z_]\w*$/.test(from));
  if (pairs.length === 0) return text;
  const byName = new Map(pairs);
  const pattern = new RegExp(`(?<![\\w.])(${pairs.map(([from]) => from).join('|')})(?!\\w)`, 'g');
  return text.replace(pattern, (name) => byName.get(name) ?? name);
}
