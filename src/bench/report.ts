// The Markdown report of a bench run, with an SVG chart of score distributions.
import { markdownText } from '../core/markdown-text.js';
import type { BadRow } from './tasks.js';
import { summarize, variantKey, type Summary, type TaskResult } from './metrics.js';

const fmt = (x: number | null, digits = 2) => (x === null ? '—' : x.toFixed(digits));
const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);

const ROWS: [string, (s: Summary) => string][] = [
  ['tasks (completed / failed)', (s) => `${s.tasks} (${s.completed} / ${s.failed})`],
  ['judge mean ± std (1–5)', (s) => (s.judgeMean === null ? '—' : `${fmt(s.judgeMean)} ± ${fmt(s.judgeStd)}`)],
  ['share judged ≥ 3', (s) => pct(s.shareAtLeast3)],
  ['conclusion rate', (s) => pct(s.conclusionRate)],
  ['mean probes', (s) => fmt(s.meanProbes, 1)],
  ['code exact-match', (s) => pct(s.codeExactMatch)],
  ['behavioural agreement', (s) => pct(s.behaviouralAgreement)],
  ['coverage reached', (s) => pct(s.coverage)],
  ['tokens', (s) => String(s.tokens)],
  ['wall time (s)', (s) => fmt(s.wallSeconds, 1)],
];

export interface ReportInput {
  title: string;
  results: TaskResult[];
  tasks: number;
  wallSeconds: number;
  bad: BadRow[];
  /** File name of the chart, relative to the report, when one was written. */
  chartFile?: string;
}

export function renderReport(input: ReportInput): string {
  const groups = groupByVariant(input.results);
  const columns = ['all', ...(groups.size > 1 ? [...groups.keys()] : [])];
  const summaries = [
    summarize(input.results, input.tasks * Math.max(1, groups.size), input.wallSeconds),
    ...(groups.size > 1 ? [...groups.values()].map((rs) => summarize(rs, input.tasks, input.wallSeconds)) : []),
  ];
  const out: string[] = [`# ${input.title}`, ''];
  out.push(`| metric | ${columns.join(' | ')} |`, `|---|${columns.map(() => '---').join('|')}|`);
  for (const [label, cell] of ROWS) out.push(`| ${label} | ${summaries.map(cell).join(' | ')} |`);
  if (groups.size > 1) out.push('', 'Columns after "all" break the run down by strictness and coverage feedback.');
  if (input.chartFile) out.push('', `![score distributions](${input.chartFile})`);
  const failed = input.results.filter((r) => !r.ok);
  if (failed.length) {
    out.push('', '## Failed tasks', '', '| task | variant | reason |', '|---|---|---|');
    for (const r of failed) out.push(`| ${escapeCell(r.taskId)} | ${variantKey(r.variant)} | ${escapeCell(r.error ?? 'unknown')} |`);
  }
  if (input.bad.length) {
    out.push('', '## Rows skipped', '', '| line | reason |', '|---|---|');
    for (const b of input.bad) out.push(`| ${b.line} | ${escapeCell(b.reason)} |`);
  }
  return out.join('\n') + '\n';
}

function groupByVariant(results: TaskResult[]): Map<string, TaskResult[]> {
  const groups = new Map<string, TaskResult[]>();
  for (const r of results) {
    const key = variantKey(r.variant);
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return groups;
}

// A failure's message can be the probed code's (an import error): shown as text, never as HTML or an image.
const escapeCell = (s: string) => markdownText(s.replace(/\n/g, ' ')).replace(/\|/g, '\\|');

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Grouped bars: per variant, how many tasks got each judge score 1–5 — or, when no task
 * was judged (offline runs), their behavioural agreement / coverage in five buckets.
 */
export function renderChart(results: TaskResult[]): string {
  const judged = results.some((r) => r.metrics.judgeScore !== null);
  const labels = judged ? ['1', '2', '3', '4', '5'] : ['0–20%', '20–40%', '40–60%', '60–80%', '80–100%'];
  const title = judged ? 'Judge scores' : 'Coverage reached';
  const bucket = (r: TaskResult): number | null => {
    if (judged) return r.metrics.judgeScore === null ? null : Math.round(r.metrics.judgeScore) - 1;
    const x = r.metrics.coverage;
    return x === null ? null : Math.min(4, Math.floor(x * 5));
  };
  const groups = [...groupByVariant(results.filter((r) => r.ok)).entries()];
  const counts = groups.map(([, rs]) => {
    const c = [0, 0, 0, 0, 0];
    for (const r of rs) {
      const b = bucket(r);
      if (b !== null && b >= 0 && b < c.length) c[b] = (c[b] ?? 0) + 1;
    }
    return c;
  });
  const max = Math.max(1, ...counts.flat());
  const width = 560;
  const height = 260;
  const left = 40;
  const bottom = 40;
  const plotH = height - bottom - 40;
  const slot = (width - left - 20) / labels.length;
  const barW = Math.max(4, (slot - 12) / Math.max(1, groups.length));
  const colors = ['#3b82f6', '#f59e0b', '#10b981', '#ef4444'];
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${left}" y="20" font-size="14">${title} (tasks per bucket)</text>`,
    `<line x1="${left}" y1="${height - bottom}" x2="${width - 10}" y2="${height - bottom}" stroke="#555"/>`,
  ];
  labels.forEach((label, i) => {
    const x0 = left + i * slot + 6;
    counts.forEach((c, g) => {
      const h = ((c[i] ?? 0) / max) * plotH;
      const x = x0 + g * barW;
      parts.push(
        `<rect x="${x.toFixed(1)}" y="${(height - bottom - h).toFixed(1)}" width="${(barW - 2).toFixed(1)}" height="${h.toFixed(1)}" fill="${colors[g % colors.length]}"><title>${c[i]}</title></rect>`,
      );
      if (c[i]) parts.push(`<text x="${(x + barW / 2 - 1).toFixed(1)}" y="${(height - bottom - h - 3).toFixed(1)}" text-anchor="middle">${c[i]}</text>`);
    });
    parts.push(`<text x="${(x0 + slot / 2 - 6).toFixed(1)}" y="${height - bottom + 16}" text-anchor="middle">${escapeXml(label)}</text>`);
  });
  groups.forEach(([key], g) => {
    const y = height - 8;
    const x = left + g * 170;
    parts.push(`<rect x="${x}" y="${y - 10}" width="10" height="10" fill="${colors[g % colors.length]}"/>`);
    parts.push(`<text x="${x + 14}" y="${y}">${escapeXml(key)}</text>`);
  });
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}
