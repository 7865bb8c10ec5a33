// Docstrings from offline descriptions: what goes into source (summary, Args, Returns, Raises,
// examples) and what never does (the evidence), and a person's parameter descriptions kept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderDocstring } from '../../../src/docstring/render.js';
import { compactDiff, lineDiff } from '../../../src/docstring/diff.js';
import {
  forSource,
  paramDescriptions,
  paramTypesWritten,
  raisesWritten,
  returnsTextWritten,
  returnTypeWritten,
  sourceParameter,
  sourceRaise,
  sourceSummary,
} from '../../../src/docstring/offline.js';
import type { Description } from '../../../src/core/session-types.js';

// As the offline explorer describes examples/mathx.py:clamp at 20 probes.
const CLAMP: Description = {
  summary: 'Clamps `x` into the range from `lo` to `hi`: below `lo` it returns `lo`, above `hi` it returns `hi`, otherwise `x` itself.',
  details: [
    'Explored offline with 20 probes (11 returned, 9 raised). Reached 3 of 3 lines and 2 of 2 branches of the function.',
    'Evidence for each property:',
    '- deterministic: holds — 4 calls that returned re-run (3 under other random seeds): same results each time',
    '- monotonic-decreasing: does not hold — counterexample: in x: clamp(-10, -3, 3) = -3, clamp(3, -3, 3) = 3',
  ].join('\n'),
  parameters: { x: 'int', lo: 'int or float', hi: 'a flag (True/False) (may be left out)' },
  returns: 'An int (11 of 20 calls returned).',
  raises: [
    'ValueError with `lo=17` (clamp(3, 17, 3): empty interval: lo=17 is greater than hi=3), but with `lo=3` it returned 3.',
    "TypeError in clamp(3, 3): clamp() missing 1 required positional argument: 'hi' (also in 2 more calls; no call differing from it in one argument returned).",
  ].join('\n'),
  examples: [
    { call: 'clamp(100, 3, 5)', result: '5', probe: 1 },
    { call: 'clamp(3, 17, 3)', result: 'Traceback (most recent call last):\n    ...\nValueError: empty interval: lo=17 is greater than hi=3', probe: 2 },
  ],
  confidence: 0.8,
  properties: ['deterministic', 'no side effects'],
  claims: [],
};

const EVIDENCE = /Evidence for each property|does not hold|holds —|Explored offline|calls returned|no call differing|but with `lo=3` it returned/;

test('an offline description renders without its evidence, in each style', () => {
  for (const style of ['google', 'numpy', 'sphinx', 'pep257'] as const) {
    const text = renderDocstring(CLAMP, style, { functionName: 'clamp', shownName: 'clamp' });
    assert.doesNotMatch(text, EVIDENCE, `${style}:\n${text}`);
    assert.match(text, /^Clamps `x` into the range from `lo` to `hi`/, style);
    assert.match(text, />>> clamp\(100, 3, 5\)\n(?: {4})?5/, style);
  }
});

test('Google: Args as sentences, Raises with the argument that caused them, and the examples', () => {
  assert.equal(
    renderDocstring(CLAMP, 'google', { functionName: 'clamp', shownName: 'clamp' }),
    `Clamps \`x\` into the range from \`lo\` to \`hi\`.

Below \`lo\` it returns \`lo\`, above \`hi\` it returns \`hi\`, otherwise \`x\`
itself.

Args:
    x: An int.
    lo: An int or a float.
    hi: A flag (True or False). May be left out.

Returns:
    An int.

Raises:
    ValueError: With \`lo=17\`, as in clamp(3, 17, 3): empty interval:
        lo=17 is greater than hi=3.
    TypeError: As in clamp(3, 3): clamp() missing 1 required positional
        argument: 'hi'.

Examples:
    >>> clamp(100, 3, 5)
    5
    >>> clamp(3, 17, 3)
    Traceback (most recent call last):
        ...
    ValueError: empty interval: lo=17 is greater than hi=3`,
  );
});

