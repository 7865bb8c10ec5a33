// Lines that quote a call on a file the worker wrote (`sample_file('abc.gz')`, `scratch_file(…)`)
// get one plain sentence on what those names stand for: no reader has them (gzip's GzipFile.read1
// on the teach14 draw showed three calls on `sample_file('abc.gz')` and never said what it was).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { filesSentence } from '../../../src/explorer/describe.js';

test('a quoted sample_file or scratch_file is said once, in plain words; lines without one get nothing', () => {
  const sample = filesSentence(["it returned a bytes, as in GzipFile(sample_file('abc.gz')).read1(2) → b'fi'", '']);
  assert.match(
    sample,
    /^Files: each call ran in a scratch folder of its own, where `sample_file\('abc\.gz'\)` is a small valid \.gz file, written before the call\.$/,
  );
  const both = filesSentence(["GzipFile(sample_file('a.tar.gz')).read()", "BadGzipFile in GzipFile(scratch_file('abc', 'first line\\n')).read1()"]);
  assert.match(both, /`sample_file\('a\.tar\.gz'\)` is a small valid \.tar\.gz file and `scratch_file\(name, text\)` a file of that name holding that text/);
  assert.match(
    filesSentence(["f(scratch_file('notes.txt', 'a\\n')) → 3"]),
    /where `scratch_file\(name, text\)` is a file of that name holding that text, written before the call\.$/,
  );
  assert.equal(filesSentence(['Returns `x` unchanged.', "f('notes.txt') → 3"]), '');
});
