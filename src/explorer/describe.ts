// Turns what the explorer saw into an OfflineReport: return types, exceptions by input class,
// properties, a templated description with examples taken from real probes, and an I/O table.
import { showsAddress } from '../core/address-repr.js';
import type { CallRequest, FunctionInfo, ProbeResult, TaggedValue } from '../core/probe-types.js';
import type { Description, DescriptionClaim } from '../core/session-types.js';
import type { CoverageSoFar } from '../core/format.js';
import { addCoverage, oneLine, renderOutcome } from '../core/format.js';
import { preparedSource, preparingStatements, readableCall } from '../core/readable-call.js';
import { itemAt } from '../core/item-at.js';
import { markdownCode, markdownText } from '../core/markdown-text.js';
import { group } from '../core/regex-group.js';
import type { InferredProperty, OfflineReport } from '../core/run-types.js';
import type { Observation, Position } from './inputs.js';
import { TYPE_ERRORS, baseExceptionName, contextKey, describeInput, labelledPositions } from './inputs.js';
import type { InferenceNotes } from './properties.js';
import { ASCII_TEXTS, inferProperties } from './properties.js';
import { typeClass } from './type-classes.js';
import { parseSource } from './parse.js';
import { findRelations, joinWords } from './relations.js';
import { findEffects } from './effects.js';
import { findStateEffects } from './state-effects.js';
import { fromTagged, isNumber, toSource, type PyValue } from './values.js';
import { sameEffect } from './compare.js';
import { brokenRepr, exampleCallLimit, ordinaryFirst, returnedExamples } from './ordinary.js';
import { withStatement } from './context-manager.js';
import { passThrough } from './pass-through.js';
import { fixedShape } from './result-shape.js';
import {
  changedWhenRunAgain,
  orderMayFollowHash,
  printedOtherwiseUnderAnotherHashSeed,
  printsAlikeUnderAnyHashSeed,
  repeatableText,
  shapePrintsAlike,
} from './repeatable.js';
import { showsTheWorker } from './worker-identity.js';
import { holdsGrammarOnly } from './scratch-files.js';
import { isBindingMessage } from './binding-errors.js';
import { NEVER_RETURNED, NONE_RETURNED, NO_CALL_RETURNED_WITH_IT, SEEN_ONLY, shortCall } from '../core/description-head.js';
import { exceptionLine } from '../core/doctest-example.js';
import { article } from '../core/article.js';
import { raiseSelector } from './raise-selector.js';
import { hangWithContrast } from './hang.js';
import { seenPairs } from './seen-pairs.js';
import { seenSizes } from './seen-sizes.js';
import { madeOf } from './made-of.js';
import { iteratedType, withoutIterationNote } from './iteration-note.js';
import { storedAsGiven } from './stored-parameter.js';
import { becameWords, stateChangeWords } from '../core/state-change.js';
import { messageTemplate, ownMessage } from './raise-messages.js';
import { luckToCheck, luckyKinds, type LuckyKind } from './lucky-draws.js';

export interface ExplorationOutcome {
  info: FunctionInfo;
  positions: Position[];
  observations: Observation[];
  /** Calls that then called what they returned, and their re-runs (Explorer.applications). */
  applications?: Observation[];
  /** Classes each position accepted. */
  accepted: Set<string>[];
  maxProbes: number;
}

const MAX_LABELS_PER_EXCEPTION = 8;
const MAX_EXAMPLES = 4;

function coverageOf(results: ProbeResult[]): CoverageSoFar | undefined {
  return results.reduce<CoverageSoFar | undefined>(addCoverage, undefined);
}

/**
 * How calls are written in examples: `rot13('a')`, `BankAccount(100).deposit(5)`,
 * `BankAccount.format_cents(5)`. A function of a class called without a receiver is reached
 * through its class, whatever its kind (a C method such as `Decimal.ln(Decimal(2))`): its bare
 * name is defined nowhere a reader could call it.
 */
export function callName(info: FunctionInfo): string {
  return info.needsReceiver ? info.name : info.qualname;
}

/** How a call of `info` is written in the description: through callName, awaited for a coroutine function. */
function callTextOf(info: FunctionInfo): (o: Observation) => string {
  const awaited = info.isAsync && !info.isGenerator;
  return (o) => readableCall(callName(info), o.request, awaited);
}

export function buildReport(run: ExplorationOutcome): OfflineReport {
  const named = run.observations.filter((o) => (o.record.result.namedDescriptors ?? []).length > 0);
  if (named.length) return withoutNamedDescriptors(run, named);
  const { info, positions, observations } = run;
  const awaited = info.isAsync && !info.isGenerator;
  const callText = callTextOf(info);
  const { properties, notes } = inferProperties(observations, { positions, callText });
  const lucky = luckyReturns(run, { properties, notes });
  if (lucky.length) return withoutLuckyReturns(run, lucky);
  const returnTypes = countReturnTypes(observations);
  const exceptions = exceptionsByInputClass(observations, positions);
  const ledger = new Ledger();
  const claimed = properties.filter((p) => p.holds);
  const propertyTexts = claimed.map((p) => {
    const monotonic = p.name === 'monotonic-increasing' || p.name === 'monotonic-decreasing';
    const text =
      p.name === 'sorted-output' && notes.sortedOnlyWhenInputsSorted
        ? 'output sorted ascending when the list arguments are'
        : monotonic && p.param
          ? `${PROPERTY_WORDS[p.name]} in ${p.param}`
          : p.param === ASCII_TEXTS
            ? `${PROPERTY_WORDS[p.name]} (on the ASCII texts tried)`
            : PROPERTY_WORDS[p.name];
    const { support, tested } = propertyEvidence(p, observations);
    ledger.add('property', text, support, tested, { kind: 'property', name: p.name, ...(p.param ? { param: p.param } : {}) });
    return text;
  });
  // A returned value is an example only of a function shown to be deterministic: another run may give another value.
  const deterministic = claimed.some((p) => p.name === 'deterministic');
  // A function that draws at random: an example is a call seen to give the same in two draws.
  const drawing = claimed.some((p) => p.name === 'uses-randomness') || notes.variesWhateverTheSeed === true;
  // Results that differ from run to run (not a draw, nor a registry filled) show no value: the
  // ordinary call still comes first, with the type every call gave (format_stack(): a list).
  const typed = deterministic || drawing || notes.dependsOnEarlierCalls ? null : typeExample(observations, positions, callText);
  const examples = [
    ...(typed ? [typed] : []),
    ...exampleCalls(observations, positions, callText, notes, deterministic, info, true)
      .filter((o) => !drawing || sameInAnotherDraw(o, observations))
      .flatMap((o) => {
        const example = exampleOf(o, callText);
        return example ? [{ ...example, probe: o.record.index }] : [];
      }),
  ].slice(0, MAX_EXAMPLES);
  // Deterministic, but no call that returned could be shown (its object printed as an address
  // only: markdown's makeExtension()): the ordinary call by the type it gave, before the error.
  const ordinary = deterministic && !examples.some((e) => !e.result.startsWith('Traceback')) ? typeExample(observations, positions, callText) : null;
  if (ordinary) {
    examples.unshift(ordinary);
    examples.splice(MAX_EXAMPLES);
  }
  for (const e of examples)
    ledger.add(
      'example',
      `${e.call} → ${e.result}`,
      e.probe !== undefined ? [e.probe] : [],
      [],
      e.probe !== undefined ? { kind: 'example', probe: e.probe } : undefined,
    );
  const said = summary(run, returnTypes, ledger, deterministic);
  const sentences = [
    said,
    appliedSentence(run, awaited, ledger),
    varies(properties, notes, observations, ledger),
    drawn(drawing, notes, ledger),
    typed ? oneRun(run, properties, said, callText, ledger) : '',
  ].filter((t): t is string => Boolean(t));
  const raises = raisesText(run, callText, ledger);
  const files = filesSentence([...sentences, raises, ...examples.map((e) => e.call)]);
  const description: Description = {
    summary: [...sentences, files].filter(Boolean).join(' '),
    details: details(run, properties, notes, callText),
    parameters: parameterTexts(run, ledger),
    returns: returnsText(observations, returnTypes.map(typeAsWritten(info)), ledger, awaited),
    raises,
    examples,
    confidence: confidence(run, properties),
    properties: propertyTexts,
    claims: ledger.claims,
  };
  if (drawing) markDraws(ledger);
  return { returnTypes, exceptions, properties, description, ioTable: ioTable(observations, callText) };
}

/**
 * One plain sentence on the files the calls quoted were given, when a line quotes one: `sample_file`
 * and `scratch_file` are the worker's argument grammar (python/pau_probe/safe_args.py), no name a
 * reader has. It says what they stand for, nothing of what the function did with them.
 */
