// Turns what the explorer saw into an OfflineReport: return types, exceptions by input class,
// properties, a templated description with examples taken from real probes, and an I/O table.
import type { FunctionInfo, ProbeResult } from '../core/probe-types.js';
import type { Description } from '../core/session-types.js';
import type { CoverageSoFar } from '../core/format.js';
import { addCoverage, oneLine, renderCall, renderOutcome } from '../core/format.js';
import type { InferredProperty, OfflineReport } from '../core/run-types.js';
import type { Observation, Position } from './inputs.js';
import { TYPE_ERRORS, baseExceptionName, describeInput } from './inputs.js';
import type { InferenceNotes } from './properties.js';
import { inferProperties } from './properties.js';
import { typeClass } from './type-classes.js';

export interface ExplorationOutcome {
  info: FunctionInfo;
  positions: Position[];
  observations: Observation[];
  /** Classes each position accepted. */
  accepted: Set<string>[];
  maxProbes: number;
}

const MAX_LABELS_PER_EXCEPTION = 8;
const MAX_EXAMPLES = 6;

function coverageOf(results: ProbeResult[]): CoverageSoFar | undefined {
  return results.reduce<CoverageSoFar | undefined>(addCoverage, undefined);
}

/** How calls are written in examples: `rot13('a')`, `BankAccount(100).deposit(5)`, `BankAccount.format_cents(5)`. */
export function callName(info: FunctionInfo): string {
  if (info.needsReceiver) return info.name;
  if (info.kind === 'classmethod' || info.kind === 'staticmethod') return info.qualname;
  return info.name;
}

export function buildReport(run: ExplorationOutcome): OfflineReport {
  const { info, positions, observations } = run;
  const callText = (o: Observation): string => renderCall(callName(info), o.request);
  const { properties, notes } = inferProperties(observations, { positions, callText });
  const returnTypes = countReturnTypes(observations);
  const exceptions = exceptionsByInputClass(observations, positions);
  const description: Description = {
    summary: summary(run, returnTypes),
    details: [behaviourLine(exceptions, properties, notes), details(run, properties, notes, callText)].filter(Boolean).join('\n'),
    parameters: parameterTexts(run),
    returns: returnsText(observations, returnTypes),
    raises: raisesText(observations, exceptions, callText),
    examples: pickExamples(observations, callText, notes),
    confidence: confidence(run, properties),
  };
  return { returnTypes, exceptions, properties, description, ioTable: ioTable(observations, callText) };
}

function countReturnTypes(observations: Observation[]): string[] {
  const counts = new Map<string, number>();
  for (const o of observations) {
    const t = o.record.result.status === 'returned' ? o.record.result.value?.type : undefined;
    if (t) counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([t]) => t);
}

function exceptionsByInputClass(observations: Observation[], positions: Position[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const o of observations) {
    const r = o.record.result;
    if (r.status !== 'raised' || !r.exception) continue;
    const labels = (out[r.exception.type] ??= []);
    const label = describeInput(positions, o.input);
    if (!labels.includes(label) && labels.length < MAX_LABELS_PER_EXCEPTION) labels.push(label);
  }
  return out;
}

const article = (label: string): string => (label === 'None' ? label : /^[aeiou]/i.test(label) ? `an ${label}` : `a ${label}`);

function classWords(id: string): string {
  const m = /^new:([\w.]+):/.exec(id);
  return m ? `${m[1]} instance` : typeClass(id).label;
}

