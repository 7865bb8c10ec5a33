// A call that never finished is key behaviour when changing one argument avoids it
// (add_business_days(date(2024, 3, 15), 2.5) loops for ever, with 2 it returns): the summary
// tells it as an observation with its contrast call, not only the details below the fold.
import type { Observation, Position } from './inputs.js';
import { contextKey } from './inputs.js';

/**
 * A number this large may only have made a loop too long for the time limit (under tracing, or
 * on a loaded machine): such a hang is the details' news, not key behaviour.
 */
const LARGE = 10_000;

export interface Hang {
  timedOut: Observation;
  contrast: Observation;
  /** The parameter in which the two calls differ. */
  param: Position;
  at: number;
}

/** The first call that timed out with a returned call differing from it in one argument alone (not a huge number), or null. */
export function hangWithContrast(observations: Observation[], positions: Position[]): Hang | null {
  const returned = observations.filter((o) => o.purpose !== 'repeat' && o.record.result.status === 'returned');
  const found: Hang[] = [];
  for (const o of observations) {
    if (o.record.result.status !== 'timeout') continue;
    for (const [at, param] of positions.entries()) {
      if (param.role === 'receiver') continue;
      const key = contextKey(o.input, at);
      const contrast = returned.find((r) => contextKey(r.input, at) === key);
      if (contrast) found.push({ timedOut: o, contrast, param, at });
    }
  }
  const large = (h: Hang): boolean => {
    const v = h.timedOut.input[h.at]?.value;
    return (v?.k === 'int' && (v.v >= LARGE || v.v <= -LARGE)) || (v?.k === 'float' && Math.abs(v.v) >= LARGE);
  };
  return found.find((h) => !large(h)) ?? null;
}
