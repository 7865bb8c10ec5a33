// Which probes the pytest export leaves out because plain Python would not run their argument
// sources the way the worker's checked evaluator does.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ProbeRecord } from '../../../src/core/session-types.js';
import { unportableReason } from '../../../src/export/pytest-source.js';

const probe = (...args: string[]): ProbeRecord => ({
  index: 0,
  origin: 'llm',
  args,
  result: { status: 'returned', stdout: '', stderr: '', durationMs: 1, mutations: [], value: { repr: '1', type: 'int', truncated: false } },
});

test('data, constructors and lambdas without attribute lookups are exported', () => {
  for (const source of ["[1, 'a.b', {'k': (2.5, None)}]", 'math.sqrt(2)', 'Point(1, 2)', 'sorted([2, 1], key=lambda x: -x)', "'x.y'", '1.5e3']) {
    assert.equal(unportableReason(probe(source)), undefined, source);
  }
});

test('attribute lookups only the sandbox checks are left out, with the reason', () => {
  const escape = "(lambda c: operator.attrgetter('gi_frame.f_builtins')(iter(c.keys()))['eval']('1'))(ChainMap({1: 2}))";
  assert.match(unportableReason(probe(escape)) ?? '', /attrgetter/);
  assert.match(unportableReason(probe("sorted(['a'], key=operator.methodcaller('upper'))")) ?? '', /methodcaller/);
  assert.match(unportableReason(probe('(lambda g: g.gi_frame)(x)')) ?? '', /inside a lambda/);
  assert.match(unportableReason(probe("(lambda x: '{0.__class__}'.format(x))(1)")) ?? '', /inside a lambda/);
  assert.match(unportableReason(probe('1', 'lambda p: p.x')) ?? '', /inside a lambda/, 'any argument counts');
});
