import { test } from 'node:test';
import assert from 'node:assert/strict';
import { summarize, type TaskMetrics, type TaskResult } from '../../../src/bench/metrics.js';
import { renderChart, renderReport } from '../../../src/bench/report.js';

const result = (m: Partial<TaskMetrics>, ok = true, strictness: 'anonymized' | 'signature' = 'anonymized'): TaskResult => ({
  taskId: Math.random().toString(36),
  ok,
  variant: { strictness, coverageFeedback: true },
  session: null,
  metrics: {
    judgeScore: null,
    concluded: false,
    probes: 0,
    codeExactMatch: null,
    behaviouralAgreement: null,
    coverage: null,
    tokens: 0,
    wallSeconds: 1,
    ...m,
  },
  ...(ok ? {} : { error: 'boom | pipe' }),
});

test('summary metrics match hand-computed values; absent metrics are null', () => {
  const rs = [
    result({ judgeScore: 5, concluded: true, probes: 10, codeExactMatch: true, behaviouralAgreement: 1, tokens: 100 }),
    result({ judgeScore: 2, concluded: false, probes: 20, codeExactMatch: false, behaviouralAgreement: 0.5, tokens: 50 }),
    result({ judgeScore: 3, concluded: true, probes: 6, codeExactMatch: null, behaviouralAgreement: null, tokens: 10 }),
    result({ tokens: 7 }, false),
  ];
  const s = summarize(rs, 5, 12.5);
  assert.equal(s.tasks, 5);
  assert.equal(s.completed, 3);
  assert.equal(s.failed, 1);
  assert.ok(Math.abs(s.judgeMean! - 10 / 3) < 1e-12);
  // population std of 5, 2, 3: mean 10/3, squares 25/9 + 16/9 + 1/9 = 42/9, /3 = 14/9
  assert.ok(Math.abs(s.judgeStd! - Math.sqrt(14 / 9)) < 1e-12);
  assert.ok(Math.abs(s.shareAtLeast3! - 2 / 3) < 1e-12);
  assert.ok(Math.abs(s.conclusionRate! - 2 / 3) < 1e-12);
  assert.equal(s.meanProbes, 12);
  assert.equal(s.codeExactMatch, 0.5);
  assert.equal(s.behaviouralAgreement, 0.75);
  assert.equal(s.coverage, null);
  assert.equal(s.tokens, 167);
  assert.equal(s.wallSeconds, 12.5);
  const empty = summarize([], 0, 0);
  assert.equal(empty.judgeMean, null);
  assert.equal(empty.conclusionRate, null);
});

test('the report breaks results down by variant and lists failures and skipped rows', () => {
  const rs = [result({ judgeScore: 4 }), result({ judgeScore: 2 }, true, 'signature'), result({}, false)];
  const md = renderReport({ title: 'PAU bench', results: rs, tasks: 2, wallSeconds: 3, bad: [{ line: 7, reason: 'not JSON' }], chartFile: 'r.svg' });
  assert.match(md, /\| metric \| all \| anonymized\/coverage-on \| signature\/coverage-on \|/);
  assert.match(md, /\| judge mean ± std \(1–5\) \| 3\.00 ± 1\.00 \| 4\.00 ± 0\.00 \| 2\.00 ± 0\.00 \|/);
  assert.match(md, /boom \\\| pipe/);
  assert.match(md, /\| 7 \| not JSON \|/);
  assert.match(md, /!\[score distributions\]\(r\.svg\)/);
  const svg = renderChart(rs);
  assert.match(svg, /^<svg/);
  assert.match(svg, /Judge scores/);
  assert.equal((svg.match(/<rect x=/g) ?? []).length, 5 * 2 + 2, 'five buckets per variant, plus two legend swatches');
});

test("a failed task's error (the probed code's import error) is shown as text in the report", async () => {
  const { default: MarkdownIt } = await import('markdown-it');
  const failed = { ...result({}, false), error: 'import of m.py failed: ValueError: <img src="https://x.example/i.png"> ![i](https://x.example/j.png)' };
  const html = new MarkdownIt({ html: true }).render(
    renderReport({ title: 'PAU bench', results: [failed], tasks: 1, wallSeconds: 1, bad: [], chartFile: 'r.svg' }),
  );
  assert.doesNotMatch(html, /<img src="https:\/\/x\.example/);
  assert.match(html, /x\.example\/i\.png/);
});

test('cost: dollars from the session usage at the given prices; null without prices', async () => {
  const { costOf } = await import('../../../src/bench/runner.js');
  const session = { usage: { requests: 3, promptTokens: 2_000_000, completionTokens: 500_000 } } as Parameters<typeof costOf>[0];
  assert.equal(costOf(session, { prompt: 0.15, completion: 0.6 }), 0.3 + 0.3);
  assert.equal(costOf(session, undefined), null);
  assert.equal(summarize([result({ tokens: 1 })], 1, 1).costUsd, null);
  assert.ok(Math.abs(summarize([result({ costUsd: 0.25 }), result({ costUsd: 0.5 })], 2, 1).costUsd! - 0.75) < 1e-12);
});