export function filesSentence(texts: string[]): string {
  const all = texts.join('\n');
  const sample = /sample_file\('[^']*?(\.[A-Za-z0-9.]+)'\)/.exec(all);
  const scratch = /scratch_file\('/.test(all);
  const parts = [
    ...(sample ? [`\`${sample[0]}\` is a small valid ${sample[1] ?? ''} file`] : []),
    ...(scratch ? [`\`scratch_file(name, text)\`${sample ? '' : ' is'} a file of that name holding that text`] : []),
  ];
  return parts.length ? `Files: each call ran in a scratch folder of its own, where ${joinWords(parts)}, written before the call.` : '';
}

/**
 * For a function that draws at random, whether a call that returned was seen to return in another
 * draw; null for one that does not draw. `properties`: inferProperties of the run, when the caller has them.
 */
function drawnAgain(
  run: ExplorationOutcome,
  { properties, notes } = inferProperties(run.observations, { positions: run.positions, callText: callTextOf(run.info) }),
): ((o: Observation) => boolean) | null {
  if (!properties.some((p) => p.name === 'uses-randomness' && p.holds) && !notes.variesWhateverTheSeed) return null;
  return (o) => sameInAnotherDraw(o, run.observations) || run.observations.some((r) => r.repeats === o && r.record.result.status === 'returned');
}

/** For a function that draws at random, the kinds of call that returned only by luck of the draw (lucky-draws.ts). */
function luckyReturns(run: ExplorationOutcome, inferred: { properties: InferredProperty[]; notes: InferenceNotes }): LuckyKind[] {
  const returnedAgain = drawnAgain(run, inferred);
  return returnedAgain ? luckyKinds(run.observations, returnedAgain) : [];
}

/** For a function that draws at random, the raises to run again to tell whether calls of their kind return by luck: explorer.ts does (checkLuck). */
export function drawsToCheck(run: ExplorationOutcome): Observation[] {
  const returnedAgain = drawnAgain(run);
  return returnedAgain ? luckToCheck(run.observations, returnedAgain) : [];
}

/**
 * The report of the calls but those that returned only by luck of the draw (and their re-runs), with
 * a sentence for each such kind of call: no line rests on a return most draws would not give.
 */
function withoutLuckyReturns(run: ExplorationOutcome, lucky: LuckyKind[]): OfflineReport {
  const claims = lucky.map((k): DescriptionClaim => {
    const [first] = k.returned;
    const kind = (first?.input ?? []).flatMap((s, i) => {
      const p = itemAt(run.positions, i);
      const name = p.role === 'varargs' ? `*${p.name}` : p.name;
      return p.role === 'receiver' ? [] : [s.value === undefined ? `\`${name}\` left out` : `\`${name}\` ${article(classWords(s.cls))}`];
    });
    const n = k.returned.length;
    const text = `With ${joinWords(kind)}, only ${n} of ${k.calls} calls returned, the others raising ${k.type} with a message that changed from call to call: such a call returns by luck of the draw, and the lines here leave ${n === 1 ? 'that one' : `those ${n}`} out.`;
    return { part: 'summary', text, support: idx(k.raised.slice(0, 8)), tested: idx([...k.raised, ...k.returned]), draws: true };
  });
  return reportLeavingOut(run, new Set(lucky.flatMap((k) => k.returned)), claims);
}

/**
 * The report of the calls but `left` and their re-runs, with each of `claims` a sentence after its
 * summary (withoutLuckyReturns, withoutNamedDescriptors); its table keeps every call.
 */
function reportLeavingOut(run: ExplorationOutcome, left: ReadonlySet<Observation>, claims: DescriptionClaim[]): OfflineReport {
  const report = buildReport({ ...run, observations: run.observations.filter((o) => !left.has(o) && !(o.repeats && left.has(o.repeats))) });
  const { description } = report;
  description.claims?.push(...claims);
  return {
    ...report,
    description: { ...description, summary: [description.summary, ...claims.map((c) => c.text)].join(' ') },
    ioTable: ioTable(run.observations, callTextOf(run.info)),
  };
}

/**
 * The report of the calls but those that opened or looked up a number as a file they had not opened
 * (ProbeResult.namedDescriptors: pycodestyle's input_file(3), mimetypes' init([3, 1, 2])), and their
 * re-runs: what such a call found there was the worker's process's (a pipe, nothing at all), which
 * the reader's process holds otherwise. One sentence says they are left out.
 */
function withoutNamedDescriptors(run: ExplorationOutcome, named: Observation[]): OfflineReport {
  // Every call reportLeavingOut leaves out, counted: those that named one, and their re-runs.
  const left = run.observations.filter((o) => named.includes(o) || (o.repeats !== undefined && named.includes(o.repeats)));
  const own = left.filter((o) => o.purpose !== 'repeat');
  const shown = own.length ? own : left;
  const [first] = shown;
  const n = shown.length;
  const reruns = left.length - n;
  const call = first ? markdownCode(oneLine(callTextOf(run.info)(first), 60)) : '';
  const those =
    left.length === 1 ? 'that call' : `those ${left.length} calls${reruns ? ` (${reruns} of them re-run${reruns > 1 ? 's' : ''} of the others)` : ''}`;
  const text = `${call}${n > 1 ? ` and ${n - 1} more call${n > 2 ? 's' : ''}` : ''} used a number as a file descriptor (open or looked up), so what ${n > 1 ? 'they' : 'it'} gave depends on what the process has open there, not on the function alone: the lines here leave out ${those}.`;
  return reportLeavingOut(run, new Set(named), [{ part: 'summary', text, support: [], tested: idx(left) }]);
}

/**
 * A function that returned a function: what that one gave when called in turn (Explorer.applyReturned),
 * `Returns a function of (x): g = make_adder(2); g(3) gave 5.` Said only of a call whose re-run in an
 * interpreter of another hash seed gave the same, twice in its process, and whose result shows no address.
 */
function appliedSentence(run: ExplorationOutcome, awaited: boolean, ledger: Ledger): string | null {
  for (const again of run.applications ?? []) {
    const first = again.repeats;
    const [a, b] = [first?.record.result.applied, again.record.result.applied];
    if (!first || a?.status !== 'returned' || !a.value || b?.status !== 'returned' || !b.value) continue;
    if (a.value.repr !== b.value.repr || a.value.type !== b.value.type || again.record.result.again?.same !== true) continue;
    if (a.value.truncated || showsAddress(a.value.repr)) continue;
    const made = first.record.result.value;
    const kind = made?.type === 'type' ? 'a class' : 'a function';
    const signature = made?.callable?.signature;
    const call = oneLine(readableCall(callName(run.info), first.request, awaited), 100);
    const text = `Returns ${kind}${signature ? ` of ${markdownCode(signature)}` : ''}: ${markdownCode(call)} gave ${markdownCode(oneLine(a.value.repr, 60))}.`;
    ledger.add('summary', text, idx([first, again]), idx([again]), { kind: 'applied', probe: first.record.index });
    return text;
  }
  return null;
}

/**
 * What one run of the most ordinary call gave, for a function whose determinism was neither shown
 * nor refuted (too few re-runs: a small budget; slugify at 8 probes showed only
 * `type(slugify('DeviceType'))`): said as one run's, never as an example a doctest would repeat.
 * Nothing when the summary quotes that value already.
 */
function oneRun(run: ExplorationOutcome, properties: InferredProperty[], said: string, callText: (o: Observation) => string, ledger: Ledger): string {
  const determinism = properties.find((p) => p.name === 'deterministic');
  if (!determinism || determinism.holds || !/^inconclusive: \d+ /.test(determinism.evidence)) return '';
  const longest = exampleCallLimit(run.observations, callText);
  const plain = run.observations.filter((o) => {
    const v = o.record.result.status === 'returned' && o.purpose !== 'repeat' ? o.record.result.value : undefined;
    return (
      v !== undefined &&
      !v.truncated &&
      !v.iteration &&
      v.repr.length <= 60 &&
      repeatableText(v.repr) &&
      !brokenRepr(v.repr) &&
      callText(o).length <= longest &&
      !preparedSource(o.request.receiver ?? '') &&
      !o.input.some((slot) => holdsGrammarOnly(slot.value))
    );
  });
  const [o] = ordinaryFirst(plain, callText, run.positions);
  const repr = o?.record.result.value?.repr;
  if (!o || repr === undefined || said.includes(repr)) return '';
  const text = `One run of ${markdownCode(oneLine(callText(o), 80))} gave ${markdownCode(repr)}; whether the same call always gives the same was not established.`;
  ledger.add('summary', text, [o.record.index], [o.record.index]);
  return text;
}

/** Every sentence of the description with the probes behind it. */
class Ledger {
  readonly claims: DescriptionClaim[] = [];
  add(part: DescriptionClaim['part'], text: string, support: number[], tested: number[], check?: DescriptionClaim['check']): void {
    this.claims.push({ part, text, support: [...new Set(support)], tested: [...new Set(tested)], ...(check ? { check } : {}) });
  }
}

const idx = (os: Observation[]): number[] => os.map((o) => o.record.index);

/** The probes a property was judged on: the ones made for it, or every call that returned. */
function propertyEvidence(p: InferredProperty, observations: Observation[]): { support: number[]; tested: number[] } {
  const returned = observations.filter((o) => o.record.result.status === 'returned');
  const of = (...purposes: Observation['purpose'][]): Observation[] => observations.filter((o) => purposes.includes(o.purpose));
  switch (p.name) {
    case 'deterministic':
    case 'uses-randomness': {
      const repeats = of('repeat');
      return { support: idx([...repeats, ...repeats.flatMap((o) => (o.repeats ? [o.repeats] : []))]), tested: idx(repeats) };
    }
    case 'idempotent':
    case 'involution':
      return { support: idx(of('reapply')), tested: idx(returned) };
    case 'commutative':
      return { support: idx(of('swap')), tested: idx(returned) };
    case 'monotonic-increasing':
    case 'monotonic-decreasing':
      return { support: idx(of('ladder')), tested: idx(returned) };
    default:
      return { support: idx(returned), tested: idx(returned) };
  }
}

function countReturnTypes(observations: Observation[]): string[] {
  const counts = new Map<string, number>();
  for (const o of observations) {
    const t = o.record.result.status === 'returned' ? o.record.result.value?.type : undefined;
    if (t) counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([t]) => t);
}

/** Exception type → input classes that raised it; a class is left out when a call of that class returned. */
function exceptionsByInputClass(observations: Observation[], positions: Position[]): Record<string, string[]> {
  const returnedLabels = new Set(observations.filter((o) => o.record.result.status === 'returned').map((o) => describeInput(positions, o.input)));
  const out: Record<string, string[]> = {};
  for (const o of observations) {
    const r = o.record.result;
    if (r.status !== 'raised' || !r.exception) continue;
    const label = describeInput(positions, o.input);
    if (returnedLabels.has(label)) continue;
    const labels = (out[r.exception.type] ??= []);
    if (!labels.includes(label) && labels.length < MAX_LABELS_PER_EXCEPTION) labels.push(label);
  }
  return out;
}

function classWords(id: string): string {
  const m = /^new:([\w.]+):/.exec(id);
  // `Random.getstate(Random())` is what a method returned, not an instance of a class of that name.
  if (m && /\.[a-z_]\w*$/.test(group(m, 1))) return `value from ${m[1]}()`;
  return m ? `${m[1]} instance` : typeClass(id).label;
}

const returnedAt = (run: ExplorationOutcome, i: number): Observation[] =>
  run.observations.filter((o) => o.record.result.status === 'returned' && o.input[i] && o.input[i].cls !== 'omit' && o.input[i].value !== undefined);

/** Classes at position i in calls that returned. */
function acceptedWords(run: ExplorationOutcome, i: number): string[] {
  const seen = new Set(returnedAt(run, i).map((o) => o.input[i]?.cls));
  return itemAt(run.positions, i)
    .candidates.filter((c) => c !== 'omit' && seen.has(c))
    .map(classWords);
}

/** What kind of items a generator yielded: "tuples", "ints"… */
function itemKinds(items: string[]): string {
  const kinds = new Set(
    items.map((x) => {
      const v = parseSource(x);
      return v ? (v.k === 'int' || v.k === 'float' ? 'numbers' : v.k === 'str' ? 'strs' : `${v.k}s`) : 'values';
    }),
  );
  const [kind, ...others] = kinds;
  return kind !== undefined && others.length === 0 ? kind : 'values of several types';
}

/**
 * A type as the user would write it: a class of the target's own module by its name (`Chain`, not
 * `app.Chain`), and the worker's own dataclass (dataclass_record, for "any dataclass") as what it stands for.
 */
export function typeAsWritten(info: FunctionInfo): (t: string) => string {
  return (t) => {
    if (t === 'pau_probe.safe_args.DataRecord') return 'dataclass instance';
    const name = t.split('.').at(-1) ?? t;
    return name !== t && info.moduleClasses.includes(name) ? name : t;
  };
}

function returnsPhrase(observations: Observation[], returnTypes: string[]): string {
  if (returnTypes.length === 0) return 'never returned';
  // The generators' types and what iterating them gave, in the calls the counts beside them speak of (not the re-runs).
  const gens = ownCalls(observations).flatMap((o) => {
    const value = o.record.result.status === 'returned' ? o.record.result.value : undefined;
    return value?.iteration ? [{ type: value.type, iteration: value.iteration }] : [];
  });
  const phrases = returnTypes.map((t) => {
    const mine = gens.filter((g) => g.type === t);
    const [first] = mine;
    if (first) {
      const all = mine.flatMap((g) => g.iteration.items);
      // One sequence for every call (a function of no arguments): quoting it is true.
      const one = new Set(mine.map((g) => JSON.stringify(g.iteration))).size === 1;
      // Items that show the worker (traceback.walk_tb's frames of pau_probe) are the probing process's: said by their kinds.
      if (one && all.length && !all.some(showsTheWorker)) {
        const it = first.iteration;
        return `${article(t)} that yields ${it.items.slice(0, 5).join(', ')}${it.items.length > 5 || !it.ended ? ', …' : ''}${it.ended ? '' : ' (did not end)'}`;
      }
      const inCalls = `in ${mine.length} call${mine.length === 1 ? '' : 's'}`;
      if (all.length === 0) return `${article(t)} that yielded nothing ${inCalls}`;
      const sizes = mine.map((g) => g.iteration.items.length);
      const range = Math.min(...sizes) === Math.max(...sizes) ? `${sizes[0]}` : `${Math.min(...sizes)} to ${Math.max(...sizes)}`;
      const unended = mine.some((g) => !g.iteration.ended);
      return `${article(t)} yielding ${itemKinds(all)} (${range} item${range === '1' ? '' : 's'} ${inCalls}${unended ? '; some did not end' : ''})`;
    }
    if (t === 'NoneType') return 'None';
    const items = itemTypeOf(observations, t);
    return items ? `${article(t)} of ${items}` : article(t);
  });
  // Many types (gettext's textdomain gave back whatever it was given: nine) as the first three and a count.
  return phrases.length < MANY_KINDS ? joinWords(phrases, 'or') : `${phrases.slice(0, 3).join(', ')} or ${phrases.length - 3} other types`;
}

/**
 * The one type of every item of the lists (tuples, sets) of type `t` the calls returned, when each
 * came whole as data and one had an item: `str` for traceback.format_stack's list, `lists of int`
 * for calendar's monthdayscalendar. Null otherwise.
 */
function itemTypeOf(observations: Observation[], t: string): string | null {
  const values = observations.flatMap((o) => (o.record.result.status === 'returned' && o.record.result.value?.type === t ? [o.record.result.value] : []));
  if (values.some((v) => v.truncated || !v.data)) return null;
  return itemsKind(values.flatMap((v) => (v.data ? [v.data] : [])));
}

/** The one kind of every item of these sequences, nested sequences by their own items' kind; null when they differ or there are none. */
function itemsKind(sequences: TaggedValue[]): string | null {
  const items: TaggedValue[] = [];
  for (const data of sequences) {
    if (!(data.t === 'list' || data.t === 'tuple' || data.t === 'set' || data.t === 'frozenset')) return null;
    items.push(...data.v);
  }
  const kinds = new Set(items.map((item) => (item.t === 'other' ? (item.type.split('.').at(-1) ?? item.type) : item.t === 'none' ? 'None' : item.t)));
  const [kind, ...others] = kinds;
  if (kind === undefined || others.length > 0) return null;
  if (kind !== 'list' && kind !== 'tuple' && kind !== 'set' && kind !== 'frozenset') return kind;
  const inner = itemsKind(items);
  return inner ? `${kind}s of ${inner}` : `${kind}s`;
}

const PROPERTY_WORDS: Record<InferredProperty['name'], string> = {
  deterministic: 'deterministic',
  pure: 'no side effects',
  idempotent: 'idempotent (f(f(x)) == f(x))',
  involution: 'an involution (f(f(x)) == x)',
  'sorted-output': 'output sorted ascending',
  'length-preserving': 'output as long as the input',
  'subset-of-input': 'output elements all taken from the input',
  commutative: 'commutative (f(a, b) == f(b, a))',
  'monotonic-increasing': 'monotonically increasing',
  'monotonic-decreasing': 'monotonically decreasing',
  'uses-randomness': 'uses randomness (re-run under another random seed, a call gave another result)',
};

/** The parameter a mutation's label (`args[1]`) is of in this call, in backticks; the label when unsure. */
function parameterOf(positions: Position[], o: Observation, label: string): string {
  const i = labelledPositions(positions, o.input).get(label);
  const p = i === undefined ? undefined : positions[i];
  return p && (p.role === 'positional' || p.role === 'keyword') ? `\`${p.name}\`` : label;
}

/** The source a call gave for a mutation's label (`args[1]`, `kwargs.out`, `receiver`). */
function argumentSource(request: CallRequest, label: string): string | undefined {
  const positional = /^args\[(\d+)\]$/.exec(label);
  if (positional) return request.args[Number(positional[1])];
  if (label.startsWith('kwargs.')) return request.kwargs?.[label.slice('kwargs.'.length)];
  return label === 'receiver' ? request.receiver : undefined;
}

/** A call as the summary's own sentences quote it (seenPairs, fewResultsByCall). */
function summaryCallText(info: FunctionInfo): (o: Observation) => string {
  const callText = callTextOf(info);
  return (o) => oneLine(callText(o), 80);
}

/**
 * The first line: what the function does, from the relation catalogue; when no relation held,
 * a plain statement of what is not known and what was seen (never only a list of types).
 */
function summary(run: ExplorationOutcome, returnTypes: string[], ledger: Ledger, deterministic: boolean): string {
  if (run.observations.length === 0) return 'Not explored: no probe was made.';
  const returned = run.observations.filter((o) => o.record.result.status === 'returned');
  // A coroutine function's call gives a coroutine: what a relation says of its result is of the awaited value.
  const awaited = run.info.isAsync && !run.info.isGenerator;
  const relations = findRelations(run.observations, run.positions).map((r) => (awaited ? { ...r, text: awaitedWords(r.text) } : r));
  const params = run.positions.map((p, i) => ({ p, i })).filter(({ p }) => p.role !== 'receiver' && p.role !== 'varkw');
  // A file object only read has moved its position and holds what it held: that is the file's
  // use, not news for the summary (the details still list it, and "no side effects" is not
  // claimed). One written holds more, and that is news.
  const onlyRead = (o: Observation, m: ProbeResult['mutations'][number]): boolean =>
    /^io\.(StringIO|BytesIO)\(/.test(m.repr) && m.repr === argumentSource(o.request, m.arg);
  const mutated = run.observations.filter((o) => o.record.result.mutations.some((m) => !onlyRead(o, m)));
  const news = (o: Observation): ProbeResult['mutations'] => o.record.result.mutations.filter((m) => !onlyRead(o, m));
  // A file that started empty shows best what was written into it; else the most ordinary call
  // (not one that left its object unable to print itself: colour's set_saturation(5)).
  const startedEmpty = (o: Observation): boolean => news(o).some((m) => /^io\.(StringIO|BytesIO)\(b?''\)$/.test(argumentSource(o.request, m.arg) ?? ''));
  // An object whose repr is its address (`<Stack object at 0x1>`) or is the same before and after
  // (pyparsing's `Forward: None`) says nothing of what changed; a receiver's public attributes
  // before and after do (state-change.ts).
  const told = (o: Observation, m: ProbeResult['mutations'][number]): string | null => {
    const change = m.arg === 'receiver' ? stateChangeWords(o.record.result.receiverState) : '';
    if (change) return `${parameterOf(run.positions, o, m.arg)}: ${change}`;
    // What only this process would show (argparse's usage line names the worker's script) is not quoted.
    return showsAddress(m.repr) || brokenRepr(m.repr) || !repeatableText(m.repr)
      ? null
      : `${parameterOf(run.positions, o, m.arg)} ${/^io\.(StringIO|BytesIO)\(/.test(m.repr) ? 'held' : 'became'} ${oneLine(m.repr, 60)}`;
  };
  // The call quoted is one whose change can be told (yaml's Scanner.fetch_flow_sequence_end: the
  // most ordinary call changed nothing its public attributes show, 28 others moved `pointer`), else the first.
  // What the sentence rests on: the calls that changed something and returned, where any did. One that
  // raised may raise by chance (Random.choices on a dict: a drawn key it lacks), and return elsewhere.
  const mutatedAndReturned = mutated.filter((o) => o.record.result.status === 'returned');
  const backing = mutatedAndReturned.length ? mutatedAndReturned : mutated;
  const byOrdinariness = [
    ...backing.filter(startedEmpty),
    ...ordinaryFirst(backing, (o) => readableCall(callName(run.info), o.request, awaited), run.positions),
  ];
  const first = byOrdinariness.find((o) => news(o).every((m) => told(o, m) !== null)) ?? byOrdinariness[0];
  const toldFirst = first ? news(first).map((m) => told(first, m)) : [];
  const firstCall = first ? oneLine(readableCall(callName(run.info), first.request, awaited), 60) : '';
  const after = !first
    ? ''
    : toldFirst.every((t) => t !== null)
      ? ` (after ${firstCall}, ${toldFirst.join(', ')})`
      : (unprintableAfter(first, firstCall) ??
        (news(first).every((m) => m.arg === 'receiver')
          ? ' (the change showed in no public attribute, nor in a repr that could be quoted)'
          : ' (what changed showed in no repr that could be quoted)'));
  const inPlace = mutated.length
    ? mutated.every((o) => news(o).every((m) => m.arg === 'receiver'))
      ? `Changes its receiver in place${after}.`
      : mutated.every((o) => news(o).every((m) => /^io\.(StringIO|BytesIO)\(/.test(m.repr)))
        ? `Writes to the file object it is given${after}.`
        : `Changes its arguments in place${after}.`
    : '';
  // A context manager is said as one, with the statement that uses it.
  const [ordinaryCall] = ordinaryFirst(returned, (o) => readableCall(callName(run.info), o.request, awaited), run.positions);
  const use =
    returned.length > 0 && ordinaryCall
      ? withStatement(ordinaryCall.record.result.value?.type, readableCall(callName(run.info), ordinaryCall.request, awaited))
      : null;
  const managers = use !== null && returned.every((o) => withStatement(o.record.result.value?.type, '') !== null);
  const returns = managers ? 'a context manager' : returnsPhrase(run.observations, returnTypes.map(typeAsWritten(run.info)));
  const sentences: string[] = [];
  // With no relation of its result, what the call did to a container it changed (a method that adds or removes).
  // What a method did to its object's attributes (state-effects.ts), told beside a relation of its result.
  // One a relation already says ("On a new `Wallet(balance)`: subtracts `amount` from `balance`") is left out.
  const said = relations.map((r) => r.text.toLowerCase()).join(' ');
  const objectEffects = findStateEffects(run.observations, run.positions);
  const stateEffects = objectEffects.filter((e) => !said.includes(e.text.replace(/( and returns its new value)?\.$/, '').toLowerCase()));
  const effects = relations.length
    ? []
    : stateEffects.length
      ? stateEffects
      : findEffects(run.observations, run.positions, (r) => oneLine(readableCall(callName(run.info), r, awaited), 60));
  // A shape that quotes a dict is stated only as the reader's Python prints it (the hash seed may pick its keys' order).
  const found = fixedShape(run.observations, run.positions);
  const shape = found && shapePrintsAlike(shapeCalls(run, found), run.observations) ? found : null;
  const onlyNone = returned.length > 0 && returned.every((o) => o.record.result.value?.type === 'NoneType');
  // No change to what it was given, nor output: for a function that gives back None, what it is for did not show.
  const quiet = !mutated.length && !run.observations.some((o) => o.record.result.stdout || o.record.result.stderr);
  let saidUnseen = false;
  if (givesReceiverBack(returned)) {
    // A method made for chaining: its result is its object, so what it did to it is the news.
    sentences.push(CHAINED);
    ledger.add('summary', CHAINED, idx(returned), idx(returned));
    sentences.push(...stateEffects.map((e) => e.text));
    for (const e of stateEffects) ledger.add('summary', e.text, e.support, e.tested);
  } else if (relations.length) {
    sentences.push(...[...relations, ...stateEffects].map((r) => r.text));
    for (const r of [...relations, ...stateEffects]) ledger.add('summary', r.text, r.support, r.tested);
  } else if (effects.length) {
    sentences.push(...effects.map((e) => e.text));
    for (const e of effects) ledger.add('summary', e.text, e.support, e.tested);
    if (onlyNone) sentences.push('Returns None.');
    else if (returned.length) {
      // What it gives back, beside what it did (yaml's Scanner.scan_tag_uri moves its pointer and returns the text it read).
      const single = oneResult(returned);
      const text = single ? `In the ${ownCalls(returned).length} calls that returned, it returned ${single}.` : `Returns ${returns}.`;
      sentences.push(text);
      if (single) ledger.add('summary', text, idx(returned), idx(returned));
    }
  } else if (params.length === 0 && returned.length > 0) {
    // 0 and 0.0 are one result here: a receiver that gave both did not change what it gave.
    const distinct = new Set(
      returned.map((o) => {
        const d = o.record.result.value?.data;
        return d && (d.t === 'int' || d.t === 'float') ? `n:${Number(d.v)}` : (o.record.result.value?.repr ?? '');
      }),
    ).size;
    const owner = run.info.ownerClass?.split('.').at(-1);
    if (owner && run.positions.some((p) => p.role === 'receiver') && distinct > 1) {
      // A method of no arguments: what it gives back comes from the object it is called on.
      const few = fewResults(returned);
      // Which object gave what, from calls a re-run showed alike (calendar's Calendar(1).getfirstweekday() → 1).
      const quotable = (o: Observation): boolean => printsAlikeUnderAnyHashSeed(o, run.observations);
      const pairs = few || !deterministic ? null : seenPairs(returned, run.positions, summaryCallText(run.info), quotable, true);
      if (pairs) ledger.add('summary', pairs.text, pairs.support, pairs.support);
      sentences.push(
        few
          ? `Returns ${few}, depending on the ${owner} it is called on (in the ${returned.length} calls that returned).`
          : `Returns ${returns} that depends on the ${owner} it is called on: ${distinct} different results from ${returned.length} ${owner} objects${pairs ? `, as in ${pairs.text}` : ''}.`,
      );
    } else if (owner && run.positions.some((p) => p.role === 'receiver')) {
      // One object gave every result: another object may give another (sqlparse's
      // Identifier().get_ordering() is None, 'DESC' on a parsed `a desc`).
      const objects = [...new Set(returned.map((o) => o.request.receiver ?? ''))];
      const [only] = objects;
      // One value from several objects (tarfile's TarInfo().issparse(): False) says more than its type.
      const value = returned[0]?.record.result.value?.repr ?? '';
      // GzipFile(…).fileno() gave 3 on each object, its descriptor number, and 4 when called again in the same process: no value to quote.
      const same = distinct === 1 && quotableValue(value) && !changedWhenRunAgain(returned).length;
      // The value itself, where a re-run showed the call gives it again (sqlparse's Statement().get_type(): 'UNKNOWN').
      const quoted = same && deterministic;
      const text =
        objects.length === 1 && only && !preparedSource(only)
          ? `${quoted ? `Returned ${value}` : `Returns ${returns}`} on \`${oneLine(only, 60)}\`, the only ${owner} a call returned on.`
          : objects.length === 1
            ? `Returns ${returns} on the one ${owner} a call returned on.`
            : same
              ? `Returned ${value} on each of the ${objects.length} ${owner} objects it was called on.`
              : `Returns ${returns} on each of the ${objects.length} ${owner} objects it was called on.`;
      sentences.push(text);
      if (same && (objects.length > 1 || quoted)) ledger.add('summary', text, idx(returned), idx(returned));
    } else {
      // A function of no arguments: what it gives back is all there is to say; with **kwargs,
      // what they do was not seen (colour's make_color_factory(**defaults)).
      const varkw = run.positions.find((p) => p.role === 'varkw');
      const withKeywords = (o: Observation): boolean => Object.keys(o.request.kwargs ?? {}).length > 0;
      const keywords = returned.some(withKeywords);
      // Keywords tried that never returned were tried all the same (markdown's makeExtension(**kwargs)).
      const triedKeywords = run.observations.some(withKeywords);
      // The one value every call gave, where a re-run showed it again (humanize's thousands_separator(): ',').
      const value = returned[0]?.record.result.value;
      const one = deterministic && value && value.type !== 'NoneType' && distinct === 1 && quotableValue(value.repr) ? value.repr : null;
      if (one && !varkw) ledger.add('summary', `Takes no arguments; every call returned ${one}.`, idx(returned), idx(returned));
      sentences.push(
        !varkw
          ? one
            ? `Takes no arguments; every call returned ${one}.`
            : `Takes no arguments and returns ${returns}.`
          : keywords
            ? `Called with no arguments or with keywords for \`**${varkw.name}\`, returns ${returns}.`
            : triedKeywords
              ? `Called with no arguments, returns ${returns}; no call with keywords for \`**${varkw.name}\` returned.`
              : `Called with no arguments, returns ${returns}; \`**${varkw.name}\` was not tried.`,
      );
    }
  } else if (shape) {
    // One shape of result in every call: what it builds, constants and arguments in their places.
    sentences.push(shape.text);
    ledger.add('summary', shape.text, shape.support, shape.support);
  } else if (holders(run, params).length) {
    // Every parameter only kept on what it returns (attrs' instance_of(type)): that is what it does.
    const kept = holders(run, params);
    const text = `Returns ${returns} that holds ${joinWords(kept.map(({ p }) => `\`${p.name}\``))} as given: each value tried showed in it.`;
    sentences.push(text);
    ledger.add(
      'summary',
      text,
      kept.flatMap(({ stored }) => stored.support),
      idx(returned),
    );
  } else if (returned.length > 0) {
    // No rule: what the calls that returned were seen to give, led by that, never by a list of
    // the argument types (the Parameters line has them).
    const n = ownCalls(run.observations).length;
    const returnedOwn = ownCalls(returned).length;
    // A result whose order the hash seed may pick is quoted only once a re-run under another printed it alike.
    const quotable = (o: Observation): boolean => printsAlikeUnderAnyHashSeed(o, run.observations);
    const steady = ownCalls(returned).every(quotable);
    const single = steady ? oneResult(returned) : null;
    if (single) ledger.add('summary', `gave ${single}`, idx(returned), idx(returned));
    const callText = summaryCallText(run.info);
    // What each result was made of from the argument, said before the results themselves (made-of.ts).
    const made = single ? null : madeOf(returned, run.positions);
    if (made) ledger.add('summary', `returned ${made.text}`, made.support, idx(returned));
    const few = made || !steady ? null : fewResultsByCall(returned, run.positions, callText);
    const shaped = single ?? (steady ? (resultsByRange(run, returned) ?? resultsByInput(run, returned)) : null) ?? few;
    const sizes = shaped === null && !made ? seenSizes(run.observations, run.positions) : null;
    const what = made?.text ?? shaped ?? (sizes ? `${returns} ${sizes.text}` : returns);
    if (sizes) ledger.add('summary', `returned ${what}`, sizes.support, idx(returned));
    // Without a shape of the results, calls that returned show more than the type they gave.
    // An iterator's items are quoted (`list(f(x)) → [...]`) only of a function shown to give the same again.
    const pairs = shaped === null ? seenPairs(returned, run.positions, callText, quotable, deterministic) : null;
    if (pairs) ledger.add('summary', pairs.text, pairs.support, pairs.support);
    const tried = `${SEEN_ONLY} (${returnedOwn === n ? `all ${n}` : `${returnedOwn} of ${n}`} returned)`;
    // Arguments seen handed back (the sentence after this one) are what set those values (gettext's textdomain).
    const handedBack = passThrough(run.observations, run.positions, callText) !== null;
    const unknown = shaped || made || sizes || pairs || handedBack || returns === 'None' ? '' : '; what sets its value was not worked out';
    // None, and no change to what it was given, nor output: plainly, what it is for was not seen.
    const given = run.positions.some((p) => p.role === 'receiver') ? 'its arguments or its object' : 'its arguments';
    const unseen = returns === 'None' && quiet ? `; nothing it did to ${given} showed, so what it is for was not seen` : '';
    saidUnseen = unseen !== '';
    sentences.push(`${tried}, it returned ${what}${pairs ? `, as in ${pairs.text}` : ''}${unknown}${unseen}.`);
  } else {
    // A function whose job is to raise: what selects the class it raises, when one parameter does.
    const raising = run.observations.filter((o) => o.purpose !== 'repeat' && o.record.result.status === 'raised' && !bindingError(o));
    const selector = raiseSelector(raising, run.positions);
    if (selector) ledger.add('summary', selector.text, selector.support, idx(raising));
    // A call that returned an object whose iteration raised did return (click's progressbar, used in a `with`).
    const lazy = raising.find((o) => iteratedType(o.record.result.exception?.message ?? ''));
    const lazyError = lazy?.record.result.exception;
    const lazyType = iteratedType(lazyError?.message ?? '');
    const abstract = abstractOnly(run);
    if (abstract) ledger.add('summary', abstract, idx(raising), idx(raising));
    const same = abstract ? null : sameRaiseEverywhere(run);
    if (same) ledger.add('summary', same.text, same.support, same.support);
    sentences.push(
      abstract ??
        same?.text ??
        selector?.text ??
        (lazyError && lazyType
          ? `${readableCall(callName(run.info), lazy.request, awaited)} returned ${article(lazyType)}, and iterating it raised ${exceptionLine(lazyError.type, oneLine(withoutIterationNote(lazyError.message), 100))}`
          : `${NONE_RETURNED}: ${noneReturned(run.observations)}, so what it computes is unknown.`),
    );
  }
  // Kinds of argument handed back as they are, beside the kinds it worked on (naturaldelta).
  const kept = relations.length ? null : passThrough(run.observations, run.positions, (o) => oneLine(readableCall(callName(run.info), o.request, awaited), 60));
  if (kept) {
    sentences.push(kept.text);
    ledger.add('summary', kept.text, kept.support, kept.support);
  }
  if (managers && use) {
    const text = `Use it as \`${use}\`.`;
    sentences.push(text);
    ledger.add('summary', text, idx(returned), idx(returned));
  }
  // A function that gives back only None is for what it does: what it printed, when it printed;
  // else, when nothing showed at all, that plainly (a method of no arguments, a function of none).
  const printed = onlyNone ? printedSentence(returned, summaryCallText(run.info), run.positions) : null;
  const unseen = onlyNone && quiet && !saidUnseen ? { text: noEffectSentence(run.positions), support: idx(ownCalls(returned)) } : null;
  for (const said of [printed, unseen]) {
    if (!said) continue;
    sentences.push(said.text);
    ledger.add('summary', said.text, said.support, said.support);
  }
  if (inPlace && !effects.length && !objectEffects.length) {
    sentences.push(inPlace);
    ledger.add('summary', inPlace, idx(backing), idx(run.observations));
  }
  if (returned.length) ledger.add('summary', `returns ${returns}`, idx(returned), idx(run.observations));
  const hang = hangWithContrast(run.observations, run.positions);
  if (hang) {
    const name = callName(run.info);
    const given = hang.contrast.input[hang.at]?.value;
    const other = given === undefined ? `\`${hang.param.name}\` left out` : `\`${hang.param.name}=${oneLine(toSource(given), 30)}\``;
    // What the other call gave, as the reader's Python prints it, else by its type (as a raise line's contrast is).
    const gave = hang.contrast.record.result.value;
    const result = printsAlikeUnderAnyHashSeed(hang.contrast, run.observations)
      ? oneLine(gave?.repr ?? '', 40)
      : article(typeAsWritten(run.info)(gave?.type ?? ''));
    const text = `It did not finish in time for ${oneLine(readableCall(name, hang.timedOut.request, awaited), 70)}; with ${other} it returned ${result}.`;
    sentences.push(text);
    ledger.add('summary', text, idx([hang.timedOut, hang.contrast]), idx([hang.timedOut]));
  }
  return sentences.join(' ');
}

