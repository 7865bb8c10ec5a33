// Runs the offline explorer on a function of examples/ through the real Python worker, with a
// ProbeFn that records and caches like the session's (same call key), and stops the worker.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { isAbsolute, join } from 'node:path';
import { exploreOffline } from '../../../src/explorer/index.js';
import { afterBudget } from '../../../src/explorer/property-probes.js';
import { CHECKS_AFTER_BUDGET } from '../../../src/explorer/explorer.js';
import type { InferredProperty, OfflineReport } from '../../../src/core/run-types.js';
import { startWorker } from '../../../src/probe/client.js';
import type { FunctionInfo, ProbeTarget } from '../../../src/core/probe-types.js';
import { recordingProbe } from '../../support/recording-probe.js';
import type { ProbeRecord, Strictness } from '../../../src/core/session-types.js';

export const EXAMPLES = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..', 'examples');

export interface Explored {
  report: OfflineReport;
  records: ProbeRecord[];
  info: FunctionInfo;
}

type ExploreOpts = { maxProbes?: number; strictness?: Strictness; seeding?: boolean; comparisons?: boolean };

/** `file` is under examples/ unless absolute (a test fixture). */
export async function exploreExample(file: string, qualname: string, opts: ExploreOpts = {}): Promise<Explored> {
  return exploreTarget({ file: isAbsolute(file) ? file : join(EXAMPLES, file), qualname }, opts);
}

/** A library function, imported by name (`textwrap`, `shorten`). */
export async function exploreImported(module: string, name: string, opts: ExploreOpts = {}): Promise<Explored> {
  return exploreTarget({ source: `from ${module} import ${name}\n`, qualname: name, moduleName: `imported_${module.replace(/\./g, '_')}_${name}` }, opts);
}

async function exploreTarget(target: ProbeTarget, opts: ExploreOpts): Promise<Explored> {
  const worker = await startWorker({ target, limits: { timeoutMs: 3000 } });
  try {
    const { probe, records } = recordingProbe(worker);
    const report = await exploreOffline(worker.info, probe, {
      maxProbes: opts.maxProbes ?? 40,
      strictness: opts.strictness ?? 'anonymized',
      ...(opts.seeding ? { seeding: true } : {}),
      ...(opts.comparisons !== undefined ? { comparisons: opts.comparisons } : {}),
    });
    // Re-runs of exact earlier calls come after the budget (RESERVES in explorer.ts).
    const budgeted = records.filter((r) => !afterBudget(r.note)).length;
    assert.ok(
      budgeted <= (opts.maxProbes ?? 40) && records.length - budgeted <= CHECKS_AFTER_BUDGET,
      `${budgeted} probes and ${records.length - budgeted} example checks`,
    );
    assert.ok(
      records.every((r) => r.result.status !== 'rejected' || r.receiver !== undefined),
      `the worker refused an argument the explorer wrote: ${JSON.stringify(records.find((r) => r.result.status === 'rejected'))}`,
    );
    return { report, records, info: worker.info };
  } finally {
    await worker.stop();
  }
}

export function property(report: OfflineReport, name: InferredProperty['name']): InferredProperty | undefined {
  return report.properties.find((p) => p.name === name);
}

/** The property is claimed. */
export function assertHolds(report: OfflineReport, name: InferredProperty['name'], evidence?: RegExp): void {
  const p = property(report, name);
  assert.equal(p?.holds, true, `${name} should hold; got ${p ? p.evidence : 'nothing'}`);
  if (evidence) assert.match(p.evidence, evidence);
}

/** The property is not claimed; with `refuted`, a counterexample was found (not just too little evidence). */
export function assertNotClaimed(report: OfflineReport, name: InferredProperty['name'], opts: { refuted?: boolean } = {}): void {
  const p = property(report, name);
  assert.notEqual(p?.holds, true, `${name} must not be claimed: ${p?.evidence}`);
  if (opts.refuted) assert.match(p?.evidence ?? 'missing', /^counterexample: /, `${name} should be refuted`);
}

/** Every label recorded for an exception type matches the pattern, and there is at least one. */
export function assertRaisesOnlyFor(report: OfflineReport, type: string, pattern: RegExp): void {
  const labels = report.exceptions[type];
  assert.ok(labels && labels.length > 0, `${type} never raised: ${JSON.stringify(report.exceptions)}`);
  for (const l of labels) assert.match(l, pattern, `${type} for ${l}`);
}
