// The ProbeFn the explorer tests and the corpus give the offline explorer: it records every
// probe and caches answers like the session's (same call key, core/call-identity.ts).
import { callKey } from '../../src/core/call-identity.js';
import type { ProbeResult, Prober } from '../../src/core/probe-types.js';
import type { ProbeFn } from '../../src/core/run-types.js';
import type { ProbeRecord } from '../../src/core/session-types.js';

export function recordingProbe(worker: Prober): { probe: ProbeFn; records: ProbeRecord[] } {
  const records: ProbeRecord[] = [];
  const cache = new Map<string, ProbeResult>();
  const probe: ProbeFn = async (request, note, options) => {
    const key = callKey(request);
    const cached = options?.fresh || options?.again ? undefined : cache.get(key);
    // A determinism re-run under another seed must run under it (and is not the seed-0 answer to cache).
    const seeded = options?.seed !== undefined || options?.hashSeed !== undefined;
    const result =
      cached ??
      (await worker.call(request, {
        ...(options?.seed !== undefined ? { seed: options.seed } : {}),
        ...(options?.hashSeed !== undefined ? { hashSeed: options.hashSeed } : {}),
        ...(options?.comparisons ? { comparisons: true } : {}),
        ...(options?.again ? { again: true, ...(options.againAfter ? { againAfter: options.againAfter } : {}) } : {}),
      }));
    if (!seeded) cache.set(key, result);
    const record: ProbeRecord = { index: records.length + 1, ...request, origin: cached ? 'cache' : 'offline', ...(note ? { note } : {}), result };
    records.push(record);
    return record;
  };
  return { probe, records };
}