/**
 * What the calls of a function that gives back None printed, said as seen: "3 of the 24 calls that
 * returned printed to standard output, as `Cmd().do_help('abc')` printed `'*** No help on abc\n'`."
 * The most ordinary such call; output only the worker's process would give (an address, its
 * script's name) is not quoted. Null when no call printed such output.
 */
function printedSentence(returned: Observation[], callText: (o: Observation) => string, positions: Position[]): { text: string; support: number[] } | null {
  const own = ownCalls(returned);
  const shown = (out: string): boolean => out.trim() !== '' && repeatableText(out);
  const printing = own.filter((o) => shown(o.record.result.stdout) || shown(o.record.result.stderr));
  const [o] = ordinaryFirst(printing, callText, positions);
  if (!o) return null;
  const toStdout = shown(o.record.result.stdout);
  const out = toStdout ? o.record.result.stdout : o.record.result.stderr;
  const k = printing.length;
  const text = `${k === own.length ? `Each of the ${k} calls that returned` : `${k} of the ${own.length} calls that returned`} printed to standard ${toStdout ? 'output' : 'error'}, as ${markdownCode(callText(o))} printed ${markdownCode(oneLine(toSource({ k: 'str', v: out }), 80))}.`;
  return { text, support: idx(printing) };
}

/** For a function that gave back only None and changed and printed nothing: plainly, that nothing it did showed. */
function noEffectSentence(positions: Position[]): string {
  const receiver = positions.some((p) => p.role === 'receiver');
  const params = positions.some((p) => p.role !== 'receiver' && p.role !== 'varkw');
  const unchanged = receiver
    ? params
      ? 'its arguments and its object stayed as they were'
      : 'its object stayed as it was'
    : params
      ? 'its arguments stayed as they were'
      : '';
  return `No effect of it showed (${unchanged ? `${unchanged}, ` : ''}nothing was printed), so what it is for was not seen.`;
}

