// Property inference over what the explorer observed. A property is claimed (`holds: true`) only
// with at least MIN_EVIDENCE applicable probes and no counterexample. Properties that do not
// apply to the function at all are left out of the report; applicable ones that are refuted say
// `counterexample: …`, applicable ones tested too little say `inconclusive: …` (both holds: false).
import type { InferredProperty } from '../core/run-types.js';
import { itemAt } from '../core/item-at.js';
import type { ProbeResult, TaggedValue } from '../core/probe-types.js';
import { numericValue, orderOf, sameEffect, sameOutcome, sequenceItems, sizeOf, taggedEqual, taggedIn } from './compare.js';
import type { Input, Observation, Position, Slot } from './inputs.js';
import { TYPE_ERRORS, baseExceptionName, contextKey, requestKey, toRequest } from './inputs.js';
import type { PyValue } from './values.js';
import { elementsOf, fromTagged, int, isNumber, str, toSource, toTagged } from './values.js';
import { differingQuotes, oneLine } from '../core/format.js';
import { changedToWords } from '../core/state-change.js';
import { changedWhenRunAgain, movedWithoutTheSeed, printedAlike, showingAnObjectId, showingTheClock } from './repeatable.js';
import { showsTheClock } from './clock.js';

export const MIN_EVIDENCE = 3;

/** What inference needs besides the observations. */
export interface InferenceContext {
  positions: Position[];
  /** Renders a call the way examples show it, e.g. `rot13('abc')`. */
  callText: (obs: Observation) => string;
}

/** Facts found on the way that have no property name, for the description. */
export interface InferenceNotes {
  sortedDescending?: string;
  sortedOnlyWhenInputsSorted?: boolean;
  /** Param name → direction, for monotonicity in several parameters. */
  monotonicIn: { param: string; direction: 'increasing' | 'decreasing' }[];
  /**
   * Determinism was refuted only by a call run again after another call (a registry it fills:
   * gettext's bindtextdomain), while calls run again on their own gave the same: what it gives
   * depends on the calls made before it, which is state, not a result that varies by itself.
   */
  dependsOnEarlierCalls?: true;
  /**
   * A call gave another result under another random seed and again under the same one (timeit's
   * Timer.timeit, a Random() seeded from the OS): its results vary from run to run, which is what
   * was seen; that a random draw is why was not shown (no 'uses-randomness'). Each call's lines are
   * still read as one run's, as a draw's are.
   */
  variesWhateverTheSeed?: true;
}

type Prop = InferredProperty['name'];

const returned = (o: Observation): boolean => o.record.result.status === 'returned';
const ran = (o: Observation): boolean => o.record.result.status === 'returned' || o.record.result.status === 'raised';
const dataOf = (o: Observation): TaggedValue | undefined => o.record.result.value?.data;

function outcomeText(r: ProbeResult): string {
  // A value is quoted, never copied whole: a counterexample is one sentence of the summary.
  if (r.status === 'returned') return r.value ? oneLine(r.value.repr, QUOTED_VALUE) : 'returned';
  if (r.status === 'raised') return `${r.exception?.type ?? 'exception'}`;
  return r.status;
}

/** Two outcomes of one call, values quoted where they differ (format.ts differingQuotes). */
function twoOutcomes(a: ProbeResult, b: ProbeResult): [string, string] {
  return a.status === 'returned' && a.value && b.status === 'returned' && b.value
    ? differingQuotes(a.value.repr, b.value.repr, QUOTED_VALUE)
    : [outcomeText(a), outcomeText(b)];
}

/** How much of a value a counterexample quotes. */
const QUOTED_VALUE = 60;

function claim(name: Prop, evidence: string): InferredProperty {
  return { name, holds: true, evidence };
}
function refute(name: Prop, evidence: string): InferredProperty {
  return { name, holds: false, evidence: `counterexample: ${evidence}` };
}
/** What an inconclusive verdict counts, as one and as several. */
type Counted = { one: string; many: string };
const APPLICABLE_PROBES: Counted = { one: 'applicable probe', many: 'applicable probes' };

function inconclusive(name: Prop, count: number, why = '', counted = APPLICABLE_PROBES): InferredProperty {
  // The bar is named only when the count is below it: "3 (at least 3 needed)" read as a contradiction.
  const bar = count < MIN_EVIDENCE ? ` (at least ${MIN_EVIDENCE} needed)` : '';
  return { name, holds: false, evidence: `inconclusive: ${count} ${count === 1 ? counted.one : counted.many}${bar}${why}` };
}

/** Index of the only argument given, when a call passes exactly one positional value and no receiver. */
export function soleArgument(positions: Position[], input: Input): number | null {
  const given = input.map((s, i) => (s.value !== undefined ? i : -1)).filter((i) => i >= 0);
  const [i] = given;
  if (i === undefined || given.length !== 1) return null;
  return itemAt(positions, i).role === 'positional' ? i : null;
}

/** Indices of the two arguments, when a call passes exactly two positional values and no receiver. */
function argumentPair(positions: Position[], input: Input): [number, number] | null {
  const given = input.map((s, i) => (s.value !== undefined ? i : -1)).filter((i) => i >= 0);
  const [i, j, ...more] = given;
  if (i === undefined || j === undefined || more.length > 0 || !given.every((k) => itemAt(positions, k).role === 'positional')) return null;
  return [i, j];
}

/**
 * The call's two positional arguments, with their slots, when they are different values of one
 * kind: what a swap tests. Commutativity is a law of arguments of one kind; f('abc', 3) against
 * f(3, 'abc') says nothing.
 */
export function swappablePair(positions: Position[], input: Input): { i: number; j: number; a: Slot; b: Slot; x: PyValue; y: PyValue } | null {
  const pair = argumentPair(positions, input);
  if (!pair) return null;
  const [i, j] = pair;
  const [a, b] = [itemAt(input, i), itemAt(input, j)];
  const [x, y] = [a.value, b.value];
  if (!x || !y || x.k !== y.k || toSource(x) === toSource(y)) return null;
  return { i, j, a, b, x, y };
}

