// Rendering a Description in the four styles: exact output for one description per style,
// then the rules (summary, wrapping, names, examples, sections) one at a time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderDocstring } from '../../../src/docstring/render.js';
import { DOCSTRING_STYLES } from '../../../src/docstring/types.js';
import type { Description } from '../../../src/core/session-types.js';

const SLUGIFY: Description = {
  summary: 'converts arg0 into a URL slug',
  details: 'Words are lowercased and joined by arg1; punctuation is dropped.',
  parameters: { arg1: 'separator placed between words', arg0: 'the text to slugify' },
  returns: 'Returns the slug',
  raises: 'TypeError if arg0 is not a str',
  examples: [
    { call: "f('Hello World')", result: "'hello-world'" },
    { call: "f('a b', arg1='_')", result: "'a_b'" },
    { call: 'f(None)', result: 'TypeError: expected str' },
  ],
  confidence: 0.9,
};
const NAMES = { paramNames: { arg0: 'text', arg1: 'sep' }, functionName: 'slugify', shownName: 'f' };

const describe = (over: Partial<Description>): Description => ({ ...SLUGIFY, ...over });

test('Google style', () => {
  assert.equal(
    renderDocstring(SLUGIFY, 'google', NAMES),
    `Converts text into a URL slug.

Words are lowercased and joined by sep; punctuation is dropped.

Args:
    text: The text to slugify.
    sep: Separator placed between words.

Returns:
    The slug.

Raises:
    TypeError: If text is not a str.

Examples:
    >>> slugify('Hello World')
    'hello-world'
    >>> slugify('a b', sep='_')
    'a_b'
    >>> slugify(None)
    Traceback (most recent call last):
        ...
    TypeError: expected str`,
  );
});

test('NumPy style, with the return type inferred from the examples', () => {
  assert.equal(
    renderDocstring(SLUGIFY, 'numpy', { ...NAMES, paramTypes: { text: 'str' } }),
    `Converts text into a URL slug.

Words are lowercased and joined by sep; punctuation is dropped.

Parameters
----------
text : str
    The text to slugify.
sep
    Separator placed between words.

Returns
-------
str
    The slug.

Raises
------
TypeError
    If text is not a str.

Examples
--------
>>> slugify('Hello World')
'hello-world'
>>> slugify('a b', sep='_')
'a_b'
>>> slugify(None)
Traceback (most recent call last):
    ...
TypeError: expected str`,
  );
});

test('Sphinx style: examples as a doctest block, then the field list', () => {
  assert.equal(
    renderDocstring(SLUGIFY, 'sphinx', { ...NAMES, returnType: 'str', paramTypes: { sep: 'str' } }),
    `Converts text into a URL slug.

Words are lowercased and joined by sep; punctuation is dropped.

Examples:

>>> slugify('Hello World')
'hello-world'
>>> slugify('a b', sep='_')
'a_b'
>>> slugify(None)
Traceback (most recent call last):
    ...
TypeError: expected str

:param text: The text to slugify.
:param sep: Separator placed between words.
:type sep: str
:returns: The slug.
:rtype: str
:raises TypeError: If text is not a str.`,
  );
});

test('PEP 257 style: summary, blank line, prose', () => {
  assert.equal(
    renderDocstring(describe({ examples: [] }), 'pep257', NAMES),
    `Converts text into a URL slug.

Words are lowercased and joined by sep; punctuation is dropped.

Arguments:
text -- The text to slugify.
sep -- Separator placed between words.

Returns: The slug.

Raises:
TypeError -- If text is not a str.`,
  );
});

