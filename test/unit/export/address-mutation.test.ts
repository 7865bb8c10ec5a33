// A method that changes its object (a cart's add) is still a test case: the object's repr shows
// only its address (`<app.Cart object at 0x1>`, another at every run), so the change is not
// asserted by repr, and the case's return value is. Before, every such case failed under pytest
// and the probe was dropped as "not reproducible".
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pytestModule } from '../../../src/export/pytest-source.js';
import type { ProbeRecord } from '../../../src/core/session-types.js';

const probe: ProbeRecord = {
  index: 3,
  args: ["'abc'", '3'],
  receiver: 'Cart()',
  origin: 'offline',
  result: {
    status: 'returned',
    value: { type: 'int', repr: '1', truncated: false, data: { t: 'int', v: '1' } },
    mutations: [
      { arg: 'receiver', repr: '<app.Cart object at 0x1>' },
      { arg: 'args[0]', repr: "['abc', 'x']" },
    ],
    stdout: '',
    stderr: '',
    durationMs: 0.1,
  },
};

test("a change shown only by an object's address is not asserted; the case's result and other changes are", () => {
  const { source, caseCount } = pytestModule({
    moduleName: 'app',
    rootFromTest: '.',
    qualname: 'Cart.add',
    moduleClasses: ['Cart'],
    cases: [
      {
        probe,
        built: {
          args: [
            { t: 'str', v: 'abc' },
            { t: 'int', v: '3' },
          ],
          kwargs: {},
          receiver: { className: 'Cart', args: [], kwargs: {} },
        },
      },
    ],
    skipped: [],
  });
  assert.doesNotMatch(source, /object at 0x1/);
  assert.match(source, /def test_returns/);
  assert.match(source, /\{'args\[0\]': "\['abc', 'x'\]"\}/);
  assert.equal(caseCount, 2);
});
