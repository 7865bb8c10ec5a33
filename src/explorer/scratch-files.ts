// Files for functions that take a file name: "No such file or directory: 'docs/report.txt'" is
// answered with the same call on a file of that name written in the call's own folder first, by
// the argument grammar's scratch_file (python/pau_probe/safe_args.py). What it holds follows the
// name's extension, else the function's name (an `IniConfig` reads ini text), else plain lines.
// A reader of a binary format (WAV, zip, tar, gzip, sqlite) gets a small valid file of it instead
// (sample_file), once an error or its name says which.
import type { PyValue } from './values.js';
import { bytesOf, isConstructorCall, str } from './values.js';

const CONTENTS: [RegExp, string, string][] = [
  [/ini|cfg|conf/i, 'ini', '[section]\nkey = value\ncount = 2\n'],
  [/json/i, 'json', '{"key": "value", "count": 2}\n'],
  [/toml/i, 'toml', 'key = "value"\ncount = 2\n'],
  [/csv/i, 'csv', 'name,count\nalpha,1\nbeta,2\n'],
  [/ya?ml/i, 'yaml', 'key: value\ncount: 2\n'],
];
const PLAIN = 'first line\nsecond line\n';
/** A name scratch_file accepts: no folder, no leading dot. */
const PLAIN_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** Files of each kind the search knows, plain lines first: a reader of one format gets past its parser with one of them. */
export const SCRATCH_FILES: PyValue[] = [
  { k: 'call', callee: 'scratch_file', args: [str('notes.txt'), str(PLAIN)] },
  ...CONTENTS.map(([, ext, text]): PyValue => ({ k: 'call', callee: 'scratch_file', args: [str(`data.${ext}`), str(text)] })),
];

/** A file written first: its name must stay a plain name, so only its text may change. */
export function isScratchFile(v: PyValue): boolean {
  return v.k === 'call' && v.callee === 'scratch_file';
}

/**
 * Callees only the worker's argument grammar knows: a file written first, a dataclass made in the
 * worker, an exception raised and caught there, a syntax-tree node of its sample module (python/pau_probe/safe_args.py).
 */
const GRAMMAR_ONLY = new Set(['scratch_file', 'sample_file', 'dataclass_record', 'exc_info', 'traceback_of', 'ast_node']);

/**
 * Whether a value is, or holds, one only the argument grammar can make: a reader has no such file
 * and no `dataclass_record`, so a call given one is no example.
 */
export function holdsGrammarOnly(v: PyValue | undefined): boolean {
  if (!v) return false;
  switch (v.k) {
    case 'list':
    case 'tuple':
    case 'set':
    case 'frozenset':
      return v.items.some(holdsGrammarOnly);
    case 'dict':
      return v.entries.some(([key, value]) => holdsGrammarOnly(key) || holdsGrammarOnly(value));
    case 'call':
      return GRAMMAR_ONLY.has(v.callee) || v.args.some(holdsGrammarOnly);
    default:
      return false;
  }
}

/** The path a "No such file or directory" message names, when it names one. */
export function missingFile(message: string): string | undefined {
  return /No such file or directory: '([^']*)'/.exec(message)?.[1];
}

/**
 * `scratch_file(name, text)` for a path a call did not find: its last part as the name (or
 * `notes.txt`), the text of the kind its extension names, else of the kind `hint` (the
 * function's qualname; empty when names must not guide the search) names.
 */
export function scratchFileFor(path: string, hint: string): PyValue {
  const last = path.split(/[\\/]/).pop() ?? '';
  const name = PLAIN_NAME.test(last) && !last.includes('..') ? last : 'notes.txt';
  const ext = /\.(\w+)$/.exec(name)?.[1] ?? '';
  const kind = CONTENTS.find(([re]) => re.test(ext)) ?? CONTENTS.find(([re]) => re.test(hint));
  return { k: 'call', callee: 'scratch_file', args: [str(name), str(kind ? kind[2] : PLAIN)] };
}

/** Words of an exception's type that name a text format, and the extension of that format's contents. */
const FORMAT_WORDS: Record<string, string> = { toml: 'toml', json: 'json', yaml: 'yaml', yml: 'yaml', ini: 'ini', configparser: 'ini', csv: 'csv' };

/**
 * The text of the format an exception's type names (`toml.decoder.TomlDecodeError`,
 * `json.decoder.JSONDecodeError`, `yaml.scanner.ScannerError`, `configparser.ParsingError`):
 * the parser said which format it reads. Undefined when the type names none.
 */
export function formatTextOfError(type: string): string | undefined {
  const words = type.split(/[._]|(?=[A-Z][a-z])/).map((w) => w.toLowerCase());
  const ext = words.map((w) => FORMAT_WORDS[w]).find((e) => e !== undefined);
  return CONTENTS.find(([, e]) => e === ext)?.[2];
}

