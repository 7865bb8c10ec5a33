// What a method did to its object, read off the receiver's state the worker reports before and
// after each call (ProbeResult.receiverState: public plain-data attributes and len()). A method
// that returns nothing telling (`Counter.increment`, `Wallet.deposit`) is described by its effect:
// "Increments `count` by 1.", "Adds `amount` to `balance`.", "Appends `song` to `songs`.".
// Like relations.ts, a sentence is stated only when it held on every returned call that shows the
// attribute, and did something in at least two different calls; its calls are its evidence, and
// the verification pass re-tests it on variants of them (explorer.ts verify).
import type { ObjectState, TaggedValue } from '../core/probe-types.js';
import { valuesEqual } from '../core/values.js';
import { itemAt } from '../core/item-at.js';
import type { Observation, Position } from './inputs.js';
import type { Relation } from './relations.js';
import { toTagged } from './values.js';

/** One returned call on an object: its attribute before and after, the arguments by name, the result. */
interface StateCase {
  index: number;
  before: TaggedValue;
  after: TaggedValue;
  args: { name: string; v: TaggedValue }[];
  result: TaggedValue | undefined;
}

const numberOf = (t: TaggedValue | undefined): number | null => (t && (t.t === 'int' || t.t === 'float') ? Number(t.v) : null);
const itemsOf = (t: TaggedValue): TaggedValue[] | null => (t.t === 'list' ? t.v : null);
const same = (a: TaggedValue, b: TaggedValue): boolean => {
  const x = numberOf(a);
  const y = numberOf(b);
  return x !== null && y !== null ? Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x)) : valuesEqual(a, b);
};
const entriesOf = (t: TaggedValue): [TaggedValue, TaggedValue][] | null => (t.t === 'dict' ? t.v : null);
const sameItems = (a: TaggedValue[], b: TaggedValue[]): boolean => a.length === b.length && a.every((x, i) => same(x, itemAt(b, i)));
const lengthValue = (n: number): TaggedValue => ({ t: 'int', v: String(n) });
const showNumber = (n: number): string => (Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(12))));

/** What one attribute (or the length, named '') held around each returned call. */
function casesOf(observations: Observation[], positions: Position[], pick: (s: ObjectState) => TaggedValue | undefined): StateCase[] {
  const out: StateCase[] = [];
  for (const o of observations) {
    const state = o.record.result.receiverState;
    if (o.purpose === 'repeat' || o.record.result.status !== 'returned' || !state) continue;
    const before = pick(state.before);
    const after = pick(state.after);
    if (!before || !after) continue;
    const args = o.input.flatMap((s, i) => {
      const p = itemAt(positions, i);
      return s.value !== undefined && s.value.k !== 'fn' && p.role !== 'receiver' ? [{ name: p.name, v: toTagged(s.value) }] : [];
    });
    out.push({ index: o.record.index, before, after, args, result: o.record.result.value?.data });
  }
  return out;
}

interface StateRule {
  /** The sentence, for the attribute named (`count`) or the object's length (''); null: the rule does not apply to these calls. */
  text: (attr: string, cases: StateCase[]) => string | null;
  holds: (c: StateCase, cases: StateCase[]) => boolean;
  /** Whether the call did something the rule speaks of. */
  did: (c: StateCase) => boolean;
  /** The argument it takes out of the attribute, or puts in it (an append): half of a move (movedBetween). */
  moves?: { p: string; way: 'out' | 'in' };
}

/** An attribute's effect: its sentence and, when that sentence is half of a move and nothing more, which half. */
interface Effect {
  relation: Relation;
  attr: string;
  moved?: StateRule['moves'];
}

const delta = (c: StateCase): number | null => {
  const a = numberOf(c.after);
  const b = numberOf(c.before);
  return a === null || b === null ? null : a - b;
};
const changed = (c: StateCase): boolean => !same(c.after, c.before);
/** The one argument every call gave under this name, or undefined. */
const argNamed = (c: StateCase, name: string): TaggedValue | undefined => c.args.find((a) => a.name === name)?.v;
const argNames = (cases: StateCase[]): string[] => [...new Set(cases.flatMap((c) => c.args.map((a) => a.name)))];
const named = (attr: string): string => (attr ? `\`${attr}\`` : "the object's length");

