// Literals and wanted types mined from error messages (src/explorer/mined-values.ts).
import assert from 'node:assert/strict';
import test from 'node:test';
import { classesAskedFor, fileClassesAskedFor, itemsReplaced, literalsIn, missingArguments, namedPositions } from '../../../src/explorer/mined-values.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { str, toSource } from '../../../src/explorer/values.js';

const sources = (message: string, echoed: string[] = []): string[] => literalsIn(message, echoed).map(toSource);

test('a range gives its middle first, then its ends; the refused value echoed back is no suggestion', () => {
  assert.deepEqual(sources('cutoff must be in [0.0, 1.0]: 3', ['3']), ['0.5', '0.0', '1.0']);
  assert.deepEqual(sources('x not in range(1, 5)'), ['2', '1', '4']);
  assert.deepEqual(sources('value must be between 10 and 20'), ['15', '10', '20']);
});

test('a quoted text holding the refused value as a word is its echo, not a suggestion', () => {
  assert.deepEqual(sources("'unknown coupon 3'", ['3']), []);
  assert.deepEqual(sources("'unknown coupon SAVE'", ["'SAVE'"]), []);
  // Inside a longer word it is no echo: 'v3' is a version the message names.
  assert.deepEqual(sources("expected one of 'v3', 'v4'", ['3']), ["'v3'", "'v4'"]);
});

test('a bound gives the first value past it', () => {
  assert.deepEqual(sources('n must be > 0: -12', ['-12']), ['1']);
  assert.deepEqual(sources('invalid width 0 (must be > 0)', ['0']), ['1']);
  assert.deepEqual(sources('k must be at least 2'), ['2']);
  assert.deepEqual(sources('size must be < 10'), ['9']);
  assert.deepEqual(sources('n must be a positive integer'), ['1', '5']);
});

test('quoted words are suggestions unless they are type names or the refused value', () => {
  assert.deepEqual(sources("mode must be one of 'fast', 'slow'"), ["'fast'", "'slow'"]);
  assert.deepEqual(sources("'int' object is not iterable"), []);
  assert.deepEqual(sources("unknown encoding: 'abc'", ["'abc'"]), []);
  // The refused 'abc' is no suggestion; the message does say a number written as text would pass.
  assert.deepEqual(sources("could not convert string to float: 'abc'", ["'abc'"]), ["'2.5'"]);
  assert.deepEqual(sources('malformed node or string on line 1: <ast.Name object at 0x7f>', ["'abc'"]), ["'[1, 2, 3]'", '"{\'a\': 1}"', "'42'"]);
});

test('the parameter a message names is found by whole word', () => {
  assert.deepEqual(namedPositions('cutoff must be in [0.0, 1.0]: 3', ['word', 'possibilities', 'n', 'cutoff']), [3]);
  assert.deepEqual(namedPositions('n must be > 0: 0', ['word', 'possibilities', 'n', 'cutoff']), [2]);
  assert.deepEqual(namedPositions('invalid normalization form', ['form', 'unistr']), [0]);
  assert.deepEqual(namedPositions("'int' object is not iterable", ['s', 'n']), []);
});

test('type errors say which classes they want', () => {
  assert.deepEqual(classesAskedFor('expected str, bytes or os.PathLike object, not int'), ['str', 'bytes']);
  assert.deepEqual(classesAskedFor('normalize() argument 2 must be str, not int'), ['str']);
  assert.deepEqual(classesAskedFor("expected string or bytes-like object, got 'int'"), ['str', 'bytes']);
  assert.deepEqual(classesAskedFor("a bytes-like object is required, not 'str'"), ['bytes']);
  assert.deepEqual(classesAskedFor("'float' object cannot be interpreted as an integer"), ['int']);
  assert.deepEqual(classesAskedFor("'int' object is not iterable"), ['list', 'str', 'dict', 'tuple', 'set']);
  assert.deepEqual(classesAskedFor("unsupported operand type(s) for +: 'int' and 'str'"), []);
  assert.deepEqual(classesAskedFor('replace() should be called on dataclass instances'), ['dataclass']);
  assert.deepEqual(classesAskedFor("'Point' is not a dataclass"), ['dataclass']);
  // Stored into under a key, or looked up with a str key: a mapping.
  assert.deepEqual(classesAskedFor("'int' object does not support item assignment"), ['dict', 'list']);
  assert.deepEqual(classesAskedFor('list indices must be integers or slices, not str'), ['dict']);
});

test('a method the value lacks names the type that has it; a method of several types names none', () => {
  assert.deepEqual(classesAskedFor("'int' object has no attribute 'get'"), ['dict']);
  assert.deepEqual(classesAskedFor("'list' object has no attribute 'lower'"), ['str']);
  assert.deepEqual(classesAskedFor("'str' object has no attribute 'append'"), ['list']);
  assert.deepEqual(classesAskedFor("'int' object has no attribute 'copy'"), []);
});