/**
 * The text of the format an error message says its input is not ("Key is not valid JSON",
 * "invalid TOML: …", "could not parse YAML"): undefined when it names none, or names one only
 * for what the function writes ("not JSON serializable").
 */
export function formatTextOfMessage(message: string): string | undefined {
  const m = /\b(JSON|TOML|YAML|YML|INI|CSV)\b/.exec(message);
  if (!m || !/\b(?:valid|invalid|malformed|parse|decode|load)/i.test(message) || /serializ/i.test(message)) return undefined;
  return formatTextOfError(m[1] ?? '');
}

/** `v` (a file written first, a file object, or text) holding `text` instead, or undefined when it holds no text to replace. */
export function withText(v: PyValue, text: string): PyValue | undefined {
  if (v.k === 'str') return str(text);
  if (v.k !== 'call') return undefined;
  const [first, second] = v.args;
  if (v.callee === 'scratch_file' && first !== undefined && second !== undefined) return { ...v, args: [first, str(text)] };
  if (v.callee === 'io.StringIO') return { ...v, args: [str(text)] };
  if (v.callee === 'io.BytesIO') return { ...v, args: [bytesOf(text)] };
  return undefined;
}

/** Words that name a binary file format, and the ending sample_file (python/pau_probe/safe_args.py) writes that format for. */
const BINARY_FORMAT_WORDS: Record<string, string> = {
  wave: 'wav',
  wav: 'wav',
  riff: 'wav',
  zip: 'zip',
  zipfile: 'zip',
  tar: 'tar',
  tarfile: 'tar',
  gzip: 'gz',
  gzipped: 'gz',
  gz: 'gz',
  sqlite: 'db',
  sqlite3: 'db',
  database: 'db',
};

/**
 * The binary format (as sample_file's ending) the first of `texts` to name one names. The callers
 * order them: an exception's type (`zipfile.BadZipFile`, `tarfile.ReadError`), then the function's
 * qualname (`Wave_read.getfp`, `TarFile.add`), then the message ("file does not start with RIFF
 * id"), whose words may be about formats tried and refused (tarfile's "method gz: not a gzip file").
 * Words are whole: a camel-cased name is split (`BadZipFile` holds `zip`).
 */
export function binaryFormatOf(texts: string[]): string | undefined {
  for (const text of texts) {
    const words = text.split(/[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])/).map((w) => w.toLowerCase());
    const ext = words.map((w) => BINARY_FORMAT_WORDS[w]).find((e) => e !== undefined);
    if (ext !== undefined) return ext;
  }
  return undefined;
}

/**
 * Data of a format a function may take as bytes rather than as a file (`gzip.decompress`): what
 * `gzip.compress(b'first line\nsecond line\n', mtime=0)` gives, as hex. Only formats with a stream of their own.
 */
const SAMPLE_BYTES: Record<string, string> = {
  gz: '1f8b08000000000002034bcb2c2a2e51c8c9cc4be52a4e4dcecf4b81b0012c5a455d17000000',
};

/**
 * `v` as a small valid file of that format (sample_file), where it stood for a file: a file written
 * first (its name, the ending changed) or a binary file object (the sample opened for reading).
 * Undefined for any other value.
 */
export function sampleFileFor(v: PyValue, ext: string): PyValue | undefined {
  if (v.k !== 'call') return undefined;
  const [name] = v.args;
  if (v.callee === 'scratch_file' && name?.k === 'str') {
    return { k: 'call', callee: 'sample_file', args: [str(`${name.v.replace(/\.\w+$/, '').slice(0, 56) || 'sample'}.${ext}`)] };
  }
  if (v.callee === 'io.BytesIO') return { k: 'call', callee: 'sample_file', args: [str(`sample.${ext}`), str('rb')] };
  return undefined;
}

/**
 * A receiver or argument built on files (`Wave_read(scratch_file('abc', …))`) built on sample files of
 * that format instead (sampleFileFor), and a bytes argument as that format's data where it has some
 * (SAMPLE_BYTES; not a constructor's bytes, which may name a file); undefined when it holds none.
 */
export function withSampleFiles(v: PyValue, ext: string): PyValue | undefined {
  const data = SAMPLE_BYTES[ext];
  if (v.k === 'bytes') return data !== undefined && v.hex !== data ? { k: 'bytes', hex: data } : undefined;
  const direct = sampleFileFor(v, ext);
  if (direct || v.k !== 'call' || !isConstructorCall(v)) return direct;
  const args = v.args.map((a) => sampleFileFor(a, ext) ?? a);
  return args.some((a, i) => a !== v.args[i]) ? { ...v, args } : undefined;
}
