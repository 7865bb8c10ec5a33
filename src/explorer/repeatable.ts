// One definition of a result a reader can repeat, for the examples, the summary's calls and the
// determinism property. Every call runs in a fresh fork of one warm worker, so the re-runs that
// determinism rests on all start from the same state. A result is still no example when it shows
// a memory address (address-repr.ts), the clock (clock.ts) or the probing process
// (worker-identity.ts), or when the same call gave another result run a second time in its
// process (ProbeResult.again): a module's or a class's counter, a value seeded from the OS at
// import, a descriptor number. What a user calling it twice in one interpreter would see.
import { showsAddress, withoutAddresses } from '../core/address-repr.js';
import type { ProbeResult, RenderedValue, SecondRun, TaggedValue } from '../core/probe-types.js';
import { showsTheClock } from './clock.js';
import type { Observation } from './inputs.js';
import { showsTheWorker } from './worker-identity.js';

/** Whether a shown result (a repr or a message) is free of addresses, object ids, the clock and the worker. */
export function repeatableText(text: string): boolean {
  return !showsAddress(text) && !showsObjectId(text) && !showsTheClock(text) && !showsTheWorker(text);
}

/** The second runs (ProbeResult.again) that ran and gave something else than the call's first run. */
export function changedWhenRunAgain(observations: Observation[]): { o: Observation; again: SecondRun }[] {
  return observations.flatMap((o) => {
    const again = o.record.result.again;
    return again && !again.same && (again.status === 'returned' || again.status === 'raised') ? [{ o, again }] : [];
  });
}

/**
 * A call that returned the current date or time (formatdate(), datetime.now()): the determinism
 * re-runs, a moment apart, give the same, the next day's call does not. The property is not
 * stated of such a function, as no such result is an example.
 */
export function showingTheClock(observations: Observation[]): Observation | undefined {
  return observations.find((o) => o.record.result.status === 'returned' && showsTheClock(o.record.result.value?.repr ?? ''));
}

/**
 * The second runs that returned another value, each as an observation of its call, for a law of
 * the values to hold on them too (randbytes(n) gives n bytes however often it is called; a
 * counter's `tag#1` is no template); null when one did not return plain data (SecondRun.data),
 * and then no law of the values is stated.
 */
export function secondRunsAsCalls(observations: Observation[]): Observation[] | null {
  const out: Observation[] = [];
  for (const { o, again } of changedWhenRunAgain(observations)) {
    const first = o.record.result.value;
    if (!first || again.status !== 'returned' || again.data === undefined) return null;
    const call = o.repeats ?? o;
    const result = { ...o.record.result, value: { type: first.type, repr: again.shown ?? '', truncated: false, data: again.data } };
    out.push({ ...o, purpose: call.purpose, record: { ...o.record, result } });
  }
  return out;
}

/**
 * CPython's id() of an object as a number in a text: its address, in 64-bit Linux's user space
 * (the heap from 0x5500_0000_0000, mmap below 0x8000_0000_0000), a multiple of 8. Another process
 * puts the object elsewhere whatever its random seed (pluggy's `str(id(plugin))`).
 */
const OBJECT_ID = /\b\d{14,15}\b/g;
const LOWEST_ID = 0x5500_0000_0000;
const HIGHEST_ID = 0x7fff_ffff_ffff;