test('replacing a docstring keeps the parameter descriptions a person wrote (NumPy, Google, Sphinx)', () => {
  const numpy = `Limit a number.

Parameters
----------
x : int or float
    The value to limit.
lo : int or float
    The lower bound,
    inclusive.

Returns
-------
int
    The result.`;
  assert.deepEqual(paramDescriptions(numpy), { x: 'The value to limit.', lo: 'The lower bound, inclusive.' });
  const google = `Limit.

Args:
    x (int): The value
        to limit.
    lo: The lower bound.

Returns:
    The result.`;
  assert.deepEqual(paramDescriptions(google), { x: 'The value to limit.', lo: 'The lower bound.' });
  assert.deepEqual(paramDescriptions('Limit.\n\n:param x: The value.\n:param int lo: The lower\n    bound.\n:returns: it'), {
    x: 'The value.',
    lo: 'The lower bound.',
  });
  const text = renderDocstring(CLAMP, 'numpy', { functionName: 'clamp', shownName: 'clamp', existingDocstring: numpy });
  // The person's types stay with their descriptions (the explorer's are evidence, not written).
  assert.match(text, /^x : int or float\n {4}The value to limit\.$/m);
  assert.match(text, /^lo : int or float\n {4}The lower bound, inclusive\.$/m);
  assert.deepEqual(paramTypesWritten(numpy), { x: 'int or float', lo: 'int or float' });
  assert.deepEqual(paramTypesWritten(google), { x: 'int' });
  assert.deepEqual(paramTypesWritten('Limit.\n\n:param x: The value.\n:type x: float\n:param int lo: The lower bound.'), { x: 'float', lo: 'int' });
  assert.match(
    renderDocstring(CLAMP, 'google', { functionName: 'clamp', shownName: 'clamp', existingDocstring: google }),
    /^ {4}x \(int\): The value to limit\.$/m,
  );
  assert.match(text, /^hi\n {4}A flag \(True or False\)\. May be left out\.$/m, 'a parameter the person did not describe gets the inferred text');
  // And the return type they wrote, where the description has none (not one guessed from the examples).
  const wider = numpy.replace('-------\nint\n', '-------\nint or float\n');
  assert.match(renderDocstring(CLAMP, 'numpy', { functionName: 'clamp', shownName: 'clamp', existingDocstring: wider }), /^Returns\n-------\nint or float\n/m);
  const stale = numpy.replace('-------\nint\n', '-------\nlist\n');
  assert.match(
    renderDocstring(CLAMP, 'numpy', { functionName: 'clamp', shownName: 'clamp', existingDocstring: stale }),
    /^Returns\n-------\nint\n/m,
    'a written type the examples contradict goes',
  );
  assert.equal(returnTypeWritten(numpy), 'int');
  assert.equal(returnTypeWritten('Limit.\n\nReturns:\n    int or float: The result.'), 'int or float');
  assert.equal(returnTypeWritten('Limit.\n\n:returns: the result\n:rtype: float'), 'float');
  assert.equal(returnTypeWritten('Limit.\n\nReturns:\n    The result.'), undefined);
});

test('an agent description keeps its details (they are its words, not evidence)', () => {
  const agent: Description = { ...CLAMP, details: 'Bounds are inclusive.', claims: undefined };
  assert.match(renderDocstring(agent, 'google', {}), /\n\nBounds are inclusive\.\n/);
});