test('the summary is one sentence ending in a period; the rest of it moves to the prose', () => {
  for (const style of DOCSTRING_STYLES) {
    const text = renderDocstring(describe({ summary: 'sorts the list in place. Equal items keep their order', details: '' }), style);
    const [first, blank, second] = text.split('\n');
    assert.equal(first, 'Sorts the list in place.', style);
    assert.equal(blank, '', style);
    assert.equal(second, 'Equal items keep their order.', style);
  }
  // Abbreviations do not end the sentence; identifiers are not capitalised.
  assert.equal(renderDocstring(describe({ summary: 'parses dates, e.g. 2024-01-01. Then more' }), 'google').split('\n')[0], 'Parses dates, e.g. 2024-01-01.');
  assert.equal(renderDocstring(describe({ summary: 'os_path joined:' }), 'google').split('\n')[0], 'os_path joined.');
  // No summary: the first paragraph of the details takes its place.
  const fallback = renderDocstring(describe({ summary: '  ', details: 'counts words\n\nSecond paragraph.' }), 'pep257');
  assert.match(fallback, /^Counts words\.\n\nSecond paragraph\.\n/);
});

test('prose wraps at the width; lists hang, doctests and code stay as written', () => {
  const details = [
    'This is a long paragraph that goes on and on, describing every single thing the function does in great detail so that it must wrap.',
    '- a bullet item that is also long enough to need wrapping when the width is small',
    '- a short one',
    '>>> keep(this, line, exactly, as, it, is, even, though, it, is, long, very, long)',
    '    indented code stays too, even when it is longer than the width allows it to be',
  ].join('\n\n');
  for (const style of DOCSTRING_STYLES) {
    const text = renderDocstring(describe({ details, parameters: { arg0: 'word '.repeat(30) } }), style, { width: 50 });
    for (const line of text.split('\n')) {
      if (line.includes('keep(this') || line.includes('indented code')) continue;
      assert.ok(line.length <= 50, `${style}: ${JSON.stringify(line)} is ${line.length} long`);
    }
    assert.ok(text.includes('>>> keep(this, line, exactly, as, it, is, even, though, it, is, long, very, long)'), style);
    assert.ok(text.includes('    indented code stays too, even when it is longer than the width allows it to be'), style);
  }
  const lines = renderDocstring(describe({ details }), 'google', { width: 50 }).split('\n');
  const bullet = lines.findIndex((l) => l.startsWith('- a bullet'));
  assert.match(lines[bullet + 1]!, /^ {2}\S/, 'continuation of a bullet hangs under its text');
});

test('agent-visible names become the real ones in prose, parameters and keyword arguments, not inside strings', () => {
  const text = renderDocstring(
    describe({ details: 'arg0 and arg1; arg10 is untouched', examples: [{ call: "f('arg0=1', arg1='x')", result: "'x'" }] }),
    'google',
    NAMES,
  );
  assert.match(text, /^text and sep; arg10 is untouched$/m);
  assert.match(text, /^ {4}text: /m);
  assert.match(text, /^ {4}>>> slugify\('arg0=1', sep='x'\)$/m);
});

test('parameters follow the signature order given by paramNames', () => {
  const text = renderDocstring(SLUGIFY, 'sphinx', NAMES);
  assert.ok(text.indexOf(':param text:') < text.indexOf(':param sep:'));
  const without = renderDocstring(SLUGIFY, 'sphinx');
  assert.ok(without.indexOf(':param arg1:') < without.indexOf(':param arg0:'), 'no mapping: the description order');
});

test('the function name is replaced only where the example is a call of it', () => {
  const examples = [
    { call: 'f(1)', result: '2' },
    { call: 'f(1) + f(2)', result: '5' },
    { call: 'Counter(3).add(1)', result: '4' },
  ];
  const guessed = renderDocstring(describe({ examples }), 'numpy', { functionName: 'double' });
  assert.match(guessed, /^>>> double\(1\)$/m);
  assert.match(guessed, /^>>> f\(1\) \+ f\(2\)$/m, 'without shownName only a single whole call is renamed');
  assert.match(guessed, /^>>> Counter\(3\)\.add\(1\)$/m);
  const named = renderDocstring(describe({ examples }), 'numpy', { functionName: 'double', shownName: 'f' });
  assert.match(named, /^>>> double\(1\) \+ f\(2\)$/m);
  assert.match(named, /^>>> Counter\(3\)\.add\(1\)$/m);
});