/**
 * Whether two dicts hold one key with different values. Dicts compare equal in any order, so a
 * merge of dicts with no such key is the same either way round: only a clash can show which wins.
 */
export function dictsClash(a: PyValue, b: PyValue): boolean {
  if (a.k !== 'dict' || b.k !== 'dict') return false;
  const other = new Map(b.entries.map(([k, v]) => [toSource(k), toSource(v)]));
  return a.entries.some(([k, v]) => other.has(toSource(k)) && other.get(toSource(k)) !== toSource(v));
}

/** `b` given the first key of `a` with a value other than `a`'s (an int one more, a text with '2' added), or undefined. */
export function clashingDict(a: PyValue, b: PyValue): PyValue | undefined {
  if (a.k !== 'dict' || b.k !== 'dict') return undefined;
  const [first] = a.entries;
  if (!first) return undefined;
  const [key, value] = first;
  const other = value.k === 'int' ? int(value.v + 1n) : value.k === 'str' ? str(`${value.v}2`) : undefined;
  if (!other) return undefined;
  return { k: 'dict', entries: [...b.entries.filter(([k]) => toSource(k) !== toSource(key)), [key, other]] };
}

export function withSlot(input: Input, i: number, value: PyValue, cls = itemAt(input, i).cls): Input {
  return input.map((s, j) => (j === i ? { cls, value } : s));
}

/** Observations by request key (the first one made), for looking up f(f(x)) and f(b, a). */
function indexByKey(observations: Observation[]): Map<string, Observation> {
  const map = new Map<string, Observation>();
  for (const o of observations) if (o.purpose !== 'repeat' && !map.has(o.key)) map.set(o.key, o);
  return map;
}

function lookup(ctx: InferenceContext, byKey: Map<string, Observation>, input: Input): Observation | undefined {
  return byKey.get(requestKey(toRequest(ctx.positions, input)));
}

export function inferProperties(observations: Observation[], ctx: InferenceContext): { properties: InferredProperty[]; notes: InferenceNotes } {
  const notes: InferenceNotes = { monotonicIn: [] };
  const byKey = indexByKey(observations);
  const props = [
    determinism(observations, ctx, notes),
    randomness(observations, ctx, notes),
    purity(observations, ctx),
    ...reapplication(observations, ctx, byKey),
    sortedness(observations, ctx, notes),
    lengthPreservation(observations, ctx),
    subsetOfInput(observations, ctx),
    commutativity(observations, ctx, byKey),
    ...monotonicity(observations, ctx, notes),
  ];
  const found = props.filter((p): p is InferredProperty => p !== null);
  // Results that change from run to run (randomness, or hash order) make a law of the values
  // seen in one run a coincidence of that run: it is not stated.
  const unsteady = found.some((p) => (p.name === 'deterministic' && p.evidence.startsWith('counterexample: ')) || (p.name === 'uses-randomness' && p.holds));
  if (!unsteady) return { properties: found, notes };
  notes.monotonicIn = [];
  delete notes.sortedDescending;
  const steady = found.map((p) =>
    p.holds && !RUN_INDEPENDENT.has(p.name)
      ? {
          name: p.name,
          ...(p.param ? { param: p.param } : {}),
          holds: false,
          evidence: `inconclusive: the results change from run to run, so what one run showed (${p.evidence}) is not a law`,
        }
      : p,
  );
  return { properties: steady, notes };
}

/** Properties that speak of the runs themselves, not of the values one run gave. */
const RUN_INDEPENDENT = new Set<Prop>(['deterministic', 'uses-randomness', 'pure']);

/** Determinism re-runs where both calls ran, each with the call it repeats. */
function reruns(observations: Observation[]): { o: Observation; first: Observation }[] {
  return observations.flatMap((o) => (o.purpose === 'repeat' && o.repeats && ran(o) && ran(o.repeats) ? [{ o, first: o.repeats }] : []));
}

/**
 * The first re-run under another random seed that gave another result than its call's first run,
 * for a reason a seed may hold. (A change in another hash seed is not randomness: determinism says
 * what it is.) Where only an object's address or id() differs, the process did, not a random draw
 * (a text holding `<Clause at 0x7f…>`, pluggy's `str(id(plugin))`); where a result shows the clock,
 * the moment did (formatdate()): determinism speaks of those changes, randomness does not.
 */
export function seededChange(observations: Observation[]): { o: Observation; first: Observation } | undefined {
  return reruns(observations).find(
    ({ o, first }) =>
      o.seed !== undefined &&
      o.hashSeed === undefined &&
      !sameEffect(first.record.result, o.record.result) &&
      !movedWithoutTheSeed(first.record.result, o.record.result),
  );
}

/** A re-run of that call under the worker's own seed 0 (property-probes.ts, seedCheck). */
export function plainRerun(observations: Observation[], first: Observation): Observation | undefined {
  return reruns(observations).find(({ o, first: f }) => f === first && o.seed === undefined && o.hashSeed === undefined)?.o;
}

/** Two draws of a value this short may agree by chance (a choice among three). */
const SHORTEST_STAMPED = 16;

/**
 * Whether a call's result moved with time, not with the seed: run again later under seed 0 it gave
 * what the seeded re-run gave (and so did their second runs in their processes, the clock read on
 * there), not what it gave first (boltons' gzip_bytes writes the clock into its header; the seeded
 * re-run came after the second turned). Two draws of a function that draws without the seed
 * (Random() seeded by the OS) agree that way only by chance, and twice over only among few values.
 */
function movedWithTime(first: ProbeResult, seeded: ProbeResult, plain: ProbeResult | undefined): boolean {
  const shown = (r: ProbeResult): string => r.value?.repr ?? '';
  return (
    plain !== undefined &&
    shown(plain).length >= SHORTEST_STAMPED &&
    !sameEffect(first, plain) &&
    sameEffect(seeded, plain) &&
    plain.again?.shown !== undefined &&
    plain.again.shown === seeded.again?.shown
  );
}