/**
 * What a call that left its object unable to print itself shows of the change: the error its repr
 * raised, which often names the range the call broke (colour's set_hsl([1, 1, 2]): "Lightness must
 * be between 0 and 1."). Null unless every change of the call is such an object.
 */
function unprintableAfter(o: Observation, call: string): string | null {
  const errors = o.record.result.mutations.map((m) => (m.arg === 'receiver' ? /^<repr of \S+ raised (.+)>$/s.exec(m.repr)?.[1] : undefined));
  const [first] = errors;
  if (first === undefined || errors.some((e) => e === undefined) || !repeatableText(first)) return null;
  return ` (after ${call}, it could not print itself: ${oneLine(first, 80)})`;
}

/** Whether a result's repr may be quoted as the one value calls gave: short, one a reader could see again, printable. */
function quotableValue(repr: string): boolean {
  return repr.length <= 40 && repeatableText(repr) && !brokenRepr(repr);
}

/** The parameters stored as given (stored-parameter.ts), when every parameter a returned call gave is one. */
function holders(run: ExplorationOutcome, params: { p: Position; i: number }[]): { p: Position; stored: NonNullable<ReturnType<typeof storedAsGiven>> }[] {
  const given = params.filter(({ i }) => returnedAt(run, i).length > 0);
  const stored = given.flatMap(({ p, i }) => {
    const s = p.role === 'varargs' ? null : storedAsGiven(run.observations, i);
    return s ? [{ p, stored: s }] : [];
  });
  return stored.length > 0 && stored.length === given.length ? stored : [];
}

/** The calls a fixed shape of result rests on (result-shape.ts). */
function shapeCalls(run: ExplorationOutcome, shape: { support: number[] }): Observation[] {
  return run.observations.filter((o) => shape.support.includes(o.record.index));
}

const CHAINED = 'Returns the object it is called on, so that calls can be chained.';

/** Every call that returned gave back its own receiver (`result is self`), two at least. */
const givesReceiverBack = (returned: Observation[]): boolean => {
  // Re-runs for determinism are made without the explorer's extras: they tell nothing either way.
  const told = returned.filter((o) => o.purpose !== 'repeat');
  return told.length >= 2 && told.every((o) => o.record.result.returnedReceiver === true);
};

/** A relation's sentence said of a coroutine function: "Awaited, returns 2 × `x`." */
export function awaitedWords(text: string): string {
  return `Awaited, ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
}

/**
 * The results themselves when the calls that returned gave only a few (`'cool', 'warm' or
 * 'freezing'`): they say more than their type. Null for a bool (True or False is its type) or
 * with too few calls to call the set small.
 */
function fewResults(returned: Observation[]): string | null {
  const own = returned.filter((o) => o.purpose !== 'repeat');
  const reprs = [...new Set(own.map((o) => o.record.result.value?.repr ?? ''))];
  // A result no reader could repeat (`<ast.Name object at 0x1>`: an address) says nothing as a value.
  if (own.length < 6 || reprs.length < 2 || reprs.length > 4 || reprs.some((r) => !r || r.length > 30 || !repeatableText(r))) return null;
  if (own.every((o) => o.record.result.value?.type === 'bool')) return null;
  return joinWords(reprs, 'or');
}

/**
 * The few results of fewResults, each with the most ordinary call that gave it ("'#000' for
 * `web2hex('black')` or '#000080' for `web2hex('navy')`"): a result alone does not say which
 * argument gives it.
 */
function fewResultsByCall(returned: Observation[], positions: Position[], callText: (o: Observation) => string): string | null {
  if (fewResults(returned) === null) return null;
  const own = returned.filter((o) => o.purpose !== 'repeat' && o.purpose !== 'reapply');
  // Each result in the order it first came, with the most ordinary call that gave it.
  const first = [...new Set(own.map((o) => o.record.result.value?.repr ?? ''))];
  const ordinary = ordinaryFirst(own, callText, positions);
  const calls = first.flatMap((r) => ordinary.filter((o) => o.record.result.value?.repr === r).slice(0, 1));
  return calls.every((o) => callText(o).length <= 40)
    ? joinWords(
        calls.map((o) => `${o.record.result.value?.repr ?? ''} for \`${callText(o)}\``),
        'or',
      )
    : fewResults(returned);
}

