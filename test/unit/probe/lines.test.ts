import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LineSplitter } from '../../../src/probe/lines.js';

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