/**
 * A call that gave another result under another random seed, and what it gave first again under
 * seed 0: the function uses randomness. One that gave a third result under seed 0 again moved
 * whatever the seed (InferenceNotes.variesWhateverTheSeed).
 */
function randomness(observations: Observation[], ctx: InferenceContext, notes: InferenceNotes): InferredProperty | null {
  const changed = seededChange(observations);
  if (!changed) return null;
  const plain = plainRerun(observations, changed.first)?.record.result;
  if (movedWithTime(changed.first.record.result, changed.o.record.result, plain)) return null;
  if (plain && !sameEffect(changed.first.record.result, plain)) {
    notes.variesWhateverTheSeed = true;
    return null;
  }
  const r = changed.o.record.result;
  const shown = r.mutations.length ? `changed ${r.mutations.map((m) => changedToWords(m, r.receiverState)).join(', ')}` : outcomeText(r);
  return claim(
    'uses-randomness',
    `${ctx.callText(changed.o)} gave ${outcomeText(changed.first.record.result)} under seed 0, ${shown} under seed ${changed.o.seed}`,
  );
}

function determinism(observations: Observation[], ctx: InferenceContext, notes: InferenceNotes): InferredProperty | null {
  const repeats = reruns(observations);
  const real = repeats.filter(({ o }) => o.record.origin !== 'cache');
  // Only calls that returned show the function's work: a call refused at its first check raises the same way under any seed.
  const realReturned = real.filter(({ o, first }) => returned(o) && returned(first));
  // In another interpreter, what it printed counts too: equal dicts whose keys come in another
  // order (toolz's dissoc fills one from a set of text) print otherwise in the reader's Python.
  const changed = real.filter(
    ({ o, first }) => !sameEffect(first.record.result, o.record.result) || (o.hashSeed !== undefined && !printedAlike(first.record.result, o.record.result)),
  );
  // A change in the worker's own interpreter (another random seed, or none) is the one quoted:
  // the hash seed is named as the cause only when no re-run in the same interpreter changed.
  // Each re-run also ran a second time in its process (repeatable.ts): a change there is one a
  // user calling it twice sees, which no fresh process shows; it is quoted before another hash seed.
  const [again] = changedWhenRunAgain(real.map(({ o }) => o));
  // Under its own seed first: a result that moved with time (gzip_bytes) is not blamed on another seed.
  const inWorker = changed.filter(({ o }) => o.hashSeed === undefined);
  const shown = inWorker.find(({ o }) => o.seed === undefined) ?? inWorker[0] ?? (again ? undefined : changed[0]);
  if (shown) {
    const { o, first } = shown;
    const seed = o.seed !== undefined ? ` under random seed ${o.seed}` : '';
    const why = sameEffect(first.record.result, o.record.result)
      ? 'equal values, their items in an order that follows the hash seed'
      : 'the order of sets and hash() of text differ between interpreters';
    const under = o.hashSeed !== undefined ? `${seed} in an interpreter of another hash seed (${why})` : seed;
    const [before, after] = twoOutcomes(first.record.result, o.record.result);
    return refute('deterministic', `${ctx.callText(o)} gave ${before}, then ${after}${under}`);
  }
  if (again) {
    const firstRun = again.o.record.result;
    const [before, second] =
      again.again.status === 'raised'
        ? [outcomeText(firstRun), (again.again.shown ?? '').split(':')[0] || 'an exception']
        : firstRun.status === 'returned' && firstRun.value
          ? differingQuotes(firstRun.value.repr, again.again.shown ?? '', QUOTED_VALUE)
          : [outcomeText(firstRun), oneLine(again.again.shown ?? '', QUOTED_VALUE)];
    const after = again.o.after ? ` after ${ctx.callText(again.o.after)}` : '';
    // Changed only where another call ran between the two runs, and the same where a call ran
    // twice on its own: the other call filed what this one reads.
    const secondRuns = real.map(({ o }) => o);
    if (changedWhenRunAgain(secondRuns).every(({ o }) => o.after) && secondRuns.some((o) => !o.after && o.record.result.again?.same === true))
      notes.dependsOnEarlierCalls = true;
    return refute('deterministic', `${ctx.callText(again.o)} gave ${before}, then ${second} when called again in the same process${after}`);
  }
  const clocked = showingTheClock(observations);
  if (clocked) return { name: 'deterministic', holds: false, evidence: `inconclusive: ${ctx.callText(clocked)} returned the current date or time` };
  const id = showingAnObjectId(observations);
  if (id)
    return {
      name: 'deterministic',
      holds: false,
      evidence: `inconclusive: ${ctx.callText(id)} returned ${oneLine(id.record.result.value?.repr ?? '', QUOTED_VALUE)}, likely an object's id, which differs in each new process`,
    };
  // A re-run whose second run in its process timed out, died or was not made is no evidence.
  const checked = realReturned.filter(({ o }) => o.record.result.again?.same === true);
  const reseeded = checked.filter(({ o }) => o.seed !== undefined).length;
  if (checked.length >= MIN_EVIDENCE && reseeded >= 2)
    return claim(
      'deterministic',
      `${checked.length} calls that returned re-run, each twice in its process (${reseeded} under other random seeds): same results each time`,
    );
  if (repeats.length === 0 && observations.length === 0) return null;
  const cached = repeats.length - real.length;
  return inconclusive(
    'deterministic',
    checked.length,
    cached ? `; ${cached} re-run${cached === 1 ? ' was' : 's were'} answered from the session cache, which proves nothing` : '',
  );
}

/** Returned calls that gave a parameter before "no side effects" speaks for it. */
const MIN_GIVEN = 2;