/**
 * The one result every call that returned gave, three calls at least ("only 'underweight'"): the
 * value says more than its type. Null for None (said as such elsewhere), a bool (its type says
 * True or False), or a value no reader could repeat (an address).
 */
function oneResult(returned: Observation[]): string | null {
  const own = returned.filter((o) => o.purpose !== 'repeat');
  const [first] = own;
  const repr = first?.record.result.value?.repr ?? '';
  // A value a second run in the same process changed (a descriptor number, a counter) is the process's, not one to quote.
  if (own.length < 3 || !repr || repr.length > 40 || !repeatableText(repr) || changedWhenRunAgain(returned).length) return null;
  if (own.some((o) => o.record.result.value?.repr !== repr)) return null;
  if (['NoneType', 'bool'].includes(first?.record.result.value?.type ?? '')) return null;
  return `only ${repr}`;
}

/**
 * For a function of one number that gave each of a few results over one stretch of it (a grade by
 * score, a label by temperature): each result with the stretch of arguments that gave it, in
 * order: "'F' for `score` 5 to 65, 'C' for 70 and 'A' for 90 to 100". Null when some result came
 * back after another between (no stretches), or for one argument that gave two results.
 */
function resultsByRange(run: ExplorationOutcome, returned: Observation[]): string | null {
  const points: { x: number; r: string }[] = [];
  let at: number | undefined;
  for (const o of returned) {
    if (o.purpose === 'repeat' || o.purpose === 'reapply') continue;
    const given = o.input.flatMap((s, i) => (s.value !== undefined ? [{ i, v: s.value }] : []));
    const [only] = given;
    const r = o.record.result.value?.repr ?? '';
    // A bool is a number to Python (True == 1): a score given True is a score of 1.
    const x = !only ? null : isNumber(only.v) ? Number(only.v.v) : only.v.k === 'bool' ? Number(only.v.v) : null;
    if (!only || x === null || given.length !== 1 || itemAt(run.positions, only.i).role === 'receiver' || !r || r.length > 30 || !repeatableText(r))
      return null;
    if (at !== undefined && at !== only.i) return null;
    at = only.i;
    points.push({ x, r });
  }
  if (points.length < 6 || at === undefined) return null;
  points.sort((a, b) => a.x - b.x);
  const runs: { r: string; lo: number; hi: number }[] = [];
  for (const p of points) {
    const last = runs.at(-1);
    if (last && last.r === p.r) last.hi = p.x;
    else if (last && last.hi === p.x)
      return null; // one argument, two results
    else runs.push({ r: p.r, lo: p.x, hi: p.x });
  }
  if (runs.length < 2 || runs.length > 6 || new Set(runs.map((x) => x.r)).size !== runs.length) return null;
  const span = ({ lo, hi }: { lo: number; hi: number }): string => (lo === hi ? `${lo}` : `${lo} to ${hi}`);
  const name = `\`${itemAt(run.positions, at).name}\``;
  return joinWords(runs.map((x, k) => `${x.r} for ${k === 0 ? `${name} ` : ''}${span(x)}`));
}

/**
 * Which argument gave which result, for a function of one argument with few results (a predicate,
 * a parser of yes/no): "True for `2024` and `2000`; False for `1900` and `3`", the plainest
 * arguments of each (at most three). Null with several arguments or many results.
 */
function resultsByInput(run: ExplorationOutcome, returned: Observation[]): string | null {
  const own = returned.filter((o) => o.purpose !== 'repeat' && o.purpose !== 'reapply');
  const sole = (o: Observation): string | null => {
    const given = o.input.flatMap((s, i) => (s.value !== undefined && itemAt(run.positions, i).role !== 'receiver' ? [s.value] : []));
    const [value] = given;
    return value && given.length === 1 && o.input.every((s, i) => itemAt(run.positions, i).role !== 'receiver' || s.value === undefined)
      ? toSource(value)
      : null;
  };
  if (own.length < 4) return null;
  const groups = new Map<string, string[]>();
  for (const o of own) {
    const r = o.record.result.value?.repr ?? '';
    const arg = sole(o);
    if (arg === null || !r || r.length > 30 || !repeatableText(r)) return null;
    const args = groups.get(r) ?? [];
    if (!args.includes(arg)) args.push(arg);
    groups.set(r, args);
  }
  // Each result seen for several arguments: otherwise these are only the examples again.
  if (groups.size > 3 || ![...groups.values()].some((args) => args.length >= 2)) return null;
  // Plain arguments first: letters or digits, short.
  const plainFirst = (args: string[]): string[] =>
    [...args].filter((a) => a.length <= 24).sort((a, b) => Number(!/[\p{L}\p{N}]/u.test(a)) - Number(!/[\p{L}\p{N}]/u.test(b)) || a.length - b.length);
  const parts = [...groups.entries()].map(([r, args]) => {
    // Arguments all too long to show whole: the shortest one, cut, so the result is not "for 1 more" alone.
    const short = plainFirst(args).slice(0, 3);
    const shown = short.length ? short : [oneLine([...args].sort((a, b) => a.length - b.length)[0] ?? '', 24)];
    const more = args.length - shown.length;
    return `${r} for ${joinWords([...shown.map((a) => `\`${a}\``), ...(more ? [`${more} more`] : [])])}`;
  });
  return groups.size === 1 ? `${parts[0]} (every one of them)` : parts.join('; ');
}

/**
 * Every call that ran (its arguments bound) raised NotImplementedError, two at least: a method left
 * for a subclass to write (http.cookiejar's FileCookieJar.save), said in one line, not as calls
 * that failed to teach anything.
 */
function abstractOnly(run: ExplorationOutcome): string | null {
  const ran = run.observations.filter((o) => o.purpose !== 'repeat' && o.record.result.status !== 'rejected' && !bindingError(o));
  const raisedIt = (o: Observation): boolean =>
    o.record.result.status === 'raised' && baseExceptionName(o.record.result.exception?.type ?? '') === 'NotImplementedError';
  if (ran.length < 2 || !ran.every(raisedIt)) return null;
  const what = run.info.ownerClass ? 'an abstract method, meant to be overridden' : 'not implemented, a placeholder to be replaced';
  return `Raises NotImplementedError in every call that ran (${ran.length} of ${ownCalls(run.observations).length}): ${what}.`;
}

/**
 * A function whose every call that ran raised one exception with one message, whatever the
 * arguments (xml.dom.minidom's Entity.replaceChild: "cannot replace children of an entity
 * node"): raising it is what the calls showed it does, said as that rather than "what it computes
 * is unknown". Needs MIN_SAME_RAISE calls of as many different arguments.
 */
function sameRaiseEverywhere(run: ExplorationOutcome): { text: string; support: number[] } | null {
  const ran = run.observations.filter((o) => o.purpose !== 'repeat' && o.record.result.status !== 'rejected' && !bindingError(o));
  const errors = ran.map((o) => (o.record.result.status === 'raised' ? o.record.result.exception : undefined));
  const [first] = errors;
  if (!first || errors.some((e) => e?.type !== first.type || e.message !== first.message)) return null;
  if (new Set(ran.map((o) => o.key)).size < MIN_SAME_RAISE) return null;
  const text = `Raised ${exceptionLine(first.type, oneLine(first.message, 100))} in every call that ran (${ran.length} of ${ownCalls(run.observations).length}), whatever the arguments tried.`;
  return { text, support: idx(ran) };
}
const MIN_SAME_RAISE = 5;

/**
 * A plain sentence when a re-run gave another result: no returned value is then an example. A
 * result another call changed (a registry it fills) is said as what it is, state kept between calls.
 */
function varies(properties: InferredProperty[], notes: InferenceNotes, observations: Observation[], ledger: Ledger): string {
  const refuted = properties.find((p) => p.name === 'deterministic' && !p.holds && p.evidence.startsWith('counterexample: '));
  if (!refuted) return '';
  const counterexample = refuted.evidence.slice('counterexample: '.length);
  const text = notes.dependsOnEarlierCalls
    ? `What a call gives depends on the calls made before it: ${counterexample}.`
    : `Not the same from run to run: ${counterexample}.`;
  const repeats = observations.filter((o) => o.purpose === 'repeat');
  ledger.add('summary', text, idx([...repeats, ...repeats.flatMap((o) => (o.repeats ? [o.repeats] : []))]), idx(repeats));
  return text;
}

/** What a line resting on calls says of a function that draws at random: what one draw gave. */
const DRAWN_PARTS = new Set<DescriptionClaim['part']>(['summary', 'returns', 'parameter', 'raises']);
const DRAWN = 'Each call is a random draw: what a call gave below, the same call may not give again (it may give another result, or raise).';
/** What was seen of a function whose results moved under the same random seed too (InferenceNotes.variesWhateverTheSeed): no cause is named. */
const VARIES =
  'Run again, a call gave another result under the same random seed too: what a call gave below, the same call may not give again (it may give another result, or raise).';

/** For a function that draws at random, or varies as one does, the sentence that says so. */
function drawn(drawing: boolean, notes: InferenceNotes, ledger: Ledger): string {
  if (!drawing) return '';
  const text = notes.variesWhateverTheSeed ? VARIES : DRAWN;
  ledger.add('summary', text, [], []);
  return text;
}

/** Each line resting on calls marked as one draw's (DescriptionClaim.draws). */
function markDraws(ledger: Ledger): void {
  for (const c of ledger.claims) if (DRAWN_PARTS.has(c.part) && (c.support.length > 0 || c.check)) c.draws = true;
}

/** Whether a call gave the same outcome (a raise of the same class, or the same value) in another draw: its second run in its process, or a re-run under another random seed. */
function sameInAnotherDraw(o: Observation, observations: Observation[]): boolean {
  const outcome = (r: ProbeResult): string => (r.status === 'raised' ? `raised ${r.exception?.type ?? ''}` : `${r.status} ${r.value?.repr ?? ''}`);
  if (o.record.result.again?.same === true) return true;
  return observations.some((r) => r.purpose === 'repeat' && r.repeats === o && r.seed !== undefined && outcome(r.record.result) === outcome(o.record.result));
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * What the calls did when none returned, by what happened to them: a rejected call never ran (its
 * arguments or receiver could not be built), so it is not said to have raised.
 */
function noneReturned(observations: Observation[]): string {
  const n = observations.length;
  const of = (status: ProbeResult['status']): Observation[] => observations.filter((o) => o.record.result.status === status);
  const raised = of('raised');
  const rejected = of('rejected');
  const types = [...new Set(raised.flatMap((o) => (o.record.result.exception ? [baseExceptionName(o.record.result.exception.type)] : [])))];
  // A receiver prepared by other calls reads as those statements (`s = TokenList(); s.insert_after(3, 'hello')`), not its lambda.
  const [first] = rejected;
  const statements = first?.request.receiver === undefined ? null : preparingStatements(first.request.receiver);
  const message = first?.record.result.exception?.message;
  const why = statements && message ? message.replace(/building `[^`]*`/, `building \`${oneLine(statements, 80)}\``) : message;
  const refused = `their arguments could not be built${why ? ` (${oneLine(why, 100)})` : ''}`;
  if (rejected.length === n) return `none of the ${n} calls ran, as ${refused}`;
  const parts = [
    ...(raised.length ? [`${raised.length} raised${types.length ? ` (${joinWords(types)})` : ''}`] : []),
    ...(rejected.length ? [`${rejected.length} never ran, as ${refused}`] : []),
    ...(['timeout', 'crashed'] as const).flatMap((s) => (of(s).length ? [`${of(s).length} ${s === 'timeout' ? 'timed out' : 'crashed'}`] : [])),
  ];
  if (raised.length === n) return types.length ? `all ${n} calls raised (${joinWords(types)})` : `all ${n} calls failed`;
  return `of ${n} calls, ${joinWords(parts)}`;
}

