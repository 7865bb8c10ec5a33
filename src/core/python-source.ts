// Reading Python expression source as text, without evaluating it: find where string
// literals end, split argument lists at top-level commas, match brackets, drop comments, find
// where logical lines start. The one lexer: everything else that reads Python source text builds
// on it (call identity in call-identity.ts, the editor's def scan in extension/python-defs.ts).
// The worker is the only place Python source is ever interpreted; this module only cuts it up.

const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const CLOSERS = new Set([')', ']', '}']);
const STRING_PREFIX = /^[rRbBuUfF]{1,2}$/;

/** Index just past the string literal whose opening quote is at `i` (or `src.length` if unterminated). */
export function skipString(src: string, i: number): number {
  const quote = src.charAt(i);
  const triple = src.startsWith(quote.repeat(3), i);
  const close = triple ? quote.repeat(3) : quote;
  let j = i + close.length;
  while (j < src.length) {
    const c = src.charAt(j);
    // A backslash never ends a literal, raw or not: `r'\''` is one string; before a CRLF it
    // continues the literal on the next line, as before a lone LF.
    if (c === '\\') j += src.startsWith('\r\n', j + 1) ? 3 : 2;
    else if (src.startsWith(close, j)) return j + close.length;
    else if (!triple && (c === '\n' || c === '\r'))
      return j; // unterminated single-quoted string
    else j++;
  }
  return src.length;
}

/** True when the quote at `i` opens a string, including a prefix like `rb` just before it. */
function isQuote(c: string | undefined): boolean {
  return c === "'" || c === '"';
}

export interface Piece {
  kind: 'string' | 'code';
  text: string;
}

/** Splits source into string literals (with their prefix) and code, dropping `#` comments. */
export function pieces(src: string): Piece[] {
  const out: Piece[] = [];
  let code = '';
  let i = 0;
  while (i < src.length) {
    const c = src.charAt(i);
    if (isQuote(c)) {
      // Move a prefix such as `rb` from the code into the string piece.
      const prefix = /[A-Za-z]{1,2}$/.exec(code)?.[0] ?? '';
      const keepPrefix = STRING_PREFIX.test(prefix) && !/[\w]/.test(code[code.length - prefix.length - 1] ?? '');
      if (keepPrefix) code = code.slice(0, code.length - prefix.length);
      if (code) out.push({ kind: 'code', text: code });
      code = '';
      const end = skipString(src, i);
      out.push({ kind: 'string', text: (keepPrefix ? prefix : '') + src.slice(i, end) });
      i = end;
    } else if (c === '#') {
      i = commentEnd(src, i);
    } else {
      code += c;
      i++;
    }
  }
  if (code) out.push({ kind: 'code', text: code });
  return out;
}

/** The source without comments. */
export function stripComments(src: string): string {
  return pieces(src)
    .map((p) => p.text)
    .join('');
}

/** Index of the line break that ends the comment starting at `i` (or `src.length`). */
function commentEnd(src: string, i: number): number {
  while (i < src.length && src[i] !== '\n' && src[i] !== '\r') i++;
  return i;
}

