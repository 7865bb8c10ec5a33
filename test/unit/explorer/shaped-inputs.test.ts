// Arguments of the shape an error asks for (shaped-inputs.ts), receivers with their next option
// (receiver-options.ts), keywords for **kwargs (keyword-extras.ts), texts of a character class (mined-values.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shapedFor } from '../../../src/explorer/shaped-inputs.js';
import { withMissingOption, withNextOption, withWriteMode } from '../../../src/explorer/receiver-options.js';
import { keywordDicts } from '../../../src/explorer/keyword-extras.js';
import { literalsIn } from '../../../src/explorer/mined-values.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { int, str, toSource } from '../../../src/explorer/values.js';
import { param } from './fake-python.js';

const fn = (src: string): PyValue => ({ k: 'fn', src });
const sources = (out: { value: PyValue }[]): string[] => out.map((o) => toSource(o.value));

test('unpacking pairs from a text: lists of pairs, of words first', () => {
  const out = sources(shapedFor('not enough values to unpack (expected 2, got 1)', str('abc'), 'params'));
  assert.deepEqual(out, ["[('name', 'value'), ('charset', 'utf-8')]", '[(1, 3), (2, 5), (8, 10)]', '[(5, 1)]']);
  assert.deepEqual(shapedFor('not enough values to unpack (expected 2, got 1)', int(3), 'params'), []);
});

test('a one-argument callable given two: callables of two arguments', () => {
  assert.deepEqual(sources(shapedFor('<lambda>() takes 1 positional argument but 2 were given', fn('len'), 'f')), ['lambda a, b: a + b', 'max']);
  assert.deepEqual(sources(shapedFor('too many positional arguments', fn('lambda x: x * 2'), 'f')), ['lambda a, b: a + b', 'max']);
  assert.deepEqual(sources(shapedFor('len() takes exactly one argument (2 given)', fn('len'), 'f')), ['lambda a, b: a + b', 'max']);
  // Not a callable at that position: the message is about another argument.
  assert.deepEqual(shapedFor('too many positional arguments', str('abc'), 'f'), []);
});

test('a predicate comparing str items with an int: the same comparison with a str', () => {
  const message = "'>' not supported between instances of 'str' and 'int'";
  assert.deepEqual(sources(shapedFor(message, fn('lambda x: x > 1'), 'pred')), ["lambda x: x > 'b'"]);
  assert.deepEqual(sources(shapedFor("'<' not supported between instances of 'int' and 'str'", fn("lambda k: k < 'b'"), 'pred')), ['lambda k: k < 1']);
  assert.deepEqual(shapedFor(message, fn('len'), 'pred'), []);
});

test('a value called where a line reader was wanted: the readline of a text in memory, only for a name that says so', () => {
  assert.equal(shapedFor("'int' object is not callable", int(3), 'readline').length, 2);
  assert.deepEqual(shapedFor("'int' object is not callable", int(3), 'callback'), []);
});

test('a receiver built without its option gets it, of the type of its default; none past the last', () => {
  const init = [param('owner'), param('balance', 'POSITIONAL_OR_KEYWORD', { default: '0' }), param('frozen', 'POSITIONAL_OR_KEYWORD', { default: 'False' })];
  const built: PyValue = { k: 'call', callee: 'Account', args: [str('hello')] };
  const next = withNextOption(built, init);
  assert.equal(next && toSource(next), "Account('hello', 100)");
  const after = next && withNextOption(next, init);
  assert.equal(after && toSource(after), "Account('hello', 100, True)");
  assert.equal(after && withNextOption(after, init), undefined);
});

test('a receiver opened for reading that a write refused is built with a writing mode, at the place of its `mode`', () => {
  const init = [param('filename', 'POSITIONAL_OR_KEYWORD', { default: 'None' }), param('mode', 'POSITIONAL_OR_KEYWORD', { default: 'None' })];
  const built: PyValue = { k: 'call', callee: 'GzipFile', args: [str('a.gz')] };
  const opened = withWriteMode(built, init, '[Errno 9] write() on read-only GzipFile object');
  assert.equal(opened && toSource(opened), "GzipFile('a.gz', 'w')");
  const bytes = [param('file'), param('mode', 'POSITIONAL_OR_KEYWORD', { default: "'rb'" })];
  const read: PyValue = { k: 'call', callee: 'Reader', args: [str('a'), str('rb')] };
  assert.equal(toSource(withWriteMode(read, bytes, 'File not open for writing') ?? read), "Reader('a', 'wb')");
  // Another refusal, a mode out of reach, or no mode at all: nothing.
  assert.equal(withWriteMode(built, init, 'bad data'), undefined);
  assert.equal(withWriteMode(built, init, "bad operation for mode 'a'"), undefined);
  assert.equal(withWriteMode({ k: 'call', callee: 'GzipFile', args: [] }, init, 'read-only'), undefined);
  assert.equal(withWriteMode(built, [param('filename')], 'read-only'), undefined);
});

test('a receiver refused for a missing option gets it as its name suggests, the options before it at their defaults', () => {
  const init = [param('key'), param('msg', 'POSITIONAL_OR_KEYWORD', { default: 'None' }), param('digestmod', 'POSITIONAL_OR_KEYWORD', { default: "''" })];
  const built: PyValue = { k: 'call', callee: 'HMAC', args: [str('k')] };
  const given = withMissingOption(built, init, 'digestmod');
  assert.equal(given && toSource(given), "HMAC('k', None, 'sha256')");
  // A name that suggests nothing, or none named: nothing.
  assert.equal(withMissingOption(built, [param('key'), param('zork', 'POSITIONAL_OR_KEYWORD', { default: 'None' })], 'zork'), undefined);
  assert.equal(withMissingOption(built, init, undefined), undefined);
});

test('**kwargs: names the code holds, one at a time then together; a neutral one when it holds none', () => {
  assert.deepEqual(keywordDicts(['hello ', 'shout', 3, 'name', 'strict', 'x'], ['name']).map(toSource), [
    "{'shout': True}",
    "{'strict': True}",
    "{'shout': True, 'strict': True}",
  ]);
  assert.deepEqual(keywordDicts([], []).map(toSource), ["{'option': True}"]);
});

test('"must be digits" and "must be hex": texts of that class', () => {
  assert.equal(toSource(literalsIn('card number must be digits')[0] ?? str('')), "'4111111111111111'");
  assert.equal(toSource(literalsIn('key must be hexadecimal')[0] ?? str('')), "'48656C6C6F'");
});
