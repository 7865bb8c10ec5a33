// A session as a Markdown report: what was probed, what the agent believed along the way, what
// it concluded, how that compares with the docstring, and what it cost.
import { resolutionLines } from '../core/resolution.js';
import { shownHeader } from '../core/shown.js';
import { descriptionHead } from '../core/description-head.js';
import { doctestBlock } from '../core/doctest-example.js';
import { addCoverage, oneLine, type CoverageSoFar } from '../core/format.js';
import { readableCall, readableOutcome } from '../core/readable-call.js';
import { fenceFor, markdownCode, markdownText } from '../core/markdown-text.js';
import type { Comparison, Description, SessionFile } from '../core/session-types.js';

/** A table cell's code span (`|` escaped: a table splits on it even inside a span). */
const cell = (text: string) => markdownCode(oneLine(text, 160)).replace(/\|/g, '\\|');

function describeSettings(file: SessionFile): string {
  const s = file.settings;
  const who = s.mode === 'llm' ? `LLM agent${s.model ? ` (${s.model}${s.baseURL ? ` at ${s.baseURL}` : ''})` : ''}` : 'offline explorer';
  return [
    `${who}`,
    `strictness ${s.strictness}`,
    `max ${s.maxProbes} probes`,
    `coverage feedback ${s.coverageFeedback ? 'on' : 'off'}`,
    `${s.timeoutMs} ms / ${s.memoryMb} MB per call`,
    ...(s.textProtocol ? ['text protocol'] : []),
  ].join(' · ');
}

function descriptionSection(d: Description): string[] {
  // The head (description-head.ts) first; the rest, with the evidence, one click away.
  const { lines: head, moreRaises, moreParameters } = descriptionHead(d);
  const out = [
    `**${markdownText(d.summary)}**`,
    '',
    ...head.slice(1).map((l) => `- ${l.label}: ${markdownText(l.text)}`),
    '',
    `Confidence: ${Math.round(d.confidence * 100)}%`,
    '',
  ];
  const claims = d.claims ?? [];
  out.push('<details><summary>Evidence</summary>', '');
  if (moreParameters.length) out.push('Parameters in full:', ...moreParameters.map((p) => `- ${markdownText(p)}`), '');
  if (moreRaises.length) out.push('More raises:', ...moreRaises.map((r) => `- ${markdownText(r)}`), '');
  if (d.examples.length) {
    const lines = doctestBlock(d.examples);
    // Longer than any run of backticks in a line, so no repr closes the block (CommonMark).
    const fence = fenceFor(lines.join('\n'), 3);
    out.push('Examples (from real probes):', '', `${fence}python`, ...lines, fence, '');
  }
  if (d.details) out.push(markdownText(d.details), '');
  if (claims.length)
    out.push(
      ...claims.map(
        (c) => `- ${c.part}: ${markdownText(c.text)} — probes ${c.support.join(', ') || 'none'}${c.tested.length ? `; checked on ${c.tested.length}` : ''}`,
      ),
      '',
    );
  out.push('</details>');
  return out;
}

function comparisonSection(c: Comparison): string[] {
  const out: string[] = [];
  const b = c.behavioural;
  if (b) {
    out.push(`- Behavioural agreement of the inferred description: ${b.inferred.agree}/${b.inferred.total}`);
    if (b.docstring)
      out.push(`- Behavioural agreement of the docstring: ${b.docstring.agree}/${b.docstring.total}${b.stale ? ' — **the docstring is probably stale**' : ''}`);
    for (const d of b.disagreements.slice(0, 10)) out.push(`  - ${cell(d.input)}: expected ${cell(d.expected)}, got ${cell(d.got)}`);
    if (b.note) out.push(`- ${markdownText(b.note)}`);
  }
  if (c.doctests) out.push(`- Doctests in the docstring: ${c.doctests.passed} passed, ${c.doctests.failed} failed`);
  if (c.judge) out.push(`- Judge: ${c.judge.score}/5 — ${markdownText(c.judge.rationale)}`);
  if (c.lexicalF1 !== undefined) out.push(`- Lexical token F1: ${c.lexicalF1.toFixed(2)}`);
  for (const n of c.notes ?? []) out.push(`- ${markdownText(n)}`);
  return out;
}

export function sessionToMarkdown(file: SessionFile): string {
  const { target, final } = file;
  // calls carry the real keyword names: they read with the real function name
  const name = target.qualname.split('.').pop() ?? target.qualname;
  const outcome = file.error
    ? `failed (${file.error.kind}): ${markdownText(oneLine(file.error.message))}`
    : final.concluded
      ? 'concluded'
      : 'ended without a conclusion';
  const out = [
    `# PAU Probe: ${markdownCode(target.qualname)}`,
    '',
    `- File: ${markdownCode(target.file)}`,
    `- Shown to the agent as: ${markdownCode(shownHeader(target.shownAs))}${target.shownAs.needsReceiver ? ' (instance method)' : ''}`,
    `- Settings: ${describeSettings(file)}`,
    ...(file.startedAt ? [`- Run: ${file.startedAt}${file.finishedAt ? ` → ${file.finishedAt}` : ''}`] : []),
    `- Outcome: ${outcome}`,
    ...resolutionLines(target.resolution).map((r) => (r.warning ? `- **Note: ${markdownText(r.text)}**` : `- Note: ${markdownText(r.text)}`)),
    '',
    `## Probes (${file.probes.length})`,
    '',
  ];
  if (file.probes.length) {
    out.push('| # | Call | Outcome | ms | Lines reached | Origin |', '|---|---|---|---|---|---|');
    let reached: CoverageSoFar | undefined;
    for (const p of file.probes) {
      if (p.origin !== 'cache') reached = addCoverage(reached, p.result);
      const cov = p.result.coverage && reached ? `${reached.lines}/${reached.linesTotal} (+${p.result.coverage.lines.new})` : '';
      out.push(
        `| ${p.index} | ${cell(readableCall(name, p))} | ${markdownText(oneLine(readableOutcome(p.result, 120), 160)).replace(/\|/g, '\\|')} | ${p.result.durationMs.toFixed(1)} | ${cov} | ${p.origin} |`,
      );
    }
  } else out.push('No probes were made.');
  if (file.hypotheses.length) {
    out.push('', '## Hypotheses', '', ...file.hypotheses.map((h) => `- after probe ${h.afterProbe}: ${markdownText(oneLine(h.text, 2000))}`));
  }
  out.push('', '## Description', '');
  out.push(...(final.description ? descriptionSection(final.description) : ['No description.']));
  if (final.properties?.length) out.push('', '### Properties', '', ...final.properties.map((p) => `- ${markdownText(p)}`));
  if (final.ioTable) out.push('', '### Inputs and outputs', '', final.ioTable);
  if (file.comparison) out.push('', '## Comparison with the docstring', '', ...comparisonSection(file.comparison));
  if (file.usage.requests > 0) {
    const u = file.usage;
    out.push('', '## Usage', '', `${u.requests} requests, ${u.promptTokens} prompt + ${u.completionTokens} completion tokens`);
  }
  return out.join('\n') + '\n';
}
