// The extra probes that property inference needs and ordinary exploration rarely makes: real
// re-runs (determinism), f(f(x)) (idempotence, involution), f(b, a) (commutativity), sorted
// versions of list arguments (sorted output of a merge) and ladders of numbers (monotonicity).
import type { CallRequest } from '../core/probe-types.js';
import { itemAt } from '../core/item-at.js';
import { orderOf, sequenceItems, numericValue, taggedEqual } from './compare.js';
import type { Input, Observation, Position, Purpose } from './inputs.js';
import { requestKey, toRequest } from './inputs.js';
import { sortedCopy } from './mutate.js';
import { clashingDict, dictsClash, hasRepeats, plainRerun, seededChange, soleArgument, swappablePair, withSlot } from './properties.js';
import { elementsOf, float, fromTagged, int, isConstructorCall, isNumber, toSource, toTagged, type PyValue } from './values.js';
import { returnedExamples } from './ordinary.js';
import { renderCall } from '../core/format.js';

export interface PlannedProbe {
  input: Input;
  purpose: Purpose;
  note: string;
  /** Determinism re-runs send exactly the request they repeat, asking the session to run it afresh. */
  request?: CallRequest;
  repeats?: Observation;
  /** Determinism re-runs under another seed of Python's `random` than the worker's 0. */
  seed?: number;
  /** A determinism re-run in an interpreter of another hash seed (set order, hash() of text). */
  hashSeed?: number;
  /** A determinism re-run whose second run in its process comes after this other call (CallOptions.againAfter). */
  after?: Observation;
}

/**
 * Determinism wants this many real re-runs: the first in an interpreter of another hash seed
 * (set order and hash() of text differ in the user's Python, while the worker's calls all share
 * seed 0), the others in the worker under other random seeds (a change there is randomness).
 */
const REPEATS = 3;
export const RESEEDS = [12345, 987654] as const;
/** Any hash seed but the worker's 0 would do; this one is fixed so that runs repeat. */
export const HASH_SEED = 4242;

const INT_LADDER = [-10, 0, 1, 5, 100, -1, 2, 10, 1000];
const FLOAT_LADDER = [-10.5, 0.0, 1.5, 5.25, 100.0, -0.5, 2.0];

const usable = (o: Observation): boolean => o.record.result.status === 'returned' && o.purpose !== 'repeat';

/** The determinism re-runs made of calls that returned (a session's cache answers none of them). */
function returnedRepeats(observations: Observation[]): Observation[] {
  return observations.filter((o) => o.purpose === 'repeat' && o.record.origin !== 'cache' && o.repeats?.record.result.status === 'returned');
}

/**
 * Determinism re-runs still to make: none before a call returned. Only a call that returned shows
 * the function's work (determinism in properties.ts), and only then may a returned call be an
 * example; re-runs of calls that raised spent the budget of statistics.covariance (newuser5's
 * trial), whose first call to return came after them, so it showed no returned example at all.
 */
export function repeatsWanted(observations: Observation[]): number {
  return observations.some(usable) ? Math.max(0, REPEATS - returnedRepeats(observations).length) : 0;
}

