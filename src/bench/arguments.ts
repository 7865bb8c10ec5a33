// The PAU dataset gives a call's inputs as the Python source of the argument tuple,
// e.g. `(1, 'a, b', [2, 3])` or `([1, 2],)`. We split it into one source per positional
// argument without evaluating anything: the worker's grammar checks each part later.
// (The research harness unpacked a list argument silently; here `([1, 2],)` is one list.)

/** Top-level comma split of a tuple's source, aware of brackets, strings and comments. */
export function splitArgumentTuple(source: string): string[] {
  const text = source.trim();
  const inner = stripOuterParens(text);
  if (inner === null) return [text]; // a single expression, not a tuple display
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i]!;
    if (c === "'" || c === '"') {
      i = skipString(inner, i);
      continue;
    }
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ',' && depth === 0) {
      parts.push(inner.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = inner.slice(start).trim();
  if (last) parts.push(last);
  return parts;
}

/** `(…)` enclosing the whole text → its inside; otherwise null. `(1)` is not a tuple: null. */
function stripOuterParens(text: string): string | null {
  if (!text.startsWith('(') || !text.endsWith(')')) return null;
  let depth = 0;
  let topComma = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      i = skipString(text, i);
      continue;
    }
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      depth--;
      if (depth === 0 && i !== text.length - 1) return null; // e.g. `(1) + (2)`
    } else if (c === ',' && depth === 1) topComma = true;
  }
  const inner = text.slice(1, -1);
  if (!inner.trim()) return ''; // `()` → no arguments
  return topComma ? inner : null;
}

/** Index of the closing quote of the string literal starting at `i` (handles triple quotes, escapes). */
function skipString(text: string, i: number): number {
  const q = text[i]!;
  const triple = text.startsWith(q.repeat(3), i);
  const end = triple ? q.repeat(3) : q;
  let j = i + end.length;
  while (j < text.length) {
    if (text[j] === '\\') {
      j += 2;
      continue;
    }
    if (text.startsWith(end, j)) return j + end.length - 1;
    j++;
  }
  return text.length - 1;
}
