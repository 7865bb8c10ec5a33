// The offline explorer's probing loop: discover which input classes each parameter accepts,
// sweep their edge cases, mutate inputs that reached new code, then make the probes property
// inference needs. Every call goes through the session's ProbeFn, which records it.
import type { ArgumentClass, FunctionInfo, ParameterInfo } from '../core/probe-types.js';
import { positionalOf } from '../core/probe-types.js';
import type { ProbeRecord } from '../core/session-types.js';
import type { OfflineOptions, ProbeFn } from '../core/run-types.js';
import type { Input, Observation, Position, Purpose, Slot } from './inputs.js';
import {
  TYPE_ERRORS,
  baseExceptionName,
  buildPositions,
  classOfValue,
  contextKey,
  labelledPositions,
  requestKey,
  slotClassOf,
  toRequest,
  typesAccepted,
} from './inputs.js';
import { mutateValue } from './mutate.js';
import {
  appliedCheck,
  exampleCheck,
  luckCheck,
  planPropertyProbes,
  plannedRequest,
  quoteCheck,
  raiseCheck,
  reapplyRefuted,
  repeatsWanted,
  seedCheck,
} from './property-probes.js';
import type { PlannedProbe } from './property-probes.js';
// The checks after the budget re-run exactly the calls the report will quote, so the describer,
// which chooses them, says which (one choice, not a second copy of it that could drift).
import { drawsToCheck, examplesToCheck, quotedToCheck, raisesToCheck, type ExplorationOutcome } from './describe.js';
import { inferProperties, withSlot } from './properties.js';
import { breakerProbes, claimsLaw, followUps, planVerification } from './verify.js';
import { contrastPlans } from './contrast.js';
import { Rng, hashString } from './random.js';
import { MAIN_CLASSES, isKnownClass, ordinaryValue, representative, typeClass } from './type-classes.js';
import type { PyValue } from './values.js';
import { elementsOf, inputClass, int, isConstructorCall, str, toSource } from './values.js';
import {
  classesAskedFor,
  fileClassesAskedFor,
  itemsInRange,
  itemsReplaced,
  literalsIn,
  missingArguments,
  namedPositions,
  ordinalPosition,
} from './mined-values.js';
import { instancesWithAttribute, namesTypeOf, pyTypeName, rebuiltAsAsked, rebuiltFromConstants, standardWithAttribute } from './receivers.js';
import { constantLines, constantValues } from './code-constants.js';
import { ComparisonFeedback } from './comparison-inputs.js';
import { findRelations } from './relations.js';
import { findStateEffects } from './state-effects.js';
import { preparedReceiver, preparingCalls } from './prepared-receiver.js';
import { valuesForName, valuesForRefusal } from './name-hints.js';
import { keyNamed, withNamedKey } from './named-keys.js';
import { withMissingOption, withNextFamilyValue, withNextOption, withWriteMode } from './receiver-options.js';
import { withSharedKeys } from './shared-keys.js';
import { shapedFor } from './shaped-inputs.js';
import { keywordDicts } from './keyword-extras.js';
import { itemAt } from '../core/item-at.js';
import { group } from '../core/regex-group.js';
import {
  binaryFormatOf,
  formatTextOfError,
  formatTextOfMessage,
  isScratchFile,
  missingFile,
  scratchFileFor,
  withSampleFiles,
  withText,
} from './scratch-files.js';
import { mayBeState, statePreparations } from './state-setters.js';
import { siblingPreparations } from './sibling-first.js';
import { bindingCounts } from './binding-errors.js';
import { addPluralLists } from './plural-instances.js';
import { withIterationNote } from './iteration-note.js';
import { APPLY_TRIES, appliedArguments } from './applied-calls.js';
import { renderCall } from '../core/format.js';

/** One parameter's values of one class, around a base, for the sweep. */
interface SweepStream {
  inputs: Input[];
  /** Turns relative to the other streams. */
  share: number;
  taken: number;
  /** The position it varies. */
  at: number;
}

/** Calls leaveMinedConstant makes at most to find a base past a suggested constant's early return. */
const LEAVE_CONSTANT_TRIES = 3;
/** Widening a parameter stops after this many calls that returned just what the base returned. */
const MOOT_AFTER = 2;
/** After this many dull probes in a row at a position its streams wait for the others. */
const DULL_AFTER = 2;

/** Thrown inside the loop when the run must end: stopped, or out of budget. */
class Stop extends Error {}

/** Shares of the budget: finding accepted types, then exploring, with a reserve for property probes. */
const DISCOVERY_SHARE = 0.45;
const SEARCH_SHARE_WHEN_NOTHING_WORKS = 0.75;
const WIDENING_SHARE = 0.25;
const PROPERTY_RESERVE = 0.5;
const FINAL_PROPERTY_RESERVE = 0.1;
/** The last share of the budget re-tests the claims (verify.ts). */
const VERIFY_RESERVE = 0.1;
/** Classes only a message, a name or an annotation brings in. */
const OUTSIDE_SWEEP = ['bytes', 'textfile', 'binfile', 'datetime', 'match', 'class', 'dataclass', 'exception', 'traceback', 'excinfo', 'astnode'];
/**
 * The calls the last phases have apart from the last exploration, in one place.
 * - `lawRecheck`: probes kept back from the last exploration, within the budget: an input it found
 *   after the verification (a text encoded twice) gets its f(f(x)) and swaps, so that no law is
 *   claimed on inputs it was never tested on.
 * - `exampleChecks`: re-runs of the examples about to be shown, each exactly an earlier call, in an
 *   interpreter of another hash seed (the worker's calls all share seed 0, the reader's Python does
 *   not), made after the budget and not counted in it: they try no new input, so they add nothing
 *   to what the budget buys (code reached, calls that returned; the sampled bench measures the
 *   explorer's first `maxProbes` calls beside Hypothesis's as many inputs), and kept inside it they
 *   took the last exploration's probes, and with them laws and sums found in its last probes.
 *   One per returned example (returnedExamples shows at most 3); what is left of them goes to the
 *   calls the summary and the raise lines quote whose items' order the hash seed may pick (a dict
 *   keyed by text: quotedToCheck in describe.ts), each checked once wherever it is quoted.
 * - `raiseChecks`: after those, the first raise lines' calls once more, each run a second time in
 *   its process after the line's contrast call: a raise that comes only in a fresh interpreter
 *   (humanize's activate, before the locale is loaded) is said to (describe.ts). Also exact
 *   earlier calls, also after the budget.
 * - `luckChecks`: before all those, for a function that draws, a call that raised where calls of its
 *   kind mostly raised and one returned, once more and twice in its process: a raise that comes
 *   otherwise in another draw shows the return was luck (lucky-draws.ts), one that comes alike shows
 *   it is the arguments'. The raise checks re-run only the first raise lines' calls, so without this
 *   a lucky return beside a later line stood unchecked. Also an exact earlier call.
 */
export const RESERVES = { lawRecheck: 3, luckChecks: 1, exampleChecks: 3, raiseChecks: 2 } as const;
/** The re-runs made after the budget, at most (property-probes.ts, afterBudget). */
export const CHECKS_AFTER_BUDGET = RESERVES.luckChecks + RESERVES.exampleChecks + RESERVES.raiseChecks;
/** With several parameters, how many uniform assignments (all int, all list…) come before mixed ones. */
const UNIFORM_FIRST = 4;
/** How many assignments are tried with every argument before each is also tried without its last one. */
const TRUNCATE_AFTER = 6;
/** The last exploration ends after this many probes in a row that showed nothing new (no new code, outcome or output). */
const STALE_AFTER = 15;
/** In the last exploration, after this many probes in a row that showed nothing new, a raise's contrast call goes first (contrast.ts). */
const CONTRAST_WHEN_STALE = 10;
/** Contrast calls per run at most. */
const MAX_CONTRASTS = 4;
/**
 * Every exploration ends after this many probes in a row that reached no new code and gave no new
 * kind of outcome, whatever the budget: new outputs alone (x * 2 of ever deeper mutants) teach
 * nothing more about the function. Above any default budget, so it ends only long runs.
 */
const NOT_LEARNING_AFTER = 100;
/** Assignments of the required parameters alone tried before any with an option passed. */
const REQUIRED_FIRST = 24;
/** Constants of the target's code swept per parameter and class, after the name's hints. */
const CONSTANTS_PER_CLASS = 6;
/** Classes tried for `*args` with several items before giving up. */
const VARARGS_CLASSES = 3;
/** Share of the budget for calls made from what earlier calls compared their arguments with. */
const COMPARISON_SHARE = 0.25;
/** Literals tried per parameter from one error message. */
const MINED_PER_MESSAGE = 3;
/** Returned calls, all with one result, after which a method's receiver gets its next option (dullReceiver). */
const DULL_RECEIVER_AFTER = 3;
/** Receivers built again from the class's own constants in a run (receiverFromConstants), at most. */
const CONSTANT_RECEIVERS = 4;
/** Failures of calls on a fresh receiver whose state is prepared first (stateReceiver), at most. */
const STATE_TRIES = 2;
const OTHER_FILE_KIND: Record<string, string> = { textfile: 'binfile', binfile: 'textfile' };
const FILE_KINDS = Object.keys(OTHER_FILE_KIND);
const WRITES_TO = /has no attribute '(?:write|writelines|flush)'/;
/** The empty file of a file class (its values end with it). */
function emptyFile(cls: string): PyValue {
  const empty = typeClass(cls).values.at(-1);
  if (empty === undefined) throw new Error(`the file class ${cls} has no values`);
  return empty;
}

/** The value at position i of an input, which the caller's list of given positions says is not left out. */
function givenValue(input: Input, i: number): PyValue {
  const value = itemAt(input, i).value;
  if (value === undefined) throw new Error(`position ${i}, listed as given, is left out of the call`);
  return value;
}

/** The one item of a list of one; undefined for none or several. */
function only<T>(items: readonly T[]): T | undefined {
  return items.length === 1 ? items[0] : undefined;
}

export class Explorer {
  readonly positions: Position[];
  readonly observations: Observation[] = [];
  /** Calls that then called what they returned (CallRequest.apply, applyReturned), and their re-runs: apart from `observations`. */
  readonly applications: Observation[] = [];
  /** The calls (by key) whose returned object was called in turn (applyReturned). */
  private readonly appliedFrom = new Set<string>();
  /** Input classes each position has accepted (the call returned or failed for a reason other than type). */
  readonly accepted: Set<string>[];
  base: Input | null = null;
  /** The call the base came from: a base that only raised gives way to a call that got further. */
  private baseObs: Observation | null = null;
  /** Values error messages suggested, per position (mined-values.ts). */
  private readonly mined: PyValue[][];
  /** Classes a type error asked for at a position it named unambiguously. */
  private readonly asked: (string[] | null)[];
  private readonly messagesMined = new Set<string>();
  /** Probes the messages called for, run before the next planned one. */
  private queue: { input: Input; note: string }[] = [];
  /** Per position, the smallest int magnitude whose call timed out: bigger ones would time out too. */
  private readonly tooSlowFrom = new Map<number, bigint>();
  private used = 0;
  /** The re-runs made after the budget: the luck check's, the examples', the quoted calls' and the raise lines' (RESERVES, CHECKS_AFTER_BUDGET). */
  private checks = 0;
  private readonly keys = new Set<string>();
  /** Calls (with their seed) re-run for determinism already. */
  private readonly repeated = new Set<string>();
  private readonly corpus: Observation[] = [];
  private readonly outcomes = new Set<string>();
  private readonly outputs = new Set<string>();
  private readonly rng: Rng;
  private sweep: SweepStream[] | null = null;
  /** Whether the last probe showed something new: new code, a new kind of outcome, an output not seen before. */
  private lastNews = false;
  /** The target code's own constants, as values (FunctionInfo.constants). */
  private readonly constants: PyValue[];
  /** Its phrases on two lines, for parsers of lines (code-constants.ts). */
  private readonly constantLines: PyValue[];
  /** Probes in a row that showed nothing new. */
  private stale = 0;
  /** Probes in a row that reached no new code and gave no new kind of outcome (NOT_LEARNING_AFTER). */
  private unlearned = 0;
  /** Position and other arguments where a file object of the other kind was tried after a type error. */
  private readonly fileSwitched = new Set<string>();
  /** Receivers and argument instances (as source) rebuilt after a type error about what they were built from (rebuildInstance). */
  private readonly rebuilt = new Set<string>();
  /** The choices refusals named ("should be 0, 1, or 2": mine), as `position:source`: each queued once. */
  private readonly choicesQueued = new Set<string>();
  /** The first receiver a call was made on, in place of those refused during discovery. */
  private builtReceiver: Slot | null = null;
  /** Receivers (as source) whose construction the worker refused: never built again. */
  private readonly brokenReceivers = new Set<string>();
  /** Receivers built from the class's own constants so far (receiverFromConstants). */
  private constantReceivers = 0;
  /** Methods of the owner a receiver was filled through (fillReceiver). */
  private readonly filledWith = new Set<string>();
  /** Whether a receiver on which every call gave one result was filled through the owner's methods (dullReceiver). */
  private dullFilled = false;
  /** Positions whose absent key was looked for in its container (mineAbsentKey). */
  private readonly keyMined = new Set<number>();
  /** Positions where a file written into was given again empty. */
  private readonly fileEmptied = new Set<number>();
  /**
   * Positions where the base holds a value a refusal or a comparison suggested (drainForBase), not
   * one discovery chose: such a constant (`s == 0.0`) may select an early return, a branch to visit
   * once; a call that varies it, returns and reaches new code takes the base's place.
   */
  private minedBaseAt = new Set<number>();
  /** Per position, sweep probes in a row that showed nothing new: the parameter changed nothing seen. */
  private readonly dullAt: number[] = [];
  /** Classes of the target's package buildable by name; none when seeding an anonymized agent (they come from reading the code). */
  private readonly argumentClasses: ArgumentClass[];
  /** Seeding an anonymized agent: nothing read from names or code may shape the calls. */
  private readonly hidden: boolean;
  /** Positions given a file written first (scratchFile, scratchReceiver). */
  private readonly scratched = new Set<number>();
  /** Whether siblingOutput has queued its calls. */
  private siblingTried = false;
  /** Contrast calls made (contrastRaise). */
  private contrasts = 0;
  /** The positions given (as '+' and '-') of calls shareKeys has queued its calls for. */
  private readonly keysShared = new Set<string>();
  /** Attributes an error asked for that an instance of argumentClasses was tried for (instanceForAttribute). */
  private readonly attributesAsked = new Set<string>();
  /** Comparison-guided inputs; null when seeding an anonymized agent (they come from reading the code) or turned off. */
  private readonly feedback: ComparisonFeedback | null;
  /** Positions and formats a parser's error named, tried once each (formatOfError). */
  private readonly formatsTried = new Set<string>();
  /** The other arguments of calls whose receiver was prepared through its state's setters (stateReceiver). */
  private readonly stateTried = new Set<string>();

