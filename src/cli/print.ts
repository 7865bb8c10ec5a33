// The terminal face of a session: a subscriber to the event stream that prints each probe as it
// happens, the hypothesis when it changes, and a summary at the end. `pau probe` and
// `pau replay` use the same printer, so a replay looks like the live run.
import { shownHeader } from '../core/shown.js';
import { callKey } from '../core/call-identity.js';
import { resolutionLines } from '../core/resolution.js';
import { addCoverage, doctestMismatch, oneLine, renderOutcome, type CoverageSoFar } from '../core/format.js';
import { appliedOutcome, readableCall } from '../core/readable-call.js';
import { descriptionHead, littleLearned } from '../core/description-head.js';
import { doctestBlock } from '../core/doctest-example.js';
import { printable, printableDeep } from '../core/printable.js';
import type { Comparison, ProbeRecord, SandboxReport, SessionEvent, SessionFile, SessionSettings, Usage } from '../core/session-types.js';
import { stateChangeWords } from '../core/state-change.js';

export interface PrinterOptions {
  write: (text: string) => void;
  color: boolean;
  /** Print the run's error in the summary (replay); live, the CLI writes it to stderr instead. */
  showErrors?: boolean;
  /** How to let the LLM agent try, when one is set up: offered after an offline run that learned little. */
  agentOffer?: string;
}

/** Colours only for a terminal, and never when NO_COLOR is set (https://no-color.org). */
export function wantsColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return !!stream.isTTY;
}

/**
 * Writes to stdout until the reader goes away (`pau probe … | head`): then it stays quiet and
 * calls `onClosed` once, instead of crashing on EPIPE.
 */
export function stdoutWriter(onClosed?: () => void): (text: string) => void {
  let closed = false;
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    if (!closed) onClosed?.();
    closed = true;
  });
  return (text) => {
    if (!closed) process.stdout.write(text);
  };
}

type Paint = (text: string) => string;

function palette(color: boolean) {
  const sgr = (code: string): Paint => (color ? (t) => `\x1b[${code}m${t}\x1b[0m` : (t) => t);
  return { dim: sgr('2'), bold: sgr('1'), red: sgr('31'), green: sgr('32'), yellow: sgr('33'), cyan: sgr('36'), magenta: sgr('35') };
}

function settingsLine(s: SessionSettings): string {
  const who = s.mode === 'llm' ? `LLM agent${s.model ? ` ${s.model}` : ''}${s.textProtocol ? ' (text protocol)' : ''}` : 'offline explorer';
  return `${who} · ${s.strictness} · max ${s.maxProbes} probes · coverage feedback ${s.coverageFeedback ? 'on' : 'off'}`;
}

