// What a call that changed a container did to it: added its other argument, or took it out
// (`SortedSet([3, 5]).remove(5)` left `SortedSet([3])`). The container is the receiver (its
// constructor's first argument holds the contents) or an argument the call changed in place;
// before is the source the call was given, after is what the worker saw it hold. Like the
// relations of relations.ts, a sentence is stated only when it held on every call it applies to
// and did something in at least two different calls.
import { itemAt } from '../core/item-at.js';
import type { Observation, Position } from './inputs.js';
import { labelledPositions } from './inputs.js';
import type { Relation } from './relations.js';
import { parseSource } from './parse.js';
import type { PyValue } from './values.js';
import { elementsOf, isConstructorCall, toSource } from './values.js';

/** One returned call: the container's elements before and after, and the one other argument. */
interface EffectCase {
  index: number;
  before: string[];
  after: string[];
  value: string;
  /** What the sentence calls the container and the value. */
  container: string;
  valueName: string;
  /** The call and what the container held after it, for the sentence's example. */
  example: { request: Observation['request']; after: string };
}

/** The contents of a container value: a receiver's are its constructor's first argument. */
function contents(v: PyValue | null): string[] | null {
  if (!v) return null;
  // A class called with its contents; a receiver filled through its methods first (explorer.ts fillReceiver) has none to read.
  if (v.k === 'call') {
    if (!isConstructorCall(v)) return null;
    const [first] = v.args;
    return first === undefined ? [] : contents(first);
  }
  if (v.k === 'str') return null;
  return elementsOf(v)?.map(toSource) ?? null;
}

function casesOf(observations: Observation[], positions: Position[]): EffectCase[] {
  const out: EffectCase[] = [];
  for (const o of observations) {
    if (o.purpose === 'repeat' || o.record.result.status !== 'returned') continue;
    const given = o.input.flatMap((s, i) => (s.value !== undefined && s.value.k !== 'fn' ? [{ i, value: s.value }] : []));
    const labels = labelledPositions(positions, o.input);
    for (const { i: c, value: held } of given) {
      const others = given.filter(({ i }) => i !== c && itemAt(positions, i).role !== 'receiver');
      const [other] = others;
      if (!other || others.length !== 1) continue;
      const before = contents(held);
      const pos = itemAt(positions, c);
      // The label the worker gives a mutation of this position (`receiver`, `args[1]`, `kwargs.out`).
      const label = pos.role === 'receiver' ? 'receiver' : [...labels].find(([, i]) => i === c)?.[0];
      if (!before || !label) continue;
      const m = o.record.result.mutations.find((x) => x.arg === label);
      const after = m ? contents(parseSource(m.repr)) : before;
      if (!after) continue;
      // A container that keeps one of each (a set, a sorted set) was built from the unique elements.
      const unique = new Set(after).size === after.length ? [...new Set(before)] : before;
      out.push({
        index: o.record.index,
        before: unique,
        after,
        value: toSource(other.value),
        container: pos.role === 'receiver' ? 'the receiver' : `\`${pos.name}\``,
        valueName: `\`${itemAt(positions, other.i).name}\``,
        example: { request: o.request, after: m?.repr ?? '' },
      });
    }
  }
  return out;
}

function sameMultiset(a: string[], b: string[]): boolean {
  const sorted = (xs: string[]) => JSON.stringify([...xs].sort());
  return sorted(a) === sorted(b);
}

function withoutOne(xs: string[], x: string): string[] {
  const i = xs.indexOf(x);
  return i < 0 ? xs : [...xs.slice(0, i), ...xs.slice(i + 1)];
}

interface EffectRule {
  text: (c: EffectCase) => string;
  /** Whether the call's effect is the rule's. */
  holds: (c: EffectCase) => boolean;
  /** Whether the call did something the rule speaks of. */
  did: (c: EffectCase) => boolean;
}

const RULES: EffectRule[] = [
  {
    text: (c) => `Adds ${c.valueName} to ${c.container}`,
    // A set-like container that held the value already stays as it was.
    holds: (c) => sameMultiset(c.after, [...c.before, c.value]) || (c.before.includes(c.value) && sameMultiset(c.after, c.before)),
    did: (c) => !sameMultiset(c.after, c.before),
  },
  {
    text: (c) => `Removes ${c.valueName} from ${c.container}`,
    holds: (c) => sameMultiset(c.after, withoutOne(c.before, c.value)),
    did: (c) => c.before.includes(c.value),
  },
];

/**
 * Effects stated for the summary, each with an example call (`render` writes it as source).
 * Calls are grouped by the container and value they name, so a rule holds for one reading of the call.
 */
export function findEffects(observations: Observation[], positions: Position[], render: (request: Observation['request']) => string): Relation[] {
  const all = casesOf(observations, positions);
  const found: Relation[] = [];
  for (const key of new Set(all.map((c) => `${c.container}|${c.valueName}`))) {
    const cases = all.filter((c) => `${c.container}|${c.valueName}` === key);
    for (const rule of RULES) {
      if (!cases.every(rule.holds)) continue;
      const support = cases.filter(rule.did);
      if (new Set(support.map((c) => `${c.before.join()}|${c.value}`)).size < 2) continue;
      // Two or more calls support the rule (checked above).
      const shown = support.find((c) => c.before.length > 1) ?? support[0];
      if (!shown) continue;
      const example = shown.example.after ? ` (after ${render(shown.example.request)}, ${shown.container} held ${shown.example.after})` : '';
      found.push({ text: `${rule.text(shown)}${example}.`, support: support.map((c) => c.index), tested: cases.map((c) => c.index) });
      break;
    }
  }
  return found;
}
