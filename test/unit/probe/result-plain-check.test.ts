// src/probe/result-plain-check.ts (generated): the host's first check of every result must accept
// exactly what the zod schema accepts and return what zod returns (undeclared fields dropped), for
// any value JSON.parse makes. A result of every field, then that result with each value in it
// replaced by each of a set of wrong ones (and each object given a field it does not declare),
// goes through both; so does every malformed frame of result-check.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ObjectState, ProbeResult } from '../../../src/core/probe-types.js';
import { MAX_COMPARED, MAX_ITEMS, MAX_NAME_CHARS, MAX_TEXT_CHARS } from '../../../src/probe/result-bounds.js';
import { checkResult } from '../../../src/probe/result-check.js';
import { plainProbeResult } from '../../../src/probe/result-plain-check.js';
import { probeResult } from '../../../src/probe/result-schema.js';

const state: ObjectState = {
  attributes: [
    { name: 'count', value: { t: 'int', v: '1' } },
    { name: 'when', value: { t: 'temporal', type: 'date', v: '2024-01-05' } },
  ],
  length: 2,
};

/** A result with every field ProbeResult declares, each nested kind of tagged data among them. */
const full: ProbeResult = {
  status: 'returned',
  value: {
    type: 'dict',
    repr: "{'a': [1, None]}",
    truncated: false,
    iteration: { items: ['1', '2'], ended: false, raised: { type: 'ValueError', message: 'no' } },
    data: {
      t: 'dict',
      v: [
        [
          { t: 'str', v: 'a' },
          {
            t: 'list',
            v: [
              { t: 'int', v: '1' },
              { t: 'none' },
              { t: 'bool', v: true },
              { t: 'other', type: 'Thing', repr: '<Thing>' },
              { t: 'frozenset', v: [{ t: 'bytes', v: 'AA==' }] },
            ],
          },
        ],
      ],
    },
  },
  exception: { type: 'KeyError', message: "'a'" },
  crash: { exitCode: -9, signal: 'SIGKILL', reason: 'killed' },
  mutations: [{ arg: 'xs', repr: '[1]' }],
  stdout: 'out\n',
  stderr: '',
  outputTruncated: true,
  durationMs: 0.25,
  coverage: { lines: { hit: 2, total: 3, new: 1 }, arcs: { hit: 0, total: 4, new: 0 } },
  arguments: {
    args: [{ t: 'float', v: '1.5' }],
    kwargs: { key: { t: 'complex', v: '1j' } },
    receiver: { className: 'Box', args: [], kwargs: { size: { t: 'int', v: '3' } }, calls: [{ method: 'add', args: [{ t: 'str', v: 'x' }] }] },
    receiverNotPlain: false,
  },
  effects: ['open'],
  comparisons: [{ arg: 'x', op: '==', values: ['a', 2], types: ['str'], via: 'part', seen: 3, through: 'lower', bytes: false }],
  receiverState: { before: state, after: { attributes: [] } },
  valueState: state,
  returnedReceiver: true,
  again: { same: false, status: 'raised', shown: 'ValueError', data: { t: 'tuple', v: [] } },
};

const WRONG: unknown[] = [
  undefined,
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 53,
  '',
  'x',
  'returned',
  'x'.repeat(101),
  'x'.repeat(MAX_NAME_CHARS + 1),
  [],
  [1],
  [{ t: 'none' }, { t: 'none' }],
  {},
  { t: 'none' },
  { t: 'int', v: 1 },
];

/** Copies of `value` with the node at each path replaced by each of WRONG, each array one item too long, each object with a field it does not declare. */
function* variants(value: unknown): Generator<unknown> {
  yield value;
  if (value === null || typeof value !== 'object') return;
  const holder = value as Record<string, unknown>;
  if (!Array.isArray(value)) yield { ...holder, undeclared: 'x' };
  else {
    yield [...value, value[0] ?? null];
    yield Array.from({ length: MAX_COMPARED + 1 }, () => value[0] ?? 'x');
  }
  for (const key of Object.keys(holder)) {
    const replace = (replacement: unknown) =>
      Array.isArray(value) ? value.map((v, i) => (String(i) === key ? replacement : v)) : { ...holder, [key]: replacement };
    for (const wrong of WRONG) yield replace(wrong);
    for (const inner of variants(holder[key])) if (inner !== holder[key]) yield replace(inner);
  }
}

/** Both checks of one value as the host reads it (after JSON, as the worker's line arrives). */
function agree(raw: unknown): boolean {
  const value: unknown = raw === undefined ? undefined : JSON.parse(JSON.stringify(raw));
  const zod = probeResult.safeParse(value);
  const plain = plainProbeResult(value);
  assert.equal(plain !== undefined, zod.success, `${zod.success ? 'zod accepts' : 'zod refuses'}: ${JSON.stringify(raw)?.slice(0, 400)}`);
  if (plain !== undefined) assert.deepEqual(plain, zod.data);
  return zod.success;
}

test('the plain check accepts what zod accepts and returns what zod returns, on a result of every field and thousands of wrong ones', () => {
  let accepted = 0;
  let refused = 0;
  for (const raw of variants(full))
    if (agree(raw)) accepted++;
    else refused++;
  assert.ok(accepted > 100 && refused > 1000, `${accepted} accepted, ${refused} refused`);
});

test('at the bounds: the longest text and the longest list pass, one more is refused; numbers out of range are refused', () => {
  const cases: unknown[] = [
    { ...full, stdout: 'x'.repeat(MAX_TEXT_CHARS) },
    { ...full, stdout: 'x'.repeat(MAX_TEXT_CHARS + 1) },
    { ...full, mutations: Array.from({ length: MAX_ITEMS }, () => ({ arg: 'a', repr: '1' })) },
    { ...full, mutations: Array.from({ length: MAX_ITEMS + 1 }, () => ({ arg: 'a', repr: '1' })) },
    { ...full, durationMs: -0.5 },
    { ...full, crash: { exitCode: 2 ** 53, signal: null } },
    { ...full, crash: { exitCode: 1.5, signal: null } },
    { ...full, crash: { exitCode: null, signal: null } },
    { ...full, coverage: { lines: { hit: -1, total: 3, new: 1 }, arcs: { hit: 0, total: 4, new: 0 } } },
    { ...full, value: { ...full.value, data: { t: 'temporal', type: 'date', v: 'x'.repeat(101) } } },
    { ...full, value: { ...full.value, data: { t: 'temporal', type: 'year', v: '2024' } } },
  ];
  assert.deepEqual(
    cases.map((raw) => agree(raw)),
    [true, false, true, false, false, false, false, true, false, false, false],
  );
});

test('deep tagged data is refused by both; a record key zod handles its own way is left to zod', () => {
  let data: unknown = { t: 'none' };
  for (let i = 0; i < 150; i++) data = { t: 'list', v: [data] };
  assert.equal(agree({ ...full, value: { ...full.value, data } }), false);
  for (const key of ['__proto__', 'constructor']) {
    const text = JSON.stringify(full).replace('"kwargs":{"key"', `"kwargs":{"${key}"`);
    const raw: unknown = JSON.parse(text);
    assert.equal(plainProbeResult(raw), undefined, key);
    const zod = probeResult.safeParse(raw);
    const checked = checkResult(raw);
    assert.deepEqual(checked, zod.success ? zod.data : checked, key);
    assert.equal(checked.status, zod.success ? 'returned' : 'crashed', key);
  }
});