  constructor(
    readonly info: FunctionInfo,
    private readonly probe: ProbeFn,
    private readonly opts: OfflineOptions,
  ) {
    // Names and defaults guide the search unless the run seeds an agent that must not learn them.
    const hidden = opts.seeding === true && opts.strictness === 'anonymized';
    this.hidden = hidden;
    this.positions = buildPositions(info, hidden ? 'anonymized' : 'signature');
    this.accepted = this.positions.map(() => new Set<string>());
    this.mined = this.positions.map(() => []);
    this.asked = this.positions.map(() => null);
    this.rng = new Rng(hashString(info.qualname));
    // Constant seeding: what the code compares with or looks up ('GET', 1024) is worth passing.
    // Not when seeding an anonymized agent: the constants come from reading the code.
    this.argumentClasses = hidden ? [] : (info.argumentClasses ?? []);
    addPluralLists(this.positions, this.argumentClasses);
    this.constants = hidden ? [] : constantValues(info.constants ?? []);
    this.constantLines = hidden ? [] : constantLines(info.constants ?? []);
    this.feedback =
      hidden || opts.comparisons === false ? null : new ComparisonFeedback(this.positions, Math.round(opts.maxProbes * COMPARISON_SHARE), info.constants);
  }

  async runAll(): Promise<void> {
    const max = this.opts.maxProbes;
    try {
      await this.discover(Math.max(2, Math.round(max * DISCOVERY_SHARE)), Math.round(max * WIDENING_SHARE));
      await this.applyReturned();
      await this.explore(max - Math.round(max * PROPERTY_RESERVE));
      await this.probeProperties(max - Math.round(max * FINAL_PROPERTY_RESERVE));
      // Inputs found after the first property pass (a nested list, say) may need f(f(x)) too; a
      // first call to return found now gets its determinism re-runs from what this pass leaves.
      await this.explore(max - Math.round(max * FINAL_PROPERTY_RESERVE), Infinity, () => repeatsWanted(this.observations));
      await this.probeProperties(max - Math.round(max * VERIFY_RESERVE));
      await this.applyReturned(); // a function first returned by the explorations
      await this.verify(max);
      // The rest of the budget, until a long run of probes teaches nothing new.
      // Probes are kept back for the laws only while one is claimed: elsewhere the exploration has them all.
      await this.explore(max - (this.lawsClaimed() ? RESERVES.lawRecheck : 0), STALE_AFTER);
      await this.recheckLaws(max);
      // What is left after all that: contrast calls for raises that still have none.
      while (await this.contrastRaise(max));
    } catch (err) {
      if (!(err instanceof Stop)) throw err;
    }
    // After the budget, spent or not: the examples and raise lines, re-run as RESERVES says.
    try {
      await this.checkLuck();
      await this.checkExamples();
      await this.checkRaises();
    } catch (err) {
      if (!(err instanceof Stop)) throw err;
    }
  }

  /** The probes counted in the budget so far: every call but the examples' checks after it (RESERVES). */
  get spent(): number {
    return this.used;
  }

  /** Probes an input unless an identical request was made already; null when skipped. */
  private async run(
    input: Input,
    purpose: Purpose,
    note: string,
    extra: {
      request?: Observation['request'];
      repeats?: Observation;
      seed?: number;
      hashSeed?: number;
      after?: Observation;
      check?: boolean;
    } = {},
  ): Promise<Observation | null> {
    const request = extra.request ?? toRequest(this.positions, input);
    const key = requestKey(request);
    // Seeds for an agent are distinct calls: a re-run would show it the same result twice.
    if (purpose === 'repeat' && this.opts.seeding) return null;
    if (purpose !== 'repeat' && this.keys.has(key)) return null;
    // One determinism re-run per call, seed and call before its second run: a second shows nothing the first did not.
    const repeatKey = `${key}#${extra.seed ?? 0}#${extra.hashSeed ?? 0}#${extra.after?.key ?? ''}`;
    if (purpose === 'repeat' && this.repeated.has(repeatKey)) return null;
    if (purpose !== 'repeat' && this.tooSlow(input)) return null;
    if (this.opts.signal?.aborted || (extra.check ? this.checks >= CHECKS_AFTER_BUDGET : this.used >= this.opts.maxProbes)) throw new Stop();
    if (extra.check) this.checks++;
    else this.used++;
    if (purpose === 'repeat') this.repeated.add(repeatKey);
    let record: ProbeRecord;
    try {
      // Determinism re-runs must really run: the session would answer the same call from its cache.
      const seeds = { ...(extra.seed !== undefined ? { seed: extra.seed } : {}), ...(extra.hashSeed !== undefined ? { hashSeed: extra.hashSeed } : {}) };
      // A method's calls ask every time: their answer then carries its object's state (state-effects.ts).
      const asks = this.feedback !== null && (this.feedback.wanted || this.positions.some((p) => p.role === 'receiver'));
      // A re-run runs twice in its process too: a result a second call there changes (a counter) is no example.
      // One of a call whose object showed only its address asks for that object's state again: the
      // example shows an attribute of it (describe.ts, addressFree), which the re-run must show too.
      const state = extra.repeats?.record.result.valueState ? { comparisons: true } : {};
      const options =
        purpose === 'repeat'
          ? { fresh: true, again: true, ...seeds, ...state, ...(extra.after ? { againAfter: extra.after.request } : {}) }
          : asks
            ? { comparisons: true }
            : undefined;
      record = await this.probe(request, note, options);
    } catch (err) {
      if (this.opts.signal?.aborted) throw new Stop();
      throw err;
    }
    const obs: Observation = {
      input,
      request,
      key,
      record: asSeenByExplorer(record),
      purpose,
      ...(extra.repeats ? { repeats: extra.repeats } : {}),
      ...(extra.seed !== undefined ? { seed: extra.seed } : {}),
      ...(extra.hashSeed !== undefined ? { hashSeed: extra.hashSeed } : {}),
      ...(extra.after ? { after: extra.after } : {}),
    };
    this.keys.add(key);
    // A call whose returned object was called in turn is another call than the target's alone: kept apart.
    if (request.apply) {
      this.applications.push(obs);
      return obs;
    }
    this.observations.push(obs);
    this.learn(obs);
    // What the call compared its arguments with: the calls it suggests run with the messages' ones.
    if (this.feedback && purpose !== 'repeat') this.queue.push(...this.feedback.probesFrom(obs));
    return obs;
  }

  /**
   * A call that returned a function (a factory's, a decorator's, `partial`'s): the same call, its
   * result then called with arguments its signature or the call's own arguments suggest
   * (applied-calls.ts), until one returns, at most APPLY_TRIES calls; when what that gave can be
   * called too (a decorator factory's decorator, given a function, made another), it is called in
   * turn the same way (applyFurther). The last call that returned runs once more in an
   * interpreter of another hash seed (and twice in its process), so that what it gave is a result,
   * not one run's. After discovery, and again before the verification when nothing returned yet.
   * Not for an agent's seeds: an agent's calls never apply.
   */
  private async applyReturned(): Promise<void> {
    if (this.opts.seeding || this.applications.some((o) => o.record.result.applied?.status === 'returned')) return;
    // Calls that returned something callable and were not applied yet, those whose signature is known first.
    const made = this.observations
      .filter((o) => o.purpose !== 'repeat' && o.record.result.status === 'returned' && o.record.result.value?.callable && !this.appliedFrom.has(o.key))
      .sort((a, b) => Number(b.record.result.value?.callable?.signature !== undefined) - Number(a.record.result.value?.callable?.signature !== undefined));
    let tries = APPLY_TRIES;
    for (const m of made) {
      this.appliedFrom.add(m.key);
      const given = m.input.flatMap((s, i) => (s.value !== undefined && itemAt(this.positions, i).role !== 'receiver' ? [s.value] : []));
      for (const apply of appliedArguments(this.info, m.record.result.value?.callable?.signature, given)) {
        if (tries-- <= 0) return;
        const request = { ...m.request, apply };
        const obs = await this.run(m.input, 'apply', `what it returned, called: ${renderCall('g', apply)}`, { request });
        if (obs?.record.result.applied?.status !== 'returned') continue;
        const last = (await this.applyFurther(obs, given)) ?? obs;
        await this.runPlan(appliedCheck(last));
        return;
      }
    }
  }

  /**
   * A call whose returned object, called, gave something callable again (`lru_cache(maxsize=2)`
   * gave a decorator, which made a function of `len`): the same call with that function called in
   * turn (AppliedArguments.then), with arguments its signature suggests, else the kinds of `given`
   * (the call's own arguments), at most APPLY_TRIES; the first whose last call returned, or null.
   */
  private async applyFurther(first: Observation, given: PyValue[]): Promise<Observation | null> {
    const apply = first.request.apply;
    const made = first.record.result.applied?.value?.callable;
    if (!apply || !made) return null;
    for (const then of appliedArguments(this.info, made.signature, given)) {
      const request = { ...first.request, apply: { ...apply, then } };
      const note = `what that gave, called in turn: ${renderCall(renderCall('g', apply), then)}`;
      const obs = await this.run(first.input, 'apply', note, { request });
      if (obs?.record.result.applied?.status === 'returned') return obs;
    }
    return null;
  }

  /** Whether an int argument is at least as big as one that made a call time out at its position. */
  private tooSlow(input: Input): boolean {
    return input.some((s, i) => {
      const limit = this.tooSlowFrom.get(i);
      return limit !== undefined && s.value?.k === 'int' && (s.value.v < 0n ? -s.value.v : s.value.v) >= limit;
    });
  }

  private learn(obs: Observation): void {
    const r = obs.record.result;
    if (r.status === 'timeout') {
      // The biggest int of the call is the likely cause (a factorial, a loop up to n).
      const ints = obs.input.map((s, i) => ({ i, v: s.value?.k === 'int' ? (s.value.v < 0n ? -s.value.v : s.value.v) : -1n })).filter((x) => x.v >= 1000n);
      const biggest = ints.sort((a, b) => (b.v > a.v ? 1 : b.v < a.v ? -1 : 0))[0];
      if (biggest && (this.tooSlowFrom.get(biggest.i) ?? biggest.v + 1n) > biggest.v) this.tooSlowFrom.set(biggest.i, biggest.v);
    }
    if (typesAccepted(r)) obs.input.forEach((s, i) => itemAt(this.accepted, i).add(s.cls));
    const outcome = r.status === 'returned' ? `returned ${r.value?.type}` : r.status === 'raised' ? `raised ${r.exception?.type}` : r.status;
    const newOutcome = !this.outcomes.has(outcome);
    this.outcomes.add(outcome);
    const newCode = (r.coverage?.lines.new ?? 0) > 0 || (r.coverage?.arcs.new ?? 0) > 0;
    // Adaptive choice: an output unlike every argument and every earlier output shows behaviour
    // (escaping, splitting…); its neighbourhood is mutated first.
    const out = r.status === 'returned' ? r.value?.repr : undefined;
    const newOutput = out !== undefined && !this.outputs.has(out) && !obs.input.some((s) => s.value !== undefined && toSource(s.value) === out);
    this.lastNews = newCode || newOutcome || (out !== undefined && !this.outputs.has(out));
    this.stale = this.lastNews ? 0 : this.stale + 1;
    this.unlearned = newCode || newOutcome ? 0 : this.unlearned + 1;
    if (out !== undefined) this.outputs.add(out);
    // Only inputs of accepted types are worth mutating: a TypeError's neighbours raise it too.
    if ((newCode || newOutcome || newOutput) && typesAccepted(r) && obs.purpose !== 'repeat') this.corpus.push(obs);
    if (r.status === 'rejected') this.receiverRefused(obs);
    else this.noteBuiltReceiver(obs);
    if (obs.purpose !== 'repeat') {
      this.writtenFiles(obs);
      this.mine(obs);
      this.adoptIfFurther(obs, newCode);
      if (r.status === 'returned') {
        this.shareKeys(obs);
        this.dullReceiver(obs);
      }
    }
  }

  /**
   * A returned call whose list argument holds none of its dict argument's keys: the same call with
   * some (shared-keys.ts). Once per set of positions given (`keep` alone, then `keep` and `drop`).
   */
  private shareKeys(obs: Observation): void {
    const given = obs.input.map((s) => (s.value === undefined ? '-' : '+')).join('');
    if (this.keysShared.has(given) || this.hidden) return;
    const { at } = this.receiverOf(obs);
    const calls = withSharedKeys(
      obs.input,
      this.positions.map((p) => p.name),
      at,
    );
    if (calls.length === 0) return;
    this.keysShared.add(given);
    this.queue.push(...calls);
  }

  /**
   * A method that gave one same result in every call that returned, on receivers built from
   * their constructor's required arguments alone (`Signature('f').required_names()` is `()`
   * whatever it is asked): the same call on the receiver built with its next option given
   * (receiver-options.ts), where it may have something to work on. Once per receiver built so.
   */
  private dullReceiver(obs: Observation): void {
    const { at, built } = this.receiverOf(obs);
    const out = obs.record.result.value?.repr;
    if (!built || this.hidden || out === undefined) return;
    const returned = this.observations.filter((o) => o.record.result.status === 'returned' && o.purpose !== 'repeat');
    // A method of no required argument on an object of none (`Stack().peek()`) has one plain call:
    // that one call is all the calls there are to wait for.
    const required = (ps: ParameterInfo[] | undefined): number =>
      (ps ?? []).filter((p) => p.name !== 'self' && p.default === undefined && !/^VAR_/.test(p.kind)).length;
    const onlyCall = required(this.info.params) === 0 && required(this.info.ownerInit) === 0;
    if (returned.length < (onlyCall ? 1 : DULL_RECEIVER_AFTER) || returned.some((o) => o.record.result.value?.repr !== out)) return;
    // A read of a container (keys, clear) that found it empty: the call on one filled first, once.
    if (isConstructorCall(built) && !this.dullFilled) {
      this.dullFilled = true;
      this.fillThroughOwner(obs, undefined);
    }
    const value = withNextOption(built, this.info.ownerInit);
    if (value)
      this.queueReplaced(obs, at, value, `the receiver built with its next option given: every call so far gave ${out.length > 40 ? 'one result' : out}`, {
        once: true,
      });
  }

