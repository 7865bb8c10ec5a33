// core/printable.ts: what the probed function or the model wrote is shown with its control
// characters as escapes before it reaches a terminal or a plain-text log.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { printable, printableDeep } from '../../../src/core/printable.js';

/** Any byte a terminal acts on, besides the newline and the tab. */
// eslint-disable-next-line no-control-regex -- the controls are what it matches
const TERMINAL_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

test('escape sequences, bell, DEL and C1 controls are shown as \\x escapes', () => {
  assert.equal(printable('\x1b]0;PWNED\x07'), '\\x1b]0;PWNED\\x07');
  assert.equal(printable('\x1b]52;c;cHduZWQ=\x07'), '\\x1b]52;c;cHduZWQ=\\x07');
  assert.equal(printable('a\x1b[2Jb'), 'a\\x1b[2Jb');
  assert.equal(printable('\x00\x08\x0b\x0c\x7f'), '\\x00\\x08\\x0b\\x0c\\x7f');
  assert.equal(printable('\x9b31m\x85'), '\\x9b31m\\x85');
});

test('a lone carriage return is escaped; CRLF, newline and tab stay', () => {
  assert.equal(printable('boom\r\x1b[Kfake: returned int: 42'), 'boom\\x0d\\x1b[Kfake: returned int: 42');
  assert.equal(printable('a\rb\r'), 'a\\x0db\\x0d');
  assert.equal(printable('a\r\nb\n\tc'), 'a\r\nb\n\tc');
});

test('bidirectional controls are escaped; other text, backslashes and non-ASCII stay as they are', () => {
  assert.equal(printable('x\u202ey\u2066'), 'x\\u202ey\\u2066');
  const plain = "caf\u00e9 \u2192 'AB' C:\\path \\x1b ✓ 😀";
  assert.equal(printable(plain), plain);
  assert.equal(printable(''), '');
});

test('no control a terminal acts on survives, whatever the code point', () => {
  let all = '';
  for (let code = 0; code < 0x300; code++) all += String.fromCharCode(code);
  const shown = printable(all);
  assert.doesNotMatch(shown.replace(/\r\n/g, ''), TERMINAL_CONTROL);
  assert.doesNotMatch(shown.replace(/\r\n/g, ''), /\r/);
});

test('printableDeep escapes every string of a record, keys included, and keeps the rest', () => {
  const record = { status: 'raised', exception: { type: 'E\x1b', message: 'm\r' }, n: 1.5, ok: true, none: null, list: ['\x07', 2], ['k\x1b']: 'v' };
  assert.deepEqual(printableDeep(record), {
    status: 'raised',
    exception: { type: 'E\\x1b', message: 'm\\x0d' },
    n: 1.5,
    ok: true,
    none: null,
    list: ['\\x07', 2],
    ['k\\x1b']: 'v',
  });
  assert.equal(record.exception.type, 'E\x1b', 'the input is not changed');
});
