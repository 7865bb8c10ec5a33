// Plain-text renderings of calls and results shared by the agent's messages, the terminal
// printer and the Markdown export, so that all three say the same thing the same way.
import type { CallRequest, ProbeResult } from './probe-types.js';

/** `f(1, 'a', n=2)`, or `Stack([1]).push(3)` for a method with a receiver. */
export function renderCall(name: string, req: CallRequest): string {
  const parts = [...req.args, ...Object.entries(req.kwargs ?? {}).map(([k, v]) => `${k}=${v}`)];
  const call = `${name}(${parts.join(', ')})`;
  if (req.receiver === undefined) return call;
  const simple = /^[\w.]+(\(.*\))?$/s.test(req.receiver);
  return `${simple ? req.receiver : `(${req.receiver})`}.${call}`;
}

/** Cuts a string to `max` characters with an ellipsis, on one line. */
export function oneLine(text: string, max = 200): string {
  const flat = text.replace(/\s*\n\s*/g, ' ⏎ ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * Two texts quoted (each cut to `max`) so that they show where they differ: when their cut
 * texts would read the same, both are quoted from a little before their first difference
 * (`…line 12, in run'`). A reader told "gave X, then X" learns nothing.
 */
export function differingQuotes(a: string, b: string, max: number): [string, string] {
  const [qa, qb] = [oneLine(a, max), oneLine(b, max)];
  if (qa !== qb || a === b) return [qa, qb];
  let at = 0;
  while (at < a.length && a.charAt(at) === b.charAt(at)) at++;
  // One the other's beginning (a text the worker cut short): where they differ is not shown.
  if (at >= Math.min(a.length, b.length) - 1) return [qa, qb];
  const from = Math.max(0, at - Math.floor(max / 3));
  return [`…${oneLine(a.slice(from), max - 1)}`, `…${oneLine(b.slice(from), max - 1)}`];
}

/**
 * A failed doctest's expected and got on one line, each cut to `max`: doctest's texts end
 * with a newline, which written as they come put ", got" on a line of its own.
 */
export function doctestMismatch(want: string, got: string, max = Infinity): string {
  const shown = (text: string) => (text.trim() === '' ? 'nothing' : oneLine(text.replace(/\n+$/, ''), max));
  return `expected ${shown(want)}, got ${shown(got)}`;
}

/** The outcome in a few words: `3 (int)`, `raises ValueError: bad`, `timed out`. */
export function renderOutcome(result: ProbeResult, max = 200): string {
  switch (result.status) {
    case 'returned': {
      const v = result.value;
      if (!v) return 'returned';
      return `${oneLine(v.repr, max)}${v.truncated ? ' [truncated]' : ''} (${v.type})`;
    }
    case 'raised':
      return `raises ${result.exception?.type ?? 'an exception'}${result.exception?.message ? `: ${oneLine(result.exception.message, max)}` : ''}`;
    case 'rejected':
      return `rejected, nothing ran: ${oneLine(rejectionReason(result), max)}`;
    case 'timeout':
      return 'timed out';
    case 'crashed': {
      const c = result.crash;
      if (c?.reason) return `crashed: ${oneLine(c.reason, max)}`;
      const how = c?.signal ? `signal ${c.signal}` : c?.exitCode !== undefined && c?.exitCode !== null ? `exit code ${c.exitCode}` : 'unknown cause';
      return `crashed (${how})`;
    }
  }
}

/** Why the worker refused an argument source. */
export function rejectionReason(result: ProbeResult): string {
  return result.exception?.message || result.stderr.trim() || 'the argument source is outside the allowed grammar';
}

export interface CoverageSoFar {
  lines: number;
  linesTotal: number;
  arcs: number;
  arcsTotal: number;
}

/** Adds one result to the session's coverage: the sum of each call's "new" lines and arcs. */
export function addCoverage(acc: CoverageSoFar | undefined, result: ProbeResult): CoverageSoFar | undefined {
  const c = result.coverage;
  if (!c) return acc;
  const base = acc ?? { lines: 0, linesTotal: 0, arcs: 0, arcsTotal: 0 };
  return { lines: base.lines + c.lines.new, linesTotal: c.lines.total, arcs: base.arcs + c.arcs.new, arcsTotal: c.arcs.total };
}
