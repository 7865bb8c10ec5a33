// The comparison of a run's inferred description with the function's actual docstring:
// doctests and lexical F1 always (when there is a docstring), behavioural agreement and the
// judge when there is an LLM endpoint. Each part that cannot run says why in `notes`.
import { callableParams, NameMap } from '../core/shown.js';
import type { CompareInput, LlmConfig } from '../core/run-types.js';
import type { CallRequest, ProbeResult } from '../core/probe-types.js';
import type { Comparison, Usage } from '../core/session-types.js';
import {
  isStale,
  runStarted,
  scoreSide,
  selectHeldOut,
  startImplementation,
  usableReference,
  usesModuleClasses,
  buildableClasses,
  type ImplStart,
  type ReferenceCall,
} from './behaviour.js';
import type { StartWorker } from '../core/worker-options.js';
import { doctestCalls, runDoctests, type DoctestReport } from './doctests.js';
import { definesFunction, extractPythonCode, implementationMessages, type Side } from './implement.js';
import { judgeMessages, parseJudgeReply } from './judge.js';
import { lexicalF1 } from './lexical.js';
import { addUsage, chat } from './llm.js';
import { anonymizeDocstring, parameterNote, presentation, renderDescription, type Presentation } from './texts.js';

type BehaviouralReport = NonNullable<Comparison['behavioural']> & {
  /** The code each side's model wrote, for showing next to the scores. */
  implementations?: { inferred?: string; docstring?: string };
};

/** The contract's Comparison plus what this implementation adds (optional fields, same names). */
export interface ComparisonReport extends Comparison {
  behavioural?: BehaviouralReport;
  doctests?: DoctestReport;
  /** Tokens spent by the comparison's own model requests (implementations, judge). */
  usage: Usage;
}

export interface CompareDeps {
  startWorker: StartWorker;
}

export const NO_DOCSTRING_NOTE = 'no docstring: doctests, judge and lexical comparison skipped';
export const NO_LLM_BEHAVIOURAL_NOTE = 'behavioural comparison needs an LLM endpoint (a model writes an implementation from each text); skipped offline';
export const NO_LLM_JUDGE_NOTE = 'judge needs an LLM endpoint; skipped offline';
export const METHOD_NOTE = 'behavioural comparison supports functions, class methods and static methods; instance methods are skipped';

interface DocstringTexts {
  text: string;
  /** The docstring as the models read it (real name replaced by the shown one). */
  shown: string;
}

interface Context {
  input: CompareInput;
  deps: CompareDeps;
  pres: Presentation;
  docstring: DocstringTexts | null;
  notes: string[];
  usage: Usage;
}

