// The comparison with the actual docstring (docs/session-format.md, "Comparison"; the README, "The comparison").
// compareWithDocstring is what the session and the bench call; the parts are imported from
// their own modules.
import type { CompareFn, CompareInput } from '../core/run-types.js';
import { compare, type ComparisonReport } from './compare.js';

/** Compares a run's inferred description with the function's docstring. Generated code runs only in sandboxed workers. */
export const compareWithDocstring = (async (input: CompareInput): Promise<ComparisonReport> => {
  const { startWorker } = await import('../probe/client.js');
  return compare(input, { startWorker });
}) satisfies CompareFn;

export type { ComparisonReport } from './compare.js';
export { runDoctests, type DoctestReport } from './doctests.js';
