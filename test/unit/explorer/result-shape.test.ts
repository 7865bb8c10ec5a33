// A result of one fixed shape in every call is the summary: constants and arguments in their places.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import { fixedShape } from '../../../src/explorer/result-shape.js';
import type { Position } from '../../../src/explorer/inputs.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { int, list, str } from '../../../src/explorer/values.js';

const dict = (entries: [PyValue, PyValue][]): PyValue => ({ k: 'dict', entries });
import type { FakeFunction } from './fake-python.js';
import { PyError, fakeProbe, info, param, returnedObservation } from './fake-python.js';

/** jmespath's ast.filter_projection: a node of a fixed type whose children are the arguments. */
const filterProjection: FakeFunction = {
  params: [param('left'), param('right'), param('comparator')],
  body: ([left, right, comparator]) => {
    if (!left || !right || !comparator) throw new PyError('TypeError', "filter_projection() missing 1 required positional argument: 'comparator'");
    return dict([
      [str('type'), str('filter_projection')],
      [str('children'), list([left, right, comparator])],
    ]);
  },
};

test('a dict of one constant and the arguments in every call reads as that dict (filter_projection)', async () => {
  const fake = fakeProbe(filterProjection, { cache: false });
  const report = await exploreOffline(info('filter_projection', filterProjection), fake.probe, { maxProbes: 20, strictness: 'signature' });
  const { summary } = report.description;
  assert.ok(summary.startsWith("Returns {'type': 'filter_projection', 'children': [`left`, `right`, `comparator`]}."), summary);
});

test('no shape when a part varies other than as an argument, or nothing is constant', () => {
  const positions: Position[] = [{ name: 'n', role: 'positional', positionalOnly: false, candidates: ['int'] }];
  const counted = [1, 2, 3].map((n, k) =>
    returnedObservation(
      positions,
      k + 1,
      [int(n)],
      dict([
        [str('count'), int(n * 2)],
        [str('kind'), str('x')],
      ]),
    ),
  );
  assert.equal(fixedShape(counted, positions), null);
  const echoed = [1, 2, 3].map((n, k) => returnedObservation(positions, k + 1, [int(n)], dict([[str('n'), int(n)]])));
  assert.equal(fixedShape(echoed, positions), null);
  const tagged = [1, 2, 3].map((n, k) =>
    returnedObservation(
      positions,
      k + 1,
      [int(n)],
      dict([
        [str('n'), int(n)],
        [str('kind'), str('x')],
      ]),
    ),
  );
  assert.equal(fixedShape(tagged, positions)?.text, "Returns {'n': `n`, 'kind': 'x'}.");
});

test('a result the worker gave no data for (a date among the children) is read from its repr', () => {
  // jmespath's and_expression(datetime.date(2024, 1, 5), 7): one such call hid the shape of 39.
  const positions: Position[] = ['left', 'right'].map((name) => ({ name, role: 'positional', positionalOnly: false, candidates: ['int'] }));
  const node = (l: PyValue, r: PyValue): PyValue =>
    dict([
      [str('type'), str('and_expression')],
      [str('children'), list([l, r])],
    ]);
  const date: PyValue = { k: 'call', callee: 'datetime.date', args: [int(2024), int(1), int(5)] };
  const observations = [
    ...[1, 2, 3].map((n, k) => returnedObservation(positions, k + 1, [int(n), int(n + 4)], node(int(n), int(n + 4)))),
    returnedObservation(positions, 4, [date, int(7)], node(date, int(7))),
  ];
  const last = observations[3]!;
  const value = { ...last.record.result.value!, data: undefined };
  observations[3] = { ...last, record: { ...last.record, result: { ...last.record.result, value } } };
  assert.equal(fixedShape(observations, positions)?.text, "Returns {'type': 'and_expression', 'children': [`left`, `right`]}.");
});