test('parameter and raise lines as docstring sentences', () => {
  assert.equal(sourceParameter('list or str (may be left out)'), 'A list or a str. May be left out.');
  assert.equal(sourceParameter('Account instance'), 'An Account instance.');
  assert.equal(sourceParameter('changing it alone made no difference in the 6 calls that did'), 'Its effect was not seen in the calls tried.');
  assert.equal(
    sourceParameter('changing it alone did not change the repr of what they returned in the 6 calls that did (a value it hides would not show)'),
    'Its effect was not seen in the calls tried.',
  );
  assert.equal(
    sourceParameter("changing it alone (among `3` and `'abc'`) made no difference in the 6 calls that did"),
    'Its effect was not seen in the calls tried.',
  );
  assert.equal(
    sourceParameter('calls with `True` or `3` raised; the same calls returned with another value or with it left out (may be left out)'),
    'Given `True` or `3`, the call raises (see Raises). May be left out.',
  );
  assert.equal(
    sourceParameter('calls with `True` or `3` raised where the same call with `False` or with it left out returned (may be left out)'),
    'Given `True` or `3`, the call raises (see Raises). May be left out.',
  );
  assert.equal(
    sourceParameter('given `True` or `3`, calls raised that returned with another value or without it (may be left out)'),
    'Given `True` or `3`, the call raises (see Raises). May be left out.',
  );
  assert.equal(
    sourceRaise(
      "TypeError with `scores=3` or `scores=2.5` (top_scores(3, 3): 'int' object is not iterable), but with `scores=[3, 1, 2]` it returned (3, 2, 1).",
    ),
    "TypeError: With `scores=3` or `scores=2.5`, as in top_scores(3, 3): 'int' object is not iterable.",
  );
});

test('the line diff shown before replacing marks removed and added lines', () => {
  assert.deepEqual(lineDiff('Limit.\n\nArgs:\n    x: v', 'Clamps.\n\nArgs:\n    x: v'), ['- Limit.', '+ Clamps.', '', '  Args:', '      x: v']);
});

test('the diff in the dialog keeps changed lines with one line of context, and is capped', () => {
  const diff = ['  a', '  b', '- c', '+ C', '  d', '  e', '  f', '+ g'];
  assert.deepEqual(compactDiff(diff), ['…', '  b', '- c', '+ C', '  d', '…', '  f', '+ g']);
  assert.equal(
    compactDiff(
      Array.from({ length: 40 }, (_, i) => `+ ${i}`),
      10,
    ).length,
    11,
  );
});

test('an offline docstring has one Raises entry per exception type', () => {
  const text = renderDocstring(
    { ...CLAMP, raises: `${CLAMP.raises}\nValueError with \`hi=-10\` (clamp(3, -3, -10): empty interval), but with \`hi=3\` it returned 3.` },
    'google',
    {},
  );
  assert.equal(text.match(/ValueError:/g)?.length, 2, text); // the Raises entry and the doctest's traceback
});

test('replacing a docstring keeps the Returns and Raises wording a person wrote (Google, NumPy, Sphinx)', () => {
  const google = `Limit a number.

Args:
    x: The value.

Returns:
    int: The value moved into the range.

Raises:
    ValueError: If lo is greater than hi.
    KeyError: Never in practice,
        but documented.`;
  const text = renderDocstring({ ...CLAMP, claims: [] }, 'google', { functionName: 'clamp', shownName: 'clamp', existingDocstring: google });
  assert.match(text, /^Returns:\n {4}int: The value moved into the range\.$/m);
  assert.match(text, /^ {4}ValueError: If lo is greater than hi\.$/m);
  assert.match(text, /^ {4}KeyError: Never in practice, but documented\.$/m, 'an exception the calls never raised keeps its entry');
  assert.doesNotMatch(text, /With `lo=17`/);
  assert.deepEqual(raisesWritten('Limit.\n\nRaises\n------\nValueError\n    If lo > hi.\n'), { ValueError: 'If lo > hi.' });
  assert.deepEqual(raisesWritten('Limit.\n\n:raises ValueError: if lo > hi\n:returns: the value'), { ValueError: 'if lo > hi' });
  assert.equal(returnsTextWritten('Limit.\n\n:raises ValueError: if lo > hi\n:returns: the value\n    in range'), 'the value in range');
  assert.equal(returnsTextWritten('Limit.\n\nReturns\n-------\nint\n    The value.\n'), 'The value.');
  // An agent's description is its own finding: the person's wording does not replace it.
  const agent = renderDocstring({ ...CLAMP, claims: undefined }, 'google', { functionName: 'clamp', shownName: 'clamp', existingDocstring: google });
  assert.doesNotMatch(agent, /If lo is greater than hi/);
});

