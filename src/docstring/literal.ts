// Turning docstring text into a Python string literal that parses and reads back as the
// same text: triple quotes, the body's indentation, raw prefix or escapes as needed.

export interface LiteralStyle {
  /** String prefix reused from an existing docstring (`''`, `r`, `R`, `u`, `U`). */
  prefix: string;
  /** Quote character; the literal is always triple-quoted. */
  quote: '"' | "'";
  /** `"""Summary.` (PEP 257, true) or `"""` then the summary on the next line (false). */
  summaryOnFirstLine: boolean;
}

export const DEFAULT_LITERAL_STYLE: LiteralStyle = { prefix: '', quote: '"', summaryOnFirstLine: true };

/**
 * The text a docstring will read as, the way `ast.get_docstring` cleans it: `\n` line ends,
 * no trailing spaces, no blank lines at either end, no indentation on the first line, and
 * the later lines' common indentation removed. (Tabs inside lines are the one difference:
 * Python expands them, this keeps them.)
 */
export function normalizeDocstringBody(body: string): string {
  const lines = body
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd());
  while (lines.length > 0 && lines[0] === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const [first, ...rest] = lines;
  if (first === undefined) return '';
  const margins = rest.filter(Boolean).map((line) => /^[ \t]*/.exec(line)?.[0] ?? '');
  let margin = margins[0] ?? '';
  for (const m of margins) while (!m.startsWith(margin)) margin = margin.slice(0, -1);
  return [first.trimStart(), ...rest.map((line) => line.slice(margin.length))].join('\n');
}

/** The quote, prefix and layout of an existing docstring literal, from its source text. */
export function readLiteralStyle(literal: string): LiteralStyle {
  const [opening, prefix = '', quotes = ''] = /^([rRuU]?)("""|'''|"|')/.exec(literal) ?? [];
  if (opening === undefined) return DEFAULT_LITERAL_STYLE;
  const quote = quotes.startsWith("'") ? "'" : '"';
  const triple = quotes.length === 3;
  const afterOpening = literal.slice(opening.length);
  return { prefix, quote, summaryOnFirstLine: !(triple && /^[ \t]*(\r\n|\r|\n)/.test(afterOpening)) };
}

// Characters that must not appear raw in source: C0 controls except tab and newline, and DEL.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/;

/**
 * Escapes for a non-raw triple-quoted literal: backslashes, control characters, every third
 * quote of a run (so no unescaped triple remains), and a quote touching the closing quotes.
 */
function escapeContent(text: string, quote: string, oneLine: boolean): string {
  let out = '';
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (c === quote) {
      run++;
      out += run % 3 === 0 || (oneLine && i === text.length - 1) ? `\\${c}` : c;
      continue;
    }
    run = 0;
    if (c === '\\') out += '\\\\';
    else if (CONTROL.test(c)) out += `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
    else out += c;
  }
  return out;
}

/**
 * The literal for `body`, indented with `indent` after its first line, lines joined by `eol`.
 * Backslashes make it a raw string when a raw string can hold the text (no triple quote, no
 * quote or backslash touching the closing quotes); otherwise the text is escaped. An `r`
 * prefix of the old docstring is kept when it still fits, a `u` prefix always.
 */
export function docstringLiteral(body: string, indent: string, eol: string, style: LiteralStyle = DEFAULT_LITERAL_STYLE): string {
  const text = normalizeDocstringBody(body);
  const q = style.quote;
  const triple = q.repeat(3);
  const lines = text.split('\n');
  const oneLine = lines.length === 1;
  const wantsRaw = /[rR]/.test(style.prefix);
  const rawFits = !/[uU]/.test(style.prefix) && !text.includes(triple) && !CONTROL.test(text) && !(oneLine && (text.endsWith(q) || text.endsWith('\\')));
  let prefix: string;
  let content: string[];
  if ((wantsRaw || text.includes('\\')) && rawFits) {
    prefix = wantsRaw ? style.prefix : 'r';
    content = lines;
  } else {
    prefix = style.prefix.replace(/[rR]/g, '');
    content = lines.map((line) => escapeContent(line, q, oneLine));
  }
  if (oneLine) return `${prefix}${triple}${content[0]}${triple}`;
  const rest = content.slice(1).map((line) => (line ? indent + line : ''));
  const head = style.summaryOnFirstLine ? [`${prefix}${triple}${content[0]}`] : [`${prefix}${triple}`, indent + content[0]];
  return [...head, ...rest, indent + triple].join(eol);
}