/** The folder of its own each call runs in (python/pau_probe/worker.py, `calls/call-N`), as one name. */
function withoutCallFolders(text: string): string {
  return text.replace(/([\\/])calls\1call-\d+(?=[\\/'"]|$)/g, '$1calls$1call-…');
}

function withoutObjectIds(text: string): string {
  return text.replace(OBJECT_ID, (digits) => {
    const n = Number(digits);
    return n >= LOWEST_ID && n <= HIGHEST_ID && n % 8 === 0 ? 'id…' : digits;
  });
}

/**
 * Whether a text shows what looks like an object's id(): the forks of one warm worker give the same
 * object the same id, so every re-run agrees, but a new process (the user's) gives another.
 */
export function showsObjectId(text: string): boolean {
  return withoutObjectIds(text) !== text;
}

/**
 * A call that returned what looks like an object's id() (pluggy's `register` returns
 * `str(id(plugin))`): re-runs in forks agree, a new process does not, so no "deterministic".
 */
export function showingAnObjectId(observations: Observation[]): Observation | undefined {
  return observations.find((o) => o.record.result.status === 'returned' && showsObjectId(o.record.result.value?.repr ?? ''));
}

/**
 * Whether two runs of one call may differ for a reason no random seed holds: they differ only in
 * the addresses or ids of objects (another process), or the folder each call runs in (the worker's
 * `calls/call-N`: `ZipFile.extract` gives the path it wrote to), or one shows the clock (another moment). A
 * change of random seed between such runs does not show that the seed moved the result.
 */
export function movedWithoutTheSeed(a: ProbeResult, b: ProbeResult): boolean {
  const shown = (r: ProbeResult): string => `${r.value?.repr ?? ''} ${r.exception?.message ?? ''}`;
  if (showsTheClock(shown(a)) || showsTheClock(shown(b))) return true;
  const masked = (r: ProbeResult): string =>
    withoutCallFolders(withoutObjectIds(withoutAddresses(JSON.stringify([r.status, r.value, r.exception, r.mutations]))));
  return masked(a) === masked(b);
}

/**
 * Whether two runs of one call printed the same: status, repr and the items iterated, or the
 * exception's type and message. Stricter than sameOutcome, whose equal dicts may print their keys
 * in another order: an example shows what was printed.
 */
export function printedAlike(a: ProbeResult, b: ProbeResult): boolean {
  const printed = (r: ProbeResult): string => JSON.stringify([r.status, r.value?.repr, r.value?.iteration, r.exception?.type, r.exception?.message]);
  return printed(a) === printed(b);
}

/** A dict key whose hash() another hash seed changes: text, bytes, an object, or a tuple holding one. */
function seededHash(key: TaggedValue): boolean {
  if (key.t === 'tuple' || key.t === 'frozenset') return key.v.some(seededHash);
  return !['none', 'bool', 'int', 'float', 'complex'].includes(key.t);
}

/** A dict literal (innermost) of two or more keys, one of them text, in a repr: what a value that is no plain data shows. */
function textKeyedDictIn(repr: string): boolean {
  return [...repr.matchAll(/\{([^{}]*)\}/g)].some(([, body = '']) => (body.match(/:\s/g) ?? []).length >= 2 && /(?:^|,\s*)b?['"]/.test(body));
}

/**
 * Whether a result prints its items in an order that may follow the hash seed: a dict of two or
 * more keys whose hash() the seed changes (toolz's dissoc fills one from a set of text), at any
 * depth. Sets are printed with their items sorted (the worker's repr), so they do not.
 */
export function orderMayFollowHash(value: RenderedValue | undefined): boolean {
  if (!value) return false;
  const walk = (v: TaggedValue): boolean =>
    v.t === 'dict'
      ? (v.v.length >= 2 && v.v.some(([k]) => seededHash(k))) || v.v.some(([k, x]) => walk(k) || walk(x))
      : v.t === 'list' || v.t === 'tuple' || v.t === 'set' || v.t === 'frozenset'
        ? v.v.some(walk)
        : false;
  return value.data ? walk(value.data) : textKeyedDictIn(value.repr);
}

/**
 * Whether a re-run in an interpreter of another hash seed printed a call's result otherwise than its
 * first run; `of`: only the re-runs of calls it accepts.
 */
export function printedOtherwiseUnderAnotherHashSeed(observations: Observation[], of: (first: Observation) => boolean = () => true): boolean {
  return observations.some(
    (r) => r.hashSeed !== undefined && r.repeats !== undefined && of(r.repeats) && !printedAlike(r.repeats.record.result, r.record.result),
  );
}

/**
 * Whether a call's result, quoted anywhere in a description (a summary's calls, a raise line's
 * contrast), prints the same in the reader's Python: one whose order cannot follow the hash seed,
 * or one a re-run in an interpreter of another hash seed printed alike (explorer.ts runs the calls
 * quoted, quotedToCheck in describe.ts). Never once any call printed otherwise there: the
 * function's orders follow the seed, and one other seed agreeing may be chance (two keys).
 */
export function printsAlikeUnderAnyHashSeed(o: Observation, observations: Observation[]): boolean {
  const checkedAlike = (): boolean => observations.some((r) => r.repeats === o && r.hashSeed !== undefined && printedAlike(o.record.result, r.record.result));
  // A result with no order to follow the seed may still be made of hash() itself (colour's hash_or_str
  // returns hash((type name, obj))): once such a result printed otherwise under another seed, those
  // are quoted only where their own re-run there printed alike.
  const orderless = (c: Observation): boolean => !orderMayFollowHash(c.record.result.value);
  if (orderless(o)) return !printedOtherwiseUnderAnotherHashSeed(observations, orderless) || checkedAlike();
  if (printedOtherwiseUnderAnotherHashSeed(observations)) return false;
  return checkedAlike();
}

/**
 * Whether calls that all printed one shape of result (the same keys in the same order: result-shape.ts)
 * print it so in the reader's Python: none of them may follow the hash seed, or one that may was re-run
 * in an interpreter of another hash seed and printed alike (the same keys come in every call, so one
 * checked stands for all); never once any call printed otherwise there (printsAlikeUnderAnyHashSeed).
 */
export function shapePrintsAlike(calls: Observation[], observations: Observation[]): boolean {
  const seeded = calls.filter((o) => orderMayFollowHash(o.record.result.value));
  return seeded.length === 0 || seeded.some((o) => printsAlikeUnderAnyHashSeed(o, observations));
}