function repeatPlans(observations: Observation[], positions: Position[]): PlannedProbe[] {
  const done = returnedRepeats(observations);
  const wanted = repeatsWanted(observations);
  if (wanted <= 0) return [];
  const pool = observations.filter(usable).filter((o) => !done.some((d) => d.repeats === o));
  // Spread the picks over the run rather than re-running the first few discoveries; with fewer
  // inputs than re-runs wanted (a function of no arguments), re-run the same one again.
  const spread = [...new Set([pool.length - 1, Math.floor(pool.length / 2), Math.floor(pool.length / 4), 0, Math.floor((3 * pool.length) / 4)])];
  // The hash-seed re-run goes to a likely example, the one with the most in it (Color(1, 2)
  // rather than Color()): the more the call hashes, the likelier a hash seed shows.
  const callText = (o: Observation): string => renderCall('f', o.request);
  const likely = returnedExamples(pool.filter(usable), positions, () => true, callText, false).sort((a, b) => callText(b).length - callText(a).length)[0];
  const plain = plainestReceiver(pool, positions);
  const picks = [...new Set([...(likely ? [likely] : []), ...(plain ? [plain] : []), ...spread.flatMap((i) => pool[i] ?? [])])];
  const base = picks.length ? picks : observations.filter(usable);
  if (base.length === 0) return [];
  return Array.from({ length: wanted }, (_, k) => itemAt(base, k % base.length)).map((o, k) => {
    const n = done.length + k;
    const seed = n === 0 ? undefined : RESEEDS[(n - 1) % RESEEDS.length];
    if (seed === undefined) return hashedRepeat(o);
    // The last re-run: a call that another one extends, run again after that other one.
    const pair = n === REPEATS - 1 ? extendedPair(pool) : undefined;
    if (pair)
      return {
        input: pair.o.input,
        purpose: 'repeat' as const,
        note: `determinism: the same call under random seed ${seed}, and again after ${callText(pair.after)}`,
        request: pair.o.request,
        repeats: pair.o,
        seed,
        after: pair.after,
      };
    return { input: o.input, purpose: 'repeat' as const, note: `determinism: the same call under random seed ${seed}`, request: o.request, repeats: o, seed };
  });
}

/**
 * The call a re-run under another random seed changed (seededChange), once more under the worker's
 * own seed 0, later: what it gave first again shows the seed made the change (a random draw); what
 * the seeded re-run gave shows the result moved with time whatever the seed (boltons' gzip_bytes
 * writes the clock into its header), which is no randomness (properties.ts).
 */
export function seedCheck(observations: Observation[]): PlannedProbe[] {
  const changed = seededChange(observations);
  if (!changed || plainRerun(observations, changed.first)) return [];
  const { first } = changed;
  return [{ input: first.input, purpose: 'repeat', note: 'determinism: the same call under seed 0 again', request: first.request, repeats: first }];
}

/**
 * A call that returned and another that returned with the same arguments and more
 * (bindtextdomain('d') and bindtextdomain('d', 'x')), the fewest arguments first: the first run
 * again after the second shows a result that depends on what other calls filed (a registry),
 * which no call run twice on its own can show.
 */
function extendedPair(pool: Observation[]): { o: Observation; after: Observation } | undefined {
  const given = (o: Observation): number => o.input.filter((s) => s.value !== undefined).length;
  const extends_ = (e: Observation, o: Observation): boolean =>
    given(e) > given(o) &&
    o.input.every((s, i) => s.value === undefined || (e.input[i]?.value !== undefined && toSource(s.value) === toSource(e.input[i].value)));
  const returned = pool.filter(usable).sort((a, b) => given(a) - given(b));
  for (const o of returned) {
    const after = returned.find((e) => e !== o && extends_(e, o));
    if (after) return { o, after };
  }
  return undefined;
}

/**
 * A method's call on the receiver built with the fewest constructor arguments (`Random()` rather
 * than `Random(100)`): the construction that leaves the most to the class (a seed from the OS,
 * the clock, a counter). Its re-run, and the re-run's second run in its process, build that
 * receiver again, so a receiver no two builds of which agree refutes determinism.
 */
function plainestReceiver(pool: Observation[], positions: Position[]): Observation | undefined {
  const at = positions.findIndex((p) => p.role === 'receiver');
  const size = (o: Observation): number => {
    const r = at < 0 ? undefined : o.input[at]?.value;
    return r && isConstructorCall(r) ? r.args.length : Infinity;
  };
  return pool.filter((o) => size(o) < Infinity).sort((a, b) => size(a) - size(b))[0];
}

function hashedRepeat(o: Observation, why = 'determinism'): PlannedProbe {
  return {
    input: o.input,
    purpose: 'repeat',
    note: `${why}: the same call in an interpreter of hash seed ${HASH_SEED}`,
    request: o.request,
    repeats: o,
    hashSeed: HASH_SEED,
  };
}

