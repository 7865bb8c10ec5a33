// How ordinary a call looks, for the examples a reader sees first and for the determinism
// re-runs that go to those examples (property-probes.ts).
import type { Observation, Position } from './inputs.js';
import { findRelations } from './relations.js';
import { toSource } from './values.js';

/** How the worker writes a value whose repr raised (python/pau_probe/render.py). */
const BROKEN_REPR = /^<repr of \S+ raised /;

/** Whether a value shown is the worker's placeholder for one whose repr raised: nothing a reader could see. */
export const brokenRepr = (repr: string): boolean => BROKEN_REPR.test(repr);

/**
 * Lower is more ordinary: distinct, short, non-empty arguments, values of the family the
 * parameter's name suggests (a list of scores for `scores`), and an output that differs from
 * every input (it shows the function doing something).
 */
function oddness(o: Observation, callText: (o: Observation) => string, positions: Position[]): number {
  const given = o.input.flatMap((s) => (s.value !== undefined ? [toSource(s.value)] : []));
  let score = callText(o).length / 10;
  score += 3 * (given.length - new Set(given).size);
  score += 2 * given.filter((g) => /^(''|""|b''|b""|\[\]|\(\)|\{\}|0|0\.0|None|-\d)/.test(g) || /^-/.test(g)).length;
  const named = o.input.filter(({ value }, i) => value !== undefined && positions[i]?.hinted?.some((h) => toSource(h) === toSource(value))).length;
  score -= 3 * named;
  // A generic probe value ('abc', b'abc', 3) where the name suggested a family (URLs for `url`) is the explorer's, not a person's.
  const generic = o.input.filter(({ value }, i) => {
    const hinted = positions[i]?.hinted?.map(toSource) ?? [];
    return value !== undefined && hinted.length > 0 && !hinted.includes(toSource(value)) && /^(b?'abc'|3|\[3, 1, 2\])$/.test(toSource(value));
  }).length;
  score += 2 * generic;
  // A text of no letters or digits (' ', '*', '/') shows how the function treats punctuation, not its use.
  score += 2 * o.input.filter((s) => s.value?.k === 'str' && s.value.v !== '' && !/[\p{L}\p{N}]/u.test(s.value.v)).length;
  // A call that left its object or an argument unable to show itself (the worker writes such a
  // repr as `<repr of Color raised ValueError: …>`: colour's set_saturation(5), saturation out
  // of 0–1) is a misuse that raised late, not ordinary use.
  if (o.record.result.mutations.some((m) => BROKEN_REPR.test(m.repr))) score += 8;
  // A text with one letter or digit amid spaces or punctuation (' a    ', ' _x') is a probe of the edges, not a use.
  score += 1.5 * o.input.filter((s) => s.value?.k === 'str' && s.value.v.length > 1 && (s.value.v.match(/[\p{L}\p{N}]/gu) ?? []).length === 1).length;
  // An earlier output fed back (f(f(x))), or arguments swapped, is the explorer's test of a law, not what a person would type;
  // so, less, is an input changed from an earlier one (reversed, upper-cased) to break what that one showed.
  if (o.purpose === 'reapply' || o.purpose === 'swap') score += 4;
  if (o.purpose === 'mutate') score += 2;
  // A value taken from the code's own constants or comparisons reaches a branch; it is seldom what a caller passes.
  if (o.purpose === 'mined') score += 1.5;
  const out = o.record.result.value?.repr ?? '';
  if (given.includes(out)) score += 2;
  // An empty result ('', [], 0) shows little of what the function makes.
  if (/^(?:''|""|\[\]|\(\)|\{\}|set\(\)|0|0\.0|b'')$/.test(out)) score += 2;
  return score;
}

/** Which given arguments the result equals, as their positions ('' for none): a call's case. */
function resultCase(o: Observation): string {
  const out = o.record.result.value?.repr;
  // A call of one argument that came back unchanged is no edge case of a choice between
  // arguments: it shows the function doing nothing, a poor first example (normpath('docs/a.txt')).
  if (out === undefined || o.input.filter((s) => s.value !== undefined).length < 2) return '';
  return o.input.flatMap((s, i) => (s.value !== undefined && toSource(s.value) === out ? [i] : [])).join(',');
}

