// The offline explorer (no LLM): probes a function through the session's ProbeFn and infers
// what it does. See docs/architecture.md (the layers) and the README's "The agent".
import type { FunctionInfo } from '../core/probe-types.js';
import type { OfflineOptions, OfflineReport, ProbeFn } from '../core/run-types.js';
import { buildReport } from './describe.js';
import { Explorer } from './explorer.js';

export { heldOutInputs } from './held-out.js';
export { MIN_EVIDENCE } from './properties.js';

/**
 * Explores `info` with at most `opts.maxProbes` calls of `probe` and reports what it found.
 * When `opts.signal` aborts, it stops before the next probe and reports what it has; errors
 * of `probe` itself (the worker died) are thrown.
 */
export async function exploreOffline(info: FunctionInfo, probe: ProbeFn, opts: OfflineOptions): Promise<OfflineReport> {
  const explorer = new Explorer(info, probe, opts);
  await explorer.runAll();
  return buildReport({
    info,
    positions: explorer.positions,
    observations: explorer.observations,
    accepted: explorer.accepted,
    maxProbes: opts.maxProbes,
  });
}
