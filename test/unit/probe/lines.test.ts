import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PassThrough } from 'node:stream';
import { afterDrained, EXIT_DRAIN_MS, LineSplitter } from '../../../src/probe/lines.js';

function split(chunks: string[]): string[] {
  const lines: string[] = [];
  const splitter = new LineSplitter();
  for (const chunk of chunks) splitter.push(chunk, (line) => lines.push(line));
  return lines;
}

test('lines that span chunks, several lines in one chunk, empty lines and an unfinished tail', () => {
  assert.deepEqual(split(['{"a"', ':1}\n{"b":2}\n\n{"c"', '', ':3}\n{"d"']), ['{"a":1}', '{"b":2}', '', '{"c":3}']);
});

test('a line arriving in many small chunks comes out whole, once', () => {
  const line = 'x'.repeat(100_000);
  const chunks = line.match(/.{1,7}/g)!;
  assert.deepEqual(split([...chunks, '\n']), [line]);
});

test('a worker ends only after the lines it wrote before exiting are read, or after the bound', async () => {
  // The exit reported before the last line was read: the line still arrives first.
  const responses = new PassThrough({ encoding: 'utf8' });
  const seen: string[] = [];
  responses.on('data', (chunk: string) => seen.push(chunk));
  let endedWith: string[] | undefined;
  afterDrained([responses], () => (endedWith = [...seen]));
  responses.end('{"event":"exit","message":"SyntaxError"}\n');
  await new Promise((r) => responses.once('close', r));
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(endedWith, ['{"event":"exit","message":"SyntaxError"}\n']);

  // A pipe a descendant keeps open holds the end up for EXIT_DRAIN_MS, not longer.
  const held = new PassThrough();
  held.resume();
  const start = performance.now();
  const waited = await new Promise<number>((r) => afterDrained([held, null], () => r(performance.now() - start)));
  assert.ok(waited >= EXIT_DRAIN_MS - 5 && waited < EXIT_DRAIN_MS + 2000, String(waited));

  // Streams already closed end it at once, and only once.
  let calls = 0;
  afterDrained([responses], () => calls++);
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(calls, 1);
});