test('what only a match object or bytes has asks for one; "is not a class" asks for a class; "must be None" for None', () => {
  assert.deepEqual(classesAskedFor("'int' object has no attribute 'group'"), ['match']);
  assert.deepEqual(classesAskedFor("'str' object has no attribute 'decode'"), ['bytes']);
  assert.deepEqual(classesAskedFor('Invalid first argument to `register()`. <built-in function len> is not a class or union type.'), ['class']);
  assert.deepEqual(classesAskedFor('issubclass() arg 1 must be a class'), ['class']);
  assert.deepEqual(classesAskedFor("tzinfo argument must be None or of a tzinfo subclass, not type 'int'"), ['none']);
});

test("a message quoting a list's str item is about its items: each str item gets the suggestion", () => {
  const words: PyValue = { k: 'list', items: [str('b'), str('a'), str('c')] };
  const replaced = itemsReplaced("invalid literal for int() with base 10: 'b'", words, str('42'));
  assert.equal(replaced && toSource(replaced), "['42', '42', '42']");
  assert.equal(itemsReplaced("invalid literal for int() with base 10: 'zz'", words, str('42')), undefined);
  assert.equal(itemsReplaced("invalid literal for int() with base 10: 'b'", str('b'), str('42')), undefined);
});

test('named formats, int literals and unpacking counts become values', () => {
  assert.deepEqual(sources("time data 'abc' does not match format '%Y-%m-%d'", ["'abc'"]), ["'2024-03-15'"]);
  assert.deepEqual(sources("time data 'x' does not match format '%d/%m/%Y %H:%M'", ["'x'"]), ["'15/03/2024 14:30'"]);
  assert.deepEqual(sources("invalid literal for int() with base 10: 'abc'", ["'abc'"]), ["'42'"]);
  assert.deepEqual(sources('not enough values to unpack (expected 2, got 1)'), ['(1, 2)', '[(1, 2), (10, 11)]']);
  assert.deepEqual(sources('too many values to unpack (expected 3)'), ['(1, 2, 3)', '[(1, 2, 3), (10, 11, 12)]']);
  // Six or nine: a date and time (calendar.timegm), before the counting tuple.
  assert.equal(sources('not enough values to unpack (expected 6, got 3)')[0], '(2024, 3, 15, 14, 30, 45)');
  assert.equal(sources('not enough values to unpack (expected 9, got 3)')[0], '(2024, 3, 15, 14, 30, 45, 4, 75, 0)');
  assert.deepEqual(sources('mode must be one of: fast, slow'), ["'fast'", "'slow'"]);
});

test('a message of several lines is mined from its first lines', () => {
  assert.deepEqual(sources("bad value\nexpected one of 'a', 'b'"), ["'a'", "'b'"]);
  const long = ['bad', ...Array.from({ length: 10 }, () => 'filler'), "'late'"].join('\n');
  assert.deepEqual(sources(long), []);
});

test('missing arguments are named', () => {
  assert.deepEqual(missingArguments("f() missing 1 required keyword-only argument: 'k'"), ['k']);
  assert.deepEqual(missingArguments("f() missing 2 required positional arguments: 'a' and 'b'"), ['a', 'b']);
  assert.deepEqual(missingArguments("'int' object is not iterable"), []);
});

test("a library's own words for an option it needs name that option", () => {
  assert.deepEqual(missingArguments('It is required that you pass in a value for the "algorithms" argument when calling decode().'), ['algorithms']);
  assert.deepEqual(missingArguments("The 'key' argument is required"), ['key']);
  assert.deepEqual(missingArguments('argument `mode` must be given'), ['mode']);
  assert.deepEqual(missingArguments("Missing required parameter 'digestmod'."), ['digestmod']);
  // A value the option holds is not its absence.
  assert.deepEqual(missingArguments("the 'key' argument must be a str"), []);
  assert.deepEqual(missingArguments('a value for x is needed'), []);
});

test('file objects are asked for by a missing read/write, or by a message that names a file', () => {
  for (const m of [
    "'str' object has no attribute 'read'",
    "'int' object has no attribute 'write'",
    'You can only load a file descriptor, filename or list',
    'expected a file-like object',
    'argument must be an object with a read() method',
    'argument 1 must have a "write" method',
  ])
    assert.deepEqual(fileClassesAskedFor(m), ['textfile', 'binfile'], m);
  for (const m of ['filename must be str, not int', "'int' object has no attribute 'split'", 'profile must be a dict'])
    assert.deepEqual(fileClassesAskedFor(m), [], m);
});