test('example outputs: None shows nothing, blank lines are <BLANKLINE>, continuation lines get ...', () => {
  const text = renderDocstring(
    describe({
      examples: [
        { call: 'f([])', result: 'None' },
        { call: ">>> f('x')", result: 'one\n\nthree' },
        { call: 'f([1,\n   2])', result: 'raises ValueError' },
      ],
    }),
    'numpy',
    NAMES,
  );
  const examples = text.slice(text.indexOf('Examples\n--------\n') + 18);
  assert.equal(
    examples,
    `>>> slugify([])
>>> slugify('x')
one
<BLANKLINE>
three
>>> slugify([1,
...    2])
Traceback (most recent call last):
    ...
ValueError`,
  );
});

test('verified examples replace the description examples, written as given', () => {
  const text = renderDocstring(SLUGIFY, 'google', {
    ...NAMES,
    examples: [
      { call: "f('Hi')", result: "'hi'" },
      { call: 'f(0)', result: '' },
    ],
  });
  const examples = text.slice(text.indexOf('Examples:\n'));
  assert.equal(examples, "Examples:\n    >>> slugify('Hi')\n    'hi'\n    >>> slugify(0)");
});

test('sections are left out when empty; "none" raises means no Raises section', () => {
  const bare: Description = { summary: 'does a thing', details: '', parameters: {}, returns: '', raises: 'None observed.', examples: [], confidence: 0.1 };
  for (const style of DOCSTRING_STYLES) assert.equal(renderDocstring(bare, style), 'Does a thing.', style);
});

test('raises: several exceptions split into items, unnamed text kept as prose', () => {
  const text = renderDocstring(describe({ raises: 'ValueError if empty, KeyError when missing; something odd on Sundays' }), 'google');
  assert.match(text, /Raises:\n {4}ValueError: If empty\.\n {4}KeyError: When missing\.\n {4}Something odd on Sundays\.\n/);
  assert.match(renderDocstring(describe({ raises: 'may fail' }), 'sphinx'), /^:raises: May fail\.$/m);
});

test('NumPy return types: inferred when the examples agree, "X or None", else object', () => {
  const returns = (examples: Description['examples']) => {
    const text = renderDocstring(describe({ examples }), 'numpy');
    return text.split('\n')[text.split('\n').indexOf('-------') + 1];
  };
  assert.equal(
    returns([
      { call: 'f(1)', result: '3' },
      { call: 'f(2)', result: '-4' },
    ]),
    'int',
  );
  assert.equal(
    returns([
      { call: 'f(1)', result: '[1]' },
      { call: 'f(2)', result: 'None' },
    ]),
    'list or None',
  );
  assert.equal(
    returns([
      { call: 'f(1)', result: '{1: 2}' },
      { call: 'f(0)', result: 'ValueError: no' },
    ]),
    'dict',
  );
  assert.equal(
    returns([
      { call: 'f(1)', result: '1.5' },
      { call: 'f(2)', result: "'x'" },
    ]),
    'object',
  );
  assert.equal(returns([]), 'object');
  assert.equal(renderDocstring(SLUGIFY, 'numpy', { returnType: 'Slug' }).includes('-------\nSlug\n'), true);
});

test('a returns text that starts with a type keeps it as the type in every style', () => {
  const d = { summary: 'Slugify.', details: '', parameters: {}, returns: 'str: the slug, possibly empty', raises: '', examples: [], confidence: 1 };
  assert.match(renderDocstring(d, 'google'), /Returns:\n {4}str: The slug, possibly empty\./);
  assert.match(renderDocstring(d, 'numpy'), /Returns\n-------\nstr\n {4}The slug, possibly empty\./);
  assert.match(renderDocstring(d, 'sphinx'), /:returns: The slug, possibly empty\.\n:rtype: str/);
  assert.doesNotMatch(renderDocstring(d, 'pep257'), /Str:/);
});

