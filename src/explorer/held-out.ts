// Held-out inputs for the behavioural comparison: more inputs of the kind the explorer makes,
// none of them among the ones already probed (and so possibly shown to the agent).
import type { CallRequest, FunctionInfo } from '../core/probe-types.js';
import { itemAt } from '../core/item-at.js';
import type { Input } from './inputs.js';
import { buildPositions, fromRequest, requestKey, toRequest, typesAccepted } from './inputs.js';
import type { ProbeRecord } from '../core/session-types.js';
import { mutateValue } from './mutate.js';
import { Rng, hashString } from './random.js';
import { isKnownClass, typeClass } from './type-classes.js';

/**
 * `count` inputs not among `exclude` (compared after normalising how the source is written),
 * deterministic for a seed. Inputs in `exclude` are the seeds: their shapes are varied (by
 * mutation and by other values of the same classes). When `exclude` holds ProbeRecords, the
 * ones that returned are preferred as seeds. With no usable seed, inputs come from annotations
 * and parameter names.
 */
export function heldOutInputs(info: FunctionInfo, exclude: CallRequest[], count: number, seed = 1): CallRequest[] {
  const positions = buildPositions(info, 'signature');
  const rng = new Rng(seed ^ hashString(info.qualname));
  const taken = new Set(exclude.map(requestKey));
  const isRecord = (r: CallRequest): r is ProbeRecord => 'result' in r && typeof (r as ProbeRecord).result === 'object';
  const good = exclude.filter((r) => isRecord(r) && typesAccepted(r.result));
  const seeds = (good.length ? good : exclude).map((r) => fromRequest(positions, r)).filter((i): i is Input => i !== null);
  const out: CallRequest[] = [];
  for (let attempt = 0; out.length < count && attempt < count * 60 + 100; attempt++) {
    const input = seeds.length
      ? varySeed(rng.pick(seeds), rng)
      : fresh(
          positions.map((p) => p.candidates),
          rng,
        );
    const req = toRequest(positions, input);
    const key = requestKey(req);
    if (taken.has(key)) continue;
    taken.add(key);
    out.push(req);
  }
  return out;
}

/** Another value of the same class for one argument, or a mutation of it. */
function varySeed(seed: Input, rng: Rng): Input {
  const given = seed.flatMap((s, i) => (s.value !== undefined ? [{ i, cls: s.cls, old: s.value }] : []));
  if (given.length === 0) return seed;
  const { i, cls, old } = rng.pick(given);
  const sameClass = isKnownClass(cls) ? typeClass(cls).values.filter((v) => v !== undefined) : [];
  const value = sameClass.length && rng.chance(0.5) ? rng.pick(sameClass) : mutateValue(old, rng);
  return seed.map((s, j) => (j === i ? { cls: s.cls, value } : s));
}

function fresh(candidates: string[][], rng: Rng): Input {
  return candidates.map((c) => {
    const first = itemAt(c, 0);
    const second = c[1];
    const cls = first === 'omit' && second !== undefined && rng.chance(0.5) ? second : first;
    return { cls, value: rng.pick(typeClass(cls).values) };
  });
}
