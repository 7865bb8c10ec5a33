// The verification pass: before a description is published, every property claimed so far is
// re-tested with fresh inputs chosen to break it: earlier outputs fed back as inputs, inputs
// with repeated elements, longer and reversed inputs, bigger numbers, another random seed.
// Inference then runs again over everything; a claim the new probes refute is dropped.
import type { InferredProperty } from '../core/run-types.js';
import type { Family } from './breakers.js';
import { breakerPlans } from './breakers.js';
import { syntaxVariants } from './syntax-breakers.js';
import { itemAt } from '../core/item-at.js';
import type { Observation, Position } from './inputs.js';
import { planPropertyProbes, RESEEDS } from './property-probes.js';
import type { PlannedProbe } from './property-probes.js';
import { soleArgument, withSlot } from './properties.js';
import type { PyValue } from './values.js';
import { elementsOf, int, isNumber, str, toSource } from './values.js';

const returned = (o: Observation): boolean => o.record.result.status === 'returned' && o.purpose !== 'repeat';

/** Variants of a value meant to break a law: a repeated element, doubled, reversed, bigger. */
export function breakingVariants(v: PyValue): PyValue[] {
  switch (v.k) {
    case 'str':
      return [str(v.v + v.v.slice(0, 1) + v.v), str(`${v.v} <&> ${v.v.toUpperCase()}`), str([...v.v].reverse().join(''))];
    case 'list':
    case 'tuple': {
      const [first] = v.items;
      if (first === undefined) return [{ k: v.k, items: [int(2), int(2), int(1)] }];
      return [
        { k: v.k, items: [...v.items, first] },
        { k: v.k, items: [...v.items].reverse() },
        { k: v.k, items: [...v.items, ...v.items, first] },
      ];
    }
    case 'int':
      return [int(v.v * 1000n + 7n), int(-v.v - 3n), int(v.v + 1n)];
    case 'float':
      return [
        { k: 'float', v: v.v * 1000 + 0.5 },
        { k: 'float', v: -v.v - 0.25 },
      ];
    default:
      return [];
  }
}

/** Properties that are laws of the values, which variants of the inputs can break. */
const LAWS: InferredProperty['name'][] = [
  'idempotent',
  'involution',
  'length-preserving',
  'sorted-output',
  'subset-of-input',
  'commutative',
  'monotonic-increasing',
  'monotonic-decreasing',
];

export function claimsLaw(claimed: InferredProperty[]): boolean {
  return claimed.some((p) => LAWS.includes(p.name));
}

/**
 * Calls whose argument at `at` is of a kind no call before it had, first (a text, a number and a
 * list given back unchanged each have their own breakers); the order unchanged for no position.
 */
function byKind(calls: Observation[], at: number): Observation[] {
  if (at < 0) return calls;
  const seen = new Set<string>();
  const first = calls.filter((o) => {
    const k = o.input[at]?.value?.k ?? 'none';
    const kind = k === 'int' || k === 'float' ? 'number' : k === 'tuple' ? 'list' : k;
    return !seen.has(kind) && seen.add(kind) !== undefined;
  });
  return [...first, ...calls.filter((o) => !first.includes(o))];
}

/** How many calls a relation's breakers (breakers.ts) get from the calls it rests on. */
const BREAKERS_PER_RELATION = 4;

/** The calls meant to break the relations not yet tried on the inputs of their family (breakers.ts). */
export function breakerProbes(
  observations: Observation[],
  positions: Position[],
  challenges: { family: Family; support: number[]; param?: string }[],
): PlannedProbe[] {
  return challenges.flatMap(({ family, support, param }) => {
    const latest = byKind(
      observations.filter((o) => returned(o) && support.includes(o.record.index)).reverse(),
      param === undefined ? -1 : positions.findIndex((p) => p.name === param),
    );
    const breakers = latest.flatMap((o) => breakerPlans(family, o, positions, param)).slice(0, BREAKERS_PER_RELATION);
    return breakers.map((b) => ({ ...b, purpose: 'mutate' as const }));
  });
}

/**
 * Fresh inputs for the claimed properties, made from the calls that returned; `relationSupport`:
 * the probes a relation of the summary rests on (relations.ts), varied the same way; `challenges`:
 * relations not yet tried on the inputs of their family that would break them, which come first.
 */
