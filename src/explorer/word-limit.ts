// A relation of the catalogue (relations.ts) for functions that cut a text to a number of words:
// "Keeps the first `limit` words of `text`, adding `suffix` when it has more; a text of at most
// `limit` words comes back as it is." (truncate_words, first_words, an excerpt of a post). The
// suffix is read off a call that cut (a constant, or the argument that held it) and the rule is
// then checked on every call like the catalogue's others.
import type { TaggedValue } from '../core/probe-types.js';

/** What the rule reads of a call: its arguments by name and its output. */
export interface NamedCase {
  y: TaggedValue;
  named: { name: string; v: TaggedValue }[];
}

interface Shape {
  text: { name: string; v: string };
  limit: { name: string; v: number };
  /** The other text arguments (a suffix), by name. */
  others: { name: string; v: string }[];
  out: string;
}

function shapeOf(c: NamedCase): Shape | null {
  if (c.y.t !== 'str') return null;
  const texts = c.named.flatMap((a) => (a.v.t === 'str' ? [{ name: a.name, v: a.v.v }] : []));
  const counts = c.named.flatMap((a) => (a.v.t === 'int' ? [{ name: a.name, v: Number(a.v.v) }] : []));
  const [text, ...others] = texts;
  const [limit] = counts;
  if (!text || !limit || counts.length !== 1 || limit.v < 0 || limit.v > 10_000) return null;
  return { text, limit, others, out: c.y.v };
}

const wordsOf = (s: string): string[] => s.split(/\s+/).filter(Boolean);

/** The rule with its suffix read off the cases, or null when no call cut a text to its first words. */
export function wordLimitRule<C extends NamedCase>(cases: C[]): { text: string; applies: (c: C) => boolean; holds: (c: C) => boolean } | null {
  const shapes = cases.map(shapeOf).filter((s): s is Shape => s !== null);
  const kept = (s: Shape): string => wordsOf(s.text.v).slice(0, s.limit.v).join(' ');
  const cuts = shapes.filter((s) => wordsOf(s.text.v).length > s.limit.v && s.out.startsWith(kept(s)));
  const ending = (s: Shape): string => s.out.slice(kept(s).length);
  // The suffix is an argument's when one held it (a call left to its default holds the default); otherwise a constant.
  const cut = cuts.find((s) => s.others.some((o) => o.v === ending(s) && o.v !== '')) ?? cuts[0];
  if (!cut) return null;
  const named = cut.others.find((o) => o.v === ending(cut) && o.v !== '')?.name;
  const constant = cuts.find((s) => !named || !s.others.some((o) => o.name === named));
  const suffix = constant ? ending(constant) : ending(cut);
  // The argument is named only when a call gave it another ending than the one a call leaving it out got.
  const from = named && (!constant || cuts.some((s) => s.others.some((o) => o.name === named && o.v === ending(s) && o.v !== suffix))) ? named : undefined;
  const [textName, limitName] = [cut.text.name, cut.limit.name];
  const fits = (s: Shape | null): s is Shape => s !== null && s.text.name === textName && s.limit.name === limitName;
  const leftOut = from && constant && suffix ? ` ('${suffix}' when left out)` : '';
  const adding = from ? `, adding \`${from}\`${leftOut}` : suffix ? `, adding '${suffix}'` : '';
  return {
    text: `Keeps the first \`${limitName}\` words of \`${textName}\`${adding} when it has more; a text of at most \`${limitName}\` words comes back as it is.`,
    applies: (c) => fits(shapeOf(c)),
    holds: (c) => {
      const s = shapeOf(c);
      if (!fits(s)) return false;
      if (wordsOf(s.text.v).length <= s.limit.v) return s.out === s.text.v;
      // A call that left the suffix out ends with what such calls ended with.
      const end = (from ? s.others.find((o) => o.name === from)?.v : undefined) ?? suffix;
      return s.out === kept(s) + end;
    },
  };
}
