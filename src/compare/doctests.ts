// Running the actual docstring's examples in the sandbox, one call each through the real
// function's worker. Only examples that are a call of the function can be mapped to a call
// request; the others are reported as not run, never counted as passed.
import type { CallRequest, FunctionInfo, Prober } from '../core/probe-types.js';
import type { Comparison } from '../core/session-types.js';
import { callFromSource } from './call-source.js';
import { checkExample, materialise } from './doctest-check.js';
import { parseDoctests, type DoctestExample } from './doctest-parse.js';

/** One example's outcome. `notRun` says why an example was not run (then `ok` is false and it counts as neither). */
interface DoctestResult {
  source: string;
  want: string;
  got: string;
  ok: boolean;
  notRun?: string;
}

export interface DoctestReport extends NonNullable<Comparison['doctests']> {
  /** Examples that were not run (not a call of the function, SKIP, refused argument). */
  notRun: number;
  results: DoctestResult[];
}

/** Large enough for ordinary doctest output; a longer repr or generator is compared as truncated. */
const DOCTEST_LIMITS = { maxReprChars: 20_000, maxIterItems: 1000 };

/** The examples of a docstring that are calls of the function, as call requests (for held-out inputs). */
export function doctestCalls(docstring: string, info: FunctionInfo): { example: DoctestExample; request: CallRequest }[] {
  const out: { example: DoctestExample; request: CallRequest }[] = [];
  for (const example of parseDoctests(docstring)) {
    if (example.options.SKIP) continue;
    const parsed = callFromSource(example.source, info);
    if ('request' in parsed) out.push({ example, request: parsed.request });
  }
  return out;
}

export async function runDoctests(docstring: string, info: FunctionInfo, worker: Prober, signal?: AbortSignal): Promise<DoctestReport> {
  const report: DoctestReport = { passed: 0, failed: 0, notRun: 0, results: [] };
  for (const example of parseDoctests(docstring)) {
    signal?.throwIfAborted();
    const base = { source: example.source, want: example.want };
    const parsed = example.options.SKIP ? { reason: 'skipped by its +SKIP directive' } : callFromSource(example.source, info);
    if ('reason' in parsed) {
      report.notRun++;
      report.results.push({ ...base, got: '', ok: false, notRun: parsed.reason });
      continue;
    }
    const raw = await worker.call(parsed.request, { signal, limits: DOCTEST_LIMITS });
    const result = parsed.wrap ? materialise(raw, parsed.wrap) : raw;
    if (!result) {
      report.notRun++;
      report.results.push({ ...base, got: '', ok: false, notRun: `${parsed.wrap}() of a ${raw.value?.type ?? 'value'} is not reproduced` });
      continue;
    }
    if (result.status === 'rejected') {
      report.notRun++;
      // The worker's refusal ends with a long list of what is allowed; its first sentence says what was wrong.
      const why = (result.exception?.message ?? 'an argument is outside the safe grammar').split(/\.\s/)[0];
      report.results.push({ ...base, got: '', ok: false, notRun: `argument refused by the sandbox: ${why}` });
      continue;
    }
    const { got, ok } = checkExample(example, result);
    if (ok) report.passed++;
    else report.failed++;
    report.results.push({ ...base, got, ok });
  }
  return report;
}
