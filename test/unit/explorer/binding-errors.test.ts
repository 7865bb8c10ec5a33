import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bindingCounts, isBindingMessage } from '../../../src/explorer/binding-errors.js';

/** Python's messages for a call that does not fit the signature, of functions in Python and in C, with the counts they give. */
const BINDING: [string, { takes: number; given: number } | null][] = [
  ["f() missing 1 required positional argument: 'x'", null],
  ["f() missing 2 required keyword-only arguments: 'a' and 'b'", null],
  ['f() takes 2 positional arguments but 3 were given', { takes: 2, given: 3 }],
  ['f() takes 0 positional arguments but 1 was given', { takes: 0, given: 1 }],
  ['Scanner.__init__() takes 1 positional argument but 2 were given', { takes: 1, given: 2 }],
  ['f() takes from 1 to 2 positional arguments but 3 were given', { takes: 2, given: 3 }],
  ['f() takes 1 positional argument but 2 positional arguments (and 1 keyword-only argument) were given', { takes: 1, given: 2 }],
  ["f() got an unexpected keyword argument 'k'", null],
  ["f() got multiple values for argument 'a'", null],
  ["f() got some positional-only arguments passed as keyword arguments: 'a'", null],
  // C functions.
  ['len() takes exactly one argument (0 given)', { takes: 1, given: 0 }],
  ['str.upper() takes no arguments (1 given)', { takes: 0, given: 1 }],
  ['f() takes at least 2 arguments (1 given)', { takes: 2, given: 1 }],
  ['f() takes at most 3 arguments (4 given)', { takes: 3, given: 4 }],
  ['heappushpop expected 2 arguments, got 1', { takes: 2, given: 1 }],
  ['divmod expected 2 arguments, got 3', { takes: 2, given: 3 }],
  ["b2a_qp() missing required argument 'data' (pos 1)", null],
  ["'foo' is an invalid keyword argument for compress()", null],
  ['unbound method date.isocalendar() needs an argument', null],
];

/** Messages that only look like it: about values, not about how the call was written. */
const NOT_BINDING = [
  'can only concatenate str (not "int") to str',
  'not enough values to unpack (expected 2, got 1)',
  'expected 2 values but 3 were given',
  "'int' object is not iterable",
  'the callback takes 2 arguments',
];

test('binding messages are recognised, with the counts they give', () => {
  for (const [message, counts] of BINDING) {
    assert.equal(isBindingMessage(message), true, message);
    assert.deepEqual(bindingCounts(message), counts, message);
  }
});

test('messages about values are not binding messages and give no counts', () => {
  for (const message of NOT_BINDING) {
    assert.equal(isBindingMessage(message), false, message);
    assert.equal(bindingCounts(message), null, message);
  }
});
