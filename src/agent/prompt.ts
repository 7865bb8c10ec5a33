// Everything the model reads: the system prompt, the task, and probe results rendered compactly.
// Coverage feedback gives counts only (never line numbers or code). At strictness `anonymized`
// the real function and parameter names are scrubbed from the messages where Python itself
// would reveal them (binding TypeErrors, `name()` in messages, the worker's `kwargs.<name>` labels).
import type { FunctionInfo, ProbeResult } from '../core/probe-types.js';
import { callRequest } from '../core/probe-types.js';
import type { ProbeRecord, ShownAs, Strictness } from '../core/session-types.js';
import { oneLine, rejectionReason, renderCall, renderOutcome, type CoverageSoFar } from '../core/format.js';
import { CALL_SHAPE, SUBMIT_SHAPE, TEXT_PROTOCOL_SHAPE } from './actions.js';
import { EDGE_CLASSES, FALSIFICATION_CLASSES, FALSIFICATION_PROBES } from './falsification.js';
import { modelHeader, NameMap } from '../core/shown.js';

/** How the model sees calls and results: its names, and scrubbing of the real ones. */
export class ModelView {
  readonly names: NameMap;
  /** `name()` as Python's messages write it → `f()`. */
  private readonly callNames: [RegExp, string][] = [];
  /** `'param'` as Python's binding TypeErrors quote it → `'argN'`. */
  private readonly quotedParams: [RegExp, string][] = [];

  constructor(
    readonly info: FunctionInfo,
    readonly shown: ShownAs,
    readonly strictness: Strictness,
  ) {
    this.names = new NameMap(info, strictness);
    if (strictness === 'anonymized') {
      const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      for (const real of new Set([info.qualname, info.name])) this.callNames.push([new RegExp(`\\b${escape(real)}\\(\\)`, 'g'), `${shown.name}()`]);
      for (const [real, as] of this.names.renames()) this.quotedParams.push([new RegExp(`'${escape(real)}'`, 'g'), `'${as}'`]);
    }
  }

  /** An exception message as the model may read it. */
  scrub(message: string, exceptionType?: string): string {
    const rules = exceptionType === 'TypeError' ? [...this.callNames, ...this.quotedParams] : this.callNames;
    return rules.reduce((t, [re, to]) => t.replace(re, to), message);
  }

  /** The worker labels arguments `args[0]`, `kwargs.<real name>`, `receiver` (mutations, rejections). */
  label(text: string): string {
    return text.replace(/\bkwargs\.([A-Za-z_]\w*)/g, (_, real: string) => `kwargs.${this.names.shownName(real)}`);
  }

  call(record: Pick<ProbeRecord, 'args' | 'kwargs' | 'receiver'>): string {
    return renderCall(this.shown.name, callRequest({ ...record, kwargs: this.names.kwargsToShown(record.kwargs) }));
  }

  /** Why the worker refused the arguments, with argument labels in the model's names. */
  rejection(result: ProbeResult): string {
    return this.label(rejectionReason(result));
  }

  outcome(result: ProbeResult, max = 300): string {
    if (result.status === 'rejected') return `rejected, nothing ran: ${oneLine(this.rejection(result), max)}`;
    if (result.status === 'raised' && result.exception) {
      return renderOutcome({ ...result, exception: { ...result.exception, message: this.scrub(result.exception.message, result.exception.type) } }, max);
    }
    return renderOutcome(result, max);
  }
}

const MAX_OUTPUT_CHARS = 500;

/** Warnings and tracebacks on stderr name the file and quote source lines: keep only the messages. */
export function scrubStderr(stderr: string): string {
  const out: string[] = [];
  const lines = stderr.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    const warning = /^.*\.py:\d+: (\w+): (.*)$/.exec(line);
    if (warning) {
      out.push(`${warning[1]}: ${warning[2]}`);
      if (/^\s+\S/.test(lines[i + 1] ?? '')) i += 1; // the quoted source line
    } else if (/^\s*File ".*", line \d+/.test(line)) {
      if (/^\s{4,}\S/.test(lines[i + 1] ?? '')) i += 1;
    } else out.push(line);
  }
  return out.join('\n');
}

/** Coverage as counts: this call's new lines and arcs, and the session's total so far. */
function coverageLine(c: NonNullable<ProbeResult['coverage']>, sessionSoFar: CoverageSoFar): string {
  const news = `${c.lines.new} new line${c.lines.new === 1 ? '' : 's'}, ${c.arcs.new} new branch${c.arcs.new === 1 ? '' : 'es'}`;
  return `coverage: this call reached ${news}; session so far ${sessionSoFar.lines}/${sessionSoFar.linesTotal} lines, ${sessionSoFar.arcs}/${sessionSoFar.arcsTotal} branches`;
}

export interface RenderContext {
  view: ModelView;
  coverageFeedback: boolean;
  /** Coverage accumulated up to and including this probe. */
  coverageSoFar?: CoverageSoFar;
  /** Index of an earlier identical probe when this one was answered from the cache. */
  duplicateOf?: number;
}

