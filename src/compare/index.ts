// The comparison with the actual docstring (docs/session-format.md, "Comparison"; the README, "The comparison").
// compareWithDocstring is what the session calls; the pieces are exported for the bench,
// the CLI and tests.
import type { CompareFn, CompareInput } from '../core/run-types.js';
import { compare, type ComparisonReport } from './compare.js';

/** Compares a run's inferred description with the function's docstring. Generated code runs only in sandboxed workers. */
export const compareWithDocstring = (async (input: CompareInput): Promise<ComparisonReport> => {
  const { startWorker } = await import('../probe/client.js');
  return compare(input, { startWorker });
}) satisfies CompareFn;

export { compare, type BehaviouralReport, type CompareDeps, type ComparisonReport } from './compare.js';
export { compareValues, valuesEqual, floatsClose, FLOAT_ABS_TOL, FLOAT_REL_TOL } from '../core/values.js';
export { isStale, runImplementation, scoreSide, selectHeldOut, STALE_CEILING, STALE_MARGIN, STALE_MIN_INPUTS, type StartWorker } from './behaviour.js';
export { doctestCalls, runDoctests, type DoctestReport, type DoctestResult } from './doctests.js';
export { parseDoctests, type DoctestExample } from './doctest-parse.js';
export { checkExample, outputMatches } from './doctest-check.js';
export { callFromSource } from './call-source.js';
export { judgeMessages, parseJudgeReply, type JudgeVerdict } from './judge.js';
export { lexicalF1, lexicalTokens, tokenF1 } from './lexical.js';
export { definesFunction, extractPythonCode, implementationMessages } from './implement.js';