  /**
   * What a refusal said: literals ("must be in [0.0, 1.0]") and wanted types ("must be str, not
   * int") for the positions it is about, tried at once in place of the refused value.
   */
  private mine(obs: Observation): void {
    const r = obs.record.result;
    const exception = r.status === 'raised' ? r.exception : undefined;
    const message = exception?.message;
    if (exception) this.stateReceiver(obs);
    // A refusal said by its class alone (queue.Empty has no message): the receiver filled first.
    if (exception && !message && /Empty/.test(baseExceptionName(exception.type))) this.fillReceiver(obs, '');
    if (!exception || !message || this.messagesMined.has(message)) return;
    this.messagesMined.add(message);
    if (this.mineMissing(obs, message)) return;
    if (this.unsetState(obs, message)) return;
    // Before the format: a file of the right format opened for reading is still refused a write.
    if (this.writeModeReceiver(obs, message)) return;
    if (this.formatOfError(obs)) return;
    if (this.mineArity(obs, message)) return;
    if (this.mixinReceiver(obs, message)) return;
    if (this.prepareReceiver(obs, message)) return;
    if (this.fillReceiver(obs, message)) return;
    if (this.siblingFirst(obs)) return;
    this.optionReceiver(obs);
    if (this.siblingOutput(obs)) return;
    if (this.scratchFile(obs, message)) return;
    if (this.mineAbsentKey(obs, message)) return;
    if (this.mineNamedKey(obs)) return;
    const given = obs.input.map((s, i) => (s.value !== undefined && itemAt(this.positions, i).role !== 'receiver' ? i : -1)).filter((i) => i >= 0);
    if (given.length === 0) return;
    this.shapeArguments(obs, message, given);
    const sources = given.map((i) => toSource(givenValue(obs.input, i)));
    const named = namedPositions(
      message,
      this.positions.map((p, i) => (given.includes(i) ? p.name : '')),
    );
    if (ONE_CHARACTER.test(message)) {
      // "ord() expected a character, but string of length 3 found": a str it is, of one character.
      const notOne = given.filter((j) => {
        const v = givenValue(obs.input, j);
        return v.k === 'str' && v.v.length !== 1;
      });
      for (const i of notOne) {
        this.addMined(i, ['a', ' ', '7'].map(str));
        this.queue.push({ input: obs.input.map((s, j) => (j === i ? { cls: 'str', value: str('a') } : s)), note: 'the error asked for one character' });
      }
      return;
    }
    const typeError = TYPE_ERRORS.has(baseExceptionName(exception.type));
    if (typeError) this.switchFileKinds(obs, given);
    const files = fileClassesAskedFor(message);
    if (typeError && files.length === 0 && classesAskedFor(message).length === 0 && this.instanceForAttribute(obs, message, given)) return;
    if (typeError || files.length) {
      if (typeError && this.mineElementType(obs, message, given)) return;
      const wanted = [...classesAskedFor(message), ...files];
      if (wanted.length === 0) return;
      const typed = named.length ? named : this.positionsTypeNamed(obs, message, given);
      if (typed.length === 0) typed.push(...this.positionByOrdinal(message, given));
      // The message may be about an instance's own argument even when a plain argument has the type it names.
      if (this.rebuildInstance(obs, message, wanted) && typed.length === 0) return;
      // A message that names no argument, of a call given one, is about that one.
      const targets = typed.length || given.length !== 1 ? typed : given;
      for (const i of targets) {
        // Bytes and files are no class of the sweep (few functions take them): a message that asks for them adds them.
        const pos = itemAt(this.positions, i);
        for (const c of wanted) if (OUTSIDE_SWEEP.includes(c) && !pos.candidates.includes(c)) pos.candidates.push(c);
        const cls = wanted.find((c) => pos.candidates.includes(c) && c !== itemAt(obs.input, i).cls);
        if (targets.length === 1) this.asked[i] = wanted;
        // A file to write to starts empty: what the function wrote is then all it holds.
        if (!cls) continue;
        const value = FILE_KINDS.includes(cls) && WRITES_TO.test(message) ? emptyFile(cls) : this.valueFor(i, cls);
        this.queue.push({ input: obs.input.map((s, j) => (j === i ? { cls, value } : s)), note: `the error asked for ${cls}` });
      }
      return;
    }
    if (this.refusedFamily(obs, message, given)) return;
    const values = literalsIn(message, sources).slice(0, MINED_PER_MESSAGE);
    // The likeliest one is tried now; the others join the sweep of their class.
    const [v] = values;
    if (v === undefined) return;
    const echoed = given.filter((i) => message.includes(toSource(givenValue(obs.input, i))));
    // A message quoting an item of a list argument is about its items: they get the suggestion.
    const byItems = given.flatMap((i) => {
      const value = itemsReplaced(message, givenValue(obs.input, i), v);
      return value ? [{ i, value }] : [];
    });
    for (const { i, value } of byItems)
      this.queueReplaced(obs, i, value, `a value the error message suggested, for each item: ${toSource(v)}`, { mine: false });
    if (byItems.length) return;
    // A range a list of numbers lies outside ("Red must be between 0 and 1" about (3, 1, 2)): its items, spread inside it.
    const inRange = given.flatMap((i) => {
      const value = itemsInRange(message, givenValue(obs.input, i));
      return value ? [{ i, value }] : [];
    });
    for (const { i, value } of inRange) this.queueReplaced(obs, i, value, `items in the range the error message named: ${toSource(value)}`);
    const targets = (named.length ? named : echoed.length ? echoed : given).filter((i) => !inRange.some((r) => r.i === i));
    // A refusal that quotes the value refused and names others ("Invalid whence (3, should be 0, 1,
    // or 2)", "'x' is not one of 'fast', 'slow'") names the choices there are: each is tried, once, as
    // one would at a REPL; each may do something else (boltons' seek(pos, 2) counts from the end).
    const choices = echoed.length > 0 && values.length >= 2 ? values : [v];
    for (const i of targets) {
      this.addMined(i, values);
      for (const c of choices) {
        if (choices.length > 1 && this.choicesQueued.has(`${i}:${toSource(c)}`)) continue;
        this.choicesQueued.add(`${i}:${toSource(c)}`);
        this.queueReplaced(obs, i, c, `a value the error message suggested: ${toSource(c)}`);
      }
    }
  }

  /**
   * "Invalid version: 'abc'": the one text argument the refusal quotes, given the first value of
   * the family the refusal names as what it wanted (name-hints.ts valuesForRefusal: '1.2.3'); the
   * family's values join the sweep there. Not when names must stay hidden (the family table is the
   * names' own).
   */
  private refusedFamily(obs: Observation, message: string, given: number[]): boolean {
    const family = this.hidden ? [] : valuesForRefusal(message).filter((v) => v.k === 'str');
    const at = only(
      given.filter((i) => {
        const v = givenValue(obs.input, i);
        return v.k === 'str' && v.v.length > 0 && message.includes(v.v);
      }),
    );
    if (family.length === 0 || at === undefined) return false;
    const current = toSource(givenValue(obs.input, at));
    const value = family.find((v) => toSource(v) !== current);
    if (!value) return false;
    this.addMined(at, family);
    return this.queueReplaced(obs, at, value, `a value of the kind the refusal named: ${toSource(value)}`);
  }

  /** The receiver's position and the value a call's receiver was built as (none for a plain function). */
  private receiverOf(obs: Pick<Observation, 'input'>): { at: number; built: PyValue | undefined } {
    const at = this.positions.findIndex((p) => p.role === 'receiver');
    return { at, built: at >= 0 ? itemAt(obs.input, at).value : undefined };
  }