/** How the re-runs explorer.ts makes after the budget are noted: an example's, a quoted call's, a raise line's, a draw's (luckCheck). */
const CHECKS = { example: 'example check', quote: 'quote check', raise: 'raise check', luck: 'luck check' } as const;

/** An applied call (its result called in turn) once more in an interpreter of another hash seed: what it gave is then a result, not one run's. */
export function appliedCheck(o: Observation): PlannedProbe {
  return hashedRepeat(o, 'what it returned, called again');
}

/** An example's call once more in an interpreter of another hash seed, before the report shows it. */
export function exampleCheck(o: Observation): PlannedProbe {
  return hashedRepeat(o, CHECKS.example);
}

/** A call the summary or a raise line quotes, once more in an interpreter of another hash seed (describe.ts, quotedToCheck). */
export function quoteCheck(o: Observation): PlannedProbe {
  return hashedRepeat(o, CHECKS.quote);
}

/**
 * A raise line's call once more, run a second time in its process after the line's contrast call
 * (CallOptions.againAfter): a raise that comes only in a fresh interpreter (humanize's activate
 * raises for a locale it has not loaded yet, and returns it once another call has) shows there.
 */
export function raiseCheck(raised: Observation, contrast: Observation): PlannedProbe {
  return {
    input: raised.input,
    purpose: 'repeat',
    note: `${CHECKS.raise}: the same call again after its contrast call`,
    request: raised.request,
    repeats: raised,
    after: contrast,
  };
}

/**
 * A call that raised, once more and a second time in its process (a re-run asks for `again`): for a
 * function that draws, a raise that comes otherwise there is the draw's (lucky-draws.ts).
 */
export function luckCheck(raised: Observation): PlannedProbe {
  return {
    input: raised.input,
    purpose: 'repeat',
    note: `${CHECKS.luck}: the same call again, twice in its process`,
    request: raised.request,
    repeats: raised,
  };
}

/** Whether a probe's note is one of the re-runs made after the budget (exampleCheck, quoteCheck, raiseCheck, luckCheck). */
export function afterBudget(note: string | undefined): boolean {
  return Object.values(CHECKS).some((c) => note?.startsWith(`${c}: `) === true);
}

/**
 * Whether a call of f on its own output already refuted both laws f(f(x)) tests: idempotence
 * (f(f(x)) came back other than f(x)) and involution (other than x), on an output of the input's
 * own kind. More such calls (greet('Hi hello!'), greet('Hi Hi hello!!')) would teach nothing.
 */
export function reapplyRefuted(observations: Observation[], positions: Position[]): boolean {
  return observations.some((r) => {
    const i = r.purpose === 'reapply' && usable(r) ? soleArgument(positions, r.input) : null;
    const fed = i === null ? undefined : r.input[i]?.value;
    const out = r.record.result.value?.data;
    if (i === null || !fed || !out || taggedEqual(out, toTagged(fed))) return false;
    // The call whose output was fed back: its own argument, of the same kind, is not what came back.
    return observations.some((o) => {
      const x = usable(o) && o.purpose !== 'reapply' && soleArgument(positions, o.input) === i ? o.input[i]?.value : undefined;
      const y = o.record.result.value?.data;
      return x !== undefined && x.k === fed.k && y !== undefined && taggedEqual(y, toTagged(fed)) && !taggedEqual(out, toTagged(x));
    });
  });
}

/**
 * A value's shape, as far as a law of it may care: for a text, which kinds of character it holds
 * (letters, digits, white space, others; or none), for a list its kinds of items; else its type.
 */
function shapeOf(v: PyValue): string {
  if (v.k === 'str') {
    const kinds = [/\p{L}/u, /\p{N}/u, /\s/u, /[^\p{L}\p{N}\s]/u].map((re, k) => (re.test(v.v) ? 'LNWO'[k] : '')).join('');
    return `str:${kinds || 'empty'}`;
  }
  const items = elementsOf(v);
  return items ? `${v.k}:${[...new Set(items.map((x) => x.k))].sort().join(',') || 'empty'}` : v.k;
}