/** Rules for an argument `p`: most specific first; each attribute gets the first that holds. */
function argumentRules(p: string): StateRule[] {
  const num = (c: StateCase): number | null => numberOf(argNamed(c, p));
  return [
    {
      text: (attr) => `Adds \`${p}\` to ${named(attr)}`,
      holds: (c) => {
        const d = delta(c);
        const x = num(c);
        return d !== null && x !== null && Math.abs(d - x) <= 1e-9 * Math.max(1, Math.abs(x));
      },
      did: (c) => (num(c) ?? 0) !== 0,
    },
    {
      text: (attr) => `Subtracts \`${p}\` from ${named(attr)}`,
      holds: (c) => {
        const d = delta(c);
        const x = num(c);
        return d !== null && x !== null && Math.abs(d + x) <= 1e-9 * Math.max(1, Math.abs(x));
      },
      did: (c) => (num(c) ?? 0) !== 0,
    },
    {
      text: (attr) => `Sets ${named(attr)} to \`${p}\``,
      holds: (c) => {
        const x = argNamed(c, p);
        return x !== undefined && same(c.after, x);
      },
      did: changed,
    },
    {
      // Seen only on empty lists, it says no more than that: a list that held the value may keep one of each.
      text: (attr, cases) =>
        cases.every((c) => itemsOf(c.before)?.length === 0)
          ? `On an object whose ${named(attr)} is empty: puts \`${p}\` in it`
          : `Appends \`${p}\` to ${named(attr)}`,
      holds: (c) => {
        const [b, a, x] = [itemsOf(c.before), itemsOf(c.after), argNamed(c, p)];
        return !!b && !!a && x !== undefined && sameItems(a, [...b, x]);
      },
      did: changed,
      moves: { p, way: 'in' },
    },
    {
      text: (attr) => `Appends \`${p}\` to ${named(attr)} unless it is already there`,
      holds: (c) => {
        const [b, a, x] = [itemsOf(c.before), itemsOf(c.after), argNamed(c, p)];
        if (!b || !a || x === undefined) return false;
        return b.some((y) => same(y, x)) ? sameItems(a, b) : sameItems(a, [...b, x]);
      },
      did: changed,
    },
    {
      // A table keyed by the argument (a cart's items by SKU, a limiter's hits by key): that entry set, no other touched.
      text: (attr) => `Stores an entry under \`${p}\` in ${named(attr)}`,
      holds: (c) => {
        const [b, a, x] = [entriesOf(c.before), entriesOf(c.after), argNamed(c, p)];
        if (!b || !a || x === undefined || !a.some(([k]) => same(k, x))) return false;
        const others = (es: [TaggedValue, TaggedValue][]) => es.filter(([k]) => !same(k, x));
        const [ob, oa] = [others(b), others(a)];
        return ob.length === oa.length && ob.every(([k, v]) => oa.some(([k2, v2]) => same(k, k2) && same(v, v2)));
      },
      did: changed,
    },
    {
      text: (attr) => `Removes \`${p}\` from ${named(attr)}`,
      holds: (c) => {
        const [b, a, x] = [itemsOf(c.before), itemsOf(c.after), argNamed(c, p)];
        if (!b || !a || x === undefined) return false;
        const at = b.findIndex((y) => same(y, x));
        return at >= 0 && sameItems(a, [...b.slice(0, at), ...b.slice(at + 1)]);
      },
      did: changed,
      moves: { p, way: 'out' },
    },
  ];
}

/** Rules that name no argument. */
const PLAIN_RULES: StateRule[] = [
  {
    text: (attr, cases) => {
      const d = cases[0] ? delta(cases[0]) : null;
      if (d === null || d === 0) return null;
      if (!attr) return `The object's length ${d > 0 ? 'grows' : 'shrinks'} by ${showNumber(Math.abs(d))}`;
      return `${d > 0 ? 'Increments' : 'Decrements'} ${named(attr)} by ${showNumber(Math.abs(d))}`;
    },
    holds: (c, cases) => {
      const d = delta(c);
      const first = cases[0] ? delta(cases[0]) : null;
      return d !== null && first !== null && Math.abs(d - first) <= 1e-9 * Math.max(1, Math.abs(first));
    },
    did: changed,
  },
  {
    // A reset: the same value after every call, whatever it held before.
    text: (attr, cases) => {
      const first = cases[0];
      if (!first || !attr) return null;
      const n = numberOf(first.after);
      const items = itemsOf(first.after);
      if (items && items.length === 0) return `Empties ${named(attr)}`;
      if (n !== null) return `Sets ${named(attr)} to ${showNumber(n)}`;
      if (first.after.t === 'none') return `Sets ${named(attr)} to None`;
      return null;
    },
    holds: (c, cases) => {
      const first = cases[0];
      return !!first && same(c.after, first.after);
    },
    did: changed,
  },
  {
    // A value worked out from the arguments (clamped, rounded) and kept: what the call returns.
    text: (attr) => (attr ? `Sets ${named(attr)} to the value it returns` : null),
    holds: (c) => c.result !== undefined && c.result.t !== 'none' && same(c.after, c.result),
    did: changed,
  },
];

/** How a call's result relates to the attribute after it: worth a clause when it is the new value. */
function returnsNewValue(cases: StateCase[]): boolean {
  return cases.every((c) => c.result !== undefined && c.result.t !== 'none' && same(c.result, c.after));
}

