// A relation of the catalogue (relations.ts) for a function that picks one of two arguments by a
// count, as plural forms are chosen: gettext's ngettext(singular, plural, n) is `singular` when
// `n` is 1 and `plural` otherwise. Stated only when the calls show both sides of the choice: n of
// 1, a count below it and one above it (so "n < 2" or "n > 0" would have come out otherwise).
import type { TaggedValue } from '../core/probe-types.js';

/** What the rule reads of a call: its arguments by name and its output. */
export interface ChoiceCase {
  y: TaggedValue;
  named: { name: string; v: TaggedValue }[];
}

const same = (a: TaggedValue, b: TaggedValue): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The rule for the first count and pair of arguments every call agrees with, or null. */
export function pluralChoiceRule<C extends ChoiceCase>(cases: C[]): { text: string; picks: true; applies: (c: C) => boolean; holds: (c: C) => boolean } | null {
  const names = [...new Set(cases.flatMap((c) => c.named.map((a) => a.name)))];
  const arg = (c: C, name: string): TaggedValue | undefined => c.named.find((a) => a.name === name)?.v;
  const countOf = (c: C, name: string): number | null => {
    const v = arg(c, name);
    return v?.t === 'int' ? Number(v.v) : null;
  };
  for (const n of names)
    for (const one of names)
      for (const other of names) {
        if (one === n || other === n || one === other) continue;
        const applies = (c: C): boolean => countOf(c, n) !== null && arg(c, one) !== undefined && arg(c, other) !== undefined;
        const picked = (c: C): TaggedValue | undefined => arg(c, countOf(c, n) === 1 ? one : other);
        const holds = (c: C): boolean => {
          const v = picked(c);
          return v !== undefined && same(v, c.y);
        };
        const seen = cases.filter(applies);
        if (seen.length === 0 || !seen.every(holds)) continue;
        // Each side seen where the two arguments differ, so the output tells which was picked.
        const telling = seen.filter((c) => !same(arg(c, one) ?? { t: 'none' }, arg(c, other) ?? { t: 'none' }));
        const counts = telling.map((c) => countOf(c, n) ?? 1);
        if (!counts.includes(1) || !counts.some((k) => k < 1) || !counts.some((k) => k > 1)) continue;
        return {
          text: `Returns \`${one}\` when \`${n}\` is 1 and \`${other}\` otherwise (as a plural form is chosen by a count).`,
          picks: true,
          applies,
          holds,
        };
      }
  return null;
}