function reapplyPlans(observations: Observation[], positions: Position[]): PlannedProbe[] {
  if (reapplyRefuted(observations, positions)) return [];
  const made = new Set(observations.map((o) => o.key));
  // The shapes f(f(x)) was tried on already: an output of another shape (inspect.cleandoc's ' ', white
  // space alone, among outputs with letters) goes first, since a law of text breaks at its edges.
  const fed = new Set(
    observations.flatMap((o) => {
      const i = o.purpose === 'reapply' ? soleArgument(positions, o.input) : null;
      const v = i === null ? undefined : o.input[i]?.value;
      return v ? [shapeOf(v)] : [];
    }),
  );
  const plans: { plan: PlannedProbe; changed: boolean; telling: boolean; novel: boolean }[] = [];
  // Latest first: the verification's breakers (syntax-breakers.ts: `=3Daa`, whose output `=aa` is
  // an escape again) come after the rest, and their f(f(x)) is what the remaining budget is for.
  for (const o of [...observations].reverse()) {
    const i = soleArgument(positions, o.input);
    // soleArgument finds a position given a value.
    const x = i === null ? undefined : o.input[i]?.value;
    const out = o.record.result.value?.data;
    const value = usable(o) && x !== undefined && out ? fromTagged(out) : null;
    // Outputs of another type are fed back too: idempotence speaks of every output f accepts.
    if (i === null || x === undefined || !out || !value) continue;
    const changed = !taggedEqual(out, toTagged(x));
    // The cases idempotence is judged on (properties.ts): same type out, or repeated elements in.
    const telling = changed && (value.k === x.k || hasRepeats(x));
    const input = withSlot(o.input, i, value);
    // A call made already is no new plan: the ones after it would otherwise fall outside the slice taken.
    if (made.has(requestKey(toRequest(positions, input)))) continue;
    const novel = telling && !fed.has(shapeOf(value));
    if (novel) fed.add(shapeOf(value)); // one plan per new shape
    plans.push({ plan: { input, purpose: 'reapply', note: `f(f(x)) with x = ${toSource(x)}` }, changed, telling, novel });
  }
  // Inputs the function changed say more about idempotence and involution than fixed points.
  return [
    ...plans.filter((p) => p.novel),
    ...plans.filter((p) => p.telling && !p.novel),
    ...plans.filter((p) => p.changed && !p.telling),
    ...plans.filter((p) => !p.changed),
  ].map((p) => p.plan);
}

function swapPlans(observations: Observation[], positions: Position[]): PlannedProbe[] {
  const plans: PlannedProbe[] = [];
  for (const o of observations) {
    const pair = usable(o) ? swappablePair(positions, o.input) : null;
    if (!pair) continue;
    const { i, j, a, b, x, y } = pair;
    // Two dicts with no key in common merge alike either way round: the pair is made to clash first
    // (merge({'a': 1}, {'a': 2})), as one would try at a REPL, and that pair is swapped.
    const clash = x.k === 'dict' && !dictsClash(x, y) ? clashingDict(x, y) : undefined;
    if (clash) {
      plans.push({ input: withSlot(o.input, j, clash), purpose: 'swap', note: 'commutativity: the dicts given a key in common, with different values' });
      plans.push({ input: withSlot(withSlot(o.input, i, clash), j, x), purpose: 'swap', note: 'commutativity: the clashing dicts swapped' });
      continue;
    }
    plans.push({ input: o.input.map((s, k) => (k === i ? b : k === j ? a : s)), purpose: 'swap', note: 'commutativity: the same arguments swapped' });
  }
  return plans;
}

