// A relation of the catalogue (relations.ts) for a function that gives one of its arguments back
// as it was given, whatever the others were: gettext's pgettext(context, message) is `message`,
// natsort's as_utf8(s) is `s`. "Returns `message` unchanged." is a law like any other: the
// verification pass first tries the inputs most functions would change (breakers.ts, family
// 'kept'), and until one of those came back unchanged the sentence says what the calls tried did.
import type { TaggedValue } from '../core/probe-types.js';

/** What the rule reads of a call: its arguments by name and its output. */
export interface KeptCase {
  y: TaggedValue;
  named: { name: string; v: TaggedValue }[];
}

/** Distinct values given back before the sentence is stated at all (two could be chance). */
const DISTINCT = 3;

/** Equal in type and value (1 is not 1.0 nor True: a conversion is not "unchanged"). */
const same = (a: TaggedValue, b: TaggedValue): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The rule for the one parameter every call that gave it returned unchanged, or null: three
 * distinct values at least, each in a call where no other argument was equal to it (which
 * argument came back is then plain).
 */
export function keptArgumentRule<C extends KeptCase>(cases: C[]): { text: string; keeps: string; applies: (c: C) => boolean; holds: (c: C) => boolean } | null {
  const names = [...new Set(cases.flatMap((c) => c.named.map((a) => a.name)))];
  for (const name of names) {
    const given = (c: C): TaggedValue | undefined => c.named.find((a) => a.name === name)?.v;
    const withIt = cases.filter((c) => given(c) !== undefined);
    if (withIt.length === 0 || !withIt.every((c) => same(given(c) ?? { t: 'none' }, c.y))) continue;
    const plain = withIt.filter((c) => !c.named.some((a) => a.name !== name && same(a.v, c.y)));
    if (new Set(plain.map((c) => JSON.stringify(c.y))).size < DISTINCT) continue;
    return {
      text: `Returns \`${name}\` unchanged.`,
      keeps: name,
      applies: (c) => given(c) !== undefined,
      holds: (c) => {
        const v = given(c);
        return v !== undefined && same(v, c.y);
      },
    };
  }
  return null;
}
