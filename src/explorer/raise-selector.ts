// A function whose job is to raise (oauthlib's raise_from_error(error, params): every call raises
// an error class chosen by `error`) is summarised by what selects the class, not as "what it
// computes is unknown": "Raises the error class named by `error` ('access_denied' → AccessDeniedError,
// …); CustomOAuth2Error for the other values tried." Stated only when every call with the same
// value of one parameter raised the same class, whatever the other arguments were.
import type { Observation, Position } from './inputs.js';
import { baseExceptionName } from './inputs.js';
import { toSource } from './values.js';
import { shortCall } from '../core/description-head.js';

/** Classes selected, at least, before the parameter is said to select one. */
const CLASSES = 3;
/** Values shown beside their class. */
const SHOWN = 3;
/** The longest a value shown beside its class is written. */
const SHOWN_VALUE = 30;

/** The words of a value or a class name, lower-cased: 'access_denied' and AccessDeniedError both give access, denied. */
const wordsOf = (s: string): string[] =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w && w !== 'error' && w !== 'exception');

/** Whether the class's name is made of the value's words (`'access_denied'`, AccessDeniedError). */
function named(value: string, cls: string): boolean {
  const v = wordsOf(value);
  const c = wordsOf(cls);
  return v.length > 0 && v.length === c.length && v.every((w, k) => w === c[k]);
}

/**
 * The sentence, and the calls it rests on, when the calls that raised (each a raise the function
 * made, not a refused binding: `raising`) show one parameter choosing the class; null otherwise.
 */
export function raiseSelector(raising: Observation[], positions: Position[]): { text: string; support: number[] } | null {
  for (const [i, p] of positions.entries()) {
    if (p.role === 'receiver' || p.role === 'varkw') continue;
    const byValue = new Map<string, Set<string>>();
    const calls: number[] = [];
    for (const o of raising) {
      const v = o.input[i]?.value;
      const type = o.record.result.exception?.type;
      if (v === undefined || !type) continue;
      const key = toSource(v);
      byValue.set(key, (byValue.get(key) ?? new Set()).add(baseExceptionName(type)));
      calls.push(o.record.index);
    }
    if ([...byValue.values()].some((s) => s.size !== 1)) continue;
    const classOf = [...byValue].map(([value, s]) => ({ value, cls: [...s][0] ?? '' }));
    const classes = new Set(classOf.map((x) => x.cls));
    if (classes.size < CLASSES) continue;
    // The class most values gave, when several did: the one for the values the function does not know.
    const counts = [...classes].map((cls) => ({ cls, n: classOf.filter((x) => x.cls === cls).length })).sort((a, b) => b.n - a.n);
    const fallback = counts[0] && counts[0].n >= 2 && (counts[1]?.n ?? 0) < counts[0].n ? counts[0].cls : null;
    const chosen = classOf.filter((x) => x.cls !== fallback);
    const byName = chosen.every((x) => named(x.value, x.cls));
    // A long value (tarfile's create_pax_header given a dict of seven keys) cut to a glance, as the head cuts calls.
    const pairs = chosen.slice(0, SHOWN).map((x) => `\`${shortCall(x.value, SHOWN_VALUE)}\` → ${x.cls}`);
    const more = chosen.length > SHOWN ? `, ${chosen.length - SHOWN} more` : '';
    const others = fallback ? `; ${fallback} for the other ${classOf.length - chosen.length} values tried` : '';
    const name = p.role === 'varargs' ? `*${p.name}` : p.name;
    const text = byName
      ? `Raises the error class named by \`${name}\` (${pairs.join(', ')}${more})${others}: no call returned.`
      : `Raises an error whose class depends on \`${name}\` (${pairs.join(', ')}${more})${others}: no call returned.`;
    return { text, support: calls };
  }
  return null;
}