function sortedInputPlans(observations: Observation[], positions: Position[]): PlannedProbe[] {
  const seqOut = observations.flatMap((o) => {
    const data = o.record.result.value?.data;
    const items = usable(o) && data ? sequenceItems(data) : null;
    return items ? [{ o, items }] : [];
  });
  const anyUnsorted = seqOut.some(({ items }) => {
    const ord = orderOf(items);
    return ord !== 'asc' && ord !== 'both';
  });
  if (!anyUnsorted) return [];
  const plans: PlannedProbe[] = [];
  for (const { o } of seqOut) {
    let changed = false;
    const input = o.input.map((s, k) => {
      if (!s.value || itemAt(positions, k).role === 'receiver' || (s.value.k !== 'list' && s.value.k !== 'tuple')) return s;
      const sorted = sortedCopy(s.value);
      if (toSource(sorted) !== toSource(s.value)) changed = true;
      return { cls: s.cls, value: sorted };
    });
    if (changed) plans.push({ input, purpose: 'sorted', note: 'the same lists, sorted' });
  }
  return plans;
}

/**
 * For each numeric parameter: calls with that number moved along a ladder, in two contexts (the
 * other arguments) when there are others, since a trend seen with one context may turn with another.
 */
function ladderPlans(observations: Observation[], positions: Position[]): PlannedProbe[][] {
  const first: PlannedProbe[][] = [];
  const second: PlannedProbe[][] = [];
  positions.forEach((pos, p) => {
    if (pos.role !== 'positional' && pos.role !== 'keyword') return;
    const candidates = observations.filter((o) => {
      const v = o.input[p]?.value;
      const out = o.record.result.value?.data;
      return usable(o) && v && isNumber(v) && out && numericValue(out) !== null;
    });
    // Bases whose arguments are most varied first: clamp(3, 0, 10) tells more than clamp(3, 3, 3).
    const spread = (o: Observation): number => new Set(o.input.map((s) => (s.value ? toSource(s.value) : ''))).size;
    const ranked = [...candidates].sort((a, b) => spread(b) - spread(a));
    const bases: Observation[] = ranked.slice(0, 1);
    // The second context as unlike the first as there is: a trend may turn with another sign of b.
    const unlike = (o: Observation): number =>
      o.input.reduce((score, s, k) => {
        const other = bases[0]?.input[k]?.value;
        if (k === p || !s.value || !other || toSource(s.value) === toSource(other)) return score;
        const signFlip = isNumber(s.value) && isNumber(other) && s.value.v < 0 !== other.v < 0;
        return score + (signFlip ? 3 : 1);
      }, 0);
    const unlikeBase = ranked.filter((o) => bases[0] && unlike(o) > 0).sort((a, b) => unlike(b) - unlike(a))[0];
    if (unlikeBase) bases.push(unlikeBase);
    bases.forEach((base, n) => {
      const isInt = base.input[p]?.value?.k === 'int';
      const values = isInt ? INT_LADDER.map(int) : FLOAT_LADDER.map(float);
      const ladder = (n === 0 ? values : [...values.slice(4), ...values.slice(0, 4)]).slice(0, 5).map((v) => ({
        input: withSlot(base.input, p, v, isInt ? 'int' : 'float'),
        purpose: 'ladder' as const,
        note: `monotonicity in ${pos.name}: ${toSource(v)}`,
      }));
      (n === 0 ? first : second).push(ladder);
    });
  });
  return [...first, ...second];
}

/** All planned probes, interleaved so that a small budget still touches every property. */
export function planPropertyProbes(observations: Observation[], positions: Position[]): PlannedProbe[] {
  // Re-runs first: determinism applies to every function and costs three probes.
  const out: PlannedProbe[] = repeatPlans(observations, positions);
  const lists = [
    reapplyPlans(observations, positions).slice(0, 6),
    swapPlans(observations, positions).slice(0, 5),
    sortedInputPlans(observations, positions).slice(0, 4),
    ...ladderPlans(observations, positions),
  ];
  for (let round = 0; lists.some((l) => round < l.length); round++) {
    for (const l of lists) {
      const plan = l[round];
      if (plan) out.push(plan);
    }
  }
  return out;
}

export function plannedRequest(positions: Position[], plan: PlannedProbe): CallRequest {
  return plan.request ?? toRequest(positions, plan.input);
}