function joinWords(words: string[], last = 'and'): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${last} ${words[words.length - 1]}`;
}

function acceptedWords(run: ExplorationOutcome, i: number): string[] {
  return run.positions[i]!.candidates.filter((c) => c !== 'omit' && run.accepted[i]!.has(c)).map(classWords);
}

/** Classes that failed with a type error at a position while every other argument was of an accepted class. */
function rejectedWords(run: ExplorationOutcome, i: number): string[] {
  const out: string[] = [];
  for (const o of run.observations) {
    const r = o.record.result;
    if (r.status !== 'raised' || !TYPE_ERRORS.has(baseExceptionName(r.exception?.type ?? ''))) continue;
    const cls = o.input[i]?.cls;
    if (!cls || cls === 'omit' || run.accepted[i]!.has(cls)) continue;
    if (!o.input.every((s, j) => j === i || run.accepted[j]!.has(s.cls))) continue;
    const words = classWords(cls);
    if (!out.includes(words)) out.push(words);
  }
  return out;
}

function returnsPhrase(observations: Observation[], returnTypes: string[]): string {
  if (returnTypes.length === 0) return 'never returned';
  // The example generator: the one that yielded most.
  const gens = observations.filter((o) => o.record.result.status === 'returned' && o.record.result.value?.iteration);
  const gen = gens.reduce<Observation | undefined>(
    (best, o) => (!best || o.record.result.value!.iteration!.items.length > best.record.result.value!.iteration!.items.length ? o : best),
    undefined,
  );
  return joinWords(
    returnTypes.map((t) => {
      if (gen && t === gen.record.result.value!.type) {
        const it = gen.record.result.value!.iteration!;
        if (it.items.length === 0) return `${article(t)} that yielded nothing`;
        return `${article(t)} that yields ${it.items.slice(0, 5).join(', ')}${it.items.length > 5 || !it.ended ? ', …' : ''}${it.ended ? '' : ' (did not end)'}`;
      }
      return t === 'NoneType' ? 'None' : article(t);
    }),
    'or',
  );
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
  'uses-randomness': 'uses randomness (the output changes with the random seed)',
};

/** The docstring's first line: what goes in and what comes out (and in-place changes, which a caller must know). */
function summary(run: ExplorationOutcome, returnTypes: string[]): string {
  if (run.observations.length === 0) return 'Not explored: no probe was made.';
  const params = run.positions.map((p, i) => ({ p, i })).filter(({ p }) => p.role !== 'receiver' && p.role !== 'varkw');
  const takesWords = params
    .map(({ i }) => acceptedWords(run, i))
    .filter((w) => w.length > 0)
    .map((w) => joinWords(w.map(article), 'or'));
  const receiverAt = run.positions.findIndex((p) => p.role === 'receiver');
  const receiver = receiverAt >= 0 ? acceptedWords(run, receiverAt)[0] : undefined;
  let text = receiver ? `Called on ${article(receiver)}; takes ` : 'Takes ';
  text += params.length === 0 ? 'no arguments' : takesWords.length ? joinWords(takesWords) : 'arguments of no type tried (every call failed)';
  text += ` and returns ${returnsPhrase(run.observations, returnTypes)}`;
  const mutated = run.observations.flatMap((o) => o.record.result.mutations.map((m) => m.arg));
  if (mutated.length) text += mutated.every((a) => a === 'receiver') ? '; changes its receiver in place' : '; changes its arguments in place';
  return `${text}.`;
}

/** The properties that hold and the exceptions by input class, as one sentence for the details. */
function behaviourLine(exceptions: Record<string, string[]>, properties: InferredProperty[], notes: InferenceNotes): string {
  const claimed = properties
    .filter((p) => p.holds)
    .map((p) =>
      p.name === 'sorted-output' && notes.sortedOnlyWhenInputsSorted ? 'output sorted ascending when the list arguments are' : PROPERTY_WORDS[p.name],
    );
  const raised = Object.entries(exceptions).map(
    ([type, labels]) => `${type} for ${joinWords(labels.length > 3 ? [...labels.slice(0, 3), 'other inputs'] : labels, 'or')}`,
  );
  const sentences: string[] = [];
  if (claimed.length) sentences.push(capitalize(`${joinWords(claimed)}.`));
  if (raised.length) sentences.push(`Raises ${joinWords(raised)}.`);
  return sentences.join(' ');
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function details(run: ExplorationOutcome, properties: InferredProperty[], notes: InferenceNotes, callText: (o: Observation) => string): string {
  const results = run.observations.map((o) => o.record.result);
  const count = (s: ProbeResult['status']): number => results.filter((r) => r.status === s).length;
  const lines: string[] = [];
  const parts = [`${count('returned')} returned`, `${count('raised')} raised`];
  if (count('timeout')) parts.push(`${count('timeout')} timed out`);
  if (count('crashed')) parts.push(`${count('crashed')} crashed`);
  if (count('rejected')) parts.push(`${count('rejected')} rejected`);
  let probes = `Explored offline with ${results.length} probes (${parts.join(', ')}).`;
  const cov = coverageOf(results);
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
    lines.push(`Changes arguments in place: after ${callText(mutated)}, ${m.map((x) => `${x.arg} became ${oneLine(x.repr, 80)}`).join(', ')}.`);
  }
  const timedOut = run.observations.find((o) => o.record.result.status === 'timeout');
  if (timedOut) lines.push(`Did not finish in time for ${callText(timedOut)}.`);
  lines.push('Properties:');
  for (const p of properties) {
    const verdict = p.holds ? 'holds' : p.evidence.startsWith('inconclusive') ? 'not established' : 'does not hold';
    lines.push(`- ${p.name}: ${verdict} — ${p.evidence}`);
  }
  return lines.join('\n');
}

function parameterTexts(run: ExplorationOutcome): Record<string, string> {
  const out: Record<string, string> = {};
  run.positions.forEach((p, i) => {
    if (p.role === 'receiver' || p.role === 'varkw') return;
    const accepted = acceptedWords(run, i);
    const rejected = rejectedWords(run, i);
    const omitted = run.accepted[i]!.has('omit') ? ' (may be left out)' : '';
    let text = accepted.length ? `${joinWords(accepted, 'or')}${omitted}` : 'no input class accepted';
    if (rejected.length) text += `; ${joinWords(rejected, 'or')} raise a type error`;
    out[p.role === 'varargs' ? `*${p.name}` : p.name] = text;
  });
  return out;
}

function returnsText(observations: Observation[], returnTypes: string[]): string {
  const ran = observations.filter((o) => o.record.result.status === 'returned').length;
  if (returnTypes.length === 0) return 'Never returned in the probes made.';
  return `${returnsPhrase(observations, returnTypes)} (${ran} of ${observations.length} calls returned).`.replace(/^./, (c) => c.toUpperCase());
}

function raisesText(observations: Observation[], exceptions: Record<string, string[]>, callText: (o: Observation) => string): string {
  return Object.entries(exceptions)
    .map(([type, labels]) => {
      const ex = observations.find((o) => o.record.result.exception?.type === type)!;
      return `${type} for ${joinWords(labels, 'or')}, e.g. ${callText(ex)}: ${oneLine(ex.record.result.exception!.message, 100)}`;
    })
    .join('\n');
}

/** An example in doctest form: exceptions as a traceback header, iterators through list(). */
function exampleOf(o: Observation, callText: (o: Observation) => string): { call: string; result: string } | null {
  const r = o.record.result;
  const call = callText(o);
  if (r.status === 'raised' && r.exception) {
    return { call, result: `Traceback (most recent call last):\n    ...\n${r.exception.type}: ${r.exception.message}` };
  }
  if (r.status !== 'returned' || !r.value || r.value.truncated) return null;
  const it = r.value.iteration;
  if (it) {
    const items = `[${it.items.join(', ')}]`;
    return it.ended ? { call: `list(${call})`, result: items } : { call: `g = ${call}; [next(g) for _ in range(${it.items.length})]`, result: items };
  }
  return { call, result: r.value.repr };
}

function pickExamples(observations: Observation[], callText: (o: Observation) => string, notes: InferenceNotes): Description['examples'] {
  const pool = observations.filter((o) => o.purpose !== 'repeat' && callText(o).length <= 100);
  const chosen: Observation[] = [];
  const add = (o: Observation | undefined): void => {
    if (o && !chosen.includes(o) && chosen.length < MAX_EXAMPLES && exampleOf(o, callText)) chosen.push(o);
  };
  const returned = pool.filter((o) => o.record.result.status === 'returned');
  // A merge is shown merging sorted lists.
  if (notes.sortedOnlyWhenInputsSorted) add(returned.find((o) => o.purpose === 'sorted'));
  const types = new Set(returned.map((o) => o.record.result.value?.type));
  for (const t of types) add(returned.find((o) => o.record.result.value?.type === t));
  // Distinct outputs from the edge-case sweep and mutations first: they show the behaviour.
  const seenOutputs = new Set(chosen.map((o) => o.record.result.value?.repr));
  const preferred = [...returned.filter((o) => o.purpose !== 'discover' && o.purpose !== 'widen'), ...returned];
  for (const o of preferred) {
    if (chosen.length >= Math.min(MAX_EXAMPLES - 1, 4)) break;
    if (seenOutputs.has(o.record.result.value?.repr)) continue;
    seenOutputs.add(o.record.result.value?.repr);
    add(o);
  }
  const raisedTypes = new Set(pool.filter((o) => o.record.result.status === 'raised').map((o) => o.record.result.exception?.type));
  // Value errors before type errors: they say more about the function.
  const orderedTypes = [...raisedTypes].sort(
    (a, b) => Number(TYPE_ERRORS.has(baseExceptionName(a ?? ''))) - Number(TYPE_ERRORS.has(baseExceptionName(b ?? ''))),
  );
  for (const t of orderedTypes) add(pool.find((o) => o.record.result.exception?.type === t));
  return chosen.map((o) => exampleOf(o, callText)!);
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
  const flat = oneLine(text, 80).replace(/\|/g, '\\|');
  return flat.includes('`') ? `\`\` ${flat} \`\`` : `\`${flat}\``;
}

function ioTable(observations: Observation[], callText: (o: Observation) => string): string {
  const rows = ['| # | call | result | type |', '|---|------|--------|------|'];
  for (const o of observations) {
    const r = o.record.result;
    const result = r.status === 'returned' && r.value ? cell(r.value.repr) : renderOutcome(r, 80).replace(/\|/g, '\\|');
    const type = r.status === 'returned' ? (r.value?.type ?? '') : r.status === 'raised' ? (r.exception?.type ?? '') : r.status;
    const origin = o.record.origin === 'cache' ? ' (cached)' : '';
    rows.push(`| ${o.record.index} | ${cell(callText(o))} | ${result}${origin} | ${type} |`);
  }
  return rows.join('\n');
}
