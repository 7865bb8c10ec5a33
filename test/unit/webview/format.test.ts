import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ProbeResult } from '../../../src/core/probe-types.js';
import {
  callArguments,
  costOf,
  inputText,
  coverageDelta,
  formatCost,
  formatDuration,
  formatUsage,
  keepTail,
  outputText,
  parseMarkdownTable,
  ratio,
  typeText,
} from '../../../webview/format.js';

const base: ProbeResult = { status: 'returned', mutations: [], stdout: '', stderr: '', durationMs: 1 };

test('output cells: value repr on one line, exceptions with their type, other outcomes in words', () => {
  assert.equal(outputText({ ...base, value: { type: 'str', repr: "'hello-world'", truncated: false } }), "'hello-world'");
  assert.equal(outputText({ ...base, value: { type: 'str', repr: "'a\n  b'", truncated: true } }), "'a b' …");
  assert.equal(outputText({ ...base, status: 'raised', exception: { type: 'ValueError', message: 'lo > hi' } }), 'ValueError: lo > hi');
  assert.equal(
    outputText({ ...base, status: 'rejected', exception: { type: 'ArgumentError', message: 'names are not allowed' } }),
    'rejected: names are not allowed',
  );
  assert.equal(outputText({ ...base, status: 'timeout' }), 'timed out');
  assert.equal(outputText({ ...base, status: 'crashed', crash: { exitCode: null, signal: 'SIGSEGV' } }), 'crashed (SIGSEGV)');
  assert.equal(outputText({ ...base, status: 'crashed', crash: { exitCode: 3, signal: null } }), 'crashed (exit code 3)');
  const gen = { ...base, value: { type: 'generator', repr: '<generator>', truncated: false, iteration: { items: ['1', '2'], ended: false } } };
  assert.equal(outputText(gen), '<generator> → yields 2+ items');
  assert.equal(typeText(gen), 'generator');
  assert.equal(typeText({ ...base, status: 'raised' }), 'raises');
});

test('durations, costs and counters', () => {
  assert.equal(formatDuration(0.4), '0.40 ms');
  assert.equal(formatDuration(12.34), '12.3 ms');
  assert.equal(formatDuration(250), '250 ms');
  assert.equal(formatDuration(1500), '1.50 s');
  assert.equal(formatDuration(125_000), '2 min 5 s');
  const usage = { requests: 3, promptTokens: 1000, completionTokens: 234 };
  assert.equal(costOf(usage, undefined), undefined);
  assert.equal(costOf(usage, { prompt: 0, completion: 0 }), undefined);
  assert.ok(Math.abs(costOf(usage, { prompt: 1, completion: 10 })! - 0.00334) < 1e-12);
  assert.equal(formatCost(0.00334), '$0.0033');
  assert.equal(formatCost(1.234), '$1.23');
  assert.equal(formatUsage(usage, undefined, 'llm'), '1,234 tokens (1,000 in, 234 out) · 3 requests');
  assert.equal(formatUsage(usage, { prompt: 1, completion: 10 }, 'llm'), '1,234 tokens (1,000 in, 234 out) · 3 requests · $0.0033');
  assert.equal(formatUsage({ requests: 0, promptTokens: 0, completionTokens: 0 }, undefined, 'offline'), 'offline: no tokens');
  assert.equal(ratio(7, 10), '7/10 (70%)');
  assert.equal(ratio(0, 0), 'no inputs');
});

test('coverage delta shows only new lines', () => {
  const cov = (n: number) => ({ ...base, coverage: { lines: { hit: 5, total: 9, new: n }, arcs: { hit: 1, total: 2, new: 0 } } });
  assert.equal(coverageDelta(cov(3)), '+3');
  assert.equal(coverageDelta(cov(0)), '');
  assert.equal(coverageDelta(base), '');
});

test('keepTail keeps the end of long streamed text', () => {
  assert.equal(keepTail('short', 10), 'short');
  const long = `${'x'.repeat(50)}\nlast line`;
  const tail = keepTail(long, 20);
  assert.ok(tail.startsWith('…'));
  assert.ok(tail.endsWith('last line'));
  assert.ok(tail.length <= 21);
});

test('Markdown pipe tables', () => {
  const t = parseMarkdownTable('| input | output |\n|---|:---:|\n| `f(1)` | 2 |\n| `f("a\\|b")` | 3 |');
  assert.deepEqual(t, {
    head: ['input', 'output'],
    rows: [
      ['`f(1)`', '2'],
      ['`f("a|b")`', '3'],
    ],
  });
  assert.equal(parseMarkdownTable('just text'), undefined);
  assert.equal(parseMarkdownTable('| a |\n| b |'), undefined, 'no separator row');
});

test("a row's input is the arguments, without the function name every row would repeat (issue 22)", () => {
  assert.equal(inputText({ args: ['3', '0', '10'] }), '(3, 0, 10)');
  assert.equal(inputText({ args: ["'a'"], kwargs: { sep: "'-'" } }), "('a', sep='-')");
  assert.equal(inputText({ args: ['3'], receiver: 'Stack([1])' }), 'Stack([1]) · (3)');
  assert.equal(inputText({ args: ['[1,\n 2]'] }), '([1, 2])', 'on one line');
  assert.equal(inputText({ args: ["'  two  spaces  '"] }), "('  two  spaces  ')", 'spaces inside a string are kept');
});

test("a disagreement's input drops the function name as the rows do; a call on a receiver stays whole", () => {
  assert.equal(callArguments('clamp(5, 0, 10)', 'clamp'), '(5, 0, 10)');
  assert.equal(callArguments('Stack([1]).push(3)', 'push'), 'Stack([1]).push(3)');
});