test('a summary longer than a line ends at a clause that fits, or is wrapped: no docstring line passes the width', () => {
  // An LLM's summary of 91 characters (92 with its period), no clause break: a summary paragraph of two lines.
  const long = 'Return the k highest scores from the given list in descending order, as a tuple of numbers';
  assert.equal(`${long}.`.length, 91);
  for (const style of DOCSTRING_STYLES) {
    const text = renderDocstring(describe({ summary: long, details: '' }), style, { ...NAMES, width: 72 });
    const [line1, line2] = text.split('\n');
    assert.ok(line1!.length + 3 <= 72, `${style}: the first line with its opening quotes fits: ${line1}`);
    assert.equal(`${line1} ${line2}`, `${long}.`, style);
  }
  // The offline explorer's clamp summary: the clause before the colon is the summary line, the rest opens the prose.
  const clamp = 'Clamps `x` into the range from `lo` to `hi`: below `lo` it returns `lo`, above `hi` it returns `hi`, otherwise `x` itself.';
  const text = renderDocstring(describe({ summary: clamp, details: '' }), 'google', { ...NAMES, width: 72 });
  assert.match(text, /^Clamps `x` into the range from `lo` to `hi`\.\n\nBelow `lo` it returns `lo`, above `hi` it returns `hi`, otherwise `x`\nitself\.\n/);
  for (const l of text.split('\n')) assert.ok(l.length <= 72, l);
});

test('a summary that lists results is wrapped, never cut into a fragment at a "; " between them', () => {
  // parse_range (newuser2's trial): "… [24] for `'24'`." then a paragraph "[] for `''`, `','` and `', '`."
  const listed =
    "What it computes was not worked out from 20 calls: the 9 that returned gave [42] for `'42'`; [24] for `'24'`; [] for `''`, `','` and `', '` (spec: str).";
  const text = renderDocstring({ ...describe({ summary: listed, details: '' }), claims: [] }, 'google', {
    functionName: 'parse_range',
    shownName: 'parse_range',
    width: 72,
  });
  const [paragraph] = text.split('\n\n');
  assert.equal(paragraph!.replace(/\n/g, ' '), "In the calls tried, it returned [42] for `'42'`; [24] for `'24'`; [] for `''`, `','` and `', '`.");
});

test('a "; " inside a code span of a long summary is no clause break', () => {
  const quoted = "Splits the text at each separator given, as in `split_all('a; b; c')` which returns three parts, keeping empty ones too";
  const [first] = renderDocstring(describe({ summary: quoted, details: '' }), 'google', { ...NAMES, width: 72 }).split('\n\n');
  assert.match(first!.replace(/\n/g, ' '), /`split_all\('a; b; c'\)`/);
});

test("the summary's list of calls that returned is left out when the Examples show each of them, and kept otherwise", () => {
  // most_common_words (new-user trial, seed 24680): Insert Docstring wrote "Among the 15 that
  // returned: most_common_words('Hello, World!') → …; …" above an Examples section of the same calls.
  const summary =
    "What it computes was not worked out from 20 calls; among the 15 that returned: most_common_words('Hello, World!') → [('hello', 1), ('world', 1)]; most_common_words('key') → [('key', 1)].";
  const d: Description = { summary, details: '', parameters: {}, returns: 'A list.', raises: '', examples: [], confidence: 0.9 };
  const both = [
    { call: "most_common_words('Hello, World!')", result: "[('hello', 1), ('world', 1)]" },
    { call: "most_common_words('key')", result: "[('key', 1)]" },
  ];
  const text = renderDocstring(d, 'google', { functionName: 'most_common_words', examples: both });
  assert.doesNotMatch(text, /Among the 15/, text);
  assert.match(text, /^What it computes was not worked out from 20 calls\.$/m, text);
  const one = renderDocstring(d, 'google', { functionName: 'most_common_words', examples: both.slice(0, 1) });
  assert.match(one, /Among the 15 that returned/, one);
});