export async function compare(input: CompareInput, deps: CompareDeps): Promise<ComparisonReport> {
  const { info, session } = input;
  const docstring = info.docstring && info.docstring.trim() !== '' ? info.docstring : null;
  const pres = presentation(info, session.target.shownAs, session.settings.strictness);
  const ctx: Context = {
    input,
    deps,
    pres,
    docstring: docstring === null ? null : { text: docstring, shown: anonymizeDocstring(docstring, info.name, pres.implName) },
    notes: [],
    usage: { requests: 0, promptTokens: 0, completionTokens: 0 },
  };
  const report: ComparisonReport = { usage: ctx.usage };

  if (docstring === null) {
    ctx.notes.push(NO_DOCSTRING_NOTE);
  } else {
    report.doctests = await runDoctests(docstring, info, input.worker, input.signal);
    const { passed, failed } = report.doctests;
    if (report.doctests.results.length === 0) ctx.notes.push('the docstring has no doctest examples');
    // Offline this is the one behavioural signal there is, so say it plainly.
    else if (failed > 0) ctx.notes.push(`${failed} of ${passed + failed} doctests fail: the docstring's examples do not match what the function does`);
    const renames = new Map<string, string>([[pres.implName.toLowerCase(), info.name.toLowerCase()]]);
    for (const [real, shown] of pres.renames) renames.set(shown.toLowerCase(), real.toLowerCase());
    report.lexicalF1 = round(lexicalF1(input.description, docstring, renames));
  }

  const judgeConfig = input.judge ?? input.llm;
  const [behavioural, judge] = await Promise.all([
    input.llm ? behaviouralAgreement(ctx, input.llm) : (ctx.notes.push(NO_LLM_BEHAVIOURAL_NOTE), undefined),
    ctx.docstring === null ? undefined : judgeConfig ? runJudge(ctx, judgeConfig, ctx.docstring) : (ctx.notes.push(NO_LLM_JUDGE_NOTE), undefined),
  ]);
  if (behavioural) report.behavioural = behavioural;
  if (judge) report.judge = judge;
  if (ctx.notes.length > 0) report.notes = ctx.notes;
  return report;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** Model errors other than a stop become a note; a stop propagates. */
async function llmStep<T>(ctx: Context, what: string, step: () => Promise<T>): Promise<T | undefined> {
  try {
    return await step();
  } catch (e) {
    if (ctx.input.signal?.aborted) throw e;
    ctx.notes.push(`${what} skipped: the model request failed: ${e instanceof Error ? e.message : String(e)}`);
    return undefined;
  }
}

async function runJudge(ctx: Context, config: LlmConfig, docstring: DocstringTexts): Promise<Comparison['judge'] | undefined> {
  const messages = judgeMessages(renderDescription(ctx.input.description), docstring.shown, parameterNote(ctx.pres.renames));
  const reply = await llmStep(ctx, 'judge', () => chat(config, messages, ctx.input.signal));
  if (!reply) return undefined;
  addUsage(ctx.usage, reply.usage);
  const verdict = parseJudgeReply(reply.text);
  if (!verdict) ctx.notes.push('judge omitted: its reply was not a JSON object with a score and a rationale');
  return verdict ?? undefined;
}

interface WrittenCode {
  code: string | null;
  problem?: string;
}

/** `text`: the side's text as the model reads it (the rendered description, or the shown docstring). */
async function writeImplementation(ctx: Context, llm: LlmConfig, side: Side, text: string): Promise<WrittenCode | undefined> {
  const { pres } = ctx;
  const messages =
    side === 'inferred'
      ? implementationMessages('inferred', pres.header, text)
      : implementationMessages('docstring', pres.header, text, parameterNote(pres.renames));
  const reply = await llmStep(ctx, `behavioural comparison (${side} side)`, () => chat(llm, messages, ctx.input.signal));
  if (!reply) return undefined;
  addUsage(ctx.usage, reply.usage);
  const code = extractPythonCode(reply.text);
  if (code === null) return { code: null, problem: 'the model reply had no Python code' };
  if (!definesFunction(code, pres.implName)) return { code: null, problem: `the generated code does not define ${pres.implName}()` };
  return { code };
}

/** The held-out inputs (doctest calls, then the explorer's) the agent has not seen, with counts for the note. */
function heldOutInputs(ctx: Context) {
  const { input, pres } = ctx;
  const { info, session } = input;
  const fromDoctests = ctx.docstring === null ? [] : doctestCalls(ctx.docstring.text, info).map((d) => d.request);
  const heldOut = (input.heldOut ?? []).map(({ receiver: _receiver, ...req }) => req);
  const names = callableParams(info).map((p, i) => [p.name, (pres.shown.params[i] ?? p.name).replace(/^\*+/, '')]);
  const all = [...fromDoctests, ...heldOut];
  const comparable = all.filter((r) => !usesModuleClasses(r, buildableClasses(info)));
  const { requests: candidates, leftOutShown } = selectHeldOut(comparable, session.probes, names);
  return { candidates, fromDoctests: fromDoctests.length, fromExplorer: heldOut.length, shown: leftOutShown, withClasses: all.length - comparable.length };
}

/** An implementation a model wrote, and its sandboxed worker starting. */
interface WrittenSide {
  code: WrittenCode;
  start: Promise<ImplStart>;
}

async function behaviouralAgreement(ctx: Context, llm: LlmConfig): Promise<BehaviouralReport | undefined> {
  const { input, pres } = ctx;
  const { info, session } = input;
  if (info.needsReceiver) {
    ctx.notes.push(METHOD_NOTE);
    return undefined;
  }
  // Code a model wrote runs only inside the OS sandbox: the guards alone do not stop reads or
  // the network, and determined code switches the audit hook off (README: What each mode
  // stops); the description it is written from may come from an agent (MCP's compare_docstring).
  if (input.worker.sandbox && input.worker.sandbox.layer !== 'os') {
    ctx.notes.push(
      `behavioural comparison skipped: the implementations a model writes run only inside the OS sandbox, and this run has ${input.worker.sandbox.detail}`,
    );
    return undefined;
  }
  const { candidates, ...counts } = heldOutInputs(ctx);
  if (candidates.length === 0) {
    ctx.notes.push('behavioural comparison skipped: no held-out inputs (no doctest calls, no explorer inputs the agent had not seen)');
    return undefined;
  }

  // The models write while the real function runs the inputs, and each side's sandboxed
  // worker starts as soon as its code is written: its start overlaps the reference calls.
  const started: Promise<ImplStart>[] = [];
  const write = async (side: Side, text: string): Promise<WrittenSide | undefined> => {
    const code = await writeImplementation(ctx, llm, side, text);
    if (!code) return undefined;
    const start = startImplementation({
      code: code.code,
      problem: code.problem,
      qualname: pres.implName,
      startWorker: ctx.deps.startWorker,
      python: input.python,
      // Never the guards alone, even where `auto` would now find no OS layer.
      settings: input.worker.sandbox ? { ...session.settings, sandbox: 'os' } : session.settings,
      signal: input.signal,
    });
    start.catch(() => undefined); // awaited below; a failure must not go unhandled meanwhile
    started.push(start);
    return { code, start };
  };
  const docstringWanted = ctx.docstring !== null && input.docstringImplementation !== false;
  try {
    const [inferredSide, docstringSide, reference] = await Promise.all([
      write('inferred', renderDescription(input.description)),
      ctx.docstring === null || !docstringWanted ? undefined : write('docstring', ctx.docstring.shown),
      runReference(ctx, candidates),
    ]);
    if (!inferredSide) return undefined;
    // The real function's result for each candidate, in order (runReference answers each).
    const inputs = candidates.flatMap((req, i): ReferenceCall[] => {
      const ref = reference[i];
      return ref && usableReference(ref) ? [{ req, ref }] : [];
    });
    if (inputs.length === 0) {
      ctx.notes.push('behavioural comparison skipped: the real function neither returned nor raised on any held-out input');
      return undefined;
    }
    const heldOut = heldOutNote({ used: inputs.length, ...counts, dropped: candidates.length - inputs.length });
    return await scoreImplementations(ctx, inputs, { inferred: inferredSide, docstring: docstringSide, docstringWanted }, heldOut);
  } finally {
    // A worker started for a side that did not run (no usable input, an abort) is stopped
    // here; those that ran were stopped already (stop() is idempotent).
    await Promise.all(started.map((start) => start.then((s) => ('worker' in s ? s.worker.stop() : undefined)).catch(() => undefined)));
  }
}

/**
 * Runs each side's implementation on the held-out inputs and scores it against the real
 * function's results: agreement counts, disagreements, the stale flag and the note.
 */
async function scoreImplementations(
  ctx: Context,
  inputs: ReferenceCall[],
  sides: { inferred: WrittenSide; docstring: WrittenSide | undefined; docstringWanted: boolean },
  heldOut: string,
): Promise<BehaviouralReport> {
  const { info, session } = ctx.input;
  const nameMap = new NameMap(info, session.settings.strictness);
  // The implementations have the shown parameter names.
  const implRequests = inputs.map(({ req: r }) => (r.kwargs ? { args: r.args, kwargs: nameMap.kwargsToShown(r.kwargs) } : { args: r.args }));

  const runSide = async (side: WrittenSide) => runStarted(await side.start, implRequests, ctx.input.signal);
  const sideNotes = [heldOut];
  // Each side has its own sandboxed worker; they run side by side.
  const [inferredRun, docRun] = await Promise.all([runSide(sides.inferred), sides.docstring ? runSide(sides.docstring) : undefined]);
  const inferred = scoreSide(info.name, inputs, inferredRun);
  const loadNote = (side: Side, failure?: string) => {
    if (failure) sideNotes.push(`${side} side: ${failure}; every input counts as disagreement`);
  };
  loadNote('inferred', inferredRun.loadFailure);

  const implementations: NonNullable<BehaviouralReport['implementations']> = {};
  const out: BehaviouralReport = {
    inferred: { agree: inferred.agree, total: inferred.total },
    stale: false,
    disagreements: inferred.disagreements,
    implementations,
  };
  if (sides.inferred.code.code) implementations.inferred = sides.inferred.code.code;
  const docstringCode = sides.docstring?.code;
  if (docstringCode && docRun) {
    const doc = scoreSide(info.name, inputs, docRun);
    loadNote('docstring', docRun.loadFailure);
    out.docstring = { agree: doc.agree, total: doc.total };
    out.docstringDisagreements = doc.disagreements;
    if (docstringCode.code) implementations.docstring = docstringCode.code;
    const loaded = !docRun.loadFailure;
    out.stale = isStale(out.inferred, out.docstring, loaded);
    if (!loaded) sideNotes.push('stale flag not judged: the docstring side never ran');
  } else if (sides.docstringWanted) {
    sideNotes.push('docstring side skipped: its model request failed');
  }
  out.note = sideNotes.join('; ');
  return out;
}

function heldOutNote(n: { used: number; fromDoctests: number; fromExplorer: number; shown: number; withClasses: number; dropped: number }): string {
  const leftOut = [`${n.shown} left out as shown to the agent`];
  if (n.withClasses) leftOut.push(`${n.withClasses} as they build objects of the module's classes`);
  if (n.dropped) leftOut.push(`${n.dropped} as the real function did not return or raise (timeout, crash or refused input)`);
  const plural = n.used === 1 ? '' : 's';
  return `${n.used} held-out input${plural} (${n.fromDoctests} from doctests, ${n.fromExplorer} from the explorer; ${leftOut.join(', ')})`;
}

async function runReference(ctx: Context, requests: CallRequest[]): Promise<ProbeResult[]> {
  const results: ProbeResult[] = [];
  for (const req of requests) {
    ctx.input.signal?.throwIfAborted();
    results.push(await ctx.input.worker.call(req, { signal: ctx.input.signal }));
  }
  return results;
}
