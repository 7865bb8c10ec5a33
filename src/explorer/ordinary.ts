// How ordinary a call looks, for the examples a reader sees first and for the determinism
// re-runs that go to those examples (property-probes.ts).
import type { Observation } from './inputs.js';
import { toSource } from './values.js';

/**
 * Lower is more ordinary: distinct, short, non-empty arguments, and an output that differs from
 * every input (it shows the function doing something).
 */
function oddness(o: Observation, callText: (o: Observation) => string): number {
  const given = o.input.filter((s) => s.value !== undefined).map((s) => toSource(s.value!));
  let score = callText(o).length / 10;
  score += 3 * (given.length - new Set(given).size);
  score += 2 * given.filter((g) => /^(''|""|\[\]|\(\)|\{\}|0|0\.0|None|-\d)/.test(g) || /^-/.test(g)).length;
  const out = o.record.result.value?.repr ?? '';
  if (given.includes(out)) score += 2;
  return score;
}

/** The observations, most ordinary first (ties keep their order). */
function ordinaryFirst(observations: Observation[], callText: (o: Observation) => string): Observation[] {
  return observations
    .map((o, order) => ({ o, score: oddness(o, callText), order }))
    .sort((a, b) => a.score - b.score || a.order - b.order)
    .map((x) => x.o);
}

/**
 * The calls that returned shown as examples, at most three: ordinary use first (a merge merging
 * sorted lists when that is when it sorts), then a new type of output, then a new value.
 */
export function returnedExamples(
  returned: Observation[],
  shown: (o: Observation) => boolean,
  callText: (o: Observation) => string,
  sortedFirst: boolean,
): Observation[] {
  const ordered = ordinaryFirst(returned, callText);
  const chosen: Observation[] = [];
  const add = (o: Observation | undefined): void => {
    if (o && !chosen.includes(o) && chosen.length < 3 && shown(o)) chosen.push(o);
  };
  if (sortedFirst) add(ordered.find((o) => o.purpose === 'sorted'));
  add(ordered[0]);
  const repr = (o: Observation): string => o.record.result.value?.repr ?? '';
  const seenOutputs = new Set(chosen.map(repr));
  const seenTypes = new Set(chosen.map((o) => o.record.result.value?.type ?? ''));
  const fresh = ordered.filter((o) => !seenOutputs.has(repr(o)));
  add(fresh.find((o) => !seenTypes.has(o.record.result.value?.type ?? '')) ?? fresh[0]);
  for (const o of chosen) seenOutputs.add(repr(o));
  add(ordered.find((o) => !seenOutputs.has(repr(o))));
  return chosen;
}
