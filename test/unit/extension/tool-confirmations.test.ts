// The tools' confirmations, rendered as Markdown: what the agent chose (file, call, qualname)
// is shown whole inside its code span, and makes no words, links or images of the dialog's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import MarkdownIt from 'markdown-it';
import { callConfirmation, probeConfirmation } from '../../../src/extension/tool-confirmations.js';

const render = (markdown: string) => new MarkdownIt({ html: true, linkify: true }).render(markdown);
const codes = (html: string) => [...html.matchAll(/<code>([^<]*)<\/code>/g)].map((m) => m[1]);
const FILE = 'a.py` and nothing else.\n\n**Checked: harmless.** [details](https://x.example/) `';
const CALL = "f('`` ![i](https://x.example/i.png) ``')";

test("an agent's backticks do not end the spans of a call's confirmation", () => {
  const html = render(callConfirmation(FILE, CALL));
  assert.doesNotMatch(html, /<(a|img|strong)\b/, html);
  assert.equal(codes(html).length, 2, html);
  assert.ok(codes(html)[0]?.includes('[details](https://x.example/)'), html);
  assert.ok(codes(html)[1]?.includes('![i](https://x.example/i.png)'), html);
});

test("an agent's backticks do not end the spans of a probe's confirmation", () => {
  const html = render(probeConfirmation(FILE, 'f` **now** `', 'the offline explorer', 20));
  assert.doesNotMatch(html, /<(a|img|strong)\b/, html);
  assert.equal(codes(html).length, 2, html);
});
