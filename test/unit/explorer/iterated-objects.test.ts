// A call that returned an object whose iteration raised (gzip.open(io.BytesIO(b''), 'w') returns a
// write-mode GzipFile) counts as a raise for the explorer, but it did return: a parameter line
// must not say "no call with it returned" of it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Observation, Position } from '../../../src/explorer/inputs.js';
import { buildReport } from '../../../src/explorer/describe.js';
import { str } from '../../../src/explorer/values.js';
import { info, param, returnedObservation } from './fake-python.js';

const positions: Position[] = [
  { name: 'filename', role: 'positional', positionalOnly: false, candidates: ['str'] },
  { name: 'mode', role: 'positional', positionalOnly: false, candidates: ['str'] },
];

/** The explorer's view of a call that returned an object whose iteration raised (explorer.ts asSeenByExplorer). */
function iteratedRaise(index: number, mode: string): Observation {
  const o = returnedObservation(positions, index, [str('a.gz'), str(mode)], str(''));
  const value = {
    type: 'gzip.GzipFile',
    repr: '<gzip _io.BytesIO object at 0x1 0x2>',
    truncated: false,
    iteration: { items: [], ended: false, raised: { type: 'io.UnsupportedOperation', message: 'read' } },
  };
  const result = {
    ...o.record.result,
    status: 'raised' as const,
    value,
    exception: { type: 'io.UnsupportedOperation', message: 'read (while iterating what it returned)' },
  };
  return { ...o, record: { ...o.record, result } };
}

function plainRaise(index: number, mode: string): Observation {
  const o = returnedObservation(positions, index, [str('a.gz'), str(mode)], str(''));
  const result = { ...o.record.result, status: 'raised' as const, value: undefined, exception: { type: 'ValueError', message: `Invalid mode: '${mode}'` } };
  return { ...o, record: { ...o.record, result } };
}

const report = (observations: Observation[]) =>
  buildReport({
    info: info('open', { params: [param('filename'), param('mode')], body: () => str('') }),
    positions,
    observations,
    accepted: [new Set(), new Set()],
    maxProbes: 20,
  });

test('a parameter whose calls returned objects that raised when iterated is not said to have no call that returned', () => {
  const d = report([iteratedRaise(1, 'w'), plainRaise(2, 'abc'), iteratedRaise(3, 'wb')]).description;
  assert.doesNotMatch(d.parameters.mode ?? '', /no call with it returned/, d.parameters.mode);
  assert.match(d.parameters.mode ?? '', /returned a `GzipFile` that raised when iterated/, d.parameters.mode);
});

test('a parameter with which every call raised is still said to have none that returned', () => {
  const d = report([plainRaise(1, 'abc'), plainRaise(2, 'xyz')]).description;
  assert.match(d.parameters.mode ?? '', /^no call with it returned/, d.parameters.mode);
});
