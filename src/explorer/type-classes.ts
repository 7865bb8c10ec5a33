// Classes of inputs the explorer tries for a parameter ("int", "str", "list"…), each with a
// battery of values: the representative first (used while discovering types), then edge cases.
// Also what annotations and, weakly, parameter names suggest (strictness `signature` only).
import { eachCodeChar } from '../core/python-source.js';
import { itemAt } from '../core/item-at.js';
import { group } from '../core/regex-group.js';
import { SCRATCH_FILES } from './scratch-files.js';
import type { PyValue } from './values.js';
import { bool, bytesOf, date, datetimeOf, float, int, ints, list, none, str, strs, tuple } from './values.js';

export interface TypeClass {
  id: string;
  /** Shown in descriptions: `int`, `list`, `BankAccount(int)`. */
  label: string;
  /** Values to try, representative first. `undefined` means "leave the argument out". */
  values: (PyValue | undefined)[];
}

/** Numbers that are not too big for loops that count to them. */
// Numbers across magnitudes, real years (a leap one, a century that is not), 11-13 (ordinal suffixes).
// A large number early: thousands separators, sizes in kB, anything that only shows past 999.
const INTS = ints(3, 0, -1, 1234567, 1, 2, 7, 10, 2024, -7, 12, 100, 1900, 5, 22, 18, 42, 2000, -100, 97, 1000, 13, 1_000_000_007);
// Floats in [0, 1] (ratios, colour channels) before the large and the non-finite.
const FLOATS = [2.5, 0.0, 0.25, -1.5, 0.1, 3.0, 0.5, 0.75, 1234.5, 1.0, 1e10, -0.5, NaN, Infinity].map(float);
// The strings real APIs care about: markup and quotes, percent escapes and entities, camel/snake
// case, a URL, paths with `..`, wildcards, indented multi-line text, long prose that wraps, an
// IP address, a plural, unicode and whitespace. The ones that reach the most behaviour come first:
// a sweep of 40 probes over several parameters sees only the first few.
const STRS = strs(
  'abc',
  '',
  'Hello, World!',
  'https://example.com/a%20b?q=1&x=<y>#top',
  // Runs of spaces early: many text functions collapse or keep them, and only this shows which.
  '  two  spaces ',
  // Encoded twice: a decoder applied once leaves an encoding behind (it is not idempotent).
  'a%2520b&amp;amp;c',
  'the quick brown fox jumps over the lazy dog again and again',
  '<a href="x">Tom & Jerry</a>',
  'a%20b&amp;c',
  'DeviceType',
  'device_type',
  'a/../b//c/./d.txt',
  '*.py',
  '    indented line\n    second line',
  "it's",
  'foo-bar',
  '192.168.0.1',
  'cats',
  'racecar',
  'a',
  'héllo wörld',
  'ABC',
  '123',
  'aab',
  'Was it a car?',
);
const BYTES = ['abc', '', 'Hello, World!\n', '\x00\x01\xfe\xff', 'aGVsbG8=', 'a=b&c d', 'the quick brown fox jumps over the lazy dog'].map(bytesOf);
// Files in memory: text a reader of each common format takes (lines, CSV, JSON, key = value;
// binary: also an XML property list), then the empty file.
const TEXT_FILE_TEXTS = ['first line\nsecond line\n', 'name,count\nalpha,1\nbeta,2\n', '{"a": 1, "b": [1, 2]}', 'key = "value"\nn = 3\n', ''];
const BINARY_FILE_TEXTS = [
  'first line\nsecond line\n',
  '{"a": 1}',
  '<plist version="1.0"><dict><key>a</key><integer>1</integer></dict></plist>',
  '\x00\x01\xfe\xff',
  '',
];
/** The documents of common formats the file batteries hold (a comparison with a format's magic prefix picks one). */
export const FORMAT_TEXTS: string[] = [...new Set([...TEXT_FILE_TEXTS, ...BINARY_FILE_TEXTS])].filter((t) => t.length > 0);
const TEXT_FILES = TEXT_FILE_TEXTS.map((text): PyValue => ({ k: 'call', callee: 'io.StringIO', args: [str(text)] }));
const BINARY_FILES = BINARY_FILE_TEXTS.map((text): PyValue => ({
  k: 'call',
  callee: 'io.BytesIO',
  args: [bytesOf(text)],
}));
const INT_LISTS = [
  [3, 1, 2],
  [],
  [1],
  [1, 2, 3],
  [3, 1, 3, 2, 1],
  [5, 4, 3, 2, 1],
  [-2, 0, 2],
  [0, 0, 1],
  [10, 20, 30, 40, 50, 60, 70],
  [2, -5, 1],
  [1, 1, 2],
].map((xs) => list(ints(...xs)));
/** The exception the argument grammar's exc_info and traceback_of raise and catch (python/pau_probe/safe_args.py). */
const RAISED_VALUE: PyValue = { k: 'call', callee: 'ValueError', args: [str('invalid value')] };
/** Callables to pass where a function is wanted: a key, a predicate, a mapping. */
export const CALLABLES: PyValue[] = ['len', 'str.upper', 'bool', 'lambda x: x * 2', 'lambda x: x > 0', 'abs', 'str'].map((src) => ({ k: 'fn', src }));
const STR_LISTS = [['b', 'a', 'c'], [], ['a'], ['x', 'y', 'x'], ['hello', 'world'], ['B', 'a', 'C'], ['apple', 'ape', 'peach'], ['abc', 'abd']].map((xs) =>
  list(strs(...xs)),
);
const NESTED_LISTS = [list([int(1), list(ints(2, 3)), list([int(4), list(ints(5))])]), list([list(ints(1, 2)), list(ints(3))]), list([list([]), int(1)])];
const TUPLES = [tuple(ints(1, 2)), tuple([]), tuple(ints(3, 1, 2)), tuple(ints(1))];
const DICTS: PyValue[] = [
  {
    k: 'dict',
    entries: [
      [str('a'), int(1)],
      [str('b'), int(2)],
    ],
  },
  { k: 'dict', entries: [] },
  { k: 'dict', entries: [[str('x'), int(10)]] },
  {
    k: 'dict',
    entries: [
      [int(1), str('one')],
      [int(2), str('two')],
    ],
  },
];
const SETS: PyValue[] = [
  { k: 'set', items: ints(1, 2, 3) },
  { k: 'set', items: [] },
  { k: 'set', items: ints(3) },
];
// A Friday, a Saturday, a Monday, a leap day, a Sunday at a year's end…
const DATES = [
  date(2024, 1, 5),
  date(2024, 1, 6),
  date(2024, 1, 8),
  date(2024, 2, 29),
  date(2023, 12, 31),
  date(2024, 3, 1),
  date(2000, 1, 1),
  date(2024, 7, 4),
];
// A moment with a time of day: what a date lacks (an hour, a time zone) is asked for by name.
const DATETIMES = [datetimeOf(2024, 3, 15, 14, 30, 45), datetimeOf(2024, 1, 5, 9, 5), datetimeOf(2000, 1, 1, 0, 0)];

