// The offline explorer (no LLM): probes a function through the session's ProbeFn and infers
// what it does. See docs/architecture.md (the layers) and the README's "The agent".
import type { FunctionInfo } from '../core/probe-types.js';
import type { OfflineOptions, OfflineReport, ProbeFn } from '../core/run-types.js';
import { buildReport } from './describe.js';
import { Explorer } from './explorer.js';
import type { Observation } from './inputs.js';
import { bindingCounts } from './binding-errors.js';

export { heldOutInputs } from './held-out.js';
export { MIN_EVIDENCE } from './properties.js';

/**
 * Explores `info` with at most `opts.maxProbes` calls of `probe`, then re-runs of its
 * examples outside that budget (RESERVES in explorer.ts), and reports what it found.
 * When `opts.signal` aborts, it stops before the next probe and reports what it has; errors
 * of `probe` itself (the worker died) are thrown.
 */
export async function exploreOffline(info: FunctionInfo, probe: ProbeFn, opts: OfflineOptions): Promise<OfflineReport> {
  let explorer = new Explorer(info, probe, opts);
  await explorer.runAll();
  // A builtin without a signature looks like f(): its error says how many arguments it wants.
  const arity = info.params.length === 0 && !info.needsReceiver ? arityFromErrors(explorer.observations) : null;
  const left = opts.maxProbes - explorer.spent;
  if (arity !== null && left > 0 && !opts.signal?.aborted) {
    info = { ...info, params: Array.from({ length: arity }, (_, i) => ({ name: `arg${i}`, kind: 'POSITIONAL_ONLY' as const })) };
    explorer = new Explorer(info, probe, { ...opts, maxProbes: left });
    await explorer.runAll();
  }
  return buildReport({
    info,
    positions: explorer.positions,
    observations: explorer.observations,
    applications: explorer.applications,
    accepted: explorer.accepted,
    maxProbes: opts.maxProbes,
  });
}

/** The arity a call without arguments was refused with: "takes exactly one argument (0 given)", "expected 2 arguments, got 0". */
export function arityFromErrors(observations: Observation[]): number | null {
  for (const o of observations) {
    const r = o.record.result;
    if (r.status !== 'raised' || !r.exception?.type.endsWith('TypeError')) continue;
    const takes = bindingCounts(r.exception.message)?.takes;
    if (takes !== undefined && takes > 0) return takes;
  }
  return null;
}
