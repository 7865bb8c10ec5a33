// Contrast calls for raise lines: a raise is blamed on a parameter only when a call differing in
// that argument alone returned (describe.ts raisesText). For a value error no such call contrasts,
// the same call with one argument changed: an option left out (its default) first, then a value
// the argument returned with elsewhere, values that never returned first. The explorer spends
// them only where its last exploration stopped teaching, so they take no call another claim needs.
import { bindingError } from './describe.js';
import type { Observation, Position } from './inputs.js';
import { TYPE_ERRORS, baseExceptionName, contextKey } from './inputs.js';
import { withSlot } from './properties.js';
import type { PlannedProbe } from './property-probes.js';
import { toSource } from './values.js';

/** How many calls are tried for each raise that no call differing in one argument contrasts. */
const CONTRASTS_PER_RAISE = 2;

const returnedCall = (o: Observation): boolean => o.record.result.status === 'returned' && o.purpose !== 'repeat';

/**
 * The contrast calls still to make, one exception type at a time (the first raise of each type
 * without one: its line is the one a reader meets first). Type errors are left out: what they say
 * is the type, which the parameter lines already show, and so are calls Python refused to bind.
 */
export function contrastPlans(observations: Observation[], positions: Position[]): PlannedProbe[] {
  const returned = observations.filter(returnedCall);
  const plans: PlannedProbe[] = [];
  const done = new Set<string>();
  for (const o of observations) {
    // A call that never finished gets its contrast too: a hang one argument avoids is key behaviour (hang.ts).
    const e = o.record.result.status === 'raised' ? o.record.result.exception : o.record.result.status === 'timeout' ? { type: 'timeout' } : undefined;
    if (!e || o.purpose === 'repeat' || bindingError(o) || TYPE_ERRORS.has(baseExceptionName(e.type)) || done.has(e.type)) continue;
    const given = positions.flatMap((p, i) => {
      const value = o.input[i]?.value;
      return p.role !== 'receiver' && value !== undefined ? [{ i, source: toSource(value) }] : [];
    });
    // A returned call alike in every other argument contrasts it already.
    if (given.some(({ i }) => returned.some((r) => contextKey(r.input, i) === contextKey(o.input, i)))) continue;
    done.add(e.type);
    const outcome = e.type === 'timeout' ? 'did not finish' : `raised ${baseExceptionName(e.type)}`;
    const note = (what: string): string => `contrast: #${o.record.index} ${outcome}; the same call with ${what}`;
    // An option left out: the raise then comes with giving it (`strict=True`), which a reader must know.
    // Only where leaving it out keeps the others where they are (a keyword, or the last one given).
    const last = Math.max(...given.map(({ i }) => i));
    for (const { i } of given) {
      const p = positions[i];
      if (p?.default !== undefined && (p.role === 'keyword' || i === last))
        plans.push({
          input: o.input.map((s, j) => (j === i ? { cls: 'omit', value: undefined } : s)),
          purpose: 'mutate',
          note: note(`\`${p.name}\` left out`),
        });
    }
    const returnedWith = (i: number, source: string): boolean => returned.some((r) => r.input[i]?.value !== undefined && toSource(r.input[i].value) === source);
    const suspects = [...given.filter(({ i, source }) => !returnedWith(i, source)), ...given.filter(({ i, source }) => returnedWith(i, source))];
    let tried = 0;
    for (const { i, source } of suspects) {
      const other = returned.map((r) => r.input[i]).find((slot) => slot?.value !== undefined && toSource(slot.value) !== source);
      if (!other?.value || tried >= CONTRASTS_PER_RAISE) continue;
      tried++;
      plans.push({
        input: withSlot(o.input, i, other.value, other.cls),
        purpose: 'mutate',
        note: note(`${positions[i]?.name ?? `argument ${i}`}=${toSource(other.value).slice(0, 30)}`),
      });
    }
  }
  return plans;
}