export function createPrinter(opts: PrinterOptions): (event: SessionEvent) => void {
  const c = palette(opts.color);
  const line = (text = '') => opts.write(text + '\n');
  let name = '';
  /** The name the agent saw (`f` when anonymized): its examples call the function by it. */
  let shownName = '';
  let offline = false;
  /** Lines reached so far in the session: what "lines 5/9 (+2)" counts. */
  let reached: CoverageSoFar | undefined;
  /** The first probe of each call (callKey): a call made again says which one it repeats, and why. */
  let firstOf = new Map<string, number>();

  /** `rawStdout`: the call's output before `printable`, shown as a JSON string (escaped once). */
  const probeLine = (p: ProbeRecord, rawStdout: string) => {
    const r = p.result;
    // A call whose returned object was called in turn reads `g = f(2); g(3)`: g(3) gave the outcome shown.
    const shown = appliedOutcome(r) ?? r;
    const outcome =
      shown.status === 'returned' && shown.value
        ? `${oneLine(shown.value.repr, 120)}${shown.value.truncated ? ' [truncated]' : ''}  ${c.cyan(shown.value.type)}`
        : (shown.status === 'raised' ? c.yellow : c.red)(renderOutcome(shown, 120));
    if (p.origin !== 'cache') reached = addCoverage(reached, r);
    const cov = r.coverage && reached ? `  lines ${reached.lines}/${reached.linesTotal}${r.coverage.lines.new ? ` (+${r.coverage.lines.new})` : ''}` : '';
    const origin = p.origin === 'llm' ? '' : `  ${c.magenta(`[${p.origin}]`)}`;
    line(`${c.dim(`#${p.index}`)} ${oneLine(readableCall(name, p), 120)} → ${outcome}  ${c.dim(`${r.durationMs.toFixed(1)} ms${cov}`)}${origin}`);
    // The explorer's re-runs (determinism under other seeds) would read as the same line printed
    // twice for no reason: the panel shows each probe's why, and here a re-run says it.
    const key = callKey(p);
    const first = firstOf.get(key);
    if (first === undefined) firstOf.set(key, p.index);
    else if (p.origin !== 'cache') line(c.dim(`    re-run of #${first}${p.note ? ` (${oneLine(p.note, 100)})` : ''}`));
    for (const m of r.mutations)
      line(
        c.dim(
          `    mutated ${m.arg} → ${oneLine(m.repr, 100)}${m.arg === 'receiver' && stateChangeWords(r.receiverState) ? `: ${stateChangeWords(r.receiverState)}` : ''}`,
        ),
      );
    if (rawStdout) line(c.dim(`    stdout: ${printable(oneLine(JSON.stringify(rawStdout), 100))}`));
  };

  const usageLine = (u: Usage) => `${u.requests} LLM request${u.requests === 1 ? '' : 's'}, ${u.promptTokens} prompt + ${u.completionTokens} completion tokens`;

  const finalBlock = (final: SessionFile['final']) => {
    line();
    const d = final.description;
    if (!d) {
      line(c.yellow('No description.'));
      return;
    }
    line(`${final.concluded ? c.green('Description') : c.yellow('Best hypothesis (not concluded)')}: ${c.bold(d.summary)}`);
    const block = (text: string, indent = '  ') => line(text.trimEnd().replace(/^/gm, indent));
    // The head (description-head.ts) first, examples under the function's real name; the rest
    // below it: the explorer's evidence, or the agent's own notes.
    const { lines: head, moreRaises, moreParameters } = descriptionHead(d, realCall);
    for (const h of head.slice(1)) line(`  ${c.cyan(`${h.label}:`)} ${h.text}`);
    if (final.concluded) line(`  Confidence: ${Math.round(d.confidence * 100)}%`);
    if (offline && opts.agentOffer && littleLearned(d)) line(`  ${c.cyan('Next:')} ${opts.agentOffer}`);
    line(`  ${c.dim(offline ? 'Evidence:' : 'Notes:')}`);
    for (const p of moreParameters) line(`    Parameter ${p}`);
    for (const r of moreRaises) line(`    Raises: ${r}`);
    if (d.examples.length) {
      line('    Examples:');
      // As doctests, under the function's real name (core/doctest-example.ts).
      block(doctestBlock(d.examples, realCall).join('\n'), '      ');
    }
    if (d.details) block(d.details, '    ');
    // The probes were printed as they ran: their table (final.ioTable) is not printed again.
  };

  const realCall = (call: string) => (shownName && shownName !== name && call.startsWith(`${shownName}(`) ? name + call.slice(shownName.length) : call);
  const disagreementLines = (list: { input: string; expected: string; got: string }[] | undefined) => {
    for (const d of (list ?? []).slice(0, 5)) line(c.dim(`    ${oneLine(d.input, 60)}: expected ${oneLine(d.expected, 40)}, got ${oneLine(d.got, 40)}`));
  };

  const comparisonBlock = (cmp: Comparison) => {
    line();
    line(c.bold('Comparison with the docstring'));
    const b = cmp.behavioural;
    if (b) {
      line(`  behaviour, inferred description: ${b.inferred.agree}/${b.inferred.total} agree`);
      disagreementLines(b.disagreements);
      if (b.docstring) {
        line(`  behaviour, docstring: ${b.docstring.agree}/${b.docstring.total} agree${b.stale ? c.red('  — docstring probably stale') : ''}`);
        disagreementLines(b.docstringDisagreements);
      }
    }
    if (cmp.doctests) {
      line(`  doctests: ${cmp.doctests.passed} passed, ${cmp.doctests.failed} failed`);
      for (const r of (cmp.doctests.results ?? []).filter((t) => !t.ok && !t.notRun).slice(0, 5)) {
        line(c.dim(`    >>> ${oneLine(realCall(r.source), 60)}: ${doctestMismatch(r.want, r.got, 40)}`));
      }
    }
    if (cmp.judge) line(`  judge: ${cmp.judge.score}/5 — ${cmp.judge.rationale}`);
    if (cmp.lexicalF1 !== undefined) line(`  lexical F1: ${cmp.lexicalF1.toFixed(2)}`);
    for (const n of cmp.notes ?? []) line(c.dim(`  ${n}`));
  };

  // The header waits for the first sign of a running session: a target that fails to load
  // gets its one-line error, not a header describing a function that was never seen.
  let header: (() => void) | undefined;

  return (incoming) => {
    // Every text of an event may come from the probed function or the model: controls are shown
    // as escapes before the printer adds its own colours.
    const event = printableDeep(incoming);
    if (event.type === 'started') {
      // Calls are recorded with the real keyword names, so they read with the real function name;
      // what the agent saw is in the header.
      name = event.target.qualname.split('.').pop() ?? event.target.qualname;
      shownName = event.target.shownAs.name;
      reached = undefined;
      firstOf = new Map();
      offline = event.settings.mode === 'offline';
      header = () => {
        line(`${c.bold(`pau probe ${event.target.file}:${event.target.qualname}`)}  ${c.dim(settingsLine(event.settings))}`);
        if (!offline) line(c.dim(`shown to the agent as ${shownHeader(event.target.shownAs)}`));
        for (const r of resolutionLines(event.target.resolution)) line(r.warning ? c.yellow(`note: ${r.text}`) : c.dim(`note: ${r.text}`));
        if (event.sandbox) line(c.dim(sandboxLine(event.sandbox)));
      };
      return;
    }
    if (header && event.type !== 'error' && event.type !== 'finished') {
      header();
      header = undefined;
    }
    switch (event.type) {
      case 'probe-finished':
        return probeLine(event.probe, incoming.type === 'probe-finished' ? incoming.probe.result.stdout : '');
      case 'hypothesis':
        return line(`    ${c.magenta('hypothesis:')} ${oneLine(event.text, 200)}`);
      case 'reasoning':
        return line(c.dim(`    ${oneLine(event.text, 160)}`));
      case 'concluded':
        return finalBlock(event.final);
      case 'comparison':
        return comparisonBlock(event.comparison);
      case 'error':
        if (opts.showErrors) line(c.red(`Run failed (${event.error.kind}): ${event.error.message}`));
        return;
      case 'finished': {
        const s = event.session;
        // Stopped before any probe: a description of no calls ("Not explored", a parameter that
        // "no call returned", an empty evidence list) would only dress up that nothing was tried.
        if (s.error && s.final.description) {
          if (s.probes.length === 0) line('Nothing was probed.');
          else finalBlock(s.final);
        }
        if (s.usage.requests > 0) line(c.dim(usageLine(s.usage)));
        return;
      }
      default:
        return; // probe-started and llm-usage: the finished probe and the summary say it
    }
  };
}

/** The CLI header's sandbox line: what protects the calls, and plainly when it is guards only. */
export function sandboxLine(sandbox: SandboxReport): string {
  return sandbox.layer === 'os' ? `sandbox: OS (${sandbox.detail}) + guards` : `sandbox: guards only (${sandbox.detail}); see README, What each mode stops`;
}
