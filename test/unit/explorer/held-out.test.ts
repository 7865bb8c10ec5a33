// Held-out inputs: new, of the same shape as the probes they are held out from, reproducible.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { heldOutInputs } from '../../../src/explorer/index.js';
import { requestKey } from '../../../src/explorer/inputs.js';
import { parseSource } from '../../../src/explorer/parse.js';
import type { CallRequest } from '../../../src/core/probe-types.js';
import type { ProbeRecord } from '../../../src/core/session-types.js';
import { info, param } from './fake-python.js';
import { pyInt } from './fake-python.js';

const chunk = info('chunk', {
  params: [param('items', 'POSITIONAL_OR_KEYWORD', { annotation: 'list' }), param('size', 'POSITIONAL_OR_KEYWORD', { annotation: 'int' })],
  body: () => pyInt(0),
});

test('none of the inputs is among the excluded ones, however they were spaced', () => {
  const exclude: CallRequest[] = [{ args: ['[1,2,3]', '2'] }, { args: ['[]', '3'] }, { args: ['[3, 1, 2]', '3'] }];
  const out = heldOutInputs(chunk, exclude, 12, 1);
  assert.equal(out.length, 12);
  const excluded = new Set(exclude.map(requestKey));
  const keys = out.map(requestKey);
  for (const k of keys) assert.ok(!excluded.has(k), `${k} was excluded`);
  assert.equal(new Set(keys).size, keys.length, 'no duplicates');
  assert.ok(
    out.some((r) => r.args[0] === '[1, 2, 3]' || r.args[1] === '2'),
    'inputs stay close to the seeds',
  );
});

test('deterministic for a seed, different for another', () => {
  const exclude: CallRequest[] = [{ args: ['[1, 2, 3]', '2'] }];
  assert.deepEqual(heldOutInputs(chunk, exclude, 8, 5), heldOutInputs(chunk, exclude, 8, 5));
  assert.notDeepEqual(heldOutInputs(chunk, exclude, 8, 5), heldOutInputs(chunk, exclude, 8, 6));
});

test('same shapes as the seeds: a list and an int, each readable as a literal', () => {
  const out = heldOutInputs(chunk, [{ args: ['[1, 2, 3]', '2'] }, { args: ["['a', 'b']", '1'] }], 20, 3);
  for (const r of out) {
    assert.equal(r.args.length, 2);
    assert.ok(['list'].includes(parseSource(r.args[0]!)!.k), r.args[0]);
    assert.equal(parseSource(r.args[1]!)!.k, 'int');
  }
});

test('records that returned are preferred as seeds over ones that raised a TypeError', () => {
  const record = (args: string[], ok: boolean): ProbeRecord => ({
    index: 1,
    args,
    origin: 'offline',
    result: ok
      ? { status: 'returned', value: { type: 'list', repr: '[]', truncated: false }, mutations: [], stdout: '', stderr: '', durationMs: 1 }
      : { status: 'raised', exception: { type: 'TypeError', message: 'no' }, mutations: [], stdout: '', stderr: '', durationMs: 1 },
  });
  const out = heldOutInputs(chunk, [record(['[1, 2]', '1'], true), record(["'x'", "'y'"], false)], 10, 2);
  assert.ok(
    out.every((r) => parseSource(r.args[1]!)!.k === 'int'),
    JSON.stringify(out),
  );
});

test('without seeds, inputs come from annotations', () => {
  const out = heldOutInputs(chunk, [], 6, 1);
  assert.equal(out.length, 6);
  for (const r of out) assert.equal(parseSource(r.args[1] ?? r.kwargs?.size ?? '')!.k, 'int');
});

test('a function of no arguments has one input at most', () => {
  const none = info('answer', { params: [], body: () => pyInt(0) });
  assert.deepEqual(heldOutInputs(none, [], 5, 1), [{ args: [] }]);
  assert.deepEqual(heldOutInputs(none, [{ args: [] }], 5, 1), []);
});
