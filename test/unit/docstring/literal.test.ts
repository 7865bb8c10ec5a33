// Building the string literal: layout, quotes, raw prefix or escapes. (That each literal
// parses back to its text is checked with Python in test/integration/docstring.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { docstringLiteral, normalizeDocstringBody, readLiteralStyle } from '../../../src/docstring/literal.js';

const DEFAULT = { prefix: '', quote: '"', summaryOnFirstLine: true } as const;

test('one line stays on one line; several lines close on their own line, indented', () => {
  assert.equal(docstringLiteral('Return x.', '    ', '\n'), '"""Return x."""');
  assert.equal(docstringLiteral('Sum.\n\nMore.\n  Indented.', '\t', '\r\n'), '"""Sum.\r\n\r\n\tMore.\r\n\t  Indented.\r\n\t"""');
});

test('the body is normalised: line ends, trailing spaces, blank edges, first-line indent', () => {
  assert.equal(normalizeDocstringBody('\n\n  Sum.  \r\n\r\nMore.\t\n\n'), 'Sum.\n\nMore.');
  assert.equal(docstringLiteral('\n  Sum.  \n', '    ', '\n'), '"""Sum."""');
});

test('backslashes make a raw string when one can hold the text', () => {
  assert.equal(docstringLiteral('Match \\d+.', '    ', '\n'), 'r"""Match \\d+."""');
  assert.equal(docstringLiteral('Say "hi" \\o/.\nMore.', '', '\n'), 'r"""Say "hi" \\o/.\nMore.\n"""');
});

test('otherwise backslashes are doubled and every third quote of a run escaped', () => {
  assert.equal(docstringLiteral('Ends with \\', '', '\n'), '"""Ends with \\\\"""');
  assert.equal(docstringLiteral('A """ b \\d', '', '\n'), '"""A ""\\" b \\\\d"""');
  assert.equal(docstringLiteral('Six """""" quotes', '', '\n'), '"""Six ""\\"""\\" quotes"""');
  assert.equal(docstringLiteral('Say "hi"', '', '\n'), '"""Say "hi\\""""', 'a quote touching the closing quotes is escaped');
  assert.equal(docstringLiteral('Bell \x07 and form feed \f here', '', '\n'), '"""Bell \\x07 and form feed \\x0c here"""');
  // Only the quote character in use is escaped.
  assert.equal(docstringLiteral("It's '''x'''", '', '\n'), "\"\"\"It's '''x'''\"\"\"");
  assert.equal(docstringLiteral("It's '''x'''", '', '\n', { prefix: '', quote: "'", summaryOnFirstLine: true }), "'''It's ''\\'x''\\''''");
});

test("the old docstring's quotes, prefix and layout are reused when they still fit", () => {
  const r = readLiteralStyle('r"""Old \\d."""');
  assert.deepEqual(r, { prefix: 'r', quote: '"', summaryOnFirstLine: true });
  assert.equal(docstringLiteral('New.', '', '\n', r), 'r"""New."""', 'r kept even without backslashes');
  assert.equal(docstringLiteral('Has """ now', '', '\n', r), '"""Has ""\\" now"""', 'r dropped when the text needs escapes');
  const u = readLiteralStyle("u'''Old.'''");
  assert.deepEqual(u, { prefix: 'u', quote: "'", summaryOnFirstLine: true });
  assert.equal(docstringLiteral('Path \\d', '', '\n', u), "u'''Path \\\\d'''", 'u cannot be raw: escaped instead');
  assert.deepEqual(readLiteralStyle("'Single.'"), { prefix: '', quote: "'", summaryOnFirstLine: true });
  const second = readLiteralStyle('"""\r\n    Old.\r\n    """');
  assert.equal(second.summaryOnFirstLine, false);
  assert.equal(docstringLiteral('Sum.\n\nMore.', '  ', '\n', second), '"""\n  Sum.\n\n  More.\n  """');
  assert.deepEqual(readLiteralStyle('"abc" \'def\''), DEFAULT);
});