function purity(observations: Observation[], ctx: InferenceContext): InferredProperty | null {
  // Only calls that returned say anything about side effects of the function's work.
  const calls = observations.filter(returned);
  for (const o of observations.filter(ran)) {
    const r = o.record.result;
    if (r.mutations.length) return refute('pure', `${ctx.callText(o)} changed ${r.mutations.map((m) => changedToWords(m, r.receiverState)).join(', ')}`);
    if (r.stdout || r.stderr) return refute('pure', `${ctx.callText(o)} printed ${JSON.stringify((r.stdout || r.stderr).slice(0, 60))}`);
  }
  // A call run again after another call gave another result, while no call run again on its own
  // did: the other call changed what this one reads (a registry it filed into).
  // A second run reads the clock moved on (call.py _clock_moved_on): a result that shows the
  // clock (formatdate()) differs there whatever ran before it.
  const filed = changedWhenRunAgain(observations).filter(({ o }) => !showsTheClock(o.record.result.value?.repr ?? ''));
  const [after] = filed.filter(({ o }) => o.after);
  if (after?.o.after && filed.every(({ o }) => o.after)) {
    const second = oneLine(after.again.shown ?? '', QUOTED_VALUE);
    return refute(
      'pure',
      `${ctx.callText(after.o.after)} changed what ${ctx.callText(after.o)} gives next (${outcomeText(after.o.record.result)}, then ${second})`,
    );
  }
  if (calls.length === 0) return null;
  for (const o of calls) {
    const r = o.record.result;
    if (r.mutations.length) return refute('pure', `${ctx.callText(o)} changed ${r.mutations.map((m) => changedToWords(m, r.receiverState)).join(', ')}`);
    if (r.stdout || r.stderr) return refute('pure', `${ctx.callText(o)} printed ${JSON.stringify((r.stdout || r.stderr).slice(0, 60))}`);
  }
  if (calls.length < MIN_EVIDENCE) return inconclusive('pure', calls.length);
  // A cached property that stored its value (functools.cached_property): no change a read shows, yet
  // the object's own attributes gained one, which "no side effects" would deny.
  const filling = calls.find((o) => (o.record.result.cacheFilled ?? []).length > 0);
  const filled = filling?.record.result.cacheFilled ?? [];
  if (filling)
    return {
      name: 'pure',
      holds: false,
      evidence: `inconclusive: ${ctx.callText(filling)} changed nothing a read shows, but a cached property of ${filled.includes('receiver') ? 'its object' : 'an argument'} stored its value there`,
    };
  // A parameter that a returned call seldom took may be the one written to (deepcopy's `memo`):
  // the calls without it say nothing about it.
  const seldom = ctx.positions.flatMap((p, i) =>
    (p.role === 'positional' || p.role === 'keyword') && calls.filter((o) => o.input[i]?.value !== undefined).length < MIN_GIVEN ? [`\`${p.name}\``] : [],
  );
  // An object of the package's classes may change in ways its pickle or repr does not show (a Markdown registering an extension).
  const opaque = ctx.positions.flatMap((p, i) => (p.opaque && calls.some((o) => o.input[i]?.value !== undefined) ? [`\`${p.name}\``] : []));
  if (opaque.length)
    return {
      name: 'pure',
      holds: false,
      evidence: `inconclusive: ${calls.length} calls changed nothing seen and printed nothing, but ${opaque.join(' and ')} held objects whose changes may not show`,
    };
  // A call that returns nothing is made for an effect: one that showed none may have changed what
  // no snapshot sees (a module's registry) or set what its receiver already held (tomlkit's
  // invalidate_display_name on tables whose display_name was None already).
  if (calls.every((o) => o.record.result.value?.repr === 'None'))
    return {
      name: 'pure',
      holds: false,
      evidence: `inconclusive: each of the ${calls.length} calls that returned gave None and changed nothing seen, so what it is called for did not show`,
    };
  // A method tried only on objects that held nothing in some attribute (a parser whose `rawdata`
  // was '' in every call, a representer whose `alias_key` was None) did nothing there that could
  // change the object: the effect of its work on a filled one did not show.
  const resting = restingAttributes(calls);
  if (resting.length)
    return {
      name: 'pure',
      holds: false,
      evidence: `inconclusive: ${calls.length} calls changed nothing seen, but every object it was called on held nothing (None or empty) in ${resting
        .slice(0, 3)
        .map((n) => `\`${n}\``)
        .join(', ')}, so an effect on a filled one could not show`,
    };
  if (seldom.length)
    return {
      name: 'pure',
      holds: false,
      evidence: `inconclusive: ${calls.length} calls changed nothing and printed nothing, but fewer than ${MIN_GIVEN} of them were given ${seldom.join(' or ')}`,
    };
  return claim('pure', `${calls.length} calls: no argument or receiver changed, nothing printed`);
}

/** A value that holds nothing: None, or an empty text, bytes, list, tuple, set or dict. */
function holdsNothing(t: TaggedValue): boolean {
  if (t.t === 'none') return true;
  if (t.t === 'str' || t.t === 'bytes') return t.v === '';
  if (t.t === 'list' || t.t === 'tuple' || t.t === 'set' || t.t === 'frozenset' || t.t === 'dict') return t.v.length === 0;
  return false;
}

/**
 * The receiver's public attributes (ProbeResult.receiverState) that held nothing before every
 * returned call that reports them; none when no call reports a receiver's state.
 */
function restingAttributes(calls: Observation[]): string[] {
  const held = new Map<string, boolean>();
  for (const o of calls)
    for (const a of o.record.result.receiverState?.before.attributes ?? []) held.set(a.name, (held.get(a.name) ?? false) || !holdsNothing(a.value));
  return [...held].filter(([, filled]) => !filled).map(([name]) => name);
}

/**
 * Idempotence f(f(x)) == f(x) and involution f(f(x)) == x, from single-argument calls whose
 * output has the input's type (a str → str function fed a dict is outside both laws).
 */
function reapplication(observations: Observation[], ctx: InferenceContext, byKey: Map<string, Observation>): InferredProperty[] {
  let applicable = 0;
  let invApplicable = 0;
  let repeated = 0;
  let nontrivial = 0;
  /** f(x) != x among the same-type cases: the only ones involution is judged on. */
  let invNontrivial = 0;
  /** f(x) != x with f(x) of x's type: none means the law rests on outputs of another type given back as they are. */
  let nontrivialSameKind = 0;
  /**
   * Cases that could have refuted idempotence: f(x) != x, f(x) not a single element, and when f
   * changes the type (a list to a dict of counts, or to one of its strings) x with repeated elements.
   */
  let informative = 0;
  let idemCounter: string | null = null;
  let invCounter: string | null = null;
  const seen = new Set<string>();
  /**
   * The distinct f(x) that differ from x, each fed back once: the values the law was really tried
   * on (isodate's duration_isoformat gave 'P%P' for 90, 2.5, '1h 30m' and a date alike, and
   * f('P%P') == 'P%P' was the one check; f(timedelta(days=1)) = 'P1D' comes back as 'P%P').
   */
  const changedOutputs = new Set<string>();
  const invChangedOutputs = new Set<string>();
  for (const o of observations) {
    if (!returned(o) || o.purpose === 'repeat') continue;
    const i = soleArgument(ctx.positions, o.input);
    // soleArgument finds a position given a value.
    const xValue = i === null ? undefined : o.input[i]?.value;
    const out = dataOf(o);
    const outValue = out && fromTagged(out);
    if (i === null || xValue === undefined || !out || !outValue) continue;
    // Idempotence speaks of every output f accepts back, of any type (counts of counts are not
    // counts); f(f(x)) == x only where f maps x's type to itself.
    const sameKind = outValue.k === xValue.k;
    const again = lookup(ctx, byKey, withSlot(o.input, i, outValue));
    if (!again || !ran(again) || seen.has(o.key)) continue;
    const r2 = again.record.result;
    if (r2.status === 'raised' && TYPE_ERRORS.has(baseExceptionName(r2.exception?.type ?? ''))) continue; // f(x) is outside f's domain
    seen.add(o.key);
    applicable++;
    const x = toTagged(xValue);
    if (!taggedEqual(out, x)) nontrivial++;
    if (!taggedEqual(out, x)) changedOutputs.add(JSON.stringify(out));
    if (!taggedEqual(out, x) && sameKind) invChangedOutputs.add(JSON.stringify(out));
    if (!taggedEqual(out, x) && sameKind) nontrivialSameKind++;
    const xElems = elementsOf(xValue);
    const outElems = elementsOf(outValue);
    const outSpread = outElems === null || new Set(outElems.map(toSource)).size >= 2;
    if (!taggedEqual(out, x) && outSpread && (sameKind || xElems === null || hasRepeats(xValue))) informative++;
    const value2 = r2.status === 'returned' ? r2.value : undefined;
    const out2 = value2?.data;
    const shown = `${ctx.callText(o)} = ${toSource(outValue)}, but ${ctx.callText(again)} ${value2?.data ? `= ${value2.repr}` : r2.status === 'raised' ? `raises ${r2.exception?.type}` : `gives ${outcomeText(r2)}`}`;
    if (!idemCounter && !(out2 && taggedEqual(out2, out))) idemCounter = shown;
    if (sameKind) invApplicable++;
    if (sameKind && !taggedEqual(out, x)) invNontrivial++;
    // f(f(x)) != x is what refutes an involution: name x, as "f('') = ''" alone reads as no counterexample at all.
    if (sameKind && !invCounter && !(out2 && taggedEqual(out2, x))) invCounter = `${shown}, not ${oneLine(toSource(xValue), QUOTED_VALUE)}`;
    if (sameKind && hasRepeats(xValue)) repeated++;
  }
  if (applicable === 0) return [];
  const verdict = (name: Prop, counter: string | null, law: string, n: number): InferredProperty => {
    if (counter) return refute(name, counter);
    if (n < MIN_EVIDENCE) return inconclusive(name, n);
    // A law seen only where f(x) == x, or only once where it did something, shows little.
    const changed = name === 'involution' ? invNontrivial : nontrivial;
    if (changed < 2) return inconclusive(name, n, `; f(x) != x for only ${changed} of them`);
    const distinct = (name === 'involution' ? invChangedOutputs : changedOutputs).size;
    if (distinct < 2) return inconclusive(name, n, `; where f(x) != x it gave one value alone, so f was applied again to that one only`);
    // Counting [1, 2, 3] gives counts that count the same again; [1, 1, 2] does not. An output of
    // another type needs inputs with repeated elements, and an output of one element is trivially a fixed point.
    // naturaldelta(90) = '1 minute', and a text that is no number comes back as it is: that is
    // not a law of durations but a pass-through (said by pass-through.ts).
    if (name === 'idempotent' && nontrivialSameKind === 0)
      return inconclusive(name, n, '; f(x) != x only where f(x) is of another type than x, and such values came back unchanged');
    if (name === 'idempotent' && informative < 2)
      return inconclusive(name, n, `; only ${informative} of them gave an output of several distinct elements (from repeated elements when the type changed)`);
    const withRepeats = repeated ? `, ${repeated} with repeated elements` : '';
    return claim(name, `${law} for ${n} inputs (${changed} where f(x) != x${withRepeats})`);
  };
  const out = [verdict('idempotent', idemCounter, 'f(f(x)) == f(x)', applicable)];
  if (invApplicable > 0) out.push(verdict('involution', invCounter, 'f(f(x)) == x', invApplicable));
  return out;
}

/** Whether a str or collection holds some element twice (`aab`, `[1, 1, 2]`). */
export function hasRepeats(v: PyValue): boolean {
  const items = elementsOf(v);
  if (!items) return false;
  const seen = new Set(items.map(toSource));
  return seen.size < items.length;
}

/** The list and tuple arguments of a call, as tagged values. */
function sequenceArgs(ctx: InferenceContext, input: Input): TaggedValue[] {
  return input.flatMap(({ value }, i) =>
    value !== undefined && itemAt(ctx.positions, i).role !== 'receiver' && (value.k === 'list' || value.k === 'tuple') ? [toTagged(value)] : [],
  );
}

/** Whether `xs` is `ys` with some elements left out, the rest in the same order. */
function inOrderWithin(xs: TaggedValue[], ys: TaggedValue[]): boolean {
  let j = 0;
  for (const x of xs) {
    const at = ys.findIndex((y, k) => k >= j && taggedEqual(y, x));
    if (at < 0) return false;
    j = at + 1;
  }
  return true;
}

/**
 * Whether a sorted output shows the function ordering something: its elements are in no
 * argument in that order (dedupe([4, 8, 4, 16]) → [4, 8, 16] kept the order it was given);
 * 'none' when no argument holds two elements or more (`divisors(12)`: nothing to order).
 */
function orderingShown(ctx: InferenceContext, input: Input, output: TaggedValue[]): 'shown' | 'kept' | 'none' {
  let sized = false;
  for (const [i, s] of input.entries()) {
    if (s.value === undefined || itemAt(ctx.positions, i).role === 'receiver') continue;
    const items = elementsOf(s.value);
    if (!items || items.length < 2) continue;
    if (inOrderWithin(output, items.map(toTagged))) return 'kept';
    sized = true;
  }
  return sized ? 'shown' : 'none';
}

function sortedness(observations: Observation[], ctx: InferenceContext, notes: InferenceNotes): InferredProperty | null {
  const outputs = observations.filter((o) => returned(o) && o.purpose !== 'repeat');
  const records = recordTuples(outputs.flatMap((o) => o.record.result.value?.data ?? []));
  const cases = records
    ? []
    : outputs.flatMap((o) => {
        const value = o.record.result.value;
        const items = value?.data ? sequenceItems(value.data) : null;
        return value && items && items.length >= 2 ? [{ o, repr: value.repr, items, order: orderOf(items) }] : [];
      });
  if (cases.length === 0) return null;
  const unsorted = cases.find((c) => c.order !== 'asc' && c.order !== 'both');
  if (!unsorted) {
    if (cases.length < MIN_EVIDENCE) return inconclusive('sorted-output', cases.length);
    if (!cases.some((c) => c.order === 'asc')) return inconclusive('sorted-output', cases.length, '; every output held equal elements');
    // Outputs in order only ever kept the order of an input (dedupe([4, 8, 4, 16]) → [4, 8, 16])
    // show no ordering work: [3, 1, 2] may well come back as it was.
    const shown = cases.map((c) => orderingShown(ctx, c.o.input, c.items));
    if (shown.some((x) => x !== 'none') && !shown.includes('shown'))
      return inconclusive('sorted-output', cases.length, '; every output kept the order its elements had in an argument');
    return claim('sorted-output', `${cases.length} list outputs, all in ascending order`);
  }
  const desc = cases.filter((c) => c.order === 'desc');
  if (desc.length >= MIN_EVIDENCE && cases.every((c) => c.order === 'desc' || c.order === 'both')) {
    notes.sortedDescending = `${desc.length} of ${cases.length} sequence outputs in descending order, none ascending`;
  }
  // Sorted output only when the inputs are sorted (a merge): claim it only when the function did
  // some ordering work: its sorted inputs laid end to end were not already in order, and its output
  // is in order within no one argument (merge([1, 3], [2]) → [1, 2, 3]). An output that kept one
  // sorted argument's order (duplicates_removed([10, 20], (1, 2)) → [10, 20]) could not have
  // refuted the law: such calls are no evidence for it.
  const fromSorted = cases.filter((c) => {
    const args = sequenceArgs(ctx, c.o.input);
    return (
      args.length > 0 &&
      args.every((a) => {
        const items = sequenceItems(a);
        const ord = items && orderOf(items);
        return ord === 'asc' || ord === 'both';
      })
    );
  });
  const brokenFromSorted = fromSorted.find((c) => c.order !== 'asc' && c.order !== 'both');
  const work = fromSorted.filter((c) => {
    const joined = sequenceArgs(ctx, c.o.input).flatMap((a) => sequenceItems(a) ?? []);
    const ord = orderOf(joined);
    return ord !== 'asc' && ord !== 'both' && orderingShown(ctx, c.o.input, c.items) === 'shown';
  });
  const counter = `${ctx.callText(unsorted.o)} = ${unsorted.repr}`;
  if (!brokenFromSorted && fromSorted.length >= MIN_EVIDENCE && work.length > 0) {
    notes.sortedOnlyWhenInputsSorted = true;
    return {
      ...claim(
        'sorted-output',
        `when its list arguments are sorted: ${fromSorted.length} outputs, all ascending; unsorted arguments give unsorted output, e.g. ${counter}`,
      ),
      param: 'when-inputs-sorted',
    };
  }
  return refute('sorted-output', counter);
}

/**
 * Tuple outputs that are records, not sequences: every one of the same size, holding lists or
 * tuples (getopt's `(options, arguments)`). The order of a record's fields says nothing of
 * sorting: `([], args)` looks ascending only because an empty list sorts first.
 */
function recordTuples(outputs: TaggedValue[]): boolean {
  const tuples = outputs.filter((t) => t.t === 'tuple');
  if (tuples.length === 0 || tuples.length < outputs.length) return false;
  const items = tuples.map((t) => sequenceItems(t) ?? []);
  if (new Set(items.map((xs) => xs.length)).size !== 1) return false;
  // A slot that held one value in every output while another changed is a field, not an item in
  // an order (guess_decode(data) → (text, 'utf-8')).
  const slots = (items[0] ?? []).map((_, k) => new Set(items.map((xs) => JSON.stringify(xs[k]))).size);
  const fixedField = items.length >= 2 && slots.includes(1) && slots.some((n) => n > 1);
  return fixedField || items.some((xs) => xs.some((x) => x.t === 'list' || x.t === 'tuple'));
}

/** The only sized argument (str, list, tuple, set, dict) of a call, with its position. */
function soleSizedArgument(ctx: InferenceContext, input: Input): { i: number; size: number; value: PyValue } | null {
  const sized = input.flatMap(({ value }, i) => {
    const size = value !== undefined && itemAt(ctx.positions, i).role !== 'receiver' ? sizeOf(toTagged(value)) : null;
    return value !== undefined && size !== null ? [{ i, size, value }] : [];
  });
  const [sole] = sized;
  return sole && sized.length === 1 ? sole : null;
}

function lengthPreservation(observations: Observation[], ctx: InferenceContext): InferredProperty | null {
  let applicable = 0;
  let changed = 0;
  let asciiOnly = true;
  const lengths = new Set<number>();
  for (const o of observations) {
    const value = o.record.result.value;
    const data = value?.data;
    if (!returned(o) || o.purpose === 'repeat' || !value || !data) continue;
    const outLen = sizeOf(data);
    const arg = soleSizedArgument(ctx, o.input);
    if (outLen === null || !arg) continue;
    applicable++;
    if (arg.value.k !== 'str' || !/^\p{ASCII}*$/u.test(arg.value.v)) asciiOnly = false;
    lengths.add(arg.size);
    // Only an output of the input's own type counts as evidence: a dict of groups of a list has as
    // many keys as elements only while no two elements share a key.
    const input = toTagged(arg.value);
    if (data.t === input.t && !taggedEqual(data, input)) changed++;
    if (outLen !== arg.size) {
      return refute(
        'length-preserving',
        `${ctx.callText(o)} = ${value.repr} (length ${outLen}, the ${itemAt(ctx.positions, arg.i).name} argument has ${arg.size})`,
      );
    }
  }
  if (applicable === 0) return null;
  if (applicable < MIN_EVIDENCE) return inconclusive('length-preserving', applicable);
  if (lengths.size < 3) return inconclusive('length-preserving', applicable, `; inputs of only ${lengths.size} different length(s)`);
  // An output equal to its input has its length by necessity: only changed outputs are evidence.
  if (changed < MIN_EVIDENCE) return inconclusive('length-preserving', applicable, `; only ${changed} outputs of the input's type differed from their input`);
  const evidence = `len(output) == len(input) for ${applicable} inputs of ${lengths.size} different lengths (${changed} changed by the call)`;
  // Case mappings change the length of letters beyond ASCII ('ß'.upper() is 'SS', 'İ'.lower() two
  // characters): a law of texts seen on ASCII alone is stated for them alone.
  return asciiOnly ? { ...claim('length-preserving', `${evidence}, all of them ASCII`), param: ASCII_TEXTS } : claim('length-preserving', evidence);
}

