// Contrast calls for raise lines (src/explorer/contrast.ts): a raise is blamed on a parameter only
// when a call differing in that argument alone returned; these are the calls made to find one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contrastPlans } from '../../../src/explorer/contrast.js';
import type { Observation, Position } from '../../../src/explorer/inputs.js';
import { toRequest } from '../../../src/explorer/inputs.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { bool, int, list, str } from '../../../src/explorer/values.js';
import { returnedObservation } from './fake-python.js';

test('a value error no returned call contrasts gets the same call with an option left out, or one argument given a value that returned elsewhere', () => {
  // chunk_text(text, width, strict=False): width 0 raises; no call made differs from chunk_text('The quick', 0) in one argument alone.
  const positions: Position[] = [
    { name: 'text', role: 'positional', positionalOnly: false, candidates: ['str'] },
    { name: 'width', role: 'positional', positionalOnly: false, candidates: ['int'] },
    { name: 'strict', role: 'positional', positionalOnly: false, candidates: ['bool', 'omit'], default: { k: 'bool', v: false } },
  ];
  const ok = returnedObservation(positions, 1, [str('abc'), int(20)], list([str('abc')]));
  const raised = (index: number, args: (PyValue | undefined)[], type: string): Observation => ({
    ...returnedObservation(positions, index, args, str('')),
    record: {
      ...returnedObservation(positions, index, args, str('')).record,
      result: { status: 'raised', exception: { type, message: 'width must be positive' }, mutations: [], stdout: '', stderr: '', durationMs: 0.1 },
    },
  });
  const args = (p: { input: Observation['input'] }): string => toRequest(positions, p.input).args.join(', ');
  const plans = contrastPlans([ok, raised(2, [str('The quick'), int(0)], 'ValueError')], positions).map(args);
  assert.ok(plans.includes("'The quick', 20"), plans.join(' | '));
  // An option given: the same call without it comes first ("with `strict` left out (its default) it returned").
  const withOption = contrastPlans([ok, raised(2, [str('The quick'), int(5), bool(true)], 'ValueError')], positions).map(args);
  assert.equal(withOption[0], "'The quick', 5", withOption.join(' | '));
  // A raise a returned call already contrasts, and a type error, get none.
  assert.deepEqual(contrastPlans([ok, raised(3, [str('abc'), int(0)], 'ValueError')], positions), []);
  assert.deepEqual(contrastPlans([ok, raised(4, [int(3), int(0)], 'TypeError')], positions), []);
});