export function planVerification(
  claimed: InferredProperty[],
  observations: Observation[],
  positions: Position[],
  relationSupport: number[] = [],
  challenges: { family: Family; support: number[]; param?: string }[] = [],
): PlannedProbe[] {
  const names = new Set(claimed.map((p) => p.name));
  // A leading zero ('chars') breaks fewer functions than the code's own syntax does: it goes after it.
  const plans: PlannedProbe[] = breakerProbes(
    observations,
    positions,
    challenges.filter((c) => c.family !== 'chars'),
  );
  // Then the code's own syntax (syntax-breakers.ts): a law that fails only on it fails there.
  // Varied from ordinary use where there is some: a call varied from a swap or f(f(x)) keeps its
  // odd shape (normalize_phone('0', '(555) 123-4567')) and may become an example.
  const bases = observations.filter((o) => returned(o) && (claimed.length > 0 || relationSupport.includes(o.record.index)));
  const latest = bases.filter((o) => o.purpose !== 'swap' && o.purpose !== 'reapply').at(-1) ?? bases.at(-1);
  if (latest)
    for (const { at, value } of syntaxVariants(latest, observations, positions))
      plans.push({ input: withSlot(latest.input, at, value), purpose: 'mutate', note: `verification (the code's syntax): ${toSource(value).slice(0, 40)}` });
  plans.push(
    ...breakerProbes(
      observations,
      positions,
      challenges.filter((c) => c.family === 'chars'),
    ).slice(0, 3),
  );
  if (names.has('deterministic')) {
    const last = observations.filter(returned).at(-1);
    // A call already re-run (a function of no arguments has only one) needs no other seed.
    if (last && !observations.some((o) => o.repeats === last)) {
      plans.push({
        input: last.input,
        purpose: 'repeat',
        note: `verification: the same call under random seed ${RESEEDS[1] + 1}`,
        request: last.request,
        repeats: last,
        seed: RESEEDS[1] + 1,
      });
    }
  }
  const laws = claimsLaw(claimed);
  const varyArguments = (o: Observation, variants: (v: PyValue) => PyValue[]): void => {
    const at = soleArgument(positions, o.input);
    const indices = at !== null ? [at] : o.input.map((s, i) => (s.value && itemAt(positions, i).role !== 'receiver' ? i : -1)).filter((i) => i >= 0);
    for (const i of indices) {
      // Each index is of a given argument.
      const v = o.input[i]?.value;
      if (!v || !(elementsOf(v) || isNumber(v))) continue;
      for (const w of variants(v)) plans.push({ input: withSlot(o.input, i, w), purpose: 'mutate', note: `verification: ${toSource(w).slice(0, 40)}` });
    }
  };
  // A relation of a text (a part of it, never shorter) breaks most often on lines, indented and
  // ended by CRLF and by LF: the calls it rests on, latest first, get those first, made of a word
  // of their text (what the function does to the rest would hide what it does to the lines).
  const supporting = observations.filter((o) => returned(o) && relationSupport.includes(o.record.index)).reverse();
  const lines = (v: PyValue): PyValue[] => {
    if (v.k !== 'str') return [];
    const word = v.v.match(/[A-Za-z0-9]+/g)?.sort((a, b) => b.length - a.length)[0] ?? 'abc';
    return [str(`${word}\r\n    ${word}\n      ${word}\n`)];
  };
  // Every law: the arguments of the calls that returned, latest first, one argument at a time.
  // With laws claimed, the variants of the latest call come first (they refute most laws that
  // fall), then the lines, then the other calls' variants.
  const lawCalls = laws ? observations.filter(returned).reverse().slice(0, 6) : [];
  if (lawCalls[0]) varyArguments(lawCalls[0], breakingVariants);
  for (const o of supporting.slice(0, 2)) varyArguments(o, lines);
  for (const o of laws ? lawCalls.slice(1) : supporting.slice(0, 6)) varyArguments(o, breakingVariants);
  return plans;
}

/** After the variants ran: the property probes they call for (their outputs fed back, swaps). */
export function followUps(observations: Observation[], positions: Position[]): PlannedProbe[] {
  return planPropertyProbes(observations, positions).filter((p) => p.purpose !== 'repeat' && p.purpose !== 'ladder');
}
