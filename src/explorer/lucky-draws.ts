// A function that draws at random may return for some arguments only by luck of the draw:
// oauthlib's generate_client_id(3, chars) picks `chars[i]` for drawn indexes i, so a dict holding
// some of those indexes as keys returns only when every index drawn is one, and raises KeyError
// otherwise. A line resting on such a call says what it gives where most draws raise (the re-check's
// eight draws of it all raised). Daikon's bar, applied to draws: a call supports a line only where
// its kind of call was seen to return in more than a few draws. A call is lucky here when the calls
// of its kind (the same class at each position) mostly raised one exception, one of those calls
// raised it otherwise when run again (KeyError: 2, then KeyError: 5: the draw, not the arguments,
// decides), and no other draw of the call itself returned. A raise that comes again alike (randrange's
// "empty range") is the arguments', and the calls that returned beside it are no luck.
// describe.ts leaves lucky calls out of every line and says so, plainly.
import type { Observation } from './inputs.js';
import { printedAlike } from './repeatable.js';

/** A kind of call that returned in only some draws: the calls that did, and how many calls of the kind there were. */
export interface LuckyKind {
  /** The calls that returned. */
  returned: Observation[];
  /** The calls of the kind that raised. */
  raised: Observation[];
  /** The exception most of them raised. */
  type: string;
  /** How many calls of the kind ran (returned or raised). */
  calls: number;
}

/** A kind returns by luck when at most this share of its calls returned. */
const LUCKY_SHARE = 1 / 3;
/** Calls of one kind, at least, before its share says anything. */
const LEAST_CALLS = 4;

/** The class at each position, with left-out arguments as such: what makes calls of one kind. */
function kindOf(o: Observation): string {
  return o.input.map((s) => (s.value === undefined ? '-' : s.cls)).join('|');
}

/** Whether a call that raised gave something else run again: its second run in its process, or a re-run of it (and that one's second run). */
function raisedOtherwiseAgain(o: Observation, observations: Observation[]): boolean {
  return observations.some(
    (r) => (r === o || r.repeats === o) && (r.record.result.again?.same === false || (r !== o && !printedAlike(r.record.result, o.record.result))),
  );
}

/** A kind of call whose share of returns may be luck: the calls that returned, those that raised, and the exception most raised. */
interface Candidate extends LuckyKind {
  /** Whether one of its calls that raised that exception raised it otherwise when run again (a draw, not the arguments). */
  drawn: boolean;
}

/** The kinds of call that returned in at most LUCKY_SHARE of at least LEAST_CALLS calls, most of which raised one exception, with their calls that returned not seen to return again. */
function candidates(observations: Observation[], seenAgain: (o: Observation) => boolean): Candidate[] {
  const own = observations.filter((o) => o.purpose !== 'repeat' && (o.record.result.status === 'returned' || o.record.result.status === 'raised'));
  const kinds = new Map<string, Observation[]>();
  for (const o of own) kinds.set(kindOf(o), [...(kinds.get(kindOf(o)) ?? []), o]);
  return [...kinds.values()].flatMap((calls) => {
    const returned = calls.filter((o) => o.record.result.status === 'returned');
    const raised = calls.filter((o) => o.record.result.status === 'raised');
    if (calls.length < LEAST_CALLS || returned.length === 0 || returned.length > calls.length * LUCKY_SHARE) return [];
    // The exception most of them raised, which must be most of the kind's calls, with messages that differ.
    const types = [...new Set(raised.map((o) => o.record.result.exception?.type ?? ''))];
    const [type] = types
      .map((t) => ({ t, n: raised.filter((o) => o.record.result.exception?.type === t).length }))
      .sort((a, b) => b.n - a.n)
      .filter(({ n }) => n * 2 >= calls.length)
      .map(({ t }) => t);
    const drawn = raised.some((o) => o.record.result.exception?.type === type && raisedOtherwiseAgain(o, observations));
    const lucky = returned.filter((o) => !seenAgain(o));
    return type && lucky.length ? [{ returned: lucky, raised, type, calls: calls.length, drawn }] : [];
  });
}

/**
 * The kinds of call of a function that draws which returned only by luck, each with its calls that
 * returned not seen to return in another draw (`seenAgain`: a second run or a re-run that returned).
 */
export function luckyKinds(observations: Observation[], seenAgain: (o: Observation) => boolean): LuckyKind[] {
  return candidates(observations, seenAgain).flatMap(({ drawn, ...kind }) => (drawn ? [kind] : []));
}

/**
 * For each kind of call that would return by luck if its raise came from the draw, but none of whose
 * raises was run again to tell (the raise lines' checks re-run only the first lines' calls), one such
 * raise: explorer.ts runs it again, twice in its process, after the budget (checkLuck).
 */
export function luckToCheck(observations: Observation[], seenAgain: (o: Observation) => boolean): Observation[] {
  return candidates(observations, seenAgain).flatMap((k) => {
    if (k.drawn) return [];
    const ran = (o: Observation): boolean => observations.some((r) => r.repeats === o);
    const ofKind = k.raised.filter((o) => o.record.result.exception?.type === k.type);
    // One of them already run again alike: the arguments raise it, and nothing is left to check.
    return ofKind.some(ran) ? [] : ofKind.slice(0, 1);
  });
}