function details(run: ExplorationOutcome, properties: InferredProperty[], notes: InferenceNotes, callText: (o: Observation) => string): string {
  const results = run.observations.map((o) => o.record.result);
  const count = (s: ProbeResult['status']): number => results.filter((r) => r.status === s).length;
  const lines: string[] = [];
  const parts = [`${count('returned')} returned`, `${count('raised')} raised`];
  if (count('timeout')) parts.push(`${count('timeout')} timed out`);
  if (count('crashed')) parts.push(`${count('crashed')} crashed`);
  if (count('rejected')) parts.push(`${count('rejected')} rejected`);
  const applied = run.applications?.length ?? 0;
  // Calls that then called what they returned are probes too, and reach code of their own (a closure's body).
  if (applied) parts.push(`and ${applied} that called what it returned`);
  let probes = `Explored offline with ${results.length + applied} probes (${parts.join(', ')}).`;
  const cov = coverageOf([...results, ...(run.applications ?? []).map((o) => o.record.result)]);
  if (cov && cov.linesTotal > 0) {
    const branches = cov.arcsTotal > 0 ? ` and ${cov.arcs} of ${cov.arcsTotal} branches` : '';
    probes += ` Reached ${cov.lines} of ${cov.linesTotal} lines${branches} of the function.`;
  }
  lines.push(probes);
  if (notes.sortedDescending) lines.push(`Sequence outputs come sorted in descending order (${notes.sortedDescending}).`);
  if (notes.sortedOnlyWhenInputsSorted) lines.push('The output is sorted when the list arguments are sorted, not otherwise.');
  if (notes.monotonicIn.length > 1) lines.push(`Monotonic in ${joinWords(notes.monotonicIn.map((m) => `${m.param} (${m.direction})`))}.`);
  const mutated = run.observations.find((o) => o.record.result.mutations.length);
  if (mutated) {
    const m = mutated.record.result.mutations;
    lines.push(`Changes arguments in place: after ${callText(mutated)}, ${m.map((x) => becameWords(x, mutated.record.result.receiverState)).join(', ')}.`);
  }
  const timedOut = run.observations.find((o) => o.record.result.status === 'timeout');
  if (timedOut) lines.push(`Did not finish in time for ${callText(timedOut)}.`);
  lines.push('Evidence for each property:');
  for (const p of properties) {
    const verdict = p.holds ? 'holds' : p.evidence.startsWith('inconclusive') ? 'not established' : 'does not hold';
    lines.push(`- ${p.name}: ${verdict} — ${p.evidence}`);
  }
  return lines.join('\n');
}

/**
 * Classes at position i in calls where this argument changed the outcome: a returned call whose
 * outcome (its return, or what it left in the arguments) differs from another call that differs from it in this argument alone. A parameter
 * that did nothing in a call says nothing about the types it takes.
 */
function effectiveWords(
  run: ExplorationOutcome,
  i: number,
): { words: string[]; varied: number; tried: string[]; flag: boolean; truthValued?: string[]; raisedWith: string[]; returnedWith: string[] } {
  const byContext = new Map<string, Observation[]>();
  for (const o of run.observations) {
    // A call Python refused to bind (an argument missing) says nothing of what a value does.
    if (o.purpose === 'repeat' || !['returned', 'raised'].includes(o.record.result.status) || bindingError(o)) continue;
    const key = contextKey(o.input, i);
    byContext.set(key, [...(byContext.get(key) ?? []), o]);
  }
  const sourceAt = (o: Observation): string => (o.input[i]?.value === undefined ? '' : toSource(o.input[i].value));
  const effective = new Set<string>();
  const values = new Set<string>();
  const tried = new Set<string>();
  // Values given that made a call raise where the same call with another value (or without it) returned.
  const raisedWith = new Set<string>();
  // What the same calls returned with instead ('' for left out), for the reader to see the contrast.
  const returnedWith = new Set<string>();
  // Values that made a call raise a type error where another value returned: a difference too.
  const typeRaisedWith = new Set<string>();
  const typeReturnedWith = new Set<string>();
  let varied = 0;
  for (const group of byContext.values()) {
    const distinct = new Set(group.map(sourceAt));
    if (distinct.size < 2) continue;
    // "No difference" speaks of calls that returned with different values of this parameter.
    const returnedGroup = group.filter((o) => o.record.result.status === 'returned');
    if (new Set(returnedGroup.map(sourceAt)).size >= 2) varied += returnedGroup.length;
    for (const v of distinct) if (v) tried.add(v);
    for (const o of group) {
      if (!o.input[i] || o.input[i].value === undefined) continue;
      const mine = sourceAt(o);
      const others = group.filter((x) => sourceAt(x) !== mine);
      if (o.record.result.status === 'raised') {
        // A check the function makes (a ValueError), not a value of the wrong type.
        const checked = !TYPE_ERRORS.has(baseExceptionName(o.record.result.exception?.type ?? ''));
        const fine = others.filter((x) => x.record.result.status === 'returned');
        if (fine.length) {
          (checked ? raisedWith : typeRaisedWith).add(mine);
          for (const x of fine) (checked ? returnedWith : typeReturnedWith).add(sourceAt(x));
        }
        continue;
      }
      if (others.some((x) => !sameEffect(x.record.result, o.record.result))) {
        effective.add(o.input[i].cls);
        values.add(mine);
      }
    }
  }
  const pos = itemAt(run.positions, i);
  const words = pos.candidates.filter((c) => effective.has(c)).map(classWords);
  const bools = [...values].filter((v) => v === 'True' || v === 'False');
  const others = [...values].filter((v) => v !== 'True' && v !== 'False');
  const truthLike = bools.length > 0 && others.length > 0 && actsByTruth(byContext.values(), i, pos.default);
  return {
    words: [...new Set(words)],
    varied,
    tried: [...tried],
    flag: bools.length > 0 && (others.length === 0 || truthLike),
    ...(truthLike ? { truthValued: others } : {}),
    raisedWith: [...(raisedWith.size ? raisedWith : typeRaisedWith)],
    returnedWith: [...(raisedWith.size ? returnedWith : typeReturnedWith)],
  };
}

/** Python's truth value of a value the explorer built, when it is plain enough to know. */
function truthOf(v: PyValue): boolean | undefined {
  switch (v.k) {
    case 'none':
      return false;
    case 'bool':
      return v.v;
    case 'int':
      return v.v !== 0n;
    case 'float':
      return v.v !== 0;
    case 'str':
      return v.v !== '';
    case 'bytes':
      return v.hex !== '';
    case 'list':
    case 'tuple':
    case 'set':
    case 'frozenset':
      return v.items.length > 0;
    case 'dict':
      return v.entries.length > 0;
    default:
      return undefined;
  }
}

/**
 * Whether every call that gave this parameter something other than True or False returned what
 * the same call gave with True or False, by the value's truth (`strict=3` as `strict=True`): a flag
 * read with `if strict:`, whatever it is given. A left-out argument stands for its default.
 */
function actsByTruth(groups: Iterable<Observation[]>, i: number, fallback: PyValue | undefined): boolean {
  let compared = 0;
  for (const group of groups) {
    const returned = group.filter((o) => o.record.result.status === 'returned');
    const given = (o: Observation): PyValue | undefined => o.input[i]?.value ?? fallback;
    const reference = (truth: boolean) =>
      returned.find((o) => {
        const value = given(o);
        return value?.k === 'bool' && truthOf(value) === truth;
      });
    for (const o of returned) {
      const value = given(o);
      if (!value || value.k === 'bool') continue;
      const truth = truthOf(value);
      const ref = truth === undefined ? undefined : reference(truth);
      if (!ref) continue; // nothing to compare with in this context
      if (!sameEffect(ref.record.result, o.record.result)) return false;
      compared += 1;
    }
  }
  // One value other than True or False that acted as the bool of its truth, and none that did not,
  // make a flag: greet(name, formal=3) gave what formal=True gave.
  return compared >= 1;
}

/** Kinds of value a parameter line names one by one; more read as a list no one takes in (inspect.getdoc's `object`: ten). */
const MANY_KINDS = 5;

/**
 * The kinds a parameter changed the outcome with, as words: a few by name; many as the first three
 * and a count, and as "any value" when every kind tried returned (`allReturned`).
 */
function kindsWords(words: string[], allReturned: boolean): string {
  if (words.length < MANY_KINDS) return joinWords(words, 'or');
  const shown = `${words.slice(0, 3).join(', ')} and ${words.length - 3} other kinds`;
  return allReturned
    ? `any value: each of the ${words.length} kinds tried returned (${shown})`
    : `${words.slice(0, 3).join(', ')} or ${words.length - 3} other kinds`;
}

/** The classes of the values given at position i in calls that ran (bound to the signature). */
function triedKinds(run: ExplorationOutcome, i: number): string[] {
  const ran = run.observations.filter((o) => ['returned', 'raised'].includes(o.record.result.status) && !bindingError(o));
  return [...new Set(ran.flatMap((o) => (o.input[i] && o.input[i].value !== undefined ? [o.input[i].cls] : [])))];
}