  /**
   * A receiver whose construction raised ("building `SpecItem('>=1.0,<2.0')` raised ValueError"):
   * it is never built again, and the call is made at once on the next receiver built for the
   * method (receiversFromInit) that has not been refused.
   */
  private receiverRefused(obs: Observation): void {
    const { at, built } = this.receiverOf(obs);
    if (!built || !obs.record.result.exception?.message.startsWith('receiver: building')) return;
    this.brokenReceivers.add(toSource(built));
    if (this.scratchReceiver(obs, at, built)) return;
    // A file of text where its format was wanted ("raised Error: file does not start with RIFF id").
    if (this.sampleOfFormat(obs, '', obs.record.result.exception.message.replace(/^[^`]*`[^`]*` /, ''))) return;
    // A mixin's own constructor may already ask for what only the classes mixing it in have ("'Scanner' object has no attribute 'get_mark'").
    if (this.mixinReceiver(obs, obs.record.result.exception.message)) return;
    if (this.abstractReceiver(obs, at, built)) return;
    if (this.attributeReceiver(obs, at, built)) return;
    if (this.receiverWithNextFamilyValue(obs, at, built)) return;
    if (this.receiverAsAsked(obs, at, built)) return;
    if (this.receiverWithFirstOption(obs, at, built)) return;
    if (this.receiverFromConstants(obs, at, built)) return;
    const next = itemAt(this.positions, at).hinted?.find((v) => !this.brokenReceivers.has(toSource(v)));
    if (next && !this.queue.some((q) => q.input[at]?.value === next))
      this.queueReplaced(obs, at, next, 'another receiver: the last one could not be built', { mine: false });
  }

  /**
   * A type error about none of the call's arguments but about one the receiver (or an argument
   * built as an instance) was built from ("'int' object has no attribute 'write'" from
   * `Emitter(100).write_literal('abc')`): the same call with that instance built with a value of
   * the class the message asks for there. Once per instance.
   */
  private rebuildInstance(obs: Observation, message: string, wanted: string[]): boolean {
    const { at: receiverAt } = this.receiverOf(obs);
    const order = [receiverAt, ...obs.input.map((_, i) => i).filter((i) => i !== receiverAt)].filter((i) => i >= 0);
    for (const at of order) {
      const built = itemAt(obs.input, at).value;
      if (!built || built.k !== 'call' || !isConstructorCall(built) || this.rebuilt.has(toSource(built))) continue;
      const k = built.args.findIndex((a) => namesTypeOf(message, a));
      const cls = wanted.find((c) => isKnownClass(c) && c !== classOfValue(built.args[k] ?? built));
      if (k < 0 || !cls) continue;
      const arg = FILE_KINDS.includes(cls) && WRITES_TO.test(message) ? emptyFile(cls) : (ordinaryValue(cls, 0) ?? representative(cls));
      if (arg === undefined) continue;
      this.rebuilt.add(toSource(built));
      const value: PyValue = { ...built, args: built.args.map((a, j) => (j === k ? arg : a)) };
      this.queueReplaced(obs, at, value, `${at === receiverAt ? 'the receiver' : itemAt(this.positions, at).name} built with ${typeClass(cls).label}`, {
        mine: at !== receiverAt,
      });
      return true;
    }
    return false;
  }

  /**
   * "No such file or directory: 'docs/report.txt'" about a str argument: the same call with a
   * file of that name written in the call's folder first (scratch-files.ts). Once per position.
   */
  private scratchFile(obs: Observation, message: string): boolean {
    const path = missingFile(message);
    if (path === undefined) return false;
    const { at: receiverAt } = this.receiverOf(obs);
    const at = obs.input.findIndex((s, i) => i !== receiverAt && s.value?.k === 'str' && s.value.v === path);
    if (at < 0 || this.scratched.has(at)) return false;
    this.scratched.add(at);
    const value = scratchFileFor(path, this.hidden ? '' : this.info.qualname);
    const pos = itemAt(this.positions, at);
    if (!pos.candidates.includes('scratchfile')) pos.candidates.push('scratchfile');
    this.addMined(at, [value]);
    this.queue.push({ input: obs.input.map((s, j) => (j === at ? { cls: 'scratchfile', value } : s)), note: `a file named ${path} written first` });
    return true;
  }

  /**
   * A receiver whose constructor asked one of its arguments for an attribute it lacks
   * ("building `InlineTable(5, 10)` raised AttributeError: 'int' object has no attribute 'body'"):
   * built again with that argument an instance of a package class that has it (instanceForAttribute).
   * Once per class and attribute.
   */
  private attributeReceiver(obs: Observation, at: number, built: PyValue): boolean {
    const m = /'([\w.]+)' object has no attribute '(\w+)'/.exec(obs.record.result.exception?.message ?? '');
    if (!m || built.k !== 'call' || !isConstructorCall(built) || this.argumentClasses.length === 0) return false;
    const attribute = group(m, 2);
    const key = `${built.callee}.${attribute}`;
    const k = built.args.findIndex((a) => pyTypeName(a) === m[1]);
    if (k < 0 || this.attributesAsked.has(key)) return false;
    this.attributesAsked.add(key);
    const [instance] = instancesWithAttribute(this.argumentClasses, attribute, { except: built.callee });
    if (!instance) return false;
    const value: PyValue = { ...built, args: built.args.map((a, j) => (j === k ? instance : a)) };
    this.queueReplaced(obs, at, value, `the receiver built with ${toSource(instance)}, which has .${attribute}`);
    return true;
  }

  /**
   * A method that raised for another reason than a type ("insufficient funds") on a receiver
   * built with its constructor's options at their defaults: the same call on the receiver built
   * with its next option given (receiver-options.ts). Once per receiver built so.
   */
  private optionReceiver(obs: Observation): void {
    const { at, built } = this.receiverOf(obs);
    const { type = '', message = '' } = obs.record.result.exception ?? {};
    const own = !TYPE_ERRORS.has(baseExceptionName(type)) && !message.startsWith('receiver: building');
    const value = built && !this.hidden && own ? withNextOption(built, this.info.ownerInit) : undefined;
    if (value) this.queueReplaced(obs, at, value, 'the receiver built with its next option given', { once: true });
  }

  /**
   * Arguments of the shape the message says the function reads (shaped-inputs.ts): pairs where it
   * unpacked pairs, a callable of two arguments where it passed two, a line reader where it called one.
   */
  private shapeArguments(obs: Observation, message: string, given: number[]): void {
    if (this.hidden) return;
    for (const i of given) {
      for (const { value, note } of shapedFor(message, givenValue(obs.input, i), itemAt(this.positions, i).name)) {
        const cls = slotClassOf(value);
        const pos = itemAt(this.positions, i);
        if (!pos.candidates.includes(cls)) pos.candidates.push(cls);
        this.addMined(i, [value]);
        this.queue.push({ input: obs.input.map((s, j) => (j === i ? { cls, value } : s)), note });
      }
    }
  }

  /** A receiver the call was made on (its construction was not refused), kept for discovery (withBuiltReceiver). */
  private noteBuiltReceiver(obs: Observation): void {
    const { at, built } = this.receiverOf(obs);
    if (at >= 0 && built !== undefined && !this.builtReceiver) this.builtReceiver = itemAt(obs.input, at);
  }

  /**
   * A receiver refused for the value its constructor parameter's name suggested
   * (`Specifier('>=1.0,<2.0')`: "Invalid specifier"): built with that family's next value
   * (`Specifier('==1.2.3')`, receiver-options.ts), before the literals the refusal quotes. Not for a
   * refusal of the value's type or of the arguments' count, nor when names must stay hidden.
   */
  private receiverWithNextFamilyValue(obs: Observation, at: number, built: PyValue): boolean {
    const refused = /^receiver: building `[^`]*` raised ([\w.]+):/.exec(obs.record.result.exception?.message ?? '')?.[1] ?? 'TypeError';
    const value = this.hidden || TYPE_ERRORS.has(baseExceptionName(refused)) ? undefined : withNextFamilyValue(built, this.info.ownerInit);
    return (
      value !== undefined &&
      !this.brokenReceivers.has(toSource(value)) &&
      this.queueReplaced(obs, at, value, "the receiver built with the next value its parameter's name suggests", { once: true })
    );
  }

  /**
   * A receiver whose constructor said what it wants of an argument ("Input must be callable",
   * "tzinfo argument must be None or …"): built again so (receivers.ts), as a function's own
   * refusals are followed. Constructions refused already are not tried again.
   */
  private receiverAsAsked(obs: Observation, at: number, built: PyValue): boolean {
    const message = obs.record.result.exception?.message ?? '';
    // An option the refusal names as missing, given as its name suggests (not when names must stay hidden).
    const [missing] = missingArguments(message);
    const option = this.hidden ? undefined : withMissingOption(built, this.info.ownerInit, missing);
    const rebuilt = [...(option ? [option] : []), ...rebuiltAsAsked(built, message, this.info.ownerInit)].filter((v) => !this.brokenReceivers.has(toSource(v)));
    for (const value of rebuilt) {
      this.queueReplaced(obs, at, value, 'the receiver built as its constructor asked');
    }
    return rebuilt.length > 0;
  }

  /**
   * A receiver built from no arguments that its constructor refused all the same (`Version()`:
   * "Call either Version('1.2.3') or Version(major=1, …)"): built with its first option given, a
   * value of the family its name suggests (`version_string` a version: receiver-options.ts). Once
   * per construction; not when names must stay hidden.
   */
  private receiverWithFirstOption(obs: Observation, at: number, built: PyValue): boolean {
    const value = built.k === 'call' && built.args.length === 0 && !this.hidden ? withNextOption(built, this.info.ownerInit) : undefined;
    return (
      value !== undefined &&
      !this.brokenReceivers.has(toSource(value)) &&
      this.queueReplaced(obs, at, value, 'the receiver built with its first option given', { once: true })
    );
  }

  /**
   * A receiver its class refused for another reason than how many arguments it was given
   * (`Color('abc')`: "'abc' is not a valid Color"): built again from the class's own constants
   * (receivers.ts rebuiltFromConstants), CONSTANT_RECEIVERS constructions in a run at most.
   */
  private receiverFromConstants(obs: Observation, at: number, built: PyValue): boolean {
    const left = CONSTANT_RECEIVERS - this.constantReceivers;
    const known = (v: PyValue): boolean =>
      this.brokenReceivers.has(toSource(v)) || this.queue.some((q) => q.input[at]?.value !== undefined && toSource(q.input[at].value) === toSource(v));
    const rebuilt =
      left > 0 && !this.hidden
        ? rebuiltFromConstants(built, obs.record.result.exception?.message ?? '', this.info.ownerConstants ?? [], known, Math.min(left, 2))
        : [];
    for (const value of rebuilt) {
      this.constantReceivers++;
      this.queueReplaced(obs, at, value, "the receiver built from its class's own constants", { mine: false });
    }
    return rebuilt.length > 0;
  }

  /**
   * "len() takes exactly one argument (3 given)" where the call passed 3 items to `*args` (a curried
   * function, a callback's forwarded arguments): the same call with as many items as it takes,
   * the first ones kept and ordinary values added. Once per count.
   */
  private mineArity(obs: Observation, message: string): boolean {
    const at = this.positions.map((p, i) => (p.role === 'varargs' ? i : -1)).filter((i) => i >= 0);
    const counts = bindingCounts(message);
    if (!counts || at.length === 0) return false;
    const wanted = counts.takes;
    const given = at.filter((i) => itemAt(obs.input, i).value !== undefined).length;
    const key = `arity:${wanted}`;
    if (counts.given !== given || wanted === given || wanted > at.length || this.messagesMined.has(key)) return false;
    this.messagesMined.add(key);
    const input = obs.input.map((s, i) => {
      const k = at.indexOf(i);
      if (k < 0) return s;
      if (k >= wanted) return { cls: 'omit', value: undefined };
      if (s.value !== undefined) return s;
      const cls = itemAt(this.positions, i).candidates.find((c) => c !== 'omit') ?? 'int';
      return { cls, value: this.valueFor(i, cls, k) };
    });
    this.queue.push({ input, note: `the error said it takes ${wanted} argument${wanted === 1 ? '' : 's'}` });
    return true;
  }

  /**
   * A method of a mixin, called on an instance of the mixin alone, that asked it for what only the
   * classes mixing it in have ("'AliasMixin' object has no attribute 'first_item'"): the same call
   * on an instance of a class of the package that has the mixin among its bases and the attribute.
   * Once per attribute.
   */
  private mixinReceiver(obs: Observation, message: string): boolean {
    const { at, built } = this.receiverOf(obs);
    const m = /'([\w.]+)' object has no attribute '(\w+)'/.exec(message);
    if (!m || !built || built.k !== 'call' || !isConstructorCall(built) || pyTypeName(built) !== m[1]) return false;
    const attribute = group(m, 2);
    const key = `${built.callee}#${attribute}`;
    if (this.attributesAsked.has(key)) return false;
    this.attributesAsked.add(key);
    const instances = instancesWithAttribute(this.argumentClasses, attribute, { within: built.callee });
    for (const value of instances) {
      this.queueReplaced(
        obs,
        at,
        value,
        `the receiver an instance of ${value.k === 'call' ? value.callee : 'a class'}, which mixes ${built.callee} in and has .${attribute}`,
      );
    }
    return instances.length > 0;
  }

  /**
   * A receiver of an abstract class ("Can't instantiate abstract class BaseSpecifier with abstract
   * methods …"): the same call on an instance of a class of the package that has it among its
   * bases and defines the method (`Specifier()` for `BaseSpecifier.contains`). Once per class.
   */
  private abstractReceiver(obs: Observation, at: number, built: PyValue): boolean {
    const m = /Can't instantiate abstract class (\w+)/.exec(obs.record.result.exception?.message ?? '');
    if (!m || built.k !== 'call' || !isConstructorCall(built) || pyTypeName(built) !== m[1]) return false;
    const key = `${built.callee}#abstract`;
    if (this.attributesAsked.has(key)) return false;
    this.attributesAsked.add(key);
    const instances = instancesWithAttribute(this.argumentClasses, this.info.name, { within: group(m, 1) }).filter(
      (v) => !this.brokenReceivers.has(toSource(v)),
    );
    for (const value of instances) {
      this.queueReplaced(
        obs,
        at,
        value,
        `the receiver an instance of ${value.k === 'call' ? value.callee : 'a class'}, a concrete subclass of ${built.callee}`,
      );
    }
    return instances.length > 0;
  }

  /** A receiver whose constructor found no file of the name it was given: built again on a file of that name (scratchFile). */
  private scratchReceiver(obs: Observation, at: number, built: PyValue): boolean {
    const path = missingFile(obs.record.result.exception?.message ?? '');
    if (path === undefined || built.k !== 'call' || !isConstructorCall(built) || this.scratched.has(at)) return false;
    const k = built.args.findIndex((a) => a.k === 'str' && a.v === path);
    if (k < 0) return false;
    this.scratched.add(at);
    const file = scratchFileFor(path, this.hidden ? '' : this.info.qualname);
    const value: PyValue = { ...built, args: built.args.map((a, j) => (j === k ? file : a)) };
    this.queueReplaced(obs, at, value, `the receiver built on a file named ${path}`);
    return true;
  }

  /**
   * A method whose argument is what a sibling method returns (Random.setstate takes what
   * getstate gave): after a call of it raised, the same call with the argument that sibling's
   * output on a receiver built from arguments, written `Random.getstate(Random(100))`. Siblings pair by name
   * (set/get, load/dump, from/to… of the same stem) and take no argument. Once per method.
   */
  private siblingOutput(obs: Observation): boolean {
    const { at, built } = this.receiverOf(obs);
    if (this.siblingTried || !built || !isConstructorCall(built) || !this.info.ownerMethods || this.hidden) return false;
    const stem = (name: string): string => name.replace(/^(?:set|get|load|dump|from|to|read|write|put|encode|decode)_?/, '');
    const own = stem(this.info.name);
    if (!own || own === this.info.name) return false;
    const siblings = this.info.ownerMethods.filter((m) => m.required === 0 && m.name !== this.info.name && stem(m.name) === own);
    const given = obs.input.map((s, i) => (i !== at && s.value !== undefined ? i : -1)).filter((i) => i >= 0);
    const named = given.filter((i) => itemAt(this.positions, i).name.includes(own));
    const target = only(named) ?? only(given) ?? -1;
    if (siblings.length === 0 || target < 0) return false;
    // A receiver built bare may draw on os.urandom or the clock (random.Random() does): one built
    // from arguments that the constructor accepted gives the same output in every run.
    const takesArguments = positionalOf(this.info.ownerInit ?? []).length > 0;
    const source = takesArguments
      ? this.observations
          .filter((o) => o.record.result.status !== 'rejected')
          .map((o) => itemAt(o.input, at).value)
          .find((v) => v !== undefined && v.k === 'call' && v.callee === built.callee && v.args.length > 0)
      : built;
    if (!source) return false;
    this.siblingTried = true;
    const owner = built.callee;
    for (const m of siblings.slice(0, 2)) {
      const value: PyValue = { k: 'call', callee: `${owner}.${m.name}`, args: [source] };
      const cls = classOfValue(value);
      if (!isKnownClass(cls)) continue;
      const pos = itemAt(this.positions, target);
      pos.opaque = true;
      if (!pos.candidates.includes(cls)) pos.candidates.push(cls);
      this.addMined(target, [value]);
      this.queue.push({ input: obs.input.map((s, j) => (j === target ? { cls, value } : s)), note: `what ${m.name}() returned, passed to ${this.info.name}` });
    }
    return true;
  }

  /**
   * "'str' object has no attribute 'truncate'": the same call with that argument a value of a
   * standard type that has it ("'float' object has no attribute 'to_integral'": a Decimal,
   * receivers.ts standardWithAttribute), and an instance of each class of the target's package
   * that has it (FunctionInfo.argumentClasses: a `Version` for `SpecItem.match`), built from its
   * constructor. The instances join the values swept at that position. Once per attribute.
   */
  private instanceForAttribute(obs: Observation, message: string, given: number[]): boolean {
    const m = /'([\w.]+)' object has no attribute '(\w+)'/.exec(message);
    if (!m) return false;
    const type = group(m, 1);
    const attribute = group(m, 2);
    if (this.attributesAsked.has(attribute)) return false;
    this.attributesAsked.add(attribute);
    const typed = given.filter((i) => pyTypeName(givenValue(obs.input, i)) === type);
    // A standard type that has it (a Decimal's to_integral), at each argument of the type named, of
    // the same number where it is one; with none of that type (fquotmod's (val - low) / (high - low)
    // made the float), every number given as that type at once.
    const types = standardWithAttribute(attribute, type);
    const standard: Input[] = (typed.length ? typed : given.length === 1 ? given : []).flatMap((i) =>
      types.map((t) => {
        const value = t.of?.(givenValue(obs.input, i)) ?? t.value;
        this.addMined(i, [value]);
        return withSlot(obs.input, i, value, classOfValue(value));
      }),
    );
    for (const of of typed.length ? [] : types.flatMap((t) => (t.of ? [t.of] : []))) {
      const converted = obs.input.map((s, j) => {
        const value = given.includes(j) && s.value ? of(s.value) : undefined;
        return value ? { cls: classOfValue(value), value } : s;
      });
      if (converted.some((s, j) => s !== obs.input[j])) standard.push(converted);
    }
    for (const input of standard) this.queue.push({ input, note: `the error asked for .${attribute}: a standard type that has it` });
    // Then the package's own classes, at the one argument the message is about.
    const at = only(typed) ?? only(given) ?? -1;
    // First one built as a receiver the worker saw holding it (its state lists it): a method that
    // takes another of its own kind (`URI.contains(other)`) is given one.
    const instances = at < 0 ? [] : [...this.receiversHolding(attribute), ...instancesWithAttribute(this.argumentClasses, attribute)];
    if (instances.length === 0) return standard.length > 0;
    const pos = itemAt(this.positions, at);
    pos.opaque = true;
    for (const value of instances) {
      const cls = classOfValue(value);
      if (!pos.candidates.includes(cls)) pos.candidates.push(cls);
      this.addMined(at, [value]);
      this.queue.push({
        input: obs.input.map((s, j) => (j === at ? { cls, value } : s)),
        note: `the error asked for .${attribute}: ${toSource(value)} has it`,
      });
    }
    return true;
  }

  /**
   * A receiver (a constructor call) whose state, as the worker reported it before a call, holds
   * `attribute`: at most one. None when names must stay hidden (the attribute is the message's word
   * for what the code wanted, read to build an object the search would not otherwise make).
   */
  private receiversHolding(attribute: string): PyValue[] {
    const at = this.positions.findIndex((p) => p.role === 'receiver');
    if (at < 0 || this.hidden) return [];
    for (const o of this.observations) {
      const v = itemAt(o.input, at).value;
      if (v && isConstructorCall(v) && o.record.result.receiverState?.before.attributes.some((a) => a.name === attribute)) return [v];
    }
    return [];
  }

  /** Values an error message suggested for position i, once each: they join the sweep of their class. */
  private addMined(i: number, values: PyValue[]): void {
    const mined = itemAt(this.mined, i);
    for (const v of values) if (!mined.some((m) => toSource(m) === toSource(v))) mined.push(v);
  }

  /**
   * The call `obs` made, queued again with `value` (of the value's own class) at position `at`;
   * the value joins that position's sweep unless `mine` is false (one the search holds already, or
   * one of a capped few). With `once`, not when a call was queued so with that value before
   * (firstBuilt). Whether it was queued.
   */
  private queueReplaced(obs: Pick<Observation, 'input'>, at: number, value: PyValue, note: string, opts: { mine?: boolean; once?: boolean } = {}): boolean {
    if (opts.once && !this.firstBuilt(value)) return false;
    if (opts.mine !== false) this.addMined(at, [value]);
    this.queue.push({ input: withSlot(obs.input, at, value, classOfValue(value)), note });
    return true;
  }

  /** Whether no call was queued with `value` built so before (this.rebuilt); it is so from now on. */
  private firstBuilt(value: PyValue): boolean {
    if (this.rebuilt.has(toSource(value))) return false;
    this.rebuilt.add(toSource(value));
    return true;
  }

  /**
   * "missing 1 required keyword-only argument: 'k'": the call again with the named parameters
   * given, and they are no longer left out (they are required). True when the message said so.
   */
  private mineMissing(obs: Observation, message: string): boolean {
    const names = missingArguments(message);
    const at = names
      .map((n) => this.positions.findIndex((p) => p.name === n && (p.role === 'positional' || p.role === 'keyword')))
      // Left out, or given as None: an option whose default is None says so in the library's own words.
      .filter((i) => i >= 0 && (itemAt(obs.input, i).value ?? { k: 'none' }).k === 'none');
    if (at.length === 0) return names.length > 0;
    const input = obs.input.map((s, i) => {
      if (!at.includes(i)) return s;
      const pos = itemAt(this.positions, i);
      pos.candidates = pos.candidates.filter((c) => c !== 'omit');
      const cls = itemAt(pos.candidates, 0);
      return { cls, value: this.valueFor(i, cls) };
    });
    this.queue.push({ input, note: `the error named the missing ${names.map((n) => `'${n}'`).join(', ')}` });
    return true;
  }

  /**
   * A method that found its receiver empty ("pop from empty stack", a KeyError for a name never
   * added): the same call on a receiver filled first through one of its class's own methods that
   * put things in (push, add, append…), twice, with the key the error named when it named one.
   * The receiver is written in the argument grammar as `(lambda s: (s.push(3), s.push(7), s)[-1])(Stack())`.
   * Once per filling method.
   */
  private fillReceiver(obs: Observation, message: string): boolean {
    const r = obs.record.result;
    const type = baseExceptionName(r.exception?.type ?? '');
    // queue.Empty and its like say it by their class, with no message.
    if (!/^(IndexError|KeyError|LookupError|StopIteration)$/.test(type) && !/Empty/.test(type) && !EMPTY.test(message)) return false;
    const { at } = this.receiverOf(obs);
    const echoed = obs.input.find((s, i) => i !== at && s.value && echoes(message, s.value, 'KeyError'))?.value;
    return this.fillThroughOwner(obs, echoed);
  }

  /**
   * The call again on its receiver (a constructor call) filled first through the owner's own
   * methods that put things in, twice, with `echoed` (a key an error named) first when given, else
   * ordinary ints. False when the receiver is no constructor call or no such method is left.
   */
  private fillThroughOwner(obs: Observation, echoed: PyValue | undefined): boolean {
    const { at, built } = this.receiverOf(obs);
    if (!built || !isConstructorCall(built) || !this.info.ownerMethods) return false;
    let queued = false;
    // A mapping or a sequence fills in one call from a container (cachetools' caches: update({...});
    // extend([...]); boltons' LRI: update(E, **F)).
    const byContainer = (x: { name: string; required: number }): boolean => x.required <= 1 && /^(update|extend)$/.test(x.name);
    for (const m of this.info.ownerMethods
      .filter((x) => FILLS.test(x.name) && ((x.required >= 1 && x.required <= 2) || byContainer(x)) && !this.filledWith.has(x.name))
      .slice(0, 2)) {
      this.filledWith.add(m.name);
      const firsts = echoed ? [echoed, echoed.k === 'str' ? str('x') : int(7)] : [int(3), int(7)];
      const calls = byContainer(m)
        ? [
            `s.${m.name}(${toSource(m.name === 'update' ? { k: 'dict', entries: firsts.map((f, n) => [f, int(n + 1)] as [PyValue, PyValue]) } : { k: 'list', items: firsts })})`,
          ]
        : firsts.map((f, n) => `s.${m.name}(${[f, ...(m.required === 2 ? [int(n + 2)] : [])].map(toSource).join(', ')})`);
      this.callOnPrepared(obs, at, built, calls, `the receiver filled first through ${m.name}()`);
      // Filled one at a time, the same values in the other order too: whether the call gives back
      // what went in last (a stack) or first (a queue) shows only then (relations.ts filledRelation).
      if (!byContainer(m) && m.required === 1 && calls.length === 2)
        this.callOnPrepared(obs, at, built, [...calls].reverse(), `the receiver filled first through ${m.name}(), in the other order`);
      queued = true;
    }
    return queued;
  }

  /**
   * A refusal on a receiver fresh from its constructor that its state may explain (mayBeState): the same call on a
   * receiver a sibling method taking the same arguments by name was called on first
   * (sibling-first.ts: `receive(sku, qty)` before `ship(sku, qty)`). Once per sibling; not when names must stay hidden.
   */
  private siblingFirst(obs: Observation): boolean {
    const { at, built } = this.receiverOf(obs);
    const type = baseExceptionName(obs.record.result.exception?.type ?? '');
    const message = obs.record.result.exception?.message ?? '';
    if (this.hidden || !built || !isConstructorCall(built) || !this.info.ownerMethods || !mayBeState(type, message)) return false;
    const given = new Map<string, PyValue>();
    obs.input.forEach((s, i) => {
      if (i !== at && s.value !== undefined) given.set(itemAt(this.positions, i).name, s.value);
    });
    const target = this.info.qualname.slice(this.info.qualname.lastIndexOf('.') + 1);
    const siblings = siblingPreparations(this.info.ownerMethods, target, given).filter((p) => !this.filledWith.has(p.method));
    for (const { method, calls } of siblings) {
      this.filledWith.add(method);
      this.callOnPrepared(obs, at, built, calls, `the receiver prepared first through ${method}() with the same arguments`);
    }
    return siblings.length > 0;
  }

  /**
   * A message that names another method of the receiver's class ("prepare() must be called
   * first", "call open() before reading"): the same call on a receiver that method was called on
   * first, with no argument, or with an ordinary int for each one it requires. Once per method.
   */
  private prepareReceiver(obs: Observation, message: string): boolean {
    const { at, built } = this.receiverOf(obs);
    if (!built || !isConstructorCall(built) || !this.info.ownerMethods) return false;
    const named = this.info.ownerMethods.filter(
      (m) =>
        m.required <= 2 &&
        !this.filledWith.has(m.name) &&
        new RegExp(String.raw`(?<![\w.])${m.name}\(\)|'${m.name}'|\b${m.name}\b(?= (?:first|before))`).test(message),
    );
    for (const m of named.slice(0, 2)) {
      this.filledWith.add(m.name);
      const call = `s.${m.name}(${[int(3), int(7)].slice(0, m.required).map(toSource).join(', ')})`;
      this.callOnPrepared(obs, at, built, [call], `the receiver prepared first through ${m.name}()`);
    }
    return named.length > 0;
  }

  /**
   * "# channels not specified", "sample width not set": the same call on its receiver prepared first
   * through the owner's one-argument setter whose name holds a word of the message (setnchannels,
   * setsampwidth), after the preparations it had: each such refusal adds one setter, so a writer that
   * needs three settings has them after three calls. Once per preparation; not when names must stay hidden.
   */
  private unsetState(obs: Observation, message: string): boolean {
    const { at, built } = this.receiverOf(obs);
    const methods = this.info.ownerMethods;
    if (this.hidden || !built || !methods || !UNSET.test(message)) return false;
    const prepared = preparingCalls(built);
    const base = prepared?.built ?? built;
    if (!isConstructorCall(base)) return false;
    const done = (prepared?.calls ?? []).map((c) => c.method);
    const words = (message.toLowerCase().match(/[a-z]{4,}/g) ?? []).map((w) => w.replace(/s$/, ''));
    const setter = methods.find(
      (m) => /^set_?[a-z]/.test(m.name) && m.required === 1 && !done.includes(m.name) && words.some((w) => m.name.toLowerCase().includes(w)),
    );
    if (!setter) return false;
    const calls = [
      ...(prepared?.calls ?? []).map((c) => `s.${c.method}(${c.args.map(toSource).join(', ')})`),
      `s.${setter.name}(${toSource(settingFor(setter.params?.[0] ?? ''))})`,
    ];
    return this.callOnPrepared(obs, at, base, calls, `the receiver prepared first through ${setter.name}(), which the error said was not set`, true);
  }

  /**
   * A method refused for a receiver opened for reading ("write() on read-only GzipFile object"):
   * the same call on the receiver built with a writing mode (receiver-options.ts). Once per receiver.
   * Not when names must not guide the search (the constructor's `mode` is found by its name).
   */
  private writeModeReceiver(obs: Observation, message: string): boolean {
    const { at, built } = this.receiverOf(obs);
    const value = built && !this.hidden ? withWriteMode(built, this.info.ownerInit, message) : undefined;
    return value !== undefined && this.queueReplaced(obs, at, value, 'the receiver opened for writing', { once: true });
  }

  /**
   * A parser's error whose type or message names its format (`toml.decoder.TomlDecodeError` for a
   * file of plain lines, "Key is not valid JSON"): the same call with that format's text in each file, file object or text argument.
   * Once per position and format. Not when names must not guide the search (the type is the package's name for it).
   */
  private formatOfError(obs: Observation): boolean {
    const { type = '', message = '' } = obs.record.result.exception ?? {};
    const text = this.hidden ? undefined : (formatTextOfError(type) ?? formatTextOfMessage(message));
    if (text === undefined) return this.sampleOfFormat(obs, type, message);
    const { at: receiverAt } = this.receiverOf(obs);
    let queued = false;
    for (const [i, s] of obs.input.entries()) {
      const value = i === receiverAt || !s.value ? undefined : withText(s.value, text);
      const key = `${i}:${text}`;
      if (!value || this.formatsTried.has(key) || toSource(value) === toSource(s.value ?? value)) continue;
      this.formatsTried.add(key);
      this.addMined(i, [value]);
      this.queue.push({ input: obs.input.map((x, j) => (j === i ? { cls: x.cls, value } : x)), note: 'text of the format the error names' });
      queued = true;
    }
    return queued;
  }

  /**
   * A reader of a binary format given a file of plain lines or bytes (`Wave_read(<a text file>)`:
   * "file does not start with RIFF id"; `GzipFile.read`: "Not a gzipped file"): the same call with a
   * small valid file (sample_file) of the format the error's type, else the function's name, else the message names,
   * for each file argument and each file the receiver was built on. Once per position and format.
   * Not when names must not guide the search (the words are the package's).
   */
  private sampleOfFormat(obs: Observation, type: string, message: string): boolean {
    const ext = this.hidden ? undefined : binaryFormatOf([type, this.info.qualname, message]);
    if (ext === undefined) return false;
    let queued = false;
    for (const [i, s] of obs.input.entries()) {
      const value = s.value && withSampleFiles(s.value, ext);
      const key = `${i}:${ext}`;
      if (!value || this.formatsTried.has(key)) continue;
      this.formatsTried.add(key);
      this.queueReplaced(obs, i, value, `a small valid ${ext} file in place of the file given`);
      queued = true;
    }
    return queued;
  }

  /**
   * A method that failed on a receiver fresh from its constructor in a way its state may explain
   * (state-setters.ts; an empty AttributeError too): the same call on receivers prepared first
   * through the methods that assign what it reads, and, after text was fed, with its int
   * arguments at 0 (a position in that text). Once per set of other arguments, STATE_TRIES at most.
   */
  private stateReceiver(obs: Observation): void {
    const exception = obs.record.result.exception;
    const { at, built } = this.receiverOf(obs);
    const methods = this.info.ownerMethods;
    if (this.hidden || !exception || !built || !isConstructorCall(built) || !methods || this.stateTried.size >= STATE_TRIES) return;
    // Only while nothing returned: where calls return, preparations would take the budget from what they show.
    if (!mayBeState(baseExceptionName(exception.type), exception.message) || this.observations.some((o) => o.record.result.status === 'returned')) return;
    // A message about an argument's own type ("'int' object has no attribute 'group'") is that argument's.
    if (obs.input.some((s, i) => i !== at && s.value !== undefined && namesTypeOf(exception.message, s.value))) return;
    const key = contextKey(obs.input, at);
    if (this.stateTried.has(key)) return;
    this.stateTried.add(key);
    for (const { calls, fedText } of statePreparations(methods, this.constants)) {
      const value = preparedReceiver(built, calls);
      const input = obs.input.map((s, i) => (i === at ? { cls: s.cls, value } : s));
      this.queue.push({ input, note: `the receiver prepared first through ${calls.join(', ')}, which sets what the method reads` });
      if (fedText && input.some((s) => s.value?.k === 'int' && s.value.v !== 0n))
        this.queue.push({
          input: input.map((s) => (s.value?.k === 'int' ? { cls: s.cls, value: int(0) } : s)),
          note: `the receiver prepared first through ${calls.join(', ')}, at position 0 of that text`,
        });
    }
  }

  /**
   * The call again on its receiver after `calls` (method calls on `s`) were made on it, written in
   * the argument grammar as `(lambda s: (s.push(3), s)[-1])(Stack())`: mutations vary the
   * receiver's own arguments, as for any other, and it keeps its constructor's class (the
   * description calls it an instance of the owner like any other). With `once`, not when a call was
   * queued on that receiver before (firstBuilt). Whether it was queued.
   */
  private callOnPrepared(obs: Observation, at: number, built: PyValue, calls: string[], note: string, once = false): boolean {
    const value = preparedReceiver(built, calls);
    if (once && !this.firstBuilt(value)) return false;
    this.queue.push({ input: withSlot(obs.input, at, value), note });
    return true;
  }

  /** A KeyError for a key no argument holds: each dict argument again, holding that key too (named-keys.ts). */
  private mineNamedKey(obs: Observation): boolean {
    const exception = obs.record.result.exception;
    const key = /KeyError$/.test(exception?.type ?? '') ? keyNamed(exception?.message ?? '') : undefined;
    if (!key) return false;
    let queued = false;
    for (const [i, slot] of obs.input.entries()) {
      const value = slot.value && itemAt(this.positions, i).role !== 'receiver' ? withNamedKey(slot.value, key) : undefined;
      if (!value) continue;
      this.queue.push({
        input: obs.input.map((s, j) => (j === i ? { cls: s.cls, value } : s)),
        note: `the dict holding the key ${toSource(key)} the error named`,
      });
      queued = true;
    }
    return queued;
  }

  /**
   * A look-up of a key the container did not hold (`KeyError: 5` from `SortedSet([3, 1, 2]).remove(5)`,
   * "no such name 'x'"): the message echoes the key, as Redqueen's input-to-state comparisons do, so
   * the call is made again once with a key the container holds and once with the container holding
   * the key. The container is the receiver's constructor argument or another argument of the call.
   * Once per position of the key.
   */
  private mineAbsentKey(obs: Observation, message: string): boolean {
    const type = baseExceptionName(obs.record.result.exception?.type ?? '');
    const lookup = /KeyError$/.test(type) || (/Error$/.test(type) && ABSENT.test(message));
    if (!lookup) return false;
    let queued = false;
    for (const [i, slot] of obs.input.entries()) {
      const v = slot.value;
      if (!v || itemAt(this.positions, i).role === 'receiver' || this.keyMined.has(i) || !echoes(message, v, type)) continue;
      for (const [j, { value: other }] of obs.input.entries()) {
        if (j === i || !other || isScratchFile(other)) continue;
        // The receiver's container is its constructor's first argument; a receiver built from nothing gets one.
        const held = other.k === 'call' ? other.args[0] : other;
        if (held !== undefined && !isContainer(held)) continue;
        const rebuild = (c: PyValue): Slot => {
          const value: PyValue = other.k === 'call' ? { ...other, args: [c, ...other.args.slice(1)] } : c;
          return { cls: classOfValue(value), value };
        };
        const key = held ? heldKey(held) : undefined;
        const note = `the container holding the key ${toSource(v)}`;
        const call = (c: PyValue, why: string) => this.queue.push({ input: obs.input.map((s, k) => (k === j ? rebuild(c) : s)), note: why });
        if (key) {
          this.queue.push({
            input: obs.input.map((s, k) => (k === i ? { cls: classOfValue(key), value: key } : s)),
            note: `a key the container holds: ${toSource(key)}`,
          });
          call(withKey(held, v), note);
        } else {
          // An empty container: the key alone, and among other contents, so that what the call does to the rest shows too.
          // A receiver built from nothing may want a list or a dict: both are tried.
          call(withKey(held, v), note);
          const others = othersLike(v);
          if (held?.k !== 'dict') call(withKey({ k: 'list', items: others }, v), note);
          if (held === undefined || held.k === 'dict') call(withKey({ k: 'dict', entries: others.map((o, n) => [o, int(n + 1)]) }, v), note);
        }
        this.keyMined.add(i);
        queued = true;
        break;
      }
    }
    return queued;
  }

  /**
   * A type error about the elements of a list argument ("object of type 'int' has no len()" for
   * [3, 1, 2]): the list again with elements of the other kind, words for numbers and back.
   */
  private mineElementType(obs: Observation, message: string, given: number[]): boolean {
    // An argument of the named type may be the one meant instead: then both are tried.
    const typeNamed = this.positionsTypeNamed(obs, message, given).length > 0;
    const asksForDict = classesAskedFor(message).includes('dict');
    let queued = false;
    for (const i of given) {
      const v = givenValue(obs.input, i);
      if (v.k !== 'list') continue;
      const [first] = v.items;
      if (first === undefined) continue;
      const el = pyTypeName(first);
      // A list of lists with a number among them ([[1, 2], [3], 6]), where each item is iterated:
      // that item in a list of its own, as the others are.
      const odd = v.items.filter((x) => x.k !== 'list' && namesTypeOf(message, x));
      if (/\bnot iterable\b/.test(message) && v.items[0]?.k === 'list' && odd.length > 0) {
        const value: PyValue = { k: 'list', items: v.items.map((x) => (odd.includes(x) ? { k: 'list', items: [x] } : x)) };
        queued = this.queueReplaced(obs, i, value, 'each item of the list in a list, as the error asked', { mine: false }) || queued;
        continue;
      }
      if (el === undefined || !namesTypeOf(message, first)) continue;
      if (typeNamed && !asksForDict) continue;
      if (asksForDict) {
        // Records (`item.get(key)`): dicts keyed by the call's other arguments that can be keys, with values that repeat.
        const keys = obs.input.flatMap((s, j) =>
          j !== i && s.value && HASHABLE.has(s.value.k) && itemAt(this.positions, j).role !== 'receiver' ? [s.value] : [],
        );
        const fields = [...keys.slice(0, 2), str('a'), str('b')].slice(0, 2);
        const value: PyValue = {
          k: 'list',
          items: ['x', 'y', 'x'].map((w, n) => ({ k: 'dict', entries: fields.map((f, m) => [f, m === 0 ? str(w) : int(n + 1)] as [PyValue, PyValue]) })),
        };
        this.queue.push({
          input: obs.input.map((s, j) => (j === i ? { cls: 'list', value } : s)),
          note: `the error asked the list's ${el} elements for dict methods`,
        });
        queued = !typeNamed;
        continue;
      }
      const cls = first.k === 'str' ? 'list' : 'list[str]';
      const value = itemAt(this.positions, i).hinted?.find((h) => slotClassOf(h) === cls) ?? representative(cls);
      this.queue.push({ input: obs.input.map((s, j) => (j === i ? { cls, value } : s)), note: `the error was about the list's ${el} elements` });
      queued = true;
    }
    return queued;
  }

  /** Given positions whose value's Python type the message names ("'int' object…", "not int"). */
  /**
   * A file object the call wrote into: the same call with an empty file of its kind, once per
   * position, so that what it holds afterwards is what the function wrote (not written over
   * the text it held).
   */
  private writtenFiles(obs: Observation): void {
    const labels = labelledPositions(this.positions, obs.input);
    for (const m of obs.record.result.mutations) {
      const i = labels.get(m.arg) ?? -1;
      const slot = i >= 0 ? obs.input[i] : undefined;
      if (!slot?.value || !FILE_KINDS.includes(slot.cls) || this.fileEmptied.has(i)) continue;
      const empty = emptyFile(slot.cls);
      if (m.repr === toSource(slot.value) || toSource(slot.value) === toSource(empty)) continue;
      this.fileEmptied.add(i);
      this.queue.push({ input: obs.input.map((s, j) => (j === i ? { cls: s.cls, value: empty } : s)), note: 'the same call writing into an empty file' });
    }
  }

  /**
   * A type error in a call given a file object: the other kind of file there, once per position.
   * Which kind the message wants is seldom plain ("string argument expected, got 'bytes'" is a
   * text file written bytes; "a bytes-like object is required, not 'str'" is either kind).
   */
  private switchFileKinds(obs: Observation, given: number[]): void {
    for (const i of given) {
      const slot = itemAt(obs.input, i);
      const other = OTHER_FILE_KIND[slot.cls];
      // Once per position and other arguments: two files may each need switching, one after the other.
      const key = `${i}:${contextKey(obs.input, i)}`;
      if (!other || this.fileSwitched.has(key)) continue;
      this.fileSwitched.add(key);
      const { candidates } = itemAt(this.positions, i);
      if (!candidates.includes(other)) candidates.push(other);
      const empty = toSource(givenValue(obs.input, i)) === toSource(emptyFile(slot.cls));
      const value = empty ? emptyFile(other) : this.valueFor(i, other);
      this.queue.push({ input: obs.input.map((s, j) => (j === i ? { cls: other, value } : s)), note: `the other kind of file: ${other}` });
    }
  }

  /**
   * The given position a message about this very function names by its place ("Invalid first
   * argument to `register()`"): an ordinal in another function's message counts that one's arguments.
   */
  private positionByOrdinal(message: string, given: number[]): number[] {
    const nth = message.includes(`${this.info.name}()`) ? ordinalPosition(message) : undefined;
    if (nth === undefined) return [];
    const at = this.positions.map((p, i) => (p.role === 'positional' ? i : -1)).filter((i) => i >= 0)[nth];
    return at !== undefined && given.includes(at) ? [at] : [];
  }

  private positionsTypeNamed(obs: Observation, message: string, given: number[]): number[] {
    return given.filter((i) => namesTypeOf(message, givenValue(obs.input, i)));
  }

  /**
   * While no call with the base's arguments returned, a call that returned, or that raised further
   * into the function (new lines), becomes the base: the refusal it got past was the base's problem.
   */
  private adoptIfFurther(obs: Observation, newCode: boolean): void {
    const { base, baseObs } = this;
    if (!base || !baseObs || baseObs.record.result.status === 'returned' || obs === baseObs) return;
    const r = obs.record.result;
    // A raise of a call that adds an argument the base left out is that argument's refusal, not a way further in.
    const adds = obs.input.some((s, i) => s.value !== undefined && itemAt(base, i).value === undefined);
    const further = r.status === 'returned' || (r.status === 'raised' && newCode && !adds && (obs.purpose === 'mined' || obs.purpose === 'widen'));
    if (further) this.setBase(obs);
  }

  /**
   * A value of class cls for position i: one an error message suggested, else one the name
   * suggested, else an ordinary one of the class (the `nth` of its class in the call: f(3, 7, 2),
   * not f(3, 3, 3), so that arguments can be told apart and an interval is not empty).
   */
  private valueFor(i: number, cls: string, nth = 0): PyValue | undefined {
    return (
      itemAt(this.mined, i).find((v) => classOfValue(v) === cls) ??
      itemAt(this.positions, i).hinted?.filter((v) => slotClassOf(v) === cls && !this.brokenReceivers.has(toSource(v)))[nth] ??
      ordinaryValue(cls, nth) ??
      representative(cls)
    );
  }

  /** Runs the probes error messages called for. */
  private async drainQueue(): Promise<void> {
    for (let next = this.queue.shift(); next; next = this.queue.shift()) await this.run(next.input, 'mined', next.note);
  }

  private inputOf(classes: string[]): Input {
    const seen = new Map<string, number>();
    return classes.map((cls, i) => {
      const hinted = itemAt(this.positions, i).hinted?.some((v) => slotClassOf(v) === cls);
      const nth = hinted ? 0 : (seen.get(cls) ?? 0);
      if (!hinted) seen.set(cls, nth + 1);
      return { cls, value: this.valueFor(i, cls, nth) };
    });
  }

  /**
   * The input with its receiver, when that one could not be built, replaced by the last receiver
   * that was (one built as its constructor asked, receiverAsAsked); null when none was.
   */
  private withBuiltReceiver(input: Input): Input | null {
    const broken = (s: Slot): boolean => s.value !== undefined && this.brokenReceivers.has(toSource(s.value));
    if (!input.some(broken)) return input;
    const { at } = this.receiverOf({ input });
    const built = this.builtReceiver;
    if (at < 0 || !built || input.some((s, i) => i !== at && broken(s))) return null;
    return input.map((s, i) => (i === at ? built : s));
  }

  private labelOf(input: Input): string {
    return input.map((s) => (s.value === undefined ? '–' : typeClass(s.cls).label)).join(', ');
  }

  /**
   * Type discovery: class assignments in order of likelihood until one is accepted (the base),
   * then each position's other classes, one position at a time, with the rest kept at the base.
   */
  private async discover(searchCap: number, wideningBudget: number): Promise<void> {
    // An assignment with None in it often only reaches a guard clause (`if not items: return []`):
    // keep it as a fallback and look on for one without.
    let fallback: Observation | null = null;
    // Without any accepted input the rest of the budget would be spent at random: search longer.
    const hardCap = Math.max(searchCap, Math.round(this.opts.maxProbes * SEARCH_SHARE_WHEN_NOTHING_WORKS));
    for (const classes of this.withHints(this.withLastLeftOut(this.assignments()))) {
      if (this.used >= (fallback ? searchCap : hardCap) || this.unlearned >= NOT_LEARNING_AFTER) break;
      // A receiver that could not be built fails every call made on it: one that was built takes its place.
      const input = this.withBuiltReceiver(this.inputOf(classes));
      if (!input) continue;
      const obs = await this.run(input, 'discover', `type discovery: ${this.labelOf(input) || 'no arguments'}`);
      if (obs && typesAccepted(obs.record.result)) {
        if (!classes.includes('none')) {
          this.setBase(obs);
          break;
        }
        fallback ??= obs;
      }
      // What the refusals said: a value or type they asked for may be the way in.
      const found = await this.drainForBase(input);
      if (found) break;
    }
    if (!this.base && fallback) this.setBase(fallback);
    if (!this.base) return;
    // The base's own refusal may name what it wants ("cutoff must be in [0.0, 1.0]").
    await this.drainQueue();
    await this.tryFewerArguments(this.base);
    await this.tryMoreVarargs();
    await this.tryKeywords();
    const cap = Math.min(this.used + wideningBudget, Math.round(this.opts.maxProbes * 0.5));
    // Callables are widened to only where a name or an error message asked for one: elsewhere they cost a probe per parameter.
    const callableHinted = this.observations.some((o) => /callable/i.test(o.record.result.exception?.message ?? ''));
    const start = this.base;
    const queues = this.positions.map((pos, i) => {
      const asked = itemAt(this.asked, i);
      return pos.candidates.filter(
        (c, rank) =>
          c !== itemAt(start, i).cls &&
          (c !== 'callable' || callableHinted || rank < 3) &&
          // A type error that named what this parameter wants makes the other types' refusals predictable.
          (asked === null || asked.includes(c) || c === 'omit'),
      );
    });
    // Per position, calls that returned just what the base returned: an option the base's other arguments make moot.
    const moot = new Map<number, number>();
    while (this.used < cap && queues.some((q) => q.length)) {
      for (const [i, queue] of queues.entries()) {
        if (this.used >= cap) break;
        await this.drainQueue();
        const cls = queue.shift();
        const asked = itemAt(this.asked, i);
        if (cls === undefined || itemAt(this.accepted, i).has(cls) || (asked !== null && !asked.includes(cls) && cls !== 'omit')) continue;
        // The base may have moved on (a call got further): widen around the current one.
        const base: Input = this.base;
        const input = base.map((s, j) => (j === i ? { cls, value: this.valueFor(i, cls) } : s));
        const obs = await this.run(input, 'widen', `type discovery: ${itemAt(this.positions, i).name} as ${typeClass(cls).label}`);
        // A base of no arguments at all (gcd() is 0) shows little: the first call with one that returned takes its place.
        if (obs?.record.result.status === 'returned' && base.every((s) => s.value === undefined) && obs.input.some((s) => s.value !== undefined))
          this.setBase(obs);
        else if (
          obs &&
          this.base === base &&
          this.minedBaseAt.has(i) &&
          obs.record.result.status === 'returned' &&
          (obs.record.result.coverage?.lines.new ?? 0) > 0
        )
          this.setBase(obs);
        const baseOut = this.baseObs?.record.result.status === 'returned' ? this.baseObs.record.result.value?.repr : undefined;
        // Not around a base a suggested constant chose: that may be an early return every call shares.
        if (obs && baseOut !== undefined && obs.record.result.value?.repr === baseOut && this.minedBaseAt.size === 0) {
          const n = (moot.get(i) ?? 0) + 1;
          moot.set(i, n);
          if (n >= MOOT_AFTER) queue.length = 0;
        }
      }
    }
    await this.drainQueue();
    await this.leaveMinedConstant();
    this.rebaseOnReturned();
  }

  /**
   * A base whose call returned with a suggested constant (minedBaseAt: `label == 0` gave 0) may
   * have returned early, so that every call around it returns the same: the calls that returned
   * with that constant are made once more with an ordinary value of its class in its place, and
   * the first that returns and reaches new code becomes the base.
   */
  private async leaveMinedConstant(): Promise<void> {
    const { base, baseObs } = this;
    const at = [...this.minedBaseAt];
    if (!base || !baseObs || at.length === 0 || baseObs.record.result.status !== 'returned') return;
    const sourceAt = (input: Input, i: number): string | undefined => {
      const v = itemAt(input, i).value;
      return v === undefined ? undefined : toSource(v);
    };
    const withConstant = this.observations.filter(
      (o) => o.record.result.status === 'returned' && o.purpose !== 'repeat' && at.every((i) => sourceAt(o.input, i) === sourceAt(base, i)),
    );
    let tries = 0;
    for (const o of [baseObs, ...withConstant.filter((w) => w !== baseObs)]) {
      for (const i of at) {
        const { cls } = itemAt(o.input, i);
        const value = [0, 1, 2].map((n) => ordinaryValue(cls, n)).find((v) => v !== undefined && toSource(v) !== sourceAt(base, i));
        if (!value) continue;
        const obs = await this.run(
          o.input.map((s, j) => (j === i ? { cls, value } : s)),
          'widen',
          `ordinary value for ${itemAt(this.positions, i).name} in place of a suggested constant`,
        );
        if (!obs) continue;
        if (obs.record.result.status === 'returned' && (obs.record.result.coverage?.lines.new ?? 0) > 0) {
          this.setBase(obs);
          return;
        }
        if (++tries >= LEAVE_CONSTANT_TRIES) return;
      }
    }
  }

  private setBase(obs: Observation): void {
    this.base = obs.input;
    this.baseObs = obs;
    this.sweep = null;
    this.minedBaseAt = new Set();
  }

  /**
   * Runs the probes messages asked for during discovery; true when one was accepted (it becomes the
   * base). `tried`: the discovery call whose refusals they came from.
   */
  private async drainForBase(tried: Input): Promise<boolean> {
    for (let next = this.queue.shift(); next; next = this.queue.shift()) {
      const obs = await this.run(next.input, 'mined', next.note);
      if (obs && typesAccepted(obs.record.result) && !obs.input.some((s) => s.cls === 'none')) {
        this.setBase(obs);
        const sourceAt = (input: Input, i: number): string | undefined => {
          const v = itemAt(input, i).value;
          return v === undefined ? undefined : toSource(v);
        };
        obs.input.forEach((s, i) => {
          if (s.value !== undefined && i < tried.length && sourceAt(tried, i) !== sourceAt(obs.input, i)) this.minedBaseAt.add(i);
        });
        return true;
      }
    }
    return false;
  }

  /**
   * A base that raised (an empty account asked for money) would spend the sweep on variations of a
   * refusal: when discovery found a call that returned, with every argument the base gives, sweep around it instead.
   */
  private rebaseOnReturned(): void {
    const base = this.base;
    if (!base) return;
    const baseObs = this.baseObs;
    if (!baseObs || baseObs.record.result.status === 'returned') return;
    const sameShape = (o: Observation): boolean => o.input.every((s, i) => (s.value === undefined) === (itemAt(base, i).value === undefined));
    const given = (o: Observation): number => o.input.filter((s) => s.value !== undefined).length;
    const returned = this.observations.filter((o) => o.record.result.status === 'returned' && o.purpose !== 'repeat');
    // Same arguments given first; else the call that returned with the most of them (the base's options left out).
    const better = returned.find(sameShape) ?? [...returned].sort((a, b) => given(b) - given(a))[0];
    if (better) this.setBase(better);
  }

  /**
   * Assignments first from what error messages said: "not callable" (or "must be callable")
   * puts a callable at each position in turn, the others at their best guess.
   */
  private *withHints(assignments: Generator<string[]>): Generator<string[]> {
    let hinted = false;
    for (const a of assignments) {
      if (!hinted && this.observations.some((o) => /callable/i.test(o.record.result.exception?.message ?? ''))) {
        hinted = true;
        for (const [i, pos] of this.positions.entries()) {
          if (pos.role === 'receiver' || !pos.candidates.includes('callable')) continue;
          for (const other of ['list', 'str', 'int']) {
            yield this.positions.map((p, j) =>
              j === i ? 'callable' : p.role === 'receiver' ? itemAt(p.candidates, 0) : p.candidates.includes(other) ? other : itemAt(p.candidates, 0),
            );
          }
        }
      }
      yield a;
    }
  }

  /**
   * Calls with trailing arguments left out, one at a time, so that optional parameters show
   * their defaults (also when anonymized: the call itself tells whether it was needed).
   */
  private async tryFewerArguments(base: Input): Promise<void> {
    for (const [k, slot] of [...base.entries()].reverse()) {
      const pos = itemAt(this.positions, k);
      if (pos.role !== 'positional' && pos.role !== 'keyword') continue;
      if (slot.value === undefined) continue;
      const input = base.map((s, j) => (j >= k && itemAt(this.positions, j).role !== 'receiver' ? { cls: 'omit', value: undefined } : s));
      const obs = await this.run(input, 'widen', `fewer arguments: ${pos.name} left out`);
      if (!obs || !typesAccepted(obs.record.result)) return;
      // The shorter call works: the left-out parameters are optional.
      for (let j = k; j < base.length; j++) if (itemAt(this.positions, j).role !== 'receiver') itemAt(this.accepted, j).add('omit');
    }
  }

  /**
   * `*args` with two and three items of a class the parameter may take (a merge of dicts, a gcd,
   * a join of paths show what they do only then); the first class not refused by type is kept.
   */
  private async tryMoreVarargs(): Promise<void> {
    const at = this.positions.map((p, i) => (p.role === 'varargs' ? i : -1)).filter((i) => i >= 0);
    const base = this.base;
    const [first] = at;
    if (first === undefined || at.length < 2 || !base || itemAt(base, first).value !== undefined) return;
    for (const cls of itemAt(this.positions, first)
      .candidates.filter((c) => c !== 'omit' && c !== 'none')
      .slice(0, VARARGS_CLASSES)) {
      let refused = false;
      for (const count of [2, 3]) {
        if (count > at.length) break;
        const input = base.map((s, j) => {
          const k = at.indexOf(j);
          return k >= 0 && k < count ? { cls, value: this.valueFor(j, cls, k) } : s;
        });
        const obs = await this.run(input, 'widen', `${count} extra arguments: ${typeClass(cls).label}`);
        // A base with no items would spend the sweep varying options on nothing (a sum of no
        // amounts is 0 whatever the tax): the first call with items that returned takes its place.
        if (obs?.record.result.status === 'returned' && this.base === base) this.setBase(obs);
        if (obs && !typesAccepted(obs.record.result)) refused = true;
        if (refused) break;
      }
      if (!refused) return;
    }
  }

  /** `**kwargs` given a keyword or two on the base (keyword-extras.ts): every assignment leaves it out. */
  private async tryKeywords(): Promise<void> {
    const at = this.positions.findIndex((p) => p.role === 'varkw');
    const base = this.base;
    if (at < 0 || !base || this.hidden) return;
    for (const value of keywordDicts(
      this.info.constants ?? [],
      this.positions.map((p) => p.name),
    ))
      await this.run(
        base.map((s, j) => (j === at ? { cls: 'dict', value } : s)),
        'widen',
        `**${itemAt(this.positions, at).name}: ${toSource(value)}`,
      );
  }

  /**
   * After the first few assignments, each one again without its last argument: an option passed a
   * wrong value (a key of 3, an encoding of 'abc') would otherwise hide every signature that works.
   */
  private *withLastLeftOut(assignments: Generator<string[]>): Generator<string[]> {
    const last = this.positions.map((p) => p.role === 'positional' || p.role === 'keyword').lastIndexOf(true);
    const params = this.positions.filter((p) => p.role === 'positional' || p.role === 'keyword').length;
    let n = 0;
    for (const a of assignments) {
      yield a;
      // Not before the likeliest full signatures had their turn: most functions need every argument.
      // Only an option is left out: a required parameter left out raises "missing 1 required
      // positional argument" each time (color_scale's `nb`, ten probes of forty).
      const option = last >= 0 && itemAt(this.positions, last).candidates.includes('omit');
      if (n++ >= TRUNCATE_AFTER && params >= 2 && option && a[last] !== 'omit') yield a.map((c, i) => (i === last ? 'omit' : c));
    }
  }

  /** Class assignments to try while looking for the first accepted one. */
  private *assignments(): Generator<string[]> {
    const params = this.positions.map((p, i) => ({ p, i })).filter(({ p }) => p.role !== 'receiver');
    const receiverAt = this.positions.findIndex((p) => p.role === 'receiver');
    const receivers = receiverAt >= 0 ? itemAt(this.positions, receiverAt).candidates : [];
    const seen = new Set<string>();
    // The parameters' classes in order, with the receiver's put back at its position.
    const full = (receiverCls: string | undefined, paramClasses: string[]): string[] => {
      if (receiverAt < 0) return [...paramClasses];
      if (receiverCls === undefined) throw new Error(`no class to build the receiver of ${this.info.qualname} with`);
      return [...paramClasses.slice(0, receiverAt), receiverCls, ...paramClasses.slice(receiverAt)];
    };
    // Required parameters first, every optional one left out (its default is how it is mostly
    // called); then the full search, which also passes the options.
    const optional = (p: Position): boolean => p.candidates[0] === 'omit';
    const requiredOnly = params.some(({ p }) => optional(p))
      ? [...this.paramAssignments(params.map(({ p }) => (optional(p) ? ['omit'] : p.candidates)))].slice(0, REQUIRED_FIRST)
      : [];
    const paramTuples = [...requiredOnly, ...this.paramAssignments(params.map(({ p }) => p.candidates))];
    const early = paramTuples.slice(0, Math.max(1, Math.min(6, paramTuples.length)));
    const order: [string | undefined, string[]][] = [];
    for (const t of early) order.push([receivers[0], t]);
    for (const r of receivers.slice(1)) for (const t of early) order.push([r, t]);
    for (const t of paramTuples.slice(early.length)) order.push([receivers[0], t]);
    for (const [r, t] of order) {
      const a = full(r, t);
      const key = a.join('|');
      if (seen.has(key)) continue;
      seen.add(key);
      yield a;
    }
  }

  /**
   * Parameter class tuples: the most likely classes for all parameters at once, then mixed
   * signatures (a list and an int…), then the less likely classes, then everything by rank sum.
   */
  private *paramAssignments(cands: string[][]): Generator<string[]> {
    const n = cands.length;
    if (n === 0) {
      yield [];
      return;
    }
    const longest = Math.max(...cands.map((c) => c.length));
    const uniform = (j: number): string[] => cands.map((c) => itemAt(c, Math.min(j, c.length - 1)));
    const likelyRanks = n === 1 ? longest : Math.min(UNIFORM_FIRST, longest);
    for (let j = 0; j < likelyRanks; j++) yield uniform(j);
    const filler = cands.map((c) => (c.includes('int') ? 'int' : itemAt(c, 0)));
    const order = n === 1 ? [0] : [0, n - 1, ...Array.from({ length: n - 2 }, (_, k) => k + 1)];
    for (const x of MAIN_CLASSES.filter((c) => c !== 'int')) {
      for (const p of order) if (itemAt(cands, p).includes(x)) yield filler.map((f, k) => (k === p ? x : f));
    }
    // The remaining main classes for all parameters (two dates), before two different non-ints.
    for (let j = likelyRanks; j < longest; j++) if (uniform(j).every((c) => MAIN_CLASSES.includes(c))) yield uniform(j);
    for (const x of MAIN_CLASSES) {
      for (const y of MAIN_CLASSES) {
        if (n < 2 || x === y || !itemAt(cands, 0).includes(x) || !itemAt(cands, 1).includes(y)) continue;
        yield filler.map((f, k) => (k === 0 ? x : k === 1 ? y : f));
      }
    }
    for (let j = likelyRanks; j < longest; j++) yield uniform(j);
    // Everything else, by increasing sum of ranks, bounded.
    let emitted = 0;
    for (let sum = 1; sum < longest * n && emitted < 400; sum++) {
      for (const idx of rankTuples(
        cands.map((c) => c.length),
        sum,
      )) {
        emitted++;
        yield idx.map((r, k) => itemAt(itemAt(cands, k), r));
      }
    }
  }

  /**
   * Sweeps of each accepted class's values, one position at a time, round robin. When options
   * can be left out, the required arguments are swept with the options left out too (their
   * defaults are how the function is mostly called) as well as with the base's values.
   */
  private buildSweep(): SweepStream[] {
    if (!this.base) return [];
    const base = this.base;
    const short = base.map((s, j) =>
      itemAt(this.positions, j).role !== 'receiver' && itemAt(this.accepted, j).has('omit') ? { cls: 'omit', value: undefined } : s,
    );
    const hasShort = short.some((s, j) => s.value !== itemAt(base, j).value);
    const streams: SweepStream[] = [];
    this.positions.forEach((pos, i) => {
      const accepted = itemAt(this.accepted, i);
      for (const cls of pos.candidates.filter((c) => accepted.has(c))) {
        // The base's own class gets three times the turns: it is the one the function was written for, most likely.
        const share = cls === itemAt(base, i).cls ? 3 : 1;
        const hinted = (pos.hinted ?? []).filter((v) => slotClassOf(v) === cls);
        const fromCode = [
          ...this.constants.filter((v) => classOfValue(v) === cls).slice(0, CONSTANTS_PER_CLASS),
          ...this.constantLines.filter((v) => classOfValue(v) === cls),
        ];
        const values = dedupe([...itemAt(this.mined, i).filter((v) => classOfValue(v) === cls), ...hinted, ...fromCode, ...typeClass(cls).values]);
        const around = (context: Input): Input[] => values.map((value) => context.map((s, j) => (j === i ? { cls, value } : s)));
        const shortToo = hasShort && itemAt(short, i).value !== undefined;
        streams.push({ share: shortToo ? 1 : share, inputs: around(base), taken: 0, at: i });
        if (shortToo) streams.push({ share, inputs: around(short), taken: 0, at: i });
      }
    });
    return streams;
  }

  /**
   * The next stream to take a value from, in proportion to the shares. Adaptive choice: the
   * streams of a parameter whose last probes showed nothing new (varying it changed nothing seen)
   * wait until the others are done.
   */
  private nextStream(): SweepStream | null {
    const live = (this.sweep ?? []).filter((s) => s.inputs.length > 0);
    const lively = live.filter((s) => (this.dullAt[s.at] ?? 0) < DULL_AFTER);
    const pool = lively.length ? lively : live;
    let best: SweepStream | null = null;
    for (const s of pool) if (!best || s.taken / s.share < best.taken / best.share) best = s;
    return best;
  }

  private randomInput(): Input {
    return this.positions.map((pos, i) => {
      const accepted = pos.candidates.filter((c) => itemAt(this.accepted, i).has(c));
      const cls = this.rng.pick(accepted.length ? accepted : pos.candidates);
      return { cls, value: this.rng.pick(typeClass(cls).values) };
    });
  }

  /** A corpus input with one or two arguments mutated; `rounds` mutations each (more after misses). */
  private mutant(rounds: number): { input: Input; from: Observation } | null {
    if (this.corpus.length === 0) return null;
    const from = this.rng.pick(this.corpus.slice(-8));
    const given = from.input.map((s, i) => (s.value !== undefined ? i : -1)).filter((i) => i >= 0);
    if (given.length === 0) return null;
    const targets = new Set([this.rng.pick(given)]);
    if (given.length > 1 && this.rng.chance(0.3)) targets.add(this.rng.pick(given));
    const mutateRounds = (v: NonNullable<Slot['value']>): NonNullable<Slot['value']> => {
      for (let k = 0; k < rounds; k++) v = mutateValue(v, this.rng);
      return v;
    };
    const input = from.input.map((s, i) => (targets.has(i) && s.value !== undefined ? { cls: s.cls, value: mutateRounds(s.value) } : s));
    return { input, from };
  }

  /**
   * Edge-case sweep interleaved with mutation of inputs that reached new code, then random inputs;
   * `keep`: probes to leave before `cap` for what comes next, asked again after every probe.
   */
  private async explore(cap: number, staleAfter = Infinity, keep: () => number = () => 0): Promise<void> {
    let misses = 0;
    let tick = 0;
    while (this.used < cap - keep() && misses < 300 && this.stale < staleAfter && this.unlearned < NOT_LEARNING_AFTER) {
      await this.drainQueue();
      if (this.used >= cap) break;
      // Where the last exploration stopped teaching, a raise no call contrasts gets its contrast call.
      if (staleAfter !== Infinity && this.stale >= CONTRAST_WHEN_STALE && (await this.contrastRaise(cap))) continue;
      // Built again when the base moved (a call got further than the one it was built around).
      this.sweep ??= this.buildSweep();
      tick++;
      const stream = this.nextStream();
      let obs: Observation | null = null;
      if (this.corpus.length && (!stream || tick % 3 === 0)) {
        const m = this.mutant(1 + Math.floor(misses / 10));
        if (m) obs = await this.run(m.input, 'mutate', `mutation of #${m.from.record.index} (${describeReason(m.from)})`);
      } else if (stream) {
        // nextStream picks only a stream with inputs left.
        const input = stream.inputs.shift();
        if (input) {
          stream.taken++;
          obs = await this.run(input, 'sweep', `edge cases: ${input.map((s) => inputClass(s.value)).join(', ') || 'no arguments'}`);
          if (obs) this.dullAt[stream.at] = this.lastNews ? 0 : (this.dullAt[stream.at] ?? 0) + 1;
        }
      } else {
        obs = await this.run(this.randomInput(), 'random', 'random input of the accepted types');
      }
      if (!obs) misses++;
    }
  }

  /** One contrast call for a raise no returned call contrasts yet (contrast.ts); false when there is none to make. */
  private async contrastRaise(cap: number): Promise<boolean> {
    if (this.opts.seeding || this.contrasts >= MAX_CONTRASTS || this.used >= cap) return false;
    const plan = contrastPlans(this.observations, this.positions).find((p) => !this.keys.has(requestKey(plannedRequest(this.positions, p))));
    if (!plan) return false;
    this.contrasts++;
    await this.runPlan(plan);
    return true;
  }

  /**
   * The calls the examples would show, each once more in an interpreter of another hash seed
   * (RESERVES.exampleChecks), chosen again after each: one that prints otherwise there shows the
   * function varies, and then no returned call is an example (describe.ts). Then, within the same
   * re-runs, the calls the summary and the raise lines quote whose order the hash seed may pick
   * (quotedToCheck): a call quoted in several places is checked once.
   */
  private async checkExamples(): Promise<void> {
    if (this.opts.seeding) return;
    for (let k = 0; k < RESERVES.exampleChecks; k++) {
      const [example] = examplesToCheck(this.soFar());
      const [quoted] = example ? [] : quotedToCheck(this.soFar());
      const plan = example ? exampleCheck(example) : quoted ? quoteCheck(quoted) : undefined;
      if (!plan || !(await this.runPlan(plan, true))) return;
    }
  }

  /** What the calls so far show, as the describer reads it (describe.ts). */
  private soFar(): ExplorationOutcome {
    return { info: this.info, positions: this.positions, observations: this.observations, accepted: this.accepted, maxProbes: this.opts.maxProbes };
  }

  /** For a function that draws, a raise that tells whether calls of its kind return by luck (RESERVES.luckChecks, lucky-draws.ts). */
  private async checkLuck(): Promise<void> {
    if (this.opts.seeding) return;
    for (const raised of drawsToCheck(this.soFar()).slice(0, RESERVES.luckChecks)) await this.runPlan(luckCheck(raised), true);
  }

  /** The first raise lines' calls, each once more after its contrast call (RESERVES.raiseChecks, describe.ts). */
  private async checkRaises(): Promise<void> {
    if (this.opts.seeding) return;
    for (const { raised, contrast } of raisesToCheck(this.soFar()).slice(0, RESERVES.raiseChecks)) await this.runPlan(raiseCheck(raised, contrast), true);
  }

  /** Re-tests every property claimed so far with inputs chosen to break it, then the follow-up probes those need. */
  private async verify(cap: number): Promise<void> {
    const { properties } = inferProperties(this.observations, { positions: this.positions, callText: () => '' });
    const claimed = properties.filter((p) => p.holds);
    // The summary's relation is a law too: it is re-tested on variants of the calls it rests on.
    const relations = findRelations(this.observations, this.positions);
    const support = [...relations, ...findStateEffects(this.observations, this.positions)].flatMap((r) => r.support);
    if (claimed.length === 0 && support.length === 0) return;
    const challenges = relations.flatMap(({ family, untried, support: on, param }) =>
      family && untried ? [{ family, support: on, ...(param ? { param } : {}) }] : [],
    );
    const variants = planVerification(claimed, this.observations, this.positions, support, challenges);
    // Half the reserve for the variants, the rest for f(f(x)) and swaps of what they returned; the
    // breakers of an argument given back unchanged (which come first) may take it all: they decide
    // whether the whole summary is a law, and such a function has little else to re-test.
    const half = this.used + Math.ceil((cap - this.used) / 2);
    const breakers = challenges[0]?.family === 'kept' ? breakerProbes(this.observations, this.positions, challenges.slice(0, 1)).length : 0;
    for (const [k, plan] of variants.entries()) {
      if (this.used >= (k < breakers ? cap : half)) break;
      await this.runPlan(plan);
    }
    // f(f(x)) and swaps test laws; with only a relation to test they would make new claims no pass re-tests.
    if (!claimsLaw(claimed)) return;
    for (const plan of followUps(this.observations, this.positions)) {
      if (this.used >= cap) return;
      await this.runPlan(plan);
    }
  }

  private lawsClaimed(): boolean {
    const { properties } = inferProperties(this.observations, { positions: this.positions, callText: () => '' });
    return claimsLaw(properties.filter((p) => p.holds));
  }

  /** With laws claimed, the follow-up probes (f(f(x)), swaps) of inputs found since the verification. */
  private async recheckLaws(cap: number): Promise<void> {
    if (!this.lawsClaimed()) return;
    for (const plan of followUps(this.observations, this.positions)) {
      if (this.used >= cap) return;
      await this.runPlan(plan);
    }
  }

  /**
   * Whether each argument of an f(f(x)) is of a kind accepted at its position already: an output
   * of another kind (a dict out of a str function) fed back would only meet the type check.
   */
  private takesBack(input: Input): boolean {
    const kind = (cls: string): string => cls.replace(/\[.*\]$/, '');
    return input.every(({ value }, i) => {
      if (value === undefined || itemAt(this.positions, i).role === 'receiver') return true;
      const given = kind(slotClassOf(value));
      return [...itemAt(this.accepted, i)].some((c) => kind(c) === given);
    });
  }

  /** `check`: an example's re-run after the budget (RESERVES.exampleChecks). */
  private async runPlan(plan: PlannedProbe, check = false): Promise<Observation | null> {
    if (plan.purpose === 'reapply' && (!this.takesBack(plan.input) || reapplyRefuted(this.observations, this.positions))) return null;
    return await this.run(plan.input, plan.purpose, plan.note, {
      ...(check ? { check } : {}),
      request: plannedRequest(this.positions, plan),
      ...(plan.repeats ? { repeats: plan.repeats } : {}),
      ...(plan.seed !== undefined ? { seed: plan.seed } : {}),
      ...(plan.hashSeed !== undefined ? { hashSeed: plan.hashSeed } : {}),
      ...(plan.after ? { after: plan.after } : {}),
    });
  }

  private async probeProperties(cap: number): Promise<void> {
    for (const plan of planPropertyProbes(this.observations, this.positions)) {
      if (this.used >= cap) return;
      await this.runPlan(plan);
      // A re-run under another seed that changed the result: the same call under seed 0 at once,
      // while the clock has had the least time to turn again (seedCheck).
      for (const check of plan.seed === undefined ? [] : seedCheck(this.observations)) if (this.used < cap) await this.runPlan(check);
    }
  }
}

/**
 * A generator that raises on iteration is, for what the function does with its input, a call
 * that raises: the explorer treats it so (the session keeps the worker's record as it was).
 */
function asSeenByExplorer(record: ProbeRecord): ProbeRecord {
  const r = record.result;
  // The worker's argument grammar refusing something inside a lambda body says nothing about the function.
  if (r.exception?.type.endsWith('ArgumentRejected')) return { ...record, result: { ...r, status: 'rejected' } };
  const value = r.status === 'returned' ? r.value : undefined;
  const raised = value?.iteration?.raised;
  if (!value || !raised) return record;
  if (raised.type.endsWith('ArgumentRejected')) return { ...record, result: { ...r, status: 'rejected' } };
  return {
    ...record,
    result: { ...r, status: 'raised', exception: { type: raised.type, message: withIterationNote(raised.message, value.type) } },
  };
}

function describeReason(o: Observation): string {
  const cov = o.record.result.coverage;
  return cov && (cov.lines.new > 0 || cov.arcs.new > 0) ? 'it reached new code' : 'it gave a new kind of outcome';
}

/** Values once each, first place kept (a constant may also be in the battery). */
function dedupe(values: (PyValue | undefined)[]): (PyValue | undefined)[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = v === undefined ? '' : toSource(v);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Index tuples (one rank per position, below `sizes`) whose ranks add up to `sum`. */
function* rankTuples(sizes: number[], sum: number): Generator<number[]> {
  const [size, ...others] = sizes;
  if (size === undefined) return;
  if (others.length === 0) {
    if (sum < size) yield [sum];
    return;
  }
  for (let r = 0; r <= Math.min(sum, size - 1); r++) {
    for (const rest of rankTuples(others, sum - r)) yield [r, ...rest];
  }
}

/** "takes exactly one argument (3 given)", "takes 2 positional arguments (0 given)". */

/** Methods that put something into their object, by name. */
const FILLS = /^(?:push|add|append|put|insert|enqueue|register|deposit|feed|update|set|add_\w+|push_\w+|append_\w+|put_\w+|insert_\w+)$/;
/** A refusal for a setting not made yet ("# channels not specified"). */
const UNSET = /\bnot (?:specified|set|given|defined|configured)\b/i;
/** The small count a setting of a number is made with (a channel count, a sample width, a rate are all valid at 2). */
const SETTING = 2;
/** The value a setter's parameter is given: a text its name suggests, else a small count. */
function settingFor(param: string): PyValue {
  const named = valuesForName(param).find((v) => v.k === 'str');
  return named ?? int(SETTING);
}
/** A message of an operation on an empty object. */
const EMPTY = /\bempty\b|\bno (?:items|elements|entries)\b|nothing to/i;

/** A message asking for a str of one character (ord, unicodedata, stringprep). */
const ONE_CHARACTER = /expected a character|must be a (?:unicode )?character|(?:string|str) of length 1\b|single character/i;

/** Kinds of value a dict can be keyed by. */
const HASHABLE = new Set<PyValue['k']>(['str', 'int', 'float', 'bool', 'none', 'date', 'tuple']);

/** Two ordinary values of the key's kind to put it among (a sorted container compares them with it). */
function othersLike(key: PyValue): PyValue[] {
  const same = [0, 1, 2].flatMap((n) => ordinaryValue(key.k, n) ?? []).filter((o) => toSource(o) !== toSource(key));
  return same.length >= 2 ? same.slice(0, 2) : [int(3), int(1)];
}

/** A message of a look-up that found nothing (beside KeyError, which says only the key). */
const ABSENT = /\bnot (?:found|in|present|known|registered)\b|\bno such\b|\bunknown\b|\bdoes not exist\b|\bmissing\b/i;

/** Python's own message of a sequence's search for an item it does not hold names no value: `list.remove(x): x not in list`. */
const ITEM_NOT_IN = /^\w+\.\w+\(x\): x not in \w+$/;

/**
 * The message names the value: all of it for a KeyError, within it for another look-up; any item
 * (no container) for ITEM_NOT_IN's message, which names none.
 */
function echoes(message: string, v: PyValue, type: string): boolean {
  const src = toSource(v);
  if (/KeyError$/.test(type)) return message === src || message === `'${src}'`;
  if (ITEM_NOT_IN.test(message)) return !isContainer(v);
  return v.k === 'str' ? v.v.length > 0 && message.includes(v.v) : message.includes(src);
}

function isContainer(v: PyValue): boolean {
  return v.k === 'list' || v.k === 'tuple' || v.k === 'set' || v.k === 'frozenset' || v.k === 'dict';
}

/** A key the container holds: its first key or item. */
function heldKey(c: PyValue): PyValue | undefined {
  return isContainer(c) ? elementsOf(c)?.[0] : undefined;
}

/** The container with the key added (a list of it alone when there is none). */
function withKey(c: PyValue | undefined, key: PyValue): PyValue {
  if (!c) return { k: 'list', items: [key] };
  if (c.k === 'dict') return { k: 'dict', entries: [...c.entries, [key, c.entries[0]?.[1] ?? int(1)]] };
  if (c.k === 'list' || c.k === 'tuple' || c.k === 'set' || c.k === 'frozenset') return { k: c.k, items: [...c.items, key] };
  return c;
}