const BASIC: Record<string, TypeClass> = {
  int: { id: 'int', label: 'int', values: INTS },
  float: { id: 'float', label: 'float', values: FLOATS },
  bool: { id: 'bool', label: 'bool', values: [bool(true), bool(false)] },
  str: { id: 'str', label: 'str', values: STRS },
  // Encoders, checksums, compressors and parsers of wire formats take bytes: ASCII text first
  // (most accept it), then the empty, a binary and a base64-looking one.
  bytes: { id: 'bytes', label: 'bytes', values: BYTES },
  // Not in the sweep: a name (fp, stream), an annotation (IO, TextIO) or an error (no attribute 'read') adds them.
  textfile: { id: 'textfile', label: 'text file object', values: TEXT_FILES },
  // A file written in the call's folder first (scratch-files.ts); only a "No such file" brings it in.
  scratchfile: {
    id: 'scratchfile',
    label: 'name of a file',
    values: SCRATCH_FILES,
  },
  binfile: { id: 'binfile', label: 'binary file object', values: BINARY_FILES },
  // Shapes before sizes: unsorted, empty, a negative inside, duplicates, nested, more duplicates, strings, then the rest.
  list: {
    id: 'list',
    label: 'list',
    values: [
      itemAt(INT_LISTS, 0),
      itemAt(INT_LISTS, 1),
      itemAt(INT_LISTS, 10),
      itemAt(INT_LISTS, 9),
      itemAt(INT_LISTS, 7),
      itemAt(NESTED_LISTS, 0),
      itemAt(INT_LISTS, 4),
      itemAt(STR_LISTS, 3),
      itemAt(INT_LISTS, 3),
      itemAt(INT_LISTS, 2),
      itemAt(INT_LISTS, 5),
      itemAt(INT_LISTS, 6),
      itemAt(INT_LISTS, 8),
      itemAt(NESTED_LISTS, 1),
    ],
  },
  'list[str]': { id: 'list[str]', label: 'list of str', values: STR_LISTS },
  'list[list]': { id: 'list[list]', label: 'nested list', values: NESTED_LISTS },
  tuple: { id: 'tuple', label: 'tuple', values: TUPLES },
  callable: { id: 'callable', label: 'callable', values: CALLABLES },
  dict: { id: 'dict', label: 'dict', values: DICTS },
  set: { id: 'set', label: 'set', values: SETS },
  none: { id: 'none', label: 'None', values: [none] },
  date: { id: 'date', label: 'date', values: DATES },
  // Not in the sweep: an annotation, a name or an error about an attribute only it has brings it in.
  datetime: { id: 'datetime', label: 'datetime', values: DATETIMES },
  // Not in the sweep: an error asking for what only a match object has (.group, .span) brings it in.
  // Digits first: a match a callback of re.sub gets is most often of numbers or words.
  match: {
    id: 'match',
    label: 're.Match',
    values: [
      { k: 'call', callee: 're.match', args: strs(String.raw`(\d)(\d)(\d)`, '123') },
      { k: 'call', callee: 're.match', args: strs(String.raw`(\w+)@(\w+)\.(\w+)`, 'jane@example.com') },
    ],
  },
  // Not in the sweep: an error asking for a dataclass instance ("should be called on dataclass instances") brings it in.
  dataclass: { id: 'dataclass', label: 'dataclass instance', values: [{ k: 'call', callee: 'dataclass_record', args: strs('abc') }] },
  // Not in the sweep: an error saying an argument is not a class ("is not a class", "expected a type") brings it in.
  class: { id: 'class', label: 'class', values: ['int', 'str', 'list'].map((src): PyValue => ({ k: 'fn', src })) },
  // Not in the sweep: a name (`exc`, `tb`, `exc_info`) or an error about what only an exception or
  // a traceback has ('tb_frame', '__traceback__') brings them in (name-hints.ts, mined-values.ts).
  exception: { id: 'exception', label: 'exception', values: [RAISED_VALUE, { k: 'call', callee: 'KeyError', args: strs('missing') }] },
  traceback: { id: 'traceback', label: 'traceback', values: [{ k: 'call', callee: 'traceback_of', args: [RAISED_VALUE] }] },
  excinfo: { id: 'excinfo', label: '(type, value, traceback) triple', values: [{ k: 'call', callee: 'exc_info', args: [RAISED_VALUE] }] },
  // Not in the sweep: a visitor's method named for an ast class brings it in (name-hints.ts).
  astnode: { id: 'astnode', label: 'syntax-tree node', values: [{ k: 'call', callee: 'ast_node', args: strs('Name') }] },
  omit: { id: 'omit', label: 'left out', values: [undefined] },
};