/** Each parameter: the types it changed the outcome with (a flag as a flag), and whether it may be left out. */
function parameterTexts(run: ExplorationOutcome, ledger: Ledger): Record<string, string> {
  const out: Record<string, string> = {};
  run.positions.forEach((p, i) => {
    if (p.role === 'receiver' || p.role === 'varkw') return;
    // The second of two *args slots is described with the first.
    if (p.role === 'varargs' && run.positions[i - 1]?.role === 'varargs') return;
    const accepted = acceptedWords(run, i);
    const effective = effectiveWords(run, i);
    const omitted = run.observations.filter((o) => o.record.result.status === 'returned' && o.input[i]?.value === undefined);
    const optional = omitted.length && (p.role === 'positional' || p.role === 'keyword') ? ' (may be left out)' : '';
    // Objects (not generators, whose work is their iteration) that calls giving it returned and that raised when iterated.
    const iteratedObjects = [
      ...new Set(
        run.observations.flatMap((o) => {
          const v = o.record.result.value;
          return o.input[i]?.value !== undefined && v?.iteration?.raised && v.type !== 'generator' ? [v.type.slice(v.type.lastIndexOf('.') + 1)] : [];
        }),
      ),
    ];
    let text: string;
    const stored = p.role === 'varargs' ? null : storedAsGiven(run.observations, i);
    if (stored) {
      const shown = stored.tried.slice(0, 3).map((v) => `\`${oneLine(v, 24)}\``);
      const more = stored.tried.length > 3 ? [...shown, `${stored.tried.length - 3} more`] : shown;
      text = `stored as given: each value tried (${joinWords(more, 'and')}) shows in what it returned${optional}`;
    } else if (effective.flag) {
      const read = effective.truthValued?.length
        ? ` (${joinWords(
            effective.truthValued.slice(0, 2).map((v) => `\`${oneLine(v, 16)}\``),
            'and',
          )} acted as ${effective.truthValued.length === 1 ? 'its' : 'their'} truth value)`
        : '';
      text = `a flag (True/False)${read}${optional}`;
    } else if (effective.words.length)
      text = `${kindsWords(
        effective.words,
        triedKinds(run, i).every((c) => accepted.includes(classWords(c))),
      )}${optional}`;
    else if (effective.raisedWith.length) {
      // It changed the outcome, by making calls raise (the raise lines say how): never "no difference".
      const shown = effective.raisedWith.slice(0, 3).map((v) => `\`${oneLine(v, 24)}\``);
      const more = effective.raisedWith.length > 3 ? [...shown, `${effective.raisedWith.length - 3} more`] : shown;
      // Name what the same calls returned with: "with another value or with it left out" read as a
      // contradiction, and a required parameter cannot be left out (webcolors' rgb_percent_to_hex).
      const given = effective.returnedWith.filter((v) => v !== '').map((v) => `with \`${oneLine(v, 24)}\``);
      const instead = [...given.slice(0, 2), ...(effective.returnedWith.includes('') ? ['with it left out'] : [])];
      text = `calls with ${joinWords(more, 'or')} raised where the same call ${joinWords(instead, 'or')} returned${optional}`;
    } else if (accepted.length && effective.varied) {
      // The values it was changed among, so that a reader can judge how far "no difference" goes.
      const shown = effective.tried.slice(0, 3).map((v) => `\`${oneLine(v, 24)}\``);
      const among = shown.length ? ` (among ${joinWords(effective.tried.length > 3 ? [...shown, `${effective.tried.length - 3} more`] : shown, 'and')})` : '';
      // A method's effect on its object shows only as far as the object's repr does (a stream it writes to shows none).
      const onObject = run.positions.some((q) => q.role === 'receiver') ? ' to what they returned (an effect on the object itself may not show)' : '';
      // Results known only by their repr were compared by it: a value it hides (isodate's
      // FixedOffset shows its name, not its offset) could differ unseen, so the line says what was compared.
      const byRepr = returnedAt(run, i).some((o) => {
        const v = o.record.result.value;
        return v !== undefined && v.type !== 'NoneType' && (!v.data || v.data.t === 'other') && !v.iteration;
      });
      text = byRepr
        ? `changing it alone${among} did not change the repr of what they returned in the ${effective.varied} calls that did (a value it hides would not show)${optional}`
        : `changing it alone${among} made no difference${onObject} in the ${effective.varied} calls that did${optional}`;
    } else if (accepted.length) text = `calls with ${joinWords(accepted, 'or')} returned; its own effect was not isolated${optional}`;
    else if (iteratedObjects.length)
      // The explorer counts such a call as a raise; it did return an object to use (a write-mode GzipFile).
      text = `each call with it raised, or returned ${joinWords(
        iteratedObjects.map((t) => article(`\`${t}\``)),
        'or',
      )} that raised when iterated${optional}`;
    else text = `${NO_CALL_RETURNED_WITH_IT}${optional}`;
    const name = p.role === 'varargs' ? `*${p.name}` : p.name;
    out[name] = text;
    ledger.add('parameter', `${name}: ${text}`, idx(returnedAt(run, i)), idx(run.observations));
  });
  return out;
}

/**
 * The calls a count shown to the reader is of: determinism re-runs are the same call again, so
 * "(30 of 38 returned)" agrees with the Returns line and with any count of those calls after it
 * (made-of.ts's "empty in 22 of 30").
 */
function ownCalls(observations: Observation[]): Observation[] {
  return observations.filter((o) => o.purpose !== 'repeat');
}

function returnsText(observations: Observation[], returnTypes: string[], ledger: Ledger, awaited: boolean): string {
  const ran = observations.filter((o) => o.record.result.status === 'returned');
  if (returnTypes.length === 0) return lazyReturns(observations, ledger) ?? NEVER_RETURNED;
  const phrase = returnsPhrase(observations, returnTypes);
  const what = givesReceiverBack(ran) ? `the object it is called on (${phrase})` : phrase;
  const text = capitalize(`${awaited ? 'a coroutine; awaited, ' : ''}${what} (${ownCalls(ran).length} of ${ownCalls(observations).length} calls returned).`);
  ledger.add('returns', text, idx(ran), idx(observations));
  return text;
}

/**
 * Calls that returned an object whose iteration raised (a generator) did return: what they gave,
 * and plainly that what it yields was not seen, as no iteration of it reached its end.
 */
function lazyReturns(observations: Observation[], ledger: Ledger): string | null {
  const lazy = observations.filter((o) => o.record.result.status === 'raised' && iteratedType(o.record.result.exception?.message ?? '') !== null);
  const types = [...new Set(lazy.map((o) => iteratedType(o.record.result.exception?.message ?? '') ?? ''))];
  const raised = [...new Set(lazy.map((o) => o.record.result.exception?.type ?? ''))];
  if (!lazy.length) return null;
  const text = capitalize(
    `${joinWords(types.map(article), 'or')}; iterating it raised ${joinWords(raised, 'or')} in each of the ${lazy.length} calls that returned one, so what it yields was not seen.`,
  );
  ledger.add('returns', text, idx(lazy), idx(observations));
  return text;
}

const MAX_RAISE_LINES = 5;
/** Values a raise line names before "N other values". */
const RAISE_VALUES = 2;
/** The longest result a raise line quotes of the call that returned; a longer one is said by its type. */
const CONTRAST_RESULT = 20;
/** The longest call a raise line of one whole call quotes. */
const RAISE_CALL = 80;

/**
 * A call Python refused to bind to the signature (`f() missing 1 required positional argument`,
 * `takes 2 positional arguments but 3 were given`): how calling works, not what the function
 * does, so neither a raise line nor the example of an error.
 */
export function bindingError(o: Observation): boolean {
  const e = o.record.result.status === 'raised' ? o.record.result.exception : undefined;
  return !!e && baseExceptionName(e.type) === 'TypeError' && isBindingMessage(e.message);
}

/**
 * A raise that is the probing's, not the function's: a guard's refusal (SandboxViolation,
 * python/pau_probe/guards.py), or a message that quotes one (click's edit wraps it in its own
 * ClickException) or names the worker. Outside the sandbox the call would act, so such a raise is
 * neither a raise line nor an example a reader's doctest would give again.
 */
function probingsOwn(e: { type: string; message: string }): boolean {
  return baseExceptionName(e.type) === 'SandboxViolation' || GUARD_WORDS.test(e.message) || showsTheWorker(e.message);
}
/** How the guards word a refusal (python/pau_probe/guards.py: an action, a write outside the call's folder). */
const GUARD_WORDS = /\bis not allowed in a probe call\b|\bcalls may only write inside their own temporary working directory\b/;

/** The line of an exception message that says why: the first, or a later one that gives the reason. */
export function reasonLine(message: string): string {
  const lines = message
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const [first, ...rest] = lines;
  if (first === undefined) return '';
  const reason =
    lines.find((l) => /\b(must|expected|invalid|cannot|can't|not allowed|should|required|out of range|too (?:large|small|long|short))\b/i.test(l)) ?? first;
  // A line that ends in a colon introduces what follows it ("invalid user name:", then the rules
  // broken, one a line): the first of those goes with it.
  const next = lines[lines.indexOf(reason) + 1];
  const body = reason.endsWith(':') && next !== undefined ? `${reason} ${next}` : reason;
  // A reason found below a heading that introduces it keeps the heading.
  return reason !== first && first.endsWith(':') && rest[0] === reason ? `${first} ${body}` : body;
}

/** `lo=17`, `hi` left out: one argument as a reader writes it. */
function argWords(run: ExplorationOutcome, o: Observation, i: number): string {
  const p = itemAt(run.positions, i);
  const v = o.input[i]?.value;
  const name = p.role === 'varargs' ? `*${p.name}` : p.name;
  return v === undefined ? `\`${name}\` left out` : `\`${name}=${oneLine(toSource(v), 40)}\``;
}

/**
 * What a raise line adds when its call, run again after its contrast call in one process
 * (explorer.ts checkRaises), returned: the raise comes only where that other call has not run yet
 * (humanize's activate loads a locale once and keeps it), which a re-run in a new process shows
 * and one in the same process does not.
 */
function freshOnly(raised: Observation, contrast: Observation, observations: Observation[], callText: (o: Observation) => string): string {
  if (!raisedByTheCall(raised)) return '';
  const after = observations.find((r) => r.repeats === raised && r.after === contrast && r.record.result.again?.status === 'returned');
  return after ? ` It raised so in a fresh interpreter only: after ${callText(contrast)}, ${callText(raised)} returned.` : '';
}

/**
 * Whether the call itself raised, not the iteration of what it returned (explorer.ts reads that as a
 * raise too): a second run's answer (ProbeResult.again) says only whether the call returned, so
 * 'returned' there is what a generator
 * that raises when iterated gives every time (difflib's context_diff([3, 1, 2], …) was said to
 * raise in a fresh interpreter only).
 */
function raisedByTheCall(o: Observation): boolean {
  const { status, value } = o.record.result;
  return status === 'raised' && value?.iteration?.raised === undefined;
}

/**
 * The raise lines' calls with their contrast calls, in the order the lines come, not yet run again
 * after that contrast call: explorer.ts does so (freshOnly).
 */
export function raisesToCheck(run: ExplorationOutcome): { raised: Observation; contrast: Observation }[] {
  const ledger = new Ledger();
  raisesText(run, callTextOf(run.info), ledger);
  const byIndex = new Map(run.observations.map((o) => [o.record.index, o]));
  return ledger.claims.slice(0, MAX_RAISE_LINES).flatMap(({ check }) => {
    const raised = check?.kind === 'raises' ? byIndex.get(check.probe) : undefined;
    const contrast = check?.kind === 'raises' && check.contrast !== undefined ? byIndex.get(check.contrast) : undefined;
    return raised && contrast && raisedByTheCall(raised) && !run.observations.some((r) => r.repeats === raised && r.after === contrast)
      ? [{ raised, contrast }]
      : [];
  });
}

/**
 * One line per exception type and parameter. A raise is blamed on a parameter only when a call
 * differing from it in that argument alone returned (the contrast, quoted); other raises are
 * stated as what one whole call did.
 */
function raisesText(run: ExplorationOutcome, callText: (o: Observation) => string, ledger: Ledger): string {
  const { observations, positions } = run;
  const returned = observations.filter((o) => o.record.result.status === 'returned' && o.purpose !== 'repeat');
  // A call differing from `o` in argument i alone that returned: one giving another value, or
  // one leaving it out (its default). The latter is preferred wherever it exists: the raise then
  // comes with giving that argument (`strict=True`), which is what a reader must know.
  const contrastOf = (o: Observation): { i: number; contrast: Observation; byDefault: boolean } | null => {
    let first: { i: number; contrast: Observation; byDefault: boolean } | null = null;
    for (const [i, pos] of positions.entries()) {
      // A call that leaves an argument out may not bind at all (a missing required one): it is
      // stated as a whole call, never blamed on one parameter by contrast with another.
      const value = o.input[i]?.value;
      if (pos.role === 'receiver' || value === undefined) continue;
      const key = contextKey(o.input, i);
      const mine = toSource(value);
      const alike = returned.filter((r) => contextKey(r.input, i) === key);
      const byDefault = pos.role === 'varargs' ? undefined : alike.find((r) => r.input[i]?.value === undefined);
      if (byDefault) return { i, contrast: byDefault, byDefault: true };
      const contrast = alike.find((r) => {
        const other = r.input[i]?.value;
        return other !== undefined && toSource(other) !== mine;
      });
      if (contrast && !first) first = { i, contrast, byDefault: false };
    }
    return first;
  };
  // The values an argument returned with somewhere: a raise is not said to come "with" them.
  const returnedWith = (i: number): Set<string> => new Set(returned.flatMap((r) => (r.input[i]?.value === undefined ? [] : [toSource(r.input[i].value)])));
  type Group = { type: string; i: number | null; raised: Observation[]; own: boolean; contrast?: Observation; byDefault?: boolean };
  const groups = new Map<string, Group>();
  // The position each raise was blamed on: the positions of `*args` are one parameter, so one line.
  const blamedAt = new Map<Observation, number>();
  const firstVarargs = positions.findIndex((p) => p.role === 'varargs');
  const parameterOf = (i: number): number => (positions[i]?.role === 'varargs' ? firstVarargs : i);
  for (const o of observations) {
    const e = o.record.result.status === 'raised' ? o.record.result.exception : undefined;
    if (!e || o.purpose === 'repeat' || bindingError(o) || probingsOwn(e)) continue;
    const blame = contrastOf(o);
    // A check's messages are told apart (parse_hex_color's "expected 3 or 6 hex digits, got 'ff'"
    // is not "invalid literal for int()"); a wrong type's are one line whatever Python said.
    const reason = messageTemplate(e.type, reasonLine(e.message));
    const key = `${e.type}|${blame ? parameterOf(blame.i) : ''}|${reason}`;
    if (blame) blamedAt.set(o, blame.i);
    const own = ownMessage(e.message, run.info);
    const g = groups.get(key) ?? {
      type: e.type,
      i: blame?.i ?? null,
      raised: [],
      own,
      ...(blame ? { contrast: blame.contrast, byDefault: blame.byDefault } : {}),
    };
    g.raised.push(o);
    groups.set(key, g);
  }
  // What the function checks in its own words first, then value errors, blamed ones, before type
  // errors and whole-call observations.
  const ordered = [...groups.values()].sort(
    (a, b) =>
      Number(b.own) - Number(a.own) ||
      Number(TYPE_ERRORS.has(baseExceptionName(a.type))) - Number(TYPE_ERRORS.has(baseExceptionName(b.type))) ||
      Number(a.i === null) - Number(b.i === null),
  );
  const lines: string[] = [];
  // Each parameter and call that returned where it raised, once said.
  const contrasted = new Set<string>();
  for (const g of ordered) {
    // A group is made with its first raise, which has its exception.
    const [ex] = g.raised;
    const exception = ex?.record.result.exception;
    if (!ex || !exception) continue;
    const message = oneLine(reasonLine(exception.message), 100);
    // An empty message (EOFError()) shows nothing after the call, not a dangling colon.
    const said = message ? `: ${message}` : '';
    // One clause a raise: a message that ends a sentence is not given a second full stop.
    const ended = (s: string): string => (/[.!?]$/.test(s) ? s : `${s}.`);
    let text: string;
    if (g.i !== null && g.contrast) {
      const contrast = g.contrast.record.result.value;
      // A value no reader could repeat (an address, a counter: repeatable.ts), or a long one, by its
      // type: the contrast says that the call returns, the examples what it gives.
      // So is one whose order the hash seed may pick, unless another hash seed printed it alike (repeatable.ts).
      const repeatable = (repr: string): boolean =>
        repeatableText(repr) && !changedWhenRunAgain(run.observations).length && printsAlikeUnderAnyHashSeed(g.contrast ?? ex, observations);
      const result = !contrast
        ? 'a value'
        : repeatable(contrast.repr) && contrast.repr.length <= CONTRAST_RESULT
          ? contrast.repr
          : article(typeAsWritten(run.info)(contrast.type));
      const i = g.i;
      // The quoted call's value, then the others that never returned (a value that raised only
      // beside other arguments is not one the raise comes "with"); each at the position it was blamed on.
      const at = (o: Observation): number => blamedAt.get(o) ?? i;
      const values = [
        ...new Set(
          g.raised
            .filter((o, k) => {
              // Each raise blamed on a position gave a value there (contrastOf).
              const value = o.input[at(o)]?.value;
              return k === 0 || value === undefined || !returnedWith(at(o)).has(toSource(value));
            })
            .map((o) => argWords(run, o, at(o))),
        ),
      ];
      const shown =
        values.length > RAISE_VALUES
          ? [...values.slice(0, RAISE_VALUES), `${values.length - RAISE_VALUES} other value${values.length === RAISE_VALUES + 1 ? '' : 's'}`]
          : values;
      const other = g.byDefault ? `\`${itemAt(positions, i).name}\` left out` : argWords(run, g.contrast, i);
      // The call that returned is said once for its parameter: a second line of that parameter leans on it.
      const contrastKey = `${parameterOf(i)}|${g.contrast.record.index}`;
      const contrastText = contrasted.has(contrastKey) ? '' : ` (with ${other} it returned ${result})`;
      contrasted.add(contrastKey);
      text = ended(`${g.type} for ${joinWords(shown, 'or')}${said}${contrastText}`) + freshOnly(ex, g.contrast, observations, callText);
      ledger.add('raises', text, [ex.record.index, g.contrast.record.index], idx(g.raised), {
        kind: 'raises',
        type: g.type,
        probe: ex.record.index,
        contrast: g.contrast.record.index,
      });
    } else {
      const others = g.raised.length - 1;
      // The call on one line a reader can take in: a long URL or list cut (description-head.ts shortCall).
      text = ended(`${g.type} in ${shortCall(callText(ex), RAISE_CALL)}${said}${others ? ` (and in ${others} more call${others === 1 ? '' : 's'})` : ''}`);
      ledger.add('raises', text, [ex.record.index], idx(g.raised), { kind: 'raises', type: g.type, probe: ex.record.index });
    }
    if (lines.length < MAX_RAISE_LINES) lines.push(text);
  }
  return lines.join('\n');
}