/** The domain of a text law seen on ASCII texts only (InferredProperty.param). */
export const ASCII_TEXTS = 'ascii-texts';

function subsetOfInput(observations: Observation[], ctx: InferenceContext): InferredProperty | null {
  let applicable = 0;
  for (const o of observations) {
    const value = o.record.result.value;
    const out = value?.data;
    if (!returned(o) || o.purpose === 'repeat' || !value || !out) continue;
    if (!['list', 'tuple', 'set', 'frozenset'].includes(out.t)) continue;
    const outItems = (out as { v: TaggedValue[] }).v;
    const pool = o.input
      .flatMap((s, i) => (s.value !== undefined && itemAt(ctx.positions, i).role !== 'receiver' ? (elementsOf(s.value) ?? []) : []))
      .map(toTagged);
    const containers = o.input.filter((s) => s.value !== undefined && elementsOf(s.value) !== null);
    if (containers.length === 0 || outItems.length === 0) continue;
    applicable++;
    const stranger = outItems.find((x) => !taggedIn(x, pool));
    if (stranger) return refute('subset-of-input', `${ctx.callText(o)} = ${value.repr}, which holds an element not in the input`);
  }
  if (applicable === 0) return null;
  if (applicable < MIN_EVIDENCE) return inconclusive('subset-of-input', applicable);
  return claim('subset-of-input', `every output element came from the input, in ${applicable} calls with non-empty output`);
}