/** Classes tried for a parameter nobody knows anything about, most common first. */
// Lists before strings: a function written for lists often iterates a str happily too, while a
// str function rarely takes a list, so this order finds the class a function was written for.
export const GENERIC_ORDER = ['int', 'list', 'str', 'float', 'none', 'date', 'dict', 'tuple', 'bool', 'set', 'callable'];
/** Classes worth combining when looking for a mixed-type signature. */
export const MAIN_CLASSES = ['int', 'list', 'str', 'float', 'date', 'callable'];

/** Constructor shapes tried for instances of the target module's classes. */
const CONSTRUCTOR_SHAPES: { suffix: string; args: PyValue[][] }[] = [
  { suffix: '', args: [[]] },
  { suffix: 'int', args: [[int(100)], [int(0)], [int(1)], [int(1000)], [int(7)]] },
  { suffix: 'str', args: [[str('abc')], [str('')], [str('x')]] },
  { suffix: 'list', args: [[list(ints(3, 1, 2))], [list([])], [list(ints(1))]] },
  {
    suffix: 'int,int',
    args: [
      [int(100), int(10)],
      [int(0), int(0)],
      [int(1), int(2)],
    ],
  },
];

/**
 * A constructor shape for arguments of these basic classes (`str,int`), as the constructor's own
 * signature asks for: ordinary values of each, the nth argument of a class its nth value.
 */
