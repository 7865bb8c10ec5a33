// A parameter the function only keeps: attrs' instance_of(type) and a constructor-like
// make_validator(type_) put the value they are given into the object they return, whatever it is.
// A list of the types tried ("int, list, str, float, None or date") teaches nothing there: every
// type "worked" because none was used. Said instead when each call shows its value in the result.
import { toSource, toTagged } from './values.js';
import { valuesEqual } from '../core/values.js';
import type { Observation } from './inputs.js';

/** Kinds of value before "whatever it is given" is said: fewer could be the types it takes. */
const KINDS = 3;

/** The values a parameter was given, shown back in every result, or null when the calls do not show it stored. */
export function storedAsGiven(observations: Observation[], at: number): { tried: string[]; support: number[] } | null {
  const given = observations.filter((o) => o.purpose !== 'repeat' && o.record.result.status === 'returned' && o.input[at]?.value !== undefined);
  if (new Set(given.map((o) => o.input[at]?.cls)).size < KINDS) return null;
  // One type of result for every kind of value: the value did not choose what was made.
  if (new Set(given.map((o) => o.record.result.value?.type)).size !== 1) return null;
  const shows = (o: Observation): boolean => {
    const v = o.input[at]?.value;
    const result = o.record.result.value;
    if (!v || !result) return false;
    const source = toSource(v);
    // The value itself given back is a kept argument (kept-argument.ts), not one stored on a result.
    if (result.repr === source || result.data) return false;
    const kept = toTagged(v);
    // A value may show as its str() rather than its repr (`<max_len validator for abc>`, `… for 2024-01-05>`: an f-string).
    const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
    const str = v.k === 'str' ? v.v : v.k === 'date' ? `${pad(v.y, 4)}-${pad(v.m)}-${pad(v.d)}` : source;
    const shown = result.repr.includes(source) || result.repr.includes(str);
    return shown || (o.record.result.valueState?.attributes.some((a) => valuesEqual(a.value, kept)) ?? false);
  };
  if (!given.every(shows)) return null;
  return { tried: [...new Set(given.map((o) => toSource(o.input[at]?.value ?? { k: 'none' })))], support: given.map((o) => o.record.index) };
}