function commutativity(observations: Observation[], ctx: InferenceContext, byKey: Map<string, Observation>): InferredProperty | null {
  let applicable = 0;
  let anyPair = false;
  const outcomesSeen = new Set<string>();
  const seen = new Set<string>();
  for (const o of observations) {
    if (!returned(o) || o.purpose === 'repeat') continue;
    const pair = swappablePair(ctx.positions, o.input);
    if (!pair) continue;
    const { i, j, a, b, x, y } = pair;
    // Two dicts without a clashing key give the same merge either way round: no evidence either way.
    if (x.k === 'dict' && !dictsClash(x, y)) continue;
    anyPair = true;
    const swapped = lookup(
      ctx,
      byKey,
      o.input.map((s, k) => (k === i ? b : k === j ? a : s)),
    );
    if (!swapped || !ran(swapped)) continue;
    const r2 = swapped.record.result;
    if (r2.status === 'raised' && TYPE_ERRORS.has(baseExceptionName(r2.exception?.type ?? ''))) continue;
    const pairKey = [o.key, swapped.key].sort().join('|');
    if (seen.has(pairKey)) continue;
    seen.add(pairKey);
    applicable++;
    outcomesSeen.add(outcomeText(o.record.result));
    if (!sameOutcome(o.record.result, swapped.record.result)) {
      return refute(
        'commutative',
        `${ctx.callText(o)} = ${outcomeText(o.record.result)}, but ${ctx.callText(swapped)} ${swapped.record.result.status === 'raised' ? 'raises ' : '= '}${outcomeText(swapped.record.result)}`,
      );
    }
  }
  if (!anyPair) return null;
  if (applicable < MIN_EVIDENCE) return inconclusive('commutative', applicable);
  // Pairs that all give the same answer (False for every non-match) cannot tell f(a, b) from f(b, a).
  if (outcomesSeen.size < 2) return inconclusive('commutative', applicable, `; every pair gave ${[...outcomesSeen][0]}`);
  return claim('commutative', `f(a, b) == f(b, a) for ${applicable} pairs of different arguments`);
}