/**
 * An example in doctest form: exceptions as a traceback header; generators through list(),
 * also when iterating raised (the call itself returned a generator, so a doctest of the bare
 * call would fail).
 */
function exampleOf(o: Observation, callText: (o: Observation) => string): { call: string; result: string } | null {
  const r = o.record.result;
  const call = callText(o);
  const it = r.value?.iteration;
  if (r.status === 'raised' && r.exception) {
    return {
      call: it ? `list(${call})` : call,
      result: `Traceback (most recent call last):\n    ...\n${exceptionLine(r.exception.type, withoutIterationNote(r.exception.message))}`,
    };
  }
  // The worker's placeholder for a repr that raised (Document().createComment(2.5)) is nothing doctest would print.
  if (r.status !== 'returned' || !r.value || r.value.truncated || brokenRepr(r.value.repr)) return null;
  if (it) {
    // A generator that did not end is shown by its first items, taken with next().
    const items = `[${it.items.join(', ')}]`;
    return it.ended ? { call: `list(${call})`, result: items } : { call: `g = ${call}; [next(g) for _ in range(${it.items.length})]`, result: items };
  }
  // A context manager's attributes are contextlib's (`raw_terminal().args`): the summary says how to use it.
  if (withStatement(r.value.type, call)) return null;
  return showsAddress(r.value.repr) ? addressFree(call, r.valueState) : { call, result: r.value.repr };
}

/**
 * An object shown only by its address is no example (another run prints another address): its
 * first plain attribute, or its length, is (`open_wallet(100).balance` → `100`). Null when the
 * worker saw neither, or the call is several statements.
 */
function addressFree(call: string, state: ProbeResult['valueState']): { call: string; result: string } | null {
  if (!state || call.includes(';')) return null;
  const [first] = state.attributes;
  const value = first ? fromTagged(first.value) : null;
  if (first && value) return { call: `${call}.${first.name}`, result: toSource(value) };
  return state.length === undefined ? null : { call: `len(${call})`, result: String(state.length) };
}

/**
 * Whether a call that returned was run in an interpreter of another hash seed and showed the same
 * example there: the worker's calls all share hash seed 0, a reader's Python does not (colour's
 * Color(0, 0) picks its colour by hash() of text; toolz's dissoc builds its dict from a set).
 */
function sameInAnotherHashSeed(o: Observation, observations: Observation[], callText: (o: Observation) => string): boolean {
  const shown = exampleOf(o, callText)?.result;
  return observations.some((r) => r.repeats === o && r.hashSeed !== undefined && shown !== undefined && exampleOf(r, callText)?.result === shown);
}

/**
 * The calls that returned which the examples would show, not yet run in an interpreter of another
 * hash seed: explorer.ts runs each there once, after the budget, as no example is shown unchecked.
 */
export function examplesToCheck(run: ExplorationOutcome): Observation[] {
  const { info, positions, observations } = run;
  const callText = callTextOf(info);
  const { properties, notes } = inferProperties(observations, { positions, callText });
  const deterministic = properties.some((p) => p.name === 'deterministic' && p.holds);
  return exampleCalls(observations, positions, callText, notes, deterministic, info, false).filter(
    (o) => o.record.result.status === 'returned' && !observations.some((r) => r.repeats === o && r.hashSeed !== undefined),
  );
}

/**
 * Calls the summary or a raise line would quote whose result may print its items in an order the
 * hash seed picks, not yet run in an interpreter of another hash seed: explorer.ts runs them there
 * after the examples' calls, within the same RESERVES.exampleChecks, so that a call quoted in
 * several places is checked once. Those left unchecked are not quoted (printsAlikeUnderAnyHashSeed).
 */
export function quotedToCheck(run: ExplorationOutcome): Observation[] {
  const { info, positions, observations } = run;
  // Once one call printed otherwise there, none such is quoted, checked or not.
  if (printedOtherwiseUnderAnotherHashSeed(observations)) return [];
  const unchecked = (o: Observation): boolean =>
    o.record.result.status === 'returned' &&
    orderMayFollowHash(o.record.result.value) &&
    !observations.some((r) => r.repeats === o && r.hashSeed !== undefined);
  const returned = observations.filter((o) => o.record.result.status === 'returned');
  const pairs = seenPairs(returned, positions, summaryCallText(info))?.support ?? [];
  const ledger = new Ledger();
  raisesText(run, callTextOf(info), ledger);
  const contrasts = ledger.claims
    .slice(0, MAX_RAISE_LINES)
    .flatMap(({ check }) => (check?.kind === 'raises' && check.contrast !== undefined ? [check.contrast] : []));
  const byIndex = new Map(observations.map((o) => [o.record.index, o]));
  // A fixed shape needs one of its calls checked (shapePrintsAlike); a hang's sentence quotes its contrast call.
  const shape = fixedShape(observations, positions);
  const shaped = shape ? shapeCalls(run, shape).filter((o) => orderMayFollowHash(o.record.result.value)) : [];
  const shapeCall = shaped.some((o) => !unchecked(o)) ? [] : shaped.slice(0, 1).map((o) => o.record.index);
  const hang = hangWithContrast(observations, positions);
  const quoted = [...pairs, ...contrasts, ...shapeCall, ...(hang ? [hang.contrast.record.index] : [])];
  return [...new Set(quoted)].flatMap((k) => byIndex.get(k) ?? []).filter(unchecked);
}

/**
 * The calls the examples show: ordinary use first, then calls with other outcomes (edge cases),
 * then one error. `hashChecked`: a call that returned only when it showed the same under another hash seed.
 */
function exampleCalls(
  observations: Observation[],
  positions: Position[],
  callText: (o: Observation) => string,
  notes: InferenceNotes,
  deterministic: boolean,
  code: Pick<FunctionInfo, 'constants' | 'raiseMessages'>,
  hashChecked: boolean,
): Observation[] {
  const longest = exampleCallLimit(observations, callText);
  const pool = observations.filter(
    (o) =>
      o.purpose !== 'repeat' &&
      callText(o).length <= longest &&
      (deterministic || o.record.result.status !== 'returned') &&
      (!hashChecked || o.record.result.status !== 'returned' || sameInAnotherHashSeed(o, observations, callText)) &&
      !o.input.some((slot) => holdsGrammarOnly(slot.value)),
  );
  const shown = (o: Observation): boolean => {
    const example = exampleOf(o, callText);
    return example !== null && repeatableText(example.result);
  };
  const showable = (o: Observation): boolean => pool.includes(o) && shown(o);
  const chosen = returnedExamples(observations, positions, showable, callText, notes.sortedOnlyWhenInputsSorted === true);
  const add = (o: Observation | undefined): void => {
    if (o && !chosen.includes(o) && chosen.length < MAX_EXAMPLES && shown(o)) chosen.push(o);
  };
  // One error: what the function checks (a value error), in its own words first, before a type error.
  const raised = pool.filter((o) => {
    const e = o.record.result.status === 'raised' ? o.record.result.exception : undefined;
    return e !== undefined && !bindingError(o) && !probingsOwn(e);
  });
  const valueErrors = raised.filter((o) => {
    const exception = o.record.result.exception;
    return exception !== undefined && !TYPE_ERRORS.has(baseExceptionName(exception.type));
  });
  const checked = valueErrors.find((o) => ownMessage(o.record.result.exception?.message ?? '', code)) ?? valueErrors[0];
  add(checked ?? raised[0]);
  return chosen;
}

/**
 * `type(format_stack())` → `<class 'list'>`: the plainest call that returned (the fewest arguments), when every call
 * that returned gave one type (not None, an iterator or a context manager, which say it otherwise).
 * Null when none did.
 */
function typeExample(observations: Observation[], positions: Position[], callText: (o: Observation) => string): Description['examples'][number] | null {
  const longest = exampleCallLimit(observations, callText);
  const returned = observations.filter((o) => o.purpose !== 'repeat' && o.record.result.status === 'returned');
  const types = new Set(returned.map((o) => (o.record.result.value?.iteration ? '' : (o.record.result.value?.type ?? ''))));
  const [type] = types;
  if (types.size !== 1 || !type || type === 'NoneType' || withStatement(type, '') !== null) return null;
  // One expression: a prepared receiver reads as statements (`s = Stack(); s.pop()`).
  const plain = returned.filter(
    (o) => callText(o).length <= longest && !preparedSource(o.request.receiver ?? '') && !o.input.some((slot) => holdsGrammarOnly(slot.value)),
  );
  // The fewest arguments first: a function callable with none shows that call (format_stack()).
  const given = (x: Observation): number => x.input.filter((slot) => slot.value !== undefined).length;
  const [o] = ordinaryFirst(plain, callText, positions).sort((a, b) => given(a) - given(b));
  return o ? { call: `type(${callText(o)})`, result: `<class '${type}'>`, probe: o.record.index } : null;
}

function confidence(run: ExplorationOutcome, properties: InferredProperty[]): number {
  const results = run.observations.map((o) => o.record.result);
  const returned = results.filter((r) => r.status === 'returned').length;
  if (returned === 0) return 0.1;
  const cov = coverageOf(results);
  let c = 0.3;
  c += cov && cov.linesTotal > 0 ? 0.3 * Math.min(1, cov.lines / cov.linesTotal) : 0.15;
  c += 0.15 * Math.min(1, returned / 15);
  const decided = properties.filter((p) => !p.evidence.startsWith('inconclusive')).length;
  c += properties.length ? 0.15 * (decided / properties.length) : 0;
  if (results.length < run.maxProbes / 2 && run.observations.length < 5) c -= 0.1;
  return Math.round(Math.max(0.05, Math.min(0.9, c)) * 100) / 100;
}

function cell(text: string): string {
  return markdownCode(oneLine(text, 80)).replace(/\|/g, '\\|');
}

function ioTable(observations: Observation[], callText: (o: Observation) => string): string {
  const rows = ['| # | call | result | type |', '|---|------|--------|------|'];
  for (const o of observations) {
    const r = o.record.result;
    const result = r.status === 'returned' && r.value ? cell(r.value.repr) : markdownText(renderOutcome(r, 80)).replace(/\|/g, '\\|');
    const type = r.status === 'returned' ? (r.value?.type ?? '') : r.status === 'raised' ? (r.exception?.type ?? '') : r.status;
    const origin = o.record.origin === 'cache' ? ' (cached)' : '';
    rows.push(`| ${o.record.index} | ${cell(callText(o))} | ${result}${origin} | ${type} |`);
  }
  return rows.join('\n');
}
