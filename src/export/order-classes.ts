// What an exported module does not pin down, for functions of a few numbers: the orderings of
// their arguments. Line and branch coverage cannot tell `max(lo, min(x, hi))` from
// `hi if x >= lo else lo` (one line, no branch), but the orderings can: a run that never put `x`
// strictly between `lo` and `hi` leaves that behaviour class untested. The export names the
// orderings the run never saw and probes them, from numbers the run already used.
import type { ProbeRecord } from '../core/session-types.js';

/** The most arguments whose orderings are enumerated (3! = 6 classes; 4 would be 24). */
const MAX_ARGS = 3;
const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

export interface OrderClass {
  /** e.g. `lo < x < hi`. */
  name: string;
  /** Argument sources (numbers the run used) that fall in this class. */
  args: string[];
}

/** The positional numbers of a probe, or undefined when it has anything else. */
function numbers(probe: ProbeRecord): number[] | undefined {
  if (probe.receiver !== undefined || Object.keys(probe.kwargs ?? {}).length > 0) return undefined;
  if (!probe.args.every((a) => NUMBER.test(a.trim()))) return undefined;
  return probe.args.map((a) => Number(a));
}

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((p) => Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]));
}

/**
 * The strict orderings of the arguments that no probe of the run had, each with arguments
 * built from the run's own numbers; `params` names the arguments. Empty when the function's
 * probes are not all-number calls of one arity from 2 to MAX_ARGS.
 */
export function unseenOrders(probes: ProbeRecord[], params: string[]): OrderClass[] {
  const calls = probes
    .filter((p) => p.result.status === 'returned' || p.result.status === 'raised')
    .map(numbers)
    .filter((n): n is number[] => n !== undefined && n.every(Number.isFinite));
  const arity = params.length;
  const same = calls.filter((n) => n.length === arity);
  if (arity < 2 || arity > MAX_ARGS || same.length === 0) return [];
  const rankKey = (values: number[]) => values.map((v) => [...values].sort((a, b) => a - b).indexOf(v)).join(',');
  const seen = new Set(same.filter((n) => new Set(n).size === n.length).map(rankKey));
  const pool = [...new Set(same.flat())].sort((a, b) => a - b);
  if (pool.length < arity) return [];
  // The smallest, the largest and one from the middle: values the run used, far apart.
  const [low, middle, high] = [pool[0], pool[Math.floor(pool.length / 2)], pool.at(-1)];
  if (low === undefined || middle === undefined || high === undefined) return [];
  const picked = arity === 2 ? [low, high] : [low, middle, high];
  const out: OrderClass[] = [];
  for (const ranks of permutations(arity)) {
    if (seen.has(ranks.join(','))) continue;
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- ranks is an order of 0…arity-1 and params has arity names
    const byRank = ranks.map((_, r) => params[ranks.indexOf(r)]!);
    out.push({ name: byRank.join(' < '), args: ranks.map((r) => String(picked[r])) });
  }
  return out;
}