interface Trend {
  param: string;
  pairs: number;
  /** Contexts (values of the other arguments) with at least one ordered pair. */
  contexts: number;
  /** Whether the function was called with other arguments at all, so that one context is not enough. */
  hasOthers: boolean;
  /**
   * An other numeric argument took both signs in calls that returned numbers, but every context
   * with a trend has one sign there: the trend may turn with it (percent change in `new` does).
   */
  signUntested: boolean;
  up: number;
  down: number;
  upExample?: string;
  downExample?: string;
}

/** For each numeric argument other than p: the signs it took in these calls. */
function otherSigns(observations: Observation[], p: number): Map<number, Set<boolean>> {
  const out = new Map<number, Set<boolean>>();
  for (const o of observations) {
    o.input.forEach((s, k) => {
      if (k === p || !s.value || !isNumber(s.value)) return;
      const signs = out.get(k) ?? new Set<boolean>();
      signs.add(s.value.v < 0);
      out.set(k, signs);
    });
  }
  return out;
}

/** Output trend in each numeric parameter, over calls that differ only in that parameter. */
function trends(observations: Observation[], ctx: InferenceContext): Trend[] {
  const out: Trend[] = [];
  ctx.positions.forEach((pos, p) => {
    if (pos.role === 'receiver' || pos.role === 'varkw') return;
    const groups = new Map<string, { x: number; y: number; o: Observation }[]>();
    for (const o of observations) {
      // A call that left the parameter out passed its default: tax(-10) is tax(-10, 0.2), a context too.
      const v = o.input[p]?.value ?? pos.default;
      const data = dataOf(o);
      const y = returned(o) && data ? numericValue(data) : null;
      if (!v || !isNumber(v) || y === null || o.purpose === 'repeat') continue;
      const x = Number(v.v);
      if (Number.isNaN(x)) continue;
      const rest = contextKey(o.input, p);
      const list = groups.get(rest) ?? [];
      if (!list.some((e) => e.x === x)) list.push({ x, y, o });
      groups.set(rest, list);
    }
    const hasOthers = [...groups.keys()].some((k) => (JSON.parse(k) as (string | null)[]).some((x) => x !== null));
    const allSigns = otherSigns(
      [...groups.values()].flat().map((e) => e.o),
      p,
    );
    const trendSigns = otherSigns(
      [...groups.values()].filter((l) => l.length > 1).flatMap((l) => l.map((e) => e.o)),
      p,
    );
    const signUntested = [...allSigns.entries()].some(([k, signs]) => signs.size > 1 && (trendSigns.get(k)?.size ?? 0) < 2);
    const t: Trend = { param: pos.name, pairs: 0, contexts: 0, hasOthers, signUntested, up: 0, down: 0 };
    for (const list of groups.values()) {
      list.sort((a, b) => a.x - b.x);
      if (list.length > 1) t.contexts++;
      for (const [k, hi] of list.entries()) {
        const lo = list[k - 1];
        if (lo === undefined) continue;
        t.pairs++;
        const text = `${ctx.callText(lo.o)} = ${lo.y}, ${ctx.callText(hi.o)} = ${hi.y}`;
        if (hi.y > lo.y) {
          t.up++;
          t.upExample ??= text;
        } else if (hi.y < lo.y) {
          t.down++;
          t.downExample ??= text;
        }
      }
    }
    if (t.pairs > 0) out.push(t);
  });
  return out;
}

