// The session report (Markdown: the editor's "save as .md", rendered by its preview) shows
// reprs and exception messages of the probed code. Raw there, an `<img>` or `![](…)` in a
// result is fetched as the report is opened (a way out of a sandbox with no network, carrying
// what the call put in its address) and a link passes for the report's own (red team, round 5).
// Judged by outcome: the report rendered by markdown-it with HTML on, as a Markdown preview
// renders it, holds no image and no link, only the report's own <details> blocks.
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import MarkdownIt from 'markdown-it';
import { runSession } from '../../../src/session/run.js';
import { sessionToMarkdown } from '../../../src/session/markdown.js';
import { judge, MODE } from './readme-table.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'markup.py');
const dir = mkdtempSync(join(tmpdir(), 'pau-markup-'));
after(() => rmSync(dir, { recursive: true, force: true }));

for (const qualname of ['make', 'fail']) {
  test(`[${MODE}] a report of ${qualname}'s probes shows the markup its results carry as text`, async () => {
    const module = join(dir, 'markup.py');
    copyFileSync(FIXTURE, module);
    const settings = { mode: 'offline' as const, maxProbes: 6, timeoutMs: 5000, memoryMb: 1024, strictness: 'signature' as const, coverageFeedback: false };
    const session = await runSession({ target: { file: module, qualname }, settings: { ...settings, sandbox: MODE }, compare: false });
    assert.ok(
      session.probes.some((p) => /attacker\.example/.test(p.result.value?.repr ?? p.result.exception?.message ?? '')),
      JSON.stringify(session.probes).slice(0, 400),
    );
    const report = sessionToMarkdown(session);
    const html = new MarkdownIt({ html: true }).render(report);
    const tags = [...html.matchAll(/<(img|a|details)\b[^>]*>/g)].map((m) => m[0]).filter((tag) => tag !== '<details>');
    judge("Images and links a call's result makes in the Markdown session report", tags.length === 0, { tags, report: report.slice(0, 600) });
    assert.ok(html.includes('attacker.example'), 'the payload is still shown, as text');
  });
}