test('in source, a summary that says what was not worked out states what was seen, without the probe count or the types Args gives', () => {
  assert.equal(
    sourceSummary(
      "What it computes was not worked out from 20 calls: the 10 that returned gave True for `'1'`, `'on'` and 1 more; False for `'no'` (text: str).",
    ),
    "In the calls tried, it returned True for `'1'`, `'on'` and 1 more; False for `'no'`.",
  );
  assert.equal(
    sourceSummary(
      'What it computes was not worked out from 20 calls: the 11 that returned gave an int (called on a BankAccount instance and amount: int). Changes its receiver in place.',
    ),
    'Returns an int. Changes its receiver in place.',
  );
  // A summary that says what the function does is kept as it is.
  assert.equal(sourceSummary(CLAMP.summary), CLAMP.summary);
  const text = renderDocstring(
    { ...CLAMP, summary: 'What it computes was not worked out from 20 calls: the 4 that returned gave an int (x: int).' },
    'google',
    { functionName: 'f', shownName: 'f' },
  );
  assert.doesNotMatch(text, /not worked out|20 calls|x: int\)/, text);
});

test('in source, a summary led by what the calls gave drops the count of calls and keeps what they showed', () => {
  assert.equal(
    sourceSummary("In the calls tried (8 of 20 returned), it returned a str one character longer than `s`, as in tag('ab') → 'a3b'; tag('x') → 'x1'."),
    "In the calls tried, it returned a str one character longer than `s`, as in tag('ab') → 'a3b'; tag('x') → 'x1'.",
  );
  // A type alone is what it returns: the Returns line of a docstring, with no count.
  assert.equal(
    sourceSummary('In the calls tried (all 11 returned), it returned an int; what sets its value was not worked out. Changes its receiver in place.'),
    'Returns an int. Changes its receiver in place.',
  );
});

test('in source, a raise line leaves out the values the explorer cut short', () => {
  const line =
    "ValueError with `text='The quick brown fox jumps over the laz…`, `text='Hello, World!'` or 3 other values (parse_bool('Hello, World!'): not a boolean: 'Hello, World!'), but with `text='yes'` it returned True.";
  assert.equal(
    sourceRaise(line),
    "ValueError: With `text='Hello, World!'` or 4 other values, as in parse_bool('Hello, World!'): not a boolean: 'Hello, World!'.",
  );
  const only =
    "ValueError with `text='The quick brown fox jumps over the laz…` (parse_bool('The quick brown fox jumps over the lazy dog.'): not a boolean), but with `text='yes'` it returned True.";
  assert.equal(sourceRaise(only), "ValueError: As in parse_bool('The quick brown fox jumps over the lazy dog.'): not a boolean.");
});

test('in source, results seen by argument (a grade by score) stay worded as seen, never as a rule', () => {
  const text = sourceSummary(
    "What it computes was not worked out from 20 calls: the 13 that returned gave 'F' for `score` 0 to 18, 'C' for 70 and 'A' for 90 to 100 (score: int or float).",
  );
  assert.equal(text, "In the calls tried, it returned 'F' for `score` 0 to 18, 'C' for 70 and 'A' for 90 to 100.");
});

