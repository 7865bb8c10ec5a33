// A repr with a memory address is no example: "at 0x…", and a bare address in an object's repr.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { showsAddress, withoutAddresses } from '../../../src/core/address-repr.js';

test('reprs that show an address, with "at" or bare inside an object repr (gzip), and ones that do not', () => {
  assert.ok(showsAddress('<app.Cart object at 0x1>'));
  assert.ok(showsAddress('<function make.<locals>.f at 0x7f3b2c1d0>'));
  assert.ok(showsAddress("<gzip <_io.BufferedReader name='x'> 0x7fd8b031e740>"));
  assert.ok(showsAddress('<gzip _io.BytesIO 0x7fd8b031e740>'));
  // A hex number the user wrote or computed is a value, not an address.
  assert.ok(!showsAddress("'0x7fd8b031e740'"));
  assert.ok(!showsAddress('[255, 0xff]'));
  assert.ok(!showsAddress('<Color 0xff00ff>'));
});

test("withoutAddresses masks the addresses showsAddress sees, not the worker's numbers nor a hex value", () => {
  assert.equal(withoutAddresses('<app.Cart object at 0x7f3b2c1d0e40>'), '<app.Cart object at 0x…>');
  assert.equal(withoutAddresses('["<gzip _io.BytesIO 0x7fd8b031e740>"]'), '["<gzip _io.BytesIO 0x…>"]');
  // One call's objects numbered by the worker: stable across runs, and [a, a] differs from [a, b].
  assert.equal(withoutAddresses('[<A at 0x1>, <A at 0x2>]'), '[<A at 0x1>, <A at 0x2>]');
  assert.equal(withoutAddresses("['0x7fd8b031e740', <Color 0xff00ff>]"), "['0x7fd8b031e740', <Color 0xff00ff>]");
});
