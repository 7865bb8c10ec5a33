// How the panel writes numbers, durations, results and counters. Calls and outcomes use the
// same renderings as the CLI and the Markdown export (src/core/format.ts).
import type { CallRequest, ProbeResult } from '../src/core/probe-types.js';
import { costInDollars } from '../src/core/cost.js';
import { appliedOutcome, preparingStatements } from '../src/core/readable-call.js';
import { stateChangeWords } from '../src/core/state-change.js';
import type { Pricing } from '../src/protocol/messages.js';
import type { Usage } from '../src/core/session-types.js';

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

function formatCount(n: number): string {
  return integer.format(n);
}

export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 100) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** Dollars for the tokens so far; undefined when no price is configured. */
export function costOf(usage: Usage, pricing: Pricing | undefined): number | undefined {
  if (!pricing || (pricing.prompt <= 0 && pricing.completion <= 0)) return undefined;
  return costInDollars(usage, pricing);
}

export function formatCost(dollars: number): string {
  if (dollars === 0) return '$0';
  if (dollars < 0.01) return `$${dollars.toFixed(4)}`;
  return `$${dollars.toFixed(2)}`;
}

/** The usage counter: `1,234 tokens (1,000 in, 234 out) · 3 requests · $0.0012`. */
export function formatUsage(usage: Usage, pricing: Pricing | undefined, mode: 'llm' | 'offline' | undefined): string {
  if (usage.requests === 0 && mode === 'offline') return 'offline: no tokens';
  const total = usage.promptTokens + usage.completionTokens;
  const parts = [
    `${formatCount(total)} tokens (${formatCount(usage.promptTokens)} in, ${formatCount(usage.completionTokens)} out)`,
    `${formatCount(usage.requests)} ${usage.requests === 1 ? 'request' : 'requests'}`,
  ];
  const cost = costOf(usage, pricing);
  if (cost !== undefined) parts.push(formatCost(cost));
  return parts.join(' · ');
}

/** Runs of whitespace as one space: a row is one line (the details pane shows the exact text). */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/**
 * What a probe's input cell shows: the arguments, without the function's name, which every row
 * would repeat and which cut the arguments off (the row's title keeps the whole call).
 */
export function inputText(req: CallRequest): string {
  // Line breaks only: spaces inside a string argument are part of the input.
  const oneLine = (text: string) => text.replace(/[\r\n]+\s*/g, ' ');
  const listed = (call: { args: string[]; kwargs?: Record<string, string> }) =>
    oneLine([...call.args, ...Object.entries(call.kwargs ?? {}).map(([k, v]) => `${k}=${v}`)].join(', '));
  // What it returned, called in turn (CallRequest.apply): `(2) · g(3)`; and what that gave, called too: `(2) · g(abs)(-3)`.
  const further = req.apply?.then ? `(${listed(req.apply.then)})` : '';
  const then = req.apply ? ` · g(${listed(req.apply)})${further}` : '';
  if (req.receiver === undefined) return `(${listed(req)})${then}`;
  return `${oneLine(preparingStatements(req.receiver) ?? req.receiver)} · (${listed(req)})${then}`;
}

/** A call the host rendered (`clamp(5, 0, 10)`) as the rows show inputs: `(5, 0, 10)`. */
export function callArguments(call: string, name: string): string {
  return call.startsWith(`${name}(`) ? call.slice(name.length) : call;
}

/**
 * What a probe's "Changed in place" field shows for one changed argument: for a receiver whose
 * state was read, the attributes that changed (`open ['hello', 'x'] → ['x']`); its repr is often
 * its address, the same before and after. Otherwise the argument's repr after the call.
 */
export function changedText(result: ProbeResult, m: ProbeResult['mutations'][number]): string {
  return (m.arg === 'receiver' && stateChangeWords(result.receiverState)) || m.repr;
}

/** What a probe's output cell shows, on one line. Not cut here: CSS ellipsis does that, and the worker bounds reprs. */
export function outputText(result: ProbeResult): string {
  // A row that reads `g = f(2); g(3)` (CallRequest.apply) shows what g(3) gave.
  const applied = appliedOutcome(result);
  if (applied) return outputText(applied);
  switch (result.status) {
    case 'returned': {
      const v = result.value;
      if (!v) return 'returned';
      const items = v.iteration ? ` → yields ${v.iteration.items.length}${v.iteration.ended ? '' : '+'} items` : '';
      return `${flat(v.repr)}${v.truncated ? ' …' : ''}${items}`;
    }
    case 'raised':
      return `${result.exception?.type ?? 'Exception'}${result.exception?.message ? `: ${flat(result.exception.message)}` : ''}`;
    case 'rejected':
      return `rejected: ${flat(result.exception?.message || result.stderr.trim() || 'outside the allowed argument grammar')}`;
    case 'timeout':
      return 'timed out';
    case 'crashed': {
      const c = result.crash;
      if (c?.signal) return `crashed (${c.signal})`;
      if (c?.exitCode !== undefined && c.exitCode !== null) return `crashed (exit code ${c.exitCode})`;
      return 'crashed';
    }
  }
}

/** The type column: the value's type, the exception's type, or the status. */
export function typeText(result: ProbeResult): string {
  const applied = appliedOutcome(result);
  if (applied) return typeText(applied);
  if (result.status === 'returned') return result.value?.type ?? '';
  if (result.status === 'raised') return 'raises';
  return result.status;
}

/** Codicon name for a status. */
export function statusIcon(result: ProbeResult | undefined): string {
  if (!result) return 'loading';
  switch (result.status) {
    case 'returned':
      return 'pass';
    case 'raised':
      return 'error';
    case 'rejected':
      return 'circle-slash';
    case 'timeout':
      return 'watch';
    case 'crashed':
      return 'flame';
  }
}

/** `+3` new lines reached by this call, or '' when none or no coverage. */
export function coverageDelta(result: ProbeResult): string {
  const n = result.coverage?.lines.new ?? 0;
  return n > 0 ? `+${n}` : '';
}

export function coverageText(result: ProbeResult): string {
  const c = result.coverage;
  if (!c) return 'not measured';
  return `lines ${c.lines.hit}/${c.lines.total} (+${c.lines.new} new), branches ${c.arcs.hit}/${c.arcs.total} (+${c.arcs.new} new)`;
}

export function ratio(agree: number, total: number): string {
  if (total <= 0) return 'no inputs';
  return `${agree}/${total} (${Math.round((agree / total) * 100)}%)`;
}

export function percent(fraction: number): string {
  return `${Math.round(Math.max(0, Math.min(1, fraction)) * 100)}%`;
}

/** Keeps the end of a growing text (streamed reasoning), cut at a line start when possible. */
export function keepTail(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(text.length - max);
  const newline = cut.indexOf('\n');
  return `…${newline >= 0 && newline < 200 ? cut.slice(newline) : cut}`;
}

/** A Markdown pipe table as rows of cells, or undefined when the text is not one. */
export function parseMarkdownTable(md: string): { head: string[]; rows: string[][] } | undefined {
  const lines = md
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (lines.length < 2 || !lines.every((l) => l.startsWith('|'))) return undefined;
  const cells = (line: string) =>
    line
      .replace(/^\||\|$/g, '')
      .split(/(?<!\\)\|/)
      .map((c) => c.trim().replace(/\\\|/g, '|'));
  const [head, rule, ...rows] = lines;
  if (head === undefined || rule === undefined || !/^\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?$/.test(rule)) return undefined;
  return { head: cells(head), rows: rows.map(cells) };
}