function monotonicity(observations: Observation[], ctx: InferenceContext, notes: InferenceNotes): InferredProperty[] {
  const all = trends(observations, ctx);
  if (all.length === 0) return [];
  const verdict = (name: Prop, direction: 'increasing' | 'decreasing'): InferredProperty => {
    const along = (t: Trend): number => (direction === 'increasing' ? t.up : t.down);
    const against = (t: Trend): number => (direction === 'increasing' ? t.down : t.up);
    const enoughContexts = (t: Trend): boolean => !t.hasOthers || (t.contexts >= 2 && !t.signUntested);
    // Strict moves are the evidence: pairs with equal outputs fit any trend.
    const holding = all.filter((t) => along(t) >= MIN_EVIDENCE && enoughContexts(t) && against(t) === 0);
    if (holding.length) {
      for (const t of holding) notes.monotonicIn.push({ param: t.param, direction });
      const contexts = (t: Trend): string => (t.hasOthers ? ` with ${t.contexts} different sets of other arguments` : '');
      // Named by its parameters: increasing in n says nothing of k.
      return {
        ...claim(
          name,
          holding.map((t) => `in ${t.param}: ${t.pairs} ordered pairs${contexts(t)}, ${along(t)} strictly ${direction}, none the other way`).join('; '),
        ),
        param: holding.map((t) => t.param).join(', '),
      };
    }
    const broken = all.find((t) => against(t) > 0);
    if (broken) return refute(name, `in ${broken.param}: ${direction === 'increasing' ? broken.downExample : broken.upExample}`);
    const most = Math.max(...all.map(along));
    const move = `strict ${direction === 'increasing' ? 'increase' : 'decrease'}`;
    const moves = { one: `${move} along one parameter`, many: `${move}s along one parameter` };
    return inconclusive(name, most, most < MIN_EVIDENCE ? '' : ', but with too few different values of the other arguments', moves);
  };
  return [verdict('monotonic-increasing', 'increasing'), verdict('monotonic-decreasing', 'decreasing')];
}
