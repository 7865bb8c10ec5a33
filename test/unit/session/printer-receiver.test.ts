// A method's effect on its object, in the terminal: the object's repr (`<app4.Inventory object at
// 0x1>`) is the same before and after, so the line names the attributes that changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPrinter } from '../../../src/cli/print.js';
import { sessionEvents } from '../../../src/core/replay.js';
import { sampleSession } from './sample.js';

test('a mutated receiver is printed with the attributes that changed, old → new', () => {
  const file = sampleSession();
  const probe = file.probes[0]!;
  probe.result = {
    ...probe.result,
    mutations: [{ arg: 'receiver', repr: '<app4.Inventory object at 0x1>' }],
    receiverState: {
      before: {
        attributes: [
          { name: 'stock', value: { t: 'dict', v: [] } },
          { name: 'owner', value: { t: 'str', v: 'ann' } },
        ],
      },
      after: {
        attributes: [
          {
            name: 'stock',
            value: {
              t: 'dict',
              v: [
                [
                  { t: 'int', v: '3' },
                  { t: 'int', v: '0' },
                ],
              ],
            },
          },
          { name: 'owner', value: { t: 'str', v: 'ann' } },
          { name: 'shipped', value: { t: 'int', v: '1' } },
        ],
      },
    },
  };
  let out = '';
  const printer = createPrinter({ write: (t) => (out += t), color: false, showErrors: true });
  for (const e of sessionEvents(file)) printer(e);
  assert.ok(out.split('\n').includes('    mutated receiver → <app4.Inventory object at 0x1>: stock {} → {3: 0}, shipped (none) → 1'), out);
});