/** The text between a string literal's quotes: prefix and quotes removed, escapes kept as written. */
export function stringBody(literal: string): string {
  const m = /^[A-Za-z]{0,2}('''|"""|'|")/.exec(literal);
  if (!m) return literal;
  const inner = literal.slice(m[0].length);
  const quotes = m[1] ?? ''; // the group is not optional: a match always has it
  return quotes && inner.endsWith(quotes) ? inner.slice(0, -quotes.length) : inner;
}

/**
 * Calls `visit` with each code character of `src` in [start, end) and the number of brackets
 * open around it (a bracket stands at the depth outside it; negative after an unmatched
 * closer): string literals and comments are skipped. Stops early when `visit` returns true.
 * A loop with a callback, not a generator: it runs over whole files as they are typed.
 */
export function eachCodeChar(src: string, visit: (i: number, c: string, depth: number) => boolean | void, start = 0, end = src.length): void {
  let depth = 0;
  let i = start;
  while (i < end) {
    const c = src.charAt(i);
    if (c === "'" || c === '"') i = skipString(src, i);
    else if (c === '#') i = commentEnd(src, i);
    else {
      if (c === ')' || c === ']' || c === '}') depth--;
      if (visit(i, c, depth) === true) return;
      if (c === '(' || c === '[' || c === '{') depth++;
      i++;
    }
  }
}

/**
 * Index of the bracket closing the one opened at `open`, or -1. Strings and comments are skipped.
 */
export function matchingBracket(src: string, open: number): number {
  const stack: string[] = [];
  let found = -1;
  eachCodeChar(
    src,
    (i, c) => {
      if (OPENERS[c]) stack.push(OPENERS[c]);
      else if (CLOSERS.has(c)) {
        if (stack.pop() !== c) return true;
        if (stack.length === 0) {
          found = i;
          return true;
        }
      }
      return false;
    },
    open,
  );
  return found;
}

/**
 * Splits the inside of an argument list at its top-level commas. A `lambda` keeps the commas
 * of its parameter list (`lambda a, b: a + b` is one argument). A trailing comma is dropped.
 * Returns null when the brackets do not balance.
 */
export function splitTopLevel(src: string): string[] | null {
  const parts: string[] = [];
  let open = 0;
  let start = 0;
  let inLambdaParams = false;
  let unbalanced = false;
  eachCodeChar(src, (i, c, depth) => {
    if (depth < 0) return (unbalanced = true);
    open = OPENERS[c] ? depth + 1 : depth;
    if (depth === 0) {
      if (src.startsWith('lambda', i) && !/[\w.]/.test(src[i - 1] ?? '') && !/\w/.test(src[i + 6] ?? '')) inLambdaParams = true;
      else if (c === ':' && inLambdaParams) inLambdaParams = false;
      else if (c === ',' && !inLambdaParams) {
        parts.push(src.slice(start, i));
        start = i + 1;
      }
    }
    return false;
  });
  if (unbalanced) return null;
  if (open !== 0) return null;
  parts.push(src.slice(start));
  const trimmed = parts.map((p) => stripComments(p).trim());
  if (trimmed.length > 0 && trimmed[trimmed.length - 1] === '') trimmed.pop();
  return trimmed;
}

const LINE_BREAK = /\r\n|\r|\n/g;

/**
 * For each physical line (split at CRLF, CR or LF): does a logical line start there, outside
 * string literals, brackets and backslash continuations? Unfinished source (an unterminated
 * string or bracket, as while typing) is read as far as it goes.
 */
export function logicalLineStarts(src: string): boolean[] {
  const starts: boolean[] = [true];
  let depth = 0;
  let continued = false;
  let i = 0;
  while (i < src.length) {
    const c = src.charAt(i);
    if (c === '\r' || c === '\n') {
      i += c === '\r' && src[i + 1] === '\n' ? 2 : 1;
      starts.push(depth === 0 && !continued);
      continued = false;
    } else if (isQuote(c)) {
      const end = skipString(src, i);
      const breaks = src.slice(i, end).match(LINE_BREAK)?.length ?? 0;
      for (let n = 0; n < breaks; n++) starts.push(false);
      i = end;
    } else if (c === '#') i = commentEnd(src, i);
    else {
      if (c === '\\' && (src[i + 1] === '\n' || src[i + 1] === '\r')) continued = true;
      else if (OPENERS[c]) depth++;
      else if (CLOSERS.has(c) && depth > 0) depth--;
      i++;
    }
  }
  return starts;
}

/**
 * A qualname as every entry point takes it: dotted ASCII identifiers. The exported tests write
 * it as code (`TARGET = _module.<qualname>`), and a module with a lazy `__getattr__` resolves
 * any text at all, so text of another shape never reaches a file Python runs.
 */
export const QUALNAME = /^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/;