test('an exception whose name is not "…Error" (decimal.InvalidOperation, ConsentRequired) is a Raises entry with its hanging indent', () => {
  const raises = [
    "decimal.InvalidOperation with `price=[3, 1, 2]`, `price='decimal.ConversionSyntax'`, `price=[]` or 1 other value (apply_discount([3, 1, 2], 3): [<class 'decimal.ConversionSyntax'>]), but with `price=100` it returned Decimal('97.00').",
    "ConsentRequired in raise_from_error('consent_required', {'a': 1, 'b': 2}): (consent_required) (no call differing from it in one argument returned).",
  ].join('\n');
  const text = renderDocstring({ ...CLAMP, raises }, 'google', {
    functionName: 'f',
    shownName: 'f',
    existingDocstring: 'Old.\n\nRaises:\n    InvalidOperation: when the price is not a number.\n',
  });
  const section = text.slice(text.indexOf('Raises:\n'), text.indexOf('\n\n', text.indexOf('Raises:\n')));
  // Entries at four spaces, each continuation at eight: nothing else at four.
  for (const line of section.split('\n').slice(1)) assert.match(line, /^ {8}\S|^ {4}(?:decimal\.InvalidOperation|ConsentRequired): /, section);
  // The person's words on the exception are kept, as for any other.
  assert.match(section, /decimal\.InvalidOperation: When the price is not a number\./, section);
});

test("an offline docstring's Raises lists a raise blamed on an argument first and a wrong type's last", () => {
  const raises = [
    "TypeError with `x='abc'` (clamp('abc', 3, 5): '<' not supported between instances of 'str' and 'int'), but with `x=3` it returned 3.",
    "KeyError in clamp(3, 3, 5, mode='x'): 'x' (no call differing from it in one argument returned).",
    'ValueError with `lo=17` (clamp(3, 17, 3): empty interval: lo=17 is greater than hi=3), but with `lo=3` it returned 3.',
  ].join('\n');
  const entries = forSource({ ...CLAMP, raises }).raises.split('\n');
  assert.deepEqual(
    entries.map((l) => l.split(':')[0]),
    ['ValueError', 'KeyError', 'TypeError'],
    entries.join('\n'),
  );
});

test('in source, a one-clause raise line keeps the parameter and the message, never the call that returned', () => {
  assert.equal(
    sourceRaise('ValueError for `lo=17` or 2 other values: empty interval: lo=17 is greater than hi=3 (with `lo=3` it returned 3).'),
    'ValueError: With `lo=17` or 2 other values: empty interval: lo=17 is greater than hi=3.',
  );
  // A second line of the same parameter leans on the first's call that returned.
  assert.equal(
    sourceRaise('ValueError for `rgb=[0, 2, 3]`: Green must be between 0 and 1. You provided 2.0.'),
    'ValueError: With `rgb=[0, 2, 3]`: Green must be between 0 and 1. You provided 2.0.',
  );
  assert.equal(sourceRaise("KeyError in clamp(3, 3, 5, mode='x'): 'x' (and in 2 more calls)."), "KeyError: As in clamp(3, 3, 5, mode='x'): 'x'.");
  assert.equal(sourceRaise("EOFError in f('abc') (and in 2 more calls)."), "EOFError: As in f('abc').");
  const cut = "ValueError for `text='The quick brown fox jumps over the laz…` or `text='Hello, World!'`: not a boolean (with `text='yes'` it returned True).";
  assert.equal(sourceRaise(cut), "ValueError: With `text='Hello, World!'` or 1 other value: not a boolean.");
  // Ranked as blamed on a parameter, before a whole call's and a wrong type's.
  const raises = [
    "TypeError for `x='abc'`: '<' not supported between instances of 'str' and 'int' (with `x=3` it returned 3).",
    "KeyError in clamp(3, 3, 5, mode='x'): 'x'.",
    'ValueError for `lo=17`: empty interval (with `lo=3` it returned 3).',
  ].join('\n');
  assert.deepEqual(
    forSource({ ...CLAMP, raises })
      .raises.split('\n')
      .map((l) => l.split(':')[0]),
    ['ValueError', 'KeyError', 'TypeError'],
  );
});

