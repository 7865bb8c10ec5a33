// A relation of the catalogue (relations.ts) for a number kept within bounds the function holds
// itself (a thermostat's 5 to 30 degrees, a percentage's 0 to 100), not bounds given as
// arguments: "Clamps `degrees` into the range from 5.0 to 30.0: …". The bounds are read off the
// calls that hit them, and the rule is then checked on every call like the catalogue's others.
import type { TaggedValue } from '../core/probe-types.js';

/** What the rule reads of a call: its arguments by name and its output. */
export interface NumberCase {
  y: TaggedValue;
  named: { name: string; v: TaggedValue }[];
}

const numberOf = (t: TaggedValue): number | null => (t.t === 'int' || t.t === 'float' ? Number(t.v) : null);
const near = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
const shown = (n: number, asFloat: boolean): string => (asFloat && Number.isInteger(n) ? `${n}.0` : String(n));

/** The one number given (by name) and the number returned, or null. */
function shapeOf(c: NumberCase): { name: string; x: number; y: number; yFloat: boolean } | null {
  const numbers = c.named.flatMap((a) => {
    const n = numberOf(a.v);
    return n === null ? [] : [{ name: a.name, n }];
  });
  const [only] = numbers;
  const y = numberOf(c.y);
  if (!only || numbers.length !== 1 || c.named.length !== 1 || y === null || !Number.isFinite(only.n)) return null;
  return { name: only.name, x: only.n, y, yFloat: c.y.t === 'float' };
}

/** The rule with its bounds read off the cases, or null when the calls did not hit one bound each, each always the same. */
export function fixedRangeRule<C extends NumberCase>(cases: C[]): { text: string; applies: (c: C) => boolean; holds: (c: C) => boolean } | null {
  const shapes = cases.map(shapeOf).filter((s) => s !== null);
  const [first] = shapes;
  if (!first || shapes.some((s) => s.name !== first.name)) return null;
  const raised = shapes.filter((s) => s.y > s.x && !near(s.y, s.x));
  const lowered = shapes.filter((s) => s.y < s.x && !near(s.y, s.x));
  const [lo] = raised;
  const [hi] = lowered;
  if (!lo || !hi || lo.y >= hi.y) return null;
  const [low, high] = [lo.y, hi.y];
  const name = `\`${first.name}\``;
  const [a, b] = [shown(low, lo.yFloat), shown(high, hi.yFloat)];
  return {
    text: `Clamps ${name} into the range from ${a} to ${b}: below ${a} it returns ${a}, above ${b} it returns ${b}, otherwise ${name} itself.`,
    applies: (c) => shapeOf(c)?.name === first.name,
    holds: (c) => {
      const s = shapeOf(c);
      return s !== null && near(s.y, Math.min(Math.max(s.x, low), high));
    },
  };
}
