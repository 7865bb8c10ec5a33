// When two calls are the same call (answered from the cache).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callKey } from '../../../src/core/call-identity.js';

test('whitespace outside string literals does not matter; inside it does', () => {
  assert.equal(callKey({ args: ['[1,2]'], kwargs: { b: '3', a: ' 4' } }), callKey({ args: [' [1, 2] '], kwargs: { a: '4', b: '3' } }));
  assert.notEqual(callKey({ args: ["' a '"] }), callKey({ args: ["'a'"] }));
  assert.notEqual(callKey({ args: ['"x\\" y"'] }), callKey({ args: ['"x\\"y"'] }));
  assert.notEqual(callKey({ args: ['1'] }), callKey({ args: [], kwargs: { x: '1' } }));
  assert.notEqual(callKey({ args: ['1'], receiver: 'A()' }), callKey({ args: ['1'] }));
});