/** How long a call an example shows while a call that returned fits it; else up to LONG_EXAMPLE_CALL. */
const EXAMPLE_CALL = 100;
/**
 * A method of a long name on a receiver built from a long text (XQueryLexer's
 * pushstate_operator_starttag_callback, newuser5's trial) has no call that returned within
 * EXAMPLE_CALL: a raise was its only example. The head shortens a long call for its one line.
 */
const LONG_EXAMPLE_CALL = 200;

/** The longest call text an example may have among these observations. */
export function exampleCallLimit(observations: Observation[], callText: (o: Observation) => string): number {
  const fits = observations.some((o) => o.record.result.status === 'returned' && o.purpose !== 'repeat' && callText(o).length <= EXAMPLE_CALL);
  return fits ? EXAMPLE_CALL : LONG_EXAMPLE_CALL;
}

/** The observations, most ordinary first (ties keep their order). */
export function ordinaryFirst(observations: Observation[], callText: (o: Observation) => string, positions: Position[]): Observation[] {
  return observations
    .map((o, order) => ({ o, score: oddness(o, callText, positions), order }))
    .sort((a, b) => a.score - b.score || a.order - b.order)
    .map((x) => x.o);
}

/**
 * The calls that returned shown as examples, at most three: ordinary use first, and of those
 * one that shows what the summary says (a call the summary's relation did something in: a
 * text shortened, a list cut to its best three), a merge merging sorted lists when that is when
 * it sorts; then a new type of output, then a new value.
 */
export function returnedExamples(
  observations: Observation[],
  positions: Position[],
  shown: (o: Observation) => boolean,
  callText: (o: Observation) => string,
  sortedFirst: boolean,
): Observation[] {
  const returned = observations.filter((o) => o.record.result.status === 'returned' && o.purpose !== 'repeat');
  const ordered = ordinaryFirst(returned, callText, positions);
  const showsSummary = new Set(findRelations(observations, positions)[0]?.support ?? []);
  const chosen: Observation[] = [];
  const add = (o: Observation | undefined): void => {
    if (o && !chosen.includes(o) && chosen.length < 3 && shown(o)) chosen.push(o);
  };
  if (sortedFirst) add(ordered.find((o) => o.purpose === 'sorted' && shown(o)));
  add(ordered.find((o) => showsSummary.has(o.record.index) && shown(o)));
  // Ordinary use before any edge case, when no call shows the summary: a call that hands back an
  // argument may be the explorer's swap of two URLs (urljoin('other.html', 'https://…')).
  if (chosen.length === 0) add(ordered.find(shown));
  const repr = (o: Observation): string => o.record.result.value?.repr ?? '';
  // The edge cases of a function that hands back one of its arguments (clamp's `lo` below the
  // range, `hi` above it): one example for each argument the result was, before a second call
  // of a case already shown.
  const cases = new Set(chosen.map(resultCase));
  for (const o of ordered) {
    const c = resultCase(o);
    if (chosen.length >= 3) break;
    if (cases.has(c) || chosen.some((x) => repr(x) === repr(o)) || !shown(o)) continue;
    if (c === '' && ![...cases].some((k) => k !== '')) continue; // no argument was handed back: not this kind
    add(o);
    cases.add(c);
  }
  add(ordered.find(shown));
  const seenOutputs = new Set(chosen.map(repr));
  const seenTypes = new Set(chosen.map((o) => o.record.result.value?.type ?? ''));
  const fresh = ordered.filter((o) => !seenOutputs.has(repr(o)) && shown(o));
  add(fresh.find((o) => !seenTypes.has(o.record.result.value?.type ?? '')) ?? fresh[0]);
  for (const o of chosen) seenOutputs.add(repr(o));
  add(ordered.find((o) => !seenOutputs.has(repr(o)) && shown(o)));
  return chosen;
}
