// Python's repr of a str, the one writer of a str literal: the explorer's argument source and
// the exported tests' literals both come from it, so a value reads the same wherever it is
// shown and the text Python would print for it is the text written.

// What str.isprintable() rejects: control, format, surrogate, private-use and unassigned code
// points, and every separator but the space. The categories come from the JS engine's Unicode
// tables, which may be newer than the interpreter's: a code point assigned since is then written
// raw where Python would escape it (the literal's value is the same either way).
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

function hexEscape(cp: number): string {
  if (cp < 0x100) return `\\x${cp.toString(16).padStart(2, '0')}`;
  if (cp < 0x10000) return `\\u${cp.toString(16).padStart(4, '0')}`;
  return `\\U${cp.toString(16).padStart(8, '0')}`;
}

/**
 * `repr(text)` as CPython writes it: single quotes unless the text holds a single quote and no
 * double one; backslash, the quote, \n, \r and \t escaped; other non-printable code points as
 * \xNN, \uNNNN or \UNNNNNNNN; everything else (accents, emoji) as itself.
 */
export function pyStrRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- `for…of` yields whole code points: `ch` is never empty
    const cp = ch.codePointAt(0)!;
    if (ch === '\\' || ch === quote) out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch !== ' ' && NOT_PRINTABLE.test(ch)) out += hexEscape(cp);
    else out += ch;
  }
  return out + quote;
}
