// src/probe/result-check.ts: a ProbeResult relayed from the call's process is checked against the
// declared shape; one that does not fit becomes a `crashed` result that says what is wrong.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkResult } from '../../../src/probe/result-check.js';
import type { ProbeResult } from '../../../src/core/probe-types.js';

const good: ProbeResult = {
  status: 'returned',
  value: {
    type: 'list',
    repr: '[1, 2.5]',
    truncated: false,
    data: {
      t: 'list',
      v: [
        { t: 'int', v: '1' },
        { t: 'float', v: '2.5' },
      ],
    },
  },
  mutations: [{ arg: 'xs', repr: '[1]' }],
  stdout: 'hi\n',
  stderr: '',
  durationMs: 1.5,
  coverage: { lines: { hit: 2, total: 3, new: 1 }, arcs: { hit: 1, total: 4, new: 1 } },
};

function reasonOf(raw: unknown): string {
  const result = checkResult(raw);
  assert.equal(result.status, 'crashed');
  assert.equal(result.crash?.exitCode, null);
  assert.deepEqual(result.mutations, []);
  assert.equal(result.durationMs, 0);
  return result.crash?.reason ?? '';
}

test('a well-formed result passes unchanged; unknown fields are dropped', () => {
  assert.deepEqual(checkResult(good), good);
  const raised = { status: 'raised', exception: { type: 'ValueError', message: 'bad' }, mutations: [], stdout: '', stderr: '', durationMs: 0 };
  assert.deepEqual(checkResult(raised), raised);
  const crashed = { status: 'crashed', crash: { exitCode: null, signal: 'SIGKILL' }, mutations: [], stdout: '', stderr: '', durationMs: 3 };
  assert.deepEqual(checkResult(crashed), crashed);
  assert.deepEqual(checkResult({ ...good, extra: 'x'.repeat(100_000) }), good);
});

test('wrong types, missing fields, unknown statuses and non-finite numbers are named', () => {
  const cases: [unknown, RegExp][] = [
    [{ ...good, mutations: 'notalist' }, /\(mutations is not a list\)$/],
    [{ ...good, durationMs: 'x' }, /\(durationMs is not a finite number\)$/],
    [{ ...good, durationMs: 'NaN' }, /\(durationMs is not a finite number\)$/],
    [{ ...good, durationMs: Infinity }, /durationMs/],
    [{ ...good, durationMs: NaN }, /\(durationMs is not a finite number\)$/],
    [{ ...good, status: 'hacked' }, /\(status is not one of "returned", .*"crashed"\)$/],
    [{ ...good, value: { type: 5, repr: 'x', truncated: false } }, /\(value\.type is not a string\)$/],
    [{ ...good, value: { type: 'int', repr: { a: 1 }, truncated: false } }, /\(value\.repr is not a string\)$/],
    [{ ...good, mutations: [{ arg: 5, repr: null }] }, /\(mutations\[0\]\.arg is not a string\)$/],
    [{ ...good, coverage: { lines: 3 } }, /\(coverage\.lines is not an object\)$/],
    [{ ...good, exception: 7 }, /\(exception is not an object\)$/],
    [{ ...good, value: { ...good.value, data: { t: 'evil' } } }, /value\.data/],
    [{ mutations: [], stdout: '', stderr: '', durationMs: 0 }, /\(status is missing\)$/],
    [{ ...good, value: { ...good.value, repr: 'x'.repeat(17 * 1024 * 1024) } }, /\(value\.repr is too long\)$/],
    [null, /malformed result/],
    [[1, 2], /malformed result/],
  ];
  for (const [raw, reason] of cases) {
    const text = reasonOf(raw);
    assert.match(text, /^the call's process wrote a malformed result \(/);
    assert.match(text, reason);
  }
});

test('deeply nested tagged data is refused before it is walked', () => {
  let data: unknown = { t: 'none' };
  for (let i = 0; i < 5000; i++) data = { t: 'list', v: [data] };
  assert.match(reasonOf({ ...good, value: { ...good.value, data } }), /value\.data is nested deeper than/);
});

test("the worker's captured output survives a malformed result when it is text", () => {
  const result = checkResult({ ...good, status: 'odd', stdout: 'printed\n', stderr: 5 });
  assert.equal(result.stdout, 'printed\n');
  assert.equal(result.stderr, '');
});
