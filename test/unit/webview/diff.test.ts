import assert from 'node:assert/strict';
import { test } from 'node:test';
import { wordDiff, wordKey, worthMarking } from '../../../webview/diff.js';

const only = (segments: { text: string; only: boolean }[]) => segments.filter((s) => s.only).map((s) => s.text.trim());
const joined = (segments: { text: string }[]) => segments.map((s) => s.text).join('');

test('segments rebuild each text exactly', () => {
  const a = 'Return the  slug of text.\n\nLowercase, hyphens.';
  const b = 'Convert text to a URL slug:\nlowercase words joined by hyphens.';
  const d = wordDiff(a, b);
  assert.equal(joined(d.left), a);
  assert.equal(joined(d.right), b);
});

test('words outside the longest common subsequence are marked, on each side', () => {
  const d = wordDiff('Return the sum of a and b.', 'Return the product of a and b.');
  assert.deepEqual(only(d.left), ['sum']);
  assert.deepEqual(only(d.right), ['product']);
  assert.equal(d.common, 6);
});

test('case and surrounding punctuation do not count as differences', () => {
  const d = wordDiff('Returns: the list.', 'returns the LIST');
  assert.deepEqual(only(d.left), []);
  assert.deepEqual(only(d.right), []);
  assert.equal(wordKey('(x)'), 'x');
  assert.equal(wordKey('---'), '---', 'a word of punctuation only is kept as it is');
});

test('adjacent marked words form one highlighted run, spaces included', () => {
  const d = wordDiff('a b c d', 'a x y d');
  assert.deepEqual(
    d.right.filter((s) => s.only).map((s) => s.text),
    ['x y'],
  );
});

test('an empty side marks everything on the other', () => {
  const d = wordDiff('', 'two words');
  assert.deepEqual(d.left, []);
  assert.deepEqual(only(d.right), ['two words']);
});

test('very long texts fall back to set matching and stay fast', () => {
  const words = (n: number, salt: string) => Array.from({ length: n }, (_, i) => `w${i % 500}${i % 7 === 0 ? salt : ''}`).join(' ');
  const t0 = performance.now();
  const d = wordDiff(words(3000, 'a'), words(3000, 'b'));
  const ms = performance.now() - t0;
  assert.ok(ms < 1000, `took ${ms.toFixed(0)} ms`);
  assert.ok(d.common > 0);
  assert.ok(only(d.left).some((w) => w.endsWith('a')));
});

test('texts that share few words are not marked at all: marks would cover almost everything (issue 22)', () => {
  // An LLM's description and a docstring of the same function, worded apart.
  const inferred = 'Limits a number to a range: below the lower bound it gives the lower bound, above the upper one the upper one.';
  const docstring = 'Clamp x into [lo, hi].';
  const d = wordDiff(inferred, docstring);
  assert.equal(worthMarking(d), false, `${d.common} shared of ${d.words.left} and ${d.words.right}`);
  assert.ok(worthMarking(wordDiff('Return the sum of a and b.', 'Return the product of a and b.')));
  assert.equal(worthMarking(wordDiff('', 'two words')), false);
});