function shapeOfClasses(suffix: string): { suffix: string; args: PyValue[][] } | null {
  const ids = suffix.split(',');
  // An instance of a constructor class as an argument too (`Random.getstate(Random())`).
  const known = (c: string): boolean => (BASIC[c] !== undefined && c !== 'omit') || (c.startsWith('new:') && isKnownClass(c));
  if (ids.length === 0 || !ids.every(known)) return null;
  const seen = new Map<string, number>();
  const args: PyValue[] = [];
  for (const c of ids) {
    const nth = seen.get(c) ?? 0;
    seen.set(c, nth + 1);
    const value = BASIC[c] ? (ordinaryValue(c, nth) ?? representative(c)) : typeClass(c).values[0];
    // A class with no value to pass (none has, but 'omit' would) builds no instance.
    if (value === undefined) return null;
    args.push(value);
  }
  return { suffix, args: [args] };
}

export function constructorClassIds(className: string): string[] {
  return CONSTRUCTOR_SHAPES.map((s) => `new:${className}:${s.suffix}`);
}

/** The class with this id; `new:Name:int` builds `Name(100)`, `Name(0)`… */
export function typeClass(id: string): TypeClass {
  const basic = BASIC[id];
  if (basic) return basic;
  const m = /^new:([\w.]+):(.*)$/.exec(id);
  const suffix = m && group(m, 2);
  const shape = suffix !== null && (CONSTRUCTOR_SHAPES.find((s) => s.suffix === suffix) ?? shapeOfClasses(suffix));
  if (!m || !shape) throw new Error(`unknown input class '${id}'`);
  const callee = group(m, 1);
  return {
    id,
    label: `${callee}(${shape.suffix.replace(',', ', ')})`,
    values: shape.args.map((args) => ({ k: 'call', callee, args })),
  };
}

export function isKnownClass(id: string): boolean {
  try {
    typeClass(id);
    return true;
  } catch {
    return false;
  }
}

/**
 * The nth ordinary value of a class, for the nth argument of that class in one call: distinct,
 * increasing numbers (an interval that is not empty), different words. Undefined past the table.
 */
const ORDINARY: Record<string, PyValue[]> = {
  int: ints(3, 7, 12, 20),
  float: [2.5, 0.5, 3.75].map(float),
  str: strs('abc', 'Hello, World!', 'foo-bar'),
  list: [list(ints(3, 1, 2)), list(ints(10, 20, 30, 40)), list(ints(1, 1, 2))],
};

export function ordinaryValue(id: string, nth: number): PyValue | undefined {
  return ORDINARY[id]?.[nth];
}

export function representative(id: string): PyValue | undefined {
  return typeClass(id).values[0];
}

/** Splits `A, B[C, D], E` at `sep` outside brackets and strings (the lexer of core/python-source.ts). */
function splitAt(text: string, sep: string): string[] {
  const out: string[] = [];
  let start = 0;
  eachCodeChar(text, (i, c, depth) => {
    if (c === sep && depth === 0) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  });
  out.push(text.slice(start).trim());
  return out.filter((s) => s.length > 0);
}

/**
 * Input classes an annotation asks for, or null when it says nothing usable (`Any`, a protocol
 * the explorer cannot build). `moduleClasses` are the target module's classes, buildable by name.
 */