/** A probe in full: outcome, output, mutations and coverage feedback. */
export function renderProbeVerbatim(record: ProbeRecord, ctx: RenderContext): string {
  const { view } = ctx;
  const r = record.result;
  // A refusal's reason is the useful part (it lists what is allowed): in full, on its own line.
  const outcome = r.status === 'rejected' ? 'rejected, nothing ran' : view.outcome(r);
  const lines = [`#${record.index} ${view.call(record)} → ${outcome}`];
  if (r.status === 'rejected') lines.push(`  reason: ${view.rejection(r)}`);
  if (r.value?.iteration) {
    const it = r.value.iteration;
    lines.push(`  yields: ${it.items.map((x) => oneLine(x, 80)).join(', ')}${it.ended ? ' (then ends)' : ' … (more not taken)'}`);
  }
  for (const m of r.mutations) lines.push(`  mutated ${view.label(m.arg)} → ${oneLine(m.repr, 200)}`);
  if (r.stdout) lines.push(`  stdout: ${JSON.stringify(r.stdout.slice(0, MAX_OUTPUT_CHARS))}${r.stdout.length > MAX_OUTPUT_CHARS ? ' [cut]' : ''}`);
  const stderr = scrubStderr(r.stderr).trim();
  if (stderr && r.status !== 'rejected') lines.push(`  stderr: ${JSON.stringify(stderr.slice(0, MAX_OUTPUT_CHARS))}`);
  if (r.outputTruncated) lines.push('  (output was cut at the cap)');
  if (ctx.coverageFeedback && r.coverage && ctx.coverageSoFar) lines.push(`  ${coverageLine(r.coverage, ctx.coverageSoFar)}`);
  if (ctx.duplicateOf !== undefined) lines.push(`  (same as #${ctx.duplicateOf}: answered from the cache, not counted against the budget)`);
  return lines.join('\n');
}

/** An older probe in one line, to keep long runs inside the context window. */
export function renderProbeCompact(record: ProbeRecord, view: ModelView): string {
  return `#${record.index} ${oneLine(view.call(record), 120)} → ${view.outcome(record.result, 80)}`;
}

export interface PromptOptions {
  view: ModelView;
  maxProbes: number;
  coverageFeedback: boolean;
  textProtocol: boolean;
}

const GRAMMAR = `Each argument is the source of one Python expression, checked against a safe grammar and never run through eval. Allowed: literals and containers (1, -2.5, 'text', b'raw', None, True, (1, 2), [1], {'k': 1}, {1}); set(), frozenset(…), float('nan'), float('inf'), Decimal('1.5'), Fraction(1, 3), datetime.date(2020, 1, 31) and the other datetime types, collections types (OrderedDict, defaultdict, Counter, deque); the classes of the function's module by name (listed below, if any); pure builtins and functions as values or calls (len, sorted, str.upper, math.sqrt, operator.add); operators; and lambdas over all of these. Not allowed: other names (open, eval, getattr, os, …), attributes starting with _, comprehensions, statements, imports. A refused argument runs nothing and the reason comes back. Parameters after a bare \`*\` in the header are keyword-only: pass them in "kwargs" under the names shown; parameters before a \`/\` are positional-only.`;

export function systemPrompt(o: PromptOptions): string {
  const { view } = o;
  const receiver = view.shown.needsReceiver
    ? `\n${view.shown.name} is an instance method${view.info.ownerClass ? ` of class ${view.info.ownerClass.split('.').pop()}` : ''}: every call must pass "receiver", Python source that builds the instance (e.g. "${view.info.ownerClass?.split('.').pop() ?? 'Cls'}(…)"). Each call gets a fresh instance.`
    : '';
  const classes = view.info.moduleClasses.length
    ? `\nClasses defined in the function's module, usable by name in arguments: ${view.info.moduleClasses.join(', ')}.`
    : '';
  const coverage = o.coverageFeedback
    ? '\nAfter each call you get coverage counts of the function: how many of its lines and branches (each outcome of a condition or loop test counts once) the call reached for the first time, and the session total. Unreached lines or branches mean behaviour you have not seen yet (an untaken path, an error case): go find it.'
    : '';
  const protocol = o.textProtocol
    ? `\n\nYou have no tools; act by replying with JSON. ${TEXT_PROTOCOL_SHAPE}\nOne action per reply. A call action may carry several calls in "calls".`
    : `\n\nTools:\n- call_function ${CALL_SHAPE}\n- submit_description ${SUBMIT_SHAPE}\nYou may make several call_function calls in one turn.`;
  return `You are investigating an unknown Python function in black-box mode. You cannot see its source, docstring or module; you learn only by calling it with inputs you choose and reading what comes back (return value with its type, exception type and message, arguments mutated in place, printed output).

Your goal: a precise description of what the function does — its behaviour on normal inputs, its edge cases and the exceptions it raises.

${GRAMMAR}${classes}${receiver}${coverage}

Rules, enforced by the harness:
- You have ${o.maxProbes} probe${o.maxProbes === 1 ? '' : 's'}. Repeating an identical call is answered from a cache and does not count.
- Keep a hypothesis: pass "hypothesis" to call_function whenever your belief about the function changes.
- Your description is refused until you have stated a hypothesis and then made at least ${FALSIFICATION_PROBES} new calls chosen to break it, covering at least ${FALSIFICATION_CLASSES} of these edge classes: ${EDGE_CLASSES.join(', ')}. Be skeptical of your first idea: look for the input that proves it wrong.
- Examples in your description must be calls you actually made, written as they were shown to you (e.g. "${view.shown.name}(…)"); their results are filled in from the real outcomes.${protocol}`;
}

/** The first user message, around the seed probes: what the function looks like, what was observed. */
export function taskMessage(o: PromptOptions, hasSeeds: boolean): { head: string; tail: string } {
  const info = o.view.info;
  const notes = [
    ...(o.view.shown.needsReceiver ? ['instance method: pass "receiver"'] : []),
    ...(info.isGenerator ? ['a generator function: results list the first items it yields'] : []),
    ...(info.isAsync ? ['a coroutine function: each call is awaited for you'] : []),
  ];
  const receiver = notes.length ? ` (${notes.join('; ')})` : '';
  const seeds = hasSeeds ? '\n\nAn automatic explorer already made these calls (they do not count against your budget):' : '';
  return { head: `The function: ${modelHeader(o.view.info, o.view.strictness)}${receiver}${seeds}`, tail: '\nStart probing.' };
}
