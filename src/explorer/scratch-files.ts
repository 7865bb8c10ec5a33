// Files for functions that take a file name: "No such file or directory: 'docs/report.txt'" is
// answered with the same call on a file of that name written in the call's own folder first, by
// the argument grammar's scratch_file (python/pau_probe/safe_args.py). What it holds follows the
// name's extension, else the function's name (an `IniConfig` reads ini text), else plain lines.
import type { PyValue } from './values.js';
import { bytesOf, str } from './values.js';

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
const GRAMMAR_ONLY = new Set(['scratch_file', 'dataclass_record', 'exc_info', 'traceback_of', 'ast_node']);

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