export function classesForAnnotation(annotation: string, moduleClasses: string[]): string[] | null {
  const ann = annotation
    .trim()
    .replace(/^['"]|['"]$/g, '')
    .replace(/\b(typing|collections\.abc)\./g, '');
  const unionParts = splitAt(ann, '|');
  if (unionParts.length > 1) return unionOf(unionParts, moduleClasses);
  const m = /^(\w[\w.]*)\s*(?:\[(.*)\])?$/s.exec(ann);
  if (!m) return null;
  const head = group(m, 1);
  const inner = m[2] ? splitAt(m[2], ',') : [];
  switch (head) {
    case 'Optional':
      return unionOf([...inner, 'None'], moduleClasses);
    case 'Union':
      return unionOf(inner, moduleClasses);
    case 'int':
      return ['int'];
    case 'float':
    case 'Real':
    case 'Number':
      return ['float', 'int'];
    case 'bool':
      return ['bool'];
    case 'str':
      return ['str'];
    case 'bytes':
    case 'bytearray':
    case 'ByteString':
    case 'Buffer':
      return ['bytes'];
    case 'TextIO':
    case 'StringIO':
    case 'TextIOBase':
      return ['textfile'];
    case 'BinaryIO':
    case 'BytesIO':
    case 'BufferedIOBase':
      return ['binfile'];
    case 'IO':
    case 'IOBase':
    case 'SupportsRead':
    case 'SupportsWrite':
      return ['textfile', 'binfile'];
    case 'None':
    case 'NoneType':
      return ['none'];
    case 'list':
    case 'List':
    case 'Sequence':
    case 'MutableSequence':
    case 'Iterable':
    case 'Collection':
    case 'Iterator': {
      const el = inner[0] ? classesForAnnotation(inner[0], moduleClasses) : null;
      if (el?.[0] === 'str') return ['list[str]'];
      if (el?.[0]?.startsWith('list')) return ['list[list]'];
      return ['list'];
    }
    case 'tuple':
    case 'Tuple':
      return ['tuple'];
    case 'dict':
    case 'Dict':
    case 'Mapping':
    case 'MutableMapping':
      return ['dict'];
    case 'set':
    case 'Set':
    case 'frozenset':
    case 'FrozenSet':
    case 'AbstractSet':
      return ['set'];
    case 'date':
    case 'datetime.date':
      return ['date'];
    case 'datetime':
    case 'datetime.datetime':
      return ['datetime'];
    default: {
      const cls = moduleClasses.find((c) => c === head || c.endsWith(`.${head}`));
      return cls ? constructorClassIds(cls) : null;
    }
  }
}

function unionOf(parts: string[], moduleClasses: string[]): string[] | null {
  const out: string[] = [];
  for (const part of parts) {
    const ids = part === 'None' ? ['none'] : classesForAnnotation(part, moduleClasses);
    if (!ids) return null;
    for (const id of ids) if (!out.includes(id)) out.push(id);
  }
  return out;
}

// Weak hints from parameter names: they only reorder the generic classes, never exclude one.
const NAME_HINTS: [RegExp, string[]][] = [
  [/^(date|day|d|dt|start|end|when|since|until|deadline)$|_(date|day)$/, ['date']],
  [
    /^(n|k|i|j|m|count|size|num|number|shift|days|amount|cents|times|width|limit|index|idx|steps?|depth|length|year|month|offset|places|digits)$|_(count|size|index)$|^(n|num)_/,
    ['int'],
  ],
  [/^(x|y|z|lo|hi|low|high|value|val|ratio|rate|price|dollars|weight|factor|scale|a|b|old|new|total|part|whole)$/, ['int', 'float']],
  [/^(s|text|name|word|string|title|label|prefix|suffix|sep|char|message|msg|key|pattern|sentence|line|word)$|_(name|text|str)$/, ['str']],
  [/^(items|xs|seq|sequence|values|numbers|nums|lst|list|scores|nested|elements|data|array|arr|iterable|weights|words|lines|pairs)$|s$/, ['list']],
  [/^(mapping|counts|table|config|options|dct|dictionary)$/, ['dict']],
  [/^(buf|buffer|raw|blob|payload|octets|bs|byte_string)$|_bytes$/, ['bytes']],
  [
    /^(fp|fh|fileobj|file_obj|infile|outfile|stream|instream|readable|writable|handle|fin|fout|file)$|_(fp|file|stream)$|^(?:new|in|out|input|output|byte|text)stream$/,
    ['textfile', 'binfile'],
  ],
  // `f` is a function as often as a file (json.load(fp), toml.load(f)): both, the function first.
  [/^f$/, ['callable', 'textfile', 'binfile']],
  [/^(key|func|fn|pred|predicate|callback|function)$/, ['callable']],
];

/** Generic classes, reordered so that the ones a parameter's name suggests come first. */
export function hintedOrder(paramName: string): string[] {
  const name = paramName.toLowerCase();
  const hinted = NAME_HINTS.find(([re]) => re.test(name))?.[1] ?? [];
  return [...hinted, ...GENERIC_ORDER.filter((c) => !hinted.includes(c))];
}