function effectOf(attr: string, cases: StateCase[]): Effect | null {
  if (!cases.some(changed)) return null;
  const rules = [...argNames(cases).flatMap(argumentRules), ...PLAIN_RULES];
  for (const rule of rules) {
    if (!cases.every((c) => rule.holds(c, cases))) continue;
    const support = cases.filter(rule.did);
    // Two different calls that did something: one alone could be a coincidence of its values.
    if (new Set(support.map((c) => JSON.stringify([c.before, c.args]))).size < 2) continue;
    const text = rule.text(attr, cases);
    if (!text) continue;
    const tail = attr && !text.endsWith('it returns') && returnsNewValue(cases) ? ` and returns its new value` : '';
    const relation = { text: `${text}${tail}.`, support: support.map((c) => c.index), tested: cases.map((c) => c.index) };
    // A move is between two named attributes (not the object's length), and says nothing of the result but its own clause.
    return { relation, attr, ...(rule.moves && attr && !tail ? { moved: rule.moves } : {}) };
  }
  return null;
}

/**
 * What the calls did to their object, one sentence per attribute that changed (at most two),
 * or the change of its length when no attribute explains it.
 */
export function findStateEffects(observations: Observation[], positions: Position[]): Relation[] {
  if (!positions.some((p) => p.role === 'receiver')) return findReturnedState(observations, positions);
  const names = new Set<string>();
  for (const o of observations) for (const a of o.record.result.receiverState?.after.attributes ?? []) names.add(a.name);
  const found: Effect[] = [];
  for (const attr of names) {
    const cases = casesOf(observations, positions, (s) => s.attributes.find((a) => a.name === attr)?.value);
    const effect = effectOf(attr, cases);
    if (effect) found.push(effect);
  }
  const moved = movedBetween(found, (attr) => casesOf(observations, positions, (s) => s.attributes.find((a) => a.name === attr)?.value));
  if (moved) return [moved];
  if (found.length === 0) {
    const length = effectOf(
      '',
      casesOf(observations, positions, (s) => (s.length === undefined ? undefined : lengthValue(s.length))),
    );
    if (length) found.push(length);
  }
  return found.slice(0, 2).map((f) => f.relation);
}

/**
 * One argument taken out of one list and put into another (a to-do list's complete(title): out
 * of `open`, into `done`) is one move: "Moves `title` from `open` to `done`". Whether `done` is
 * appended to or was empty before in every call tried says nothing a reader needs. A result that
 * is the length of the first list after each call is named for what it counts.
 */
function movedBetween(found: Effect[], casesFor: (attr: string) => StateCase[]): Relation | null {
  const removal = found.find((f) => f.moved?.way === 'out');
  const putting = found.find((f) => f.moved?.way === 'in');
  const p = removal?.moved?.p;
  if (!removal || !putting || p === undefined || p !== putting.moved?.p) return null;
  const [source, target] = [removal.attr, putting.attr];
  const cases = casesFor(source);
  const counts = cases.length > 0 && cases.every((c) => c.result?.t === 'int' && Number(c.result.v) === itemsOf(c.after)?.length);
  const [a, b] = [removal.relation, putting.relation];
  return {
    text: `Moves \`${p}\` from \`${source}\` to \`${target}\`${counts ? ` and returns how many are left in \`${source}\`` : ''}.`,
    support: [...new Set([...a.support, ...b.support])],
    tested: [...new Set([...a.tested, ...b.tested])],
  };
}

/**
 * What a function that returns an object shown only by its address made it hold
 * (ProbeResult.valueState): "Returns a `Wallet` whose `balance` is the `balance` given." Stated for
 * an attribute equal to one argument in every returned call, with two different such calls.
 */
function findReturnedState(observations: Observation[], positions: Position[]): Relation[] {
  const made = observations.filter((o) => o.purpose !== 'repeat' && o.record.result.status === 'returned' && o.record.result.valueState);
  const types = new Set(made.map((o) => o.record.result.value?.type ?? ''));
  const [type] = types;
  if (types.size !== 1 || !type) return [];
  const cls = type.slice(type.lastIndexOf('.') + 1);
  const found: Relation[] = [];
  for (const attr of new Set(made.flatMap((o) => o.record.result.valueState?.attributes.map((a) => a.name) ?? []))) {
    const pairs = made.flatMap((o) => {
      const v = o.record.result.valueState?.attributes.find((a) => a.name === attr)?.value;
      return v ? [{ o, v }] : [];
    });
    const names = [...new Set(positions.filter((p) => p.role !== 'receiver').map((p) => p.name))];
    for (const p of names) {
      const at = positions.findIndex((x) => x.name === p);
      const given = (o: Observation): TaggedValue | undefined => {
        // An argument left out is its default.
        const v = o.input[at]?.value ?? positions[at]?.default;
        return v !== undefined && v.k !== 'fn' ? toTagged(v) : undefined;
      };
      if (
        pairs.length === 0 ||
        !pairs.every(({ o, v }) => {
          const g = given(o);
          return g !== undefined && same(v, g);
        })
      )
        continue;
      if (new Set(pairs.map(({ v }) => JSON.stringify(v))).size < 2) continue;
      const support = pairs.map(({ o }) => o.record.index);
      found.push({ text: `Returns a \`${cls}\` whose \`${attr}\` is the \`${p}\` given.`, support, tested: idx(made) });
      break;
    }
  }
  return found.slice(0, 2);
}

const idx = (os: Observation[]): number[] => os.map((o) => o.record.index);
