import { test } from 'node:test';
import assert from 'node:assert/strict';
import { binaryFormatOf, formatTextOfError, formatTextOfMessage, holdsGrammarOnly, withSampleFiles, withText } from '../../../src/explorer/scratch-files.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { bytesOf, str, toSource } from '../../../src/explorer/values.js';

test("a parser's error type names the format it reads", () => {
  assert.match(formatTextOfError('toml.decoder.TomlDecodeError') ?? '', /^key = "value"/);
  assert.match(formatTextOfError('json.decoder.JSONDecodeError') ?? '', /^\{"key"/);
  assert.match(formatTextOfError('yaml.scanner.ScannerError') ?? '', /^key: value/);
  assert.match(formatTextOfError('configparser.MissingSectionHeaderError') ?? '', /^\[section\]/);
  // Words inside other words name nothing ("Unfinished" holds "ini"; "Tomlette" is no format).
  assert.equal(formatTextOfError('pkg.UnfinishedError'), undefined);
  assert.equal(formatTextOfError('ValueError'), undefined);
});

test('an error message that says its input is not of a format names that format; one about output does not', () => {
  assert.match(formatTextOfMessage('Key is not valid JSON') ?? '', /^\{"key"/);
  assert.match(formatTextOfMessage('could not parse the YAML header') ?? '', /^key: value/);
  assert.equal(formatTextOfMessage('Object of type set is not JSON serializable'), undefined);
  assert.equal(formatTextOfMessage('JSON'), undefined);
  assert.equal(formatTextOfMessage('an invalid jsonish value'), undefined);
});

test('a file, a file object or a text holds the other text; other values have none to replace', () => {
  const file: PyValue = { k: 'call', callee: 'scratch_file', args: [str('abc'), str('x')] };
  assert.equal(toSource(withText(file, 'k = 1\n') ?? str('')), "scratch_file('abc', 'k = 1\\n')");
  assert.equal(toSource(withText({ k: 'call', callee: 'io.StringIO', args: [str('x')] }, 'k = 1') ?? str('')), "io.StringIO('k = 1')");
  assert.equal(toSource(withText({ k: 'call', callee: 'io.BytesIO', args: [] }, 'k') ?? str('')), "io.BytesIO(b'k')");
  assert.equal(toSource(withText(str('x'), 'k') ?? str('')), "'k'");
  assert.equal(withText({ k: 'call', callee: 'Point', args: [] }, 'k'), undefined);
});

test('values only the argument grammar makes (a file written first, a dataclass_record) are no example for a reader', () => {
  const record: PyValue = { k: 'call', callee: 'dataclass_record', args: [str('abc')] };
  assert.equal(holdsGrammarOnly(record), true);
  assert.equal(holdsGrammarOnly({ k: 'list', items: [record] }), true);
  assert.equal(holdsGrammarOnly({ k: 'call', callee: 'scratch_file', args: [str('a.txt'), str('x')] }), true);
  assert.equal(holdsGrammarOnly({ k: 'call', callee: 'io.StringIO', args: [str('x')] }), false);
});

test('a binary format is named by the first text that names one: type, then the qualname, then the message', () => {
  assert.equal(binaryFormatOf(['zipfile.BadZipFile', 'Path.read_bytes', 'File is not a zip file']), 'zip');
  assert.equal(binaryFormatOf(['Error', 'Recording.seconds', 'file does not start with RIFF id']), 'wav');
  assert.equal(binaryFormatOf(['gzip.BadGzipFile', 'GzipFile.read', "Not a gzipped file (b'fi')"]), 'gz');
  // tarfile tried gzip and others before its own format: its name decides, not the message.
  assert.equal(binaryFormatOf(['tarfile.ReadError', 'TarFile.add', 'method gz: not a gzip file']), 'tar');
  assert.equal(binaryFormatOf(['', 'TarIndex.count', 'method gz: not a gzip file']), 'tar');
  // Words inside other words name nothing: "unzipped" is no "zip".
  assert.equal(binaryFormatOf(['ValueError', 'unzipped_items', 'bad value']), undefined);
});

test('a receiver or argument built on a file is built on a sample file of the format instead', () => {
  const text: PyValue = { k: 'call', callee: 'scratch_file', args: [str('report.txt'), str('x')] };
  assert.equal(toSource(withSampleFiles({ k: 'call', callee: 'Wave_read', args: [text] }, 'wav') ?? str('')), "Wave_read(sample_file('report.wav'))");
  assert.equal(toSource(withSampleFiles(text, 'zip') ?? str('')), "sample_file('report.zip')");
  assert.equal(toSource(withSampleFiles({ k: 'call', callee: 'io.BytesIO', args: [] }, 'gz') ?? str('')), "sample_file('sample.gz', 'rb')");
  assert.equal(withSampleFiles({ k: 'call', callee: 'Wave_read', args: [str('abc')] }, 'wav'), undefined);
  assert.equal(withSampleFiles(str('report.txt'), 'wav'), undefined);
  assert.equal(holdsGrammarOnly({ k: 'call', callee: 'sample_file', args: [str('a.wav')] }), true);
});

test('bytes where a format with data of its own was wanted (gzip.decompress) are that data; other formats leave bytes alone', () => {
  const gz = withSampleFiles(bytesOf('abc'), 'gz');
  // The gzip magic, deflate, and the length of 'first line\nsecond line\n' (23) in its trailer.
  assert.ok(gz?.k === 'bytes' && gz.hex.startsWith('1f8b08') && gz.hex.endsWith('17000000'), gz && toSource(gz));
  assert.equal(gz && withSampleFiles(gz, 'gz'), undefined);
  assert.equal(withSampleFiles(bytesOf('abc'), 'wav'), undefined);
  // A constructor's bytes may be a file's name (`GzipFile(b'abc')`): left alone.
  assert.equal(withSampleFiles({ k: 'call', callee: 'GzipFile', args: [bytesOf('abc')] }, 'gz'), undefined);
});