test('in source, a raise of one whole call quotes it only when it is whole code of one expression', () => {
  // sortedcontainers' SortedList.pop: "as in s = SortedList().\n s.update([…]).\n s.pop(-10): …" in a docstring.
  assert.equal(
    sourceRaise('IndexError in s = SortedList(); s.update([4, 8]); s.pop(-10): list index out of range (and in 3 more calls).'),
    'IndexError: list index out of range.',
  );
  assert.equal(
    sourceRaise("NotImplementedError in RequestValidator().validate_redirect_uri('2024-03-15', 'https://example.co…', 3): Missing function implementation."),
    'NotImplementedError: Missing function implementation.',
  );
  // attrs' frozen: an exception with no message, which the old wording's reader left whole.
  assert.equal(
    sourceRaise('attr.exceptions.FrozenAttributeError in frozen(3, 7, 12) (and in 34 more calls).'),
    'attr.exceptions.FrozenAttributeError: As in frozen(3, 7, 12).',
  );
});

test('in source, a summary of what every call did leaves out how many calls ran', () => {
  const d = { ...CLAMP, summary: 'Raised attr.exceptions.FrozenAttributeError in every call that ran (35 of 36), whatever the arguments tried.' };
  assert.equal(forSource(d).summary, 'Raised attr.exceptions.FrozenAttributeError in every call that ran, whatever the arguments tried.');
});

test('an example whose output is a wall of text is left out of the docstring while a shorter one shows the use; with none, the shortest stays', () => {
  // calendar's Calendar.yeardayscalendar in teach11's trial: three examples of about 1,300 characters each.
  const year = (width: number): string => `[${Array.from({ length: width }, () => '[[1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14]]').join(', ')}]`;
  const error = { call: "yeardayscalendar('2024')", result: "Traceback (most recent call last):\n    ...\nTypeError: '<=' not supported" };
  const walls = {
    ...CLAMP,
    examples: [{ call: 'yeardayscalendar(2024, 20)', result: year(20) }, { call: 'yeardayscalendar(2024, 6)', result: year(6) }, error],
  };
  const doc = renderDocstring(walls, 'google', { functionName: 'yeardayscalendar', shownName: 'yeardayscalendar' });
  assert.doesNotMatch(doc, /yeardayscalendar\(2024, 20\)/, doc);
  assert.match(doc, />>> yeardayscalendar\(2024, 6\) {2}# doctest: \+ELLIPSIS\n\s*\[\[\[1, 2, 3, 4, 5, 6, 7\], \[8, 9, 10, [^\n]*\.\.\.\]\]\]\n/, doc);
  assert.match(doc, />>> yeardayscalendar\('2024'\)/, doc);
  // A short example that returned: the long ones go.
  const mixed = { ...walls, examples: [...walls.examples, { call: 'yeardayscalendar(1, 1)', result: '[[1]]' }] };
  const shown = renderDocstring(mixed, 'google', { functionName: 'yeardayscalendar', shownName: 'yeardayscalendar' });
  assert.doesNotMatch(shown, /yeardayscalendar\(2024, [0-9]+\)/, shown);
  assert.match(shown, />>> yeardayscalendar\(1, 1\)\n\s*\[\[1\]\]/, shown);
});

test('in source, a summary neither repeats the calls the Examples show nor counts the objects tried', () => {
  // natsort's index_realsorted and tarfile's TarInfo.issparse in teach11's trial.
  const pairs = {
    ...CLAMP,
    summary: 'In the calls tried (all 3 returned), it returned a list of int, as in order([3, 1, 2]) → [1, 2, 0]; order([5]) → [0].',
    examples: [
      { call: 'order([3, 1, 2])', result: '[1, 2, 0]' },
      { call: 'order([5])', result: '[0]' },
    ],
  };
  const doc = renderDocstring(pairs, 'google', { functionName: 'order', shownName: 'order' });
  assert.match(doc, /^In the calls tried, it returned a list of int\.\n/, doc);
  // A call the Examples do not show keeps the pairs.
  const other = renderDocstring({ ...pairs, examples: [{ call: 'order([5])', result: '[0]' }] }, 'google', { functionName: 'order', shownName: 'order' });
  assert.match(other, /as in order\(\[3, 1, 2\]\)/, other);
  const objects = forSource({ ...CLAMP, summary: 'Returned False on each of the 9 TarInfo objects it was called on.' });
  assert.equal(objects.summary, 'Returned False on each TarInfo object tried.');
});
