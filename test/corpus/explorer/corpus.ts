// The explorer's corpus: real functions from the standard library and from Debian-packaged
// pure-Python libraries (scripts/setup-system.sh installs them), each with a truth table
// checked by hand and, mechanically, by test/integration/explorer/corpus.test.ts against the
// real function:
// - holds: properties that hold on every sample (the explorer may claim them);
// - never: properties that must not be claimed (each refuted by at least one sample);
// - reach: key behaviours the exploration must reach, as a pattern over what a call returned
//   (its repr, or the items a generator yielded), optionally with a pattern over the call's
//   arguments, written as Python source;
// - samples: argument lists (Python source) the truth test and the claim checker run.
import type { InferredProperty } from '../../../src/core/run-types.js';

export type Prop = InferredProperty['name'];

export interface Reach {
  what: string;
  /** Regular expression over the returned repr (or the yielded items, joined by ", "). */
  output: string;
  /** Regular expression over the arguments' source, joined by ", ". */
  input?: string;
}

export interface CorpusFunction {
  module: string;
  name: string;
  holds: Prop[];
  never: Prop[];
  reach: Reach[];
  /** Argument lists as Python source: `'a b', 3`. The first one returns. */
  samples: string[];
}

const P: Prop[] = ['deterministic', 'pure'];

export const CORPUS: CorpusFunction[] = [
  // --- text
  {
    module: 'textwrap',
    name: 'wrap',
    holds: P,
    never: ['length-preserving', 'sorted-output'],
    reach: [{ what: 'line breaks (several lines)', output: "^\\['[^']*', '" }],
    samples: ["'the quick brown fox jumps over', 10", "'a b c d', 3", "'zebra apple mango kiwi', 6"],
  },
  {
    module: 'textwrap',
    name: 'dedent',
    holds: [...P, 'idempotent'],
    never: ['length-preserving', 'involution'],
    reach: [{ what: 'indentation removed', output: "^'\\S", input: "^'\\s+\\S" }],
    samples: ["'    a\\n    b'", "'  x\\n    y'", "'abc'"],
  },
  {
    module: 'textwrap',
    name: 'shorten',
    holds: P,
    never: ['length-preserving', 'involution'],
    reach: [{ what: 'text cut with the [...] placeholder', output: '\\[\\.\\.\\.\\]' }],
    samples: ["'Hello  world, this is a long text', 12", "'a b', 10", "'one two three four five', 15"],
  },
  {
    module: 'textwrap',
    name: 'indent',
    holds: P,
    never: ['length-preserving', 'idempotent', 'involution'],
    reach: [{ what: 'prefix added to lines', output: "^'\\S+[^\\n]*\\\\n" }],
    samples: ["'a\\nb', '> '", "'x', '  '", "'a\\n\\nb', '# '"],
  },
  {
    module: 'html',
    name: 'escape',
    holds: P,
    never: ['idempotent', 'length-preserving', 'involution'],
    reach: [{ what: 'markup escaped', output: '&(lt|gt|amp|quot|#x27);' }],
    samples: ['\'<a href="x">&</a>\'', "'plain'", "'&'", '"it\'s"'],
  },
  {
    module: 'html',
    name: 'unescape',
    holds: [...P],
    never: ['length-preserving', 'involution'],
    reach: [{ what: 'entities decoded', output: '[<>&"\']', input: '&\\w+;|&#' }],
    samples: ["'&lt;b&gt;'", "'&amp;amp;'", "'x'"],
  },
  {
    module: 'string',
    name: 'capwords',
    holds: [...P, 'idempotent'],
    never: ['length-preserving', 'involution'],
    reach: [{ what: 'words capitalised', output: "'[A-Z][a-z]+ [A-Z]" }],
    samples: ["'hello   wORLD'", "' a b '", "'x'"],
  },
  {
    module: 're',
    name: 'escape',
    holds: P,
    never: ['idempotent', 'length-preserving', 'involution'],
    reach: [{ what: 'special characters escaped', output: '\\\\\\\\[.*+?()\\[\\]{}|^$ -]' }],
    samples: ["'a.b*c'", "'plain'", "'1+1=2'"],
  },
  {
    module: 'shlex',
    name: 'quote',
    holds: P,
    never: ['idempotent', 'length-preserving', 'involution'],
    reach: [{ what: 'quoted for the shell', output: '^"\'|^\'"' }],
    samples: ["'a b'", "'plain'", '"it\'s"'],
  },
  {
    module: 'shlex',
    name: 'split',
    holds: P,
    never: ['length-preserving', 'sorted-output'],
    reach: [{ what: 'split into several words', output: "^\\['[^']*', '" }],
    samples: ['\'a "b c" d\'', "'one'", "'z y'"],
  },
  {
    module: 'fnmatch',
    name: 'fnmatch',
    holds: P,
    never: ['commutative'],
    reach: [{ what: 'a name matches a pattern', output: '^True$' }],
    samples: ["'a.py', '*.py'", "'a.txt', '*.py'", "'*.py', 'a.py'"],
  },
  {
    module: 'fnmatch',
    name: 'translate',
    holds: P,
    never: ['length-preserving', 'idempotent'],
    reach: [{ what: 'a regular expression', output: '\\\\Z' }],
    samples: ["'*.py'", "'a?'", "'x'"],
  },
  {
    module: 'glob',
    name: 'escape',
    holds: P,
    never: ['idempotent', 'length-preserving', 'involution'],
    reach: [{ what: 'wildcards escaped', output: '\\[[*?\\[]\\]' }],
    samples: ["'a*[b]?'", "'plain'", "'*'"],
  },
  {
    module: 'difflib',
    name: 'get_close_matches',
    holds: P,
    never: ['length-preserving', 'sorted-output'],
    reach: [{ what: 'a close match found', output: "^\\['" }],
    samples: ["'appel', ['apple', 'ape', 'peach']", "'x', ['y']", "'abc', ['abd', 'abc', 'xyz']"],
  },
  {
    module: 'unicodedata',
    name: 'normalize',
    holds: P,
    never: ['length-preserving', 'involution'],
    reach: [{ what: 'a valid normalization form', output: '.', input: "^'NF(K?)[CD]'" }],
    samples: ["'NFD', 'é'", "'NFC', 'e\\u0301'", "'NFKC', 'ﬁ'"],
  },
  // --- URLs, paths
  {
    module: 'urllib.parse',
    name: 'quote',
    holds: P,
    never: ['idempotent', 'length-preserving', 'involution'],
    reach: [{ what: 'percent-encoding', output: '%[0-9A-F]{2}' }],
    samples: ["'a b&c'", "'plain'", "'%'", "'é'"],
  },
  {
    module: 'urllib.parse',
    name: 'quote_plus',
    holds: P,
    never: ['idempotent', 'length-preserving', 'involution'],
    reach: [{ what: 'spaces as +', output: '\\+', input: "' '|\\w \\w" }],
    samples: ["'a b'", "'plain'", "'+'"],
  },
  {
    module: 'urllib.parse',
    name: 'unquote',
    holds: P,
    never: ['length-preserving', 'involution', 'idempotent'],
    reach: [{ what: 'percent-escapes decoded', output: '.', input: '%[0-9A-Fa-f]{2}' }],
    samples: ["'a%20b'", "'%2541'", "'plain'"],
  },
  {
    module: 'urllib.parse',
    name: 'urlsplit',
    holds: P,
    never: [],
    reach: [{ what: 'a URL split into scheme and host', output: "scheme='https?', netloc='[^']+'" }],
    samples: ["'https://example.com/a?b=1#c'", "'x'"],
  },
  {
    module: 'posixpath',
    name: 'normpath',
    holds: [...P, 'idempotent'],
    never: ['length-preserving', 'involution'],
    reach: [
      { what: '.. collapsed', output: '^.', input: '\\.\\.' },
      { what: 'a path shortened', output: "^'[^']*/" },
    ],
    samples: ["'a/../b//c/.'", "'/x/./y/'", "'..'", "''"],
  },
  {
    module: 'posixpath',
    name: 'basename',
    holds: [...P, 'idempotent'],
    never: ['length-preserving', 'involution'],
    reach: [{ what: 'the last path component', output: "^'[^/']+'$", input: '/\\w' }],
    samples: ["'/a/b.txt'", "'a/'", "'x'"],
  },
  {
    module: 'posixpath',
    name: 'splitext',
    holds: P,
    never: ['length-preserving'],
    reach: [{ what: 'an extension split off', output: "'\\.\\w+'\\)$" }],
    samples: ["'a.tar.gz'", "'noext'", "'.bashrc'"],
  },
  {
    module: 'posixpath',
    name: 'commonprefix',
    holds: P,
    never: ['length-preserving'],
    reach: [{ what: 'a non-empty common prefix', output: "^'.+'$" }],
    samples: ["['abc', 'abd']", "['x', 'y']", '[]'],
  },
  {
    module: 'ipaddress',
    name: 'ip_address',
    holds: P,
    never: [],
    reach: [{ what: 'an IP address parsed', output: 'IPv[46]Address' }],
    samples: ["'192.168.0.1'", "'::1'", '3232235521'],
  },
  {
    module: 'json',
    name: 'dumps',
    holds: P,
    never: ['idempotent', 'length-preserving', 'involution'],
    reach: [{ what: 'JSON text', output: '^\'[\\[{"0-9tfn]' }],
    samples: ["[1, 'a', None]", "{'k': True}", "'x'"],
  },
  // --- numbers and statistics
  {
    module: 'statistics',
    name: 'mean',
    holds: P,
    never: ['idempotent', 'length-preserving', 'sorted-output'],
    reach: [{ what: 'the mean of numbers', output: '^-?[0-9.]+$', input: '^\\[-?\\d' }],
    samples: ['[1, 2, 3, 4]', '[2.5]', '[1, 1, 2]'],
  },
  {
    module: 'statistics',
    name: 'median',
    holds: P,
    never: ['idempotent', 'length-preserving'],
    reach: [{ what: 'the median of numbers', output: '^-?[0-9.]+$', input: '^\\[-?\\d' }],
    samples: ['[3, 1, 2]', '[1, 2, 3, 4]', '[5]'],
  },
  {
    module: 'statistics',
    name: 'mode',
    holds: P,
    never: ['idempotent', 'length-preserving'],
    reach: [{ what: 'the most common element', output: '.', input: '^\\[' }],
    samples: ['[1, 1, 2]', "['a', 'b', 'b']", '[3]', "['ab', 'ab', 'c']"],
  },
  {
    module: 'math',
    name: 'gcd',
    holds: [...P, 'commutative'],
    never: ['monotonic-increasing', 'monotonic-decreasing'],
    reach: [{ what: 'a common divisor greater than 1', output: '^([2-9]|\\d\\d+)$', input: '^-?\\d+, -?\\d+$' }],
    samples: ['12, 18', '7, 5', '0, 4'],
  },
  {
    module: 'math',
    name: 'isqrt',
    holds: [...P, 'monotonic-increasing'],
    never: ['monotonic-decreasing', 'idempotent'],
    reach: [{ what: 'an integer square root', output: '^\\d+$', input: '^\\d\\d+$' }],
    samples: ['17', '0', '100', '1000000'],
  },
  {
    module: 'math',
    name: 'factorial',
    holds: [...P, 'monotonic-increasing'],
    never: ['monotonic-decreasing', 'idempotent'],
    reach: [{ what: 'a factorial', output: '^\\d{2,}$' }],
    samples: ['5', '0', '3'],
  },
  {
    module: 'math',
    name: 'comb',
    holds: P,
    never: ['commutative', 'monotonic-decreasing'],
    reach: [{ what: 'a binomial coefficient', output: '^\\d{2,}$' }],
    samples: ['5, 2', '2, 5', '10, 3'],
  },
  {
    module: 'calendar',
    name: 'isleap',
    holds: P,
    never: ['monotonic-increasing', 'monotonic-decreasing'],
    reach: [{ what: 'a leap year recognised', output: '^True$' }],
    samples: ['2024', '1900', '2000', '2023'],
  },
  {
    module: 'calendar',
    name: 'leapdays',
    holds: P,
    never: ['commutative'],
    reach: [{ what: 'leap days counted', output: '^[1-9]\\d*$' }],
    samples: ['2000, 2024', '2024, 2000', '1, 2'],
  },
  {
    module: 'calendar',
    name: 'monthrange',
    holds: P,
    never: [],
    reach: [{ what: 'the days of a month', output: '^\\(\\d, (28|29|30|31)\\)$' }],
    samples: ['2024, 2', '2023, 12'],
  },
  {
    module: 'colorsys',
    name: 'rgb_to_hsv',
    holds: P,
    never: ['commutative'],
    reach: [{ what: 'a colour with a hue', output: '^\\(0\\.\\d+' }],
    samples: ['0.2, 0.4, 0.4', '1.0, 0.0, 0.0', '0.5, 0.5, 0.5'],
  },
  {
    module: 'bisect',
    name: 'bisect_left',
    holds: P,
    never: ['commutative', 'monotonic-decreasing'],
    reach: [{ what: 'an insertion point inside the list', output: '^[1-9]\\d*$' }],
    samples: ['[1, 2, 4], 3', '[], 1', '[1, 1, 1], 1'],
  },
  {
    module: 'heapq',
    name: 'nlargest',
    holds: P,
    never: ['sorted-output', 'length-preserving'],
    reach: [{ what: 'the n largest elements', output: '^\\[-?\\d+, -?\\d+' }],
    samples: ['2, [3, 1, 4, 1, 5]', '0, [1]', '5, [2, 1]'],
  },
  {
    module: 'heapq',
    name: 'nsmallest',
    holds: P,
    never: ['length-preserving'],
    reach: [{ what: 'the n smallest elements', output: '^\\[-?\\d+, -?\\d+' }],
    samples: ['2, [3, 1, 4, 1, 5]', '0, [1]', '5, [2, 1]'],
  },
  // --- randomness and side effects
  {
    module: 'random',
    name: 'choice',
    holds: ['pure'],
    never: ['deterministic'],
    reach: [{ what: 'an element picked', output: '.', input: '^\\[.+\\]$' }],
    samples: ['[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]', "'abcdefghij'"],
  },
  {
    module: 'random',
    name: 'shuffle',
    holds: [],
    never: ['deterministic', 'pure'],
    reach: [{ what: 'the list changed in place (returns None)', output: '^None$', input: '^\\[.+, .+\\]$' }],
    samples: ['[1, 2, 3, 4, 5, 6, 7, 8]', '[]'],
  },
  {
    module: 'random',
    name: 'sample',
    holds: ['pure'],
    never: ['deterministic', 'sorted-output'],
    reach: [{ what: 'a sample of k elements', output: '^\\[.+\\]$' }],
    samples: ['[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 3', '[1], 1'],
  },
  // --- inflection
  {
    module: 'inflection',
    name: 'underscore',
    holds: [...P, 'idempotent'],
    never: ['length-preserving', 'involution'],
    reach: [{ what: 'camelCase to snake_case', output: "^'[a-z0-9]+_[a-z0-9_]+'$" }],
    samples: ["'DeviceType'", "'foo-bar'", "'x'", "'IOError'"],
  },
  {
    module: 'inflection',
    name: 'camelize',
    holds: P,
    never: ['length-preserving', 'involution'],
    reach: [{ what: 'snake_case to CamelCase', output: "^'[A-Z][a-z0-9]*[A-Z]", input: '_' }],
    samples: ["'device_type'", "'x'", "'a_b_c'"],
  },
  {
    module: 'inflection',
    name: 'dasherize',
    holds: [...P, 'idempotent', 'length-preserving'],
    never: ['involution'],
    reach: [{ what: 'underscores to dashes', output: '-', input: '_' }],
    samples: ["'a_b'", "'x'", "'a__b_c'"],
  },
  {
    module: 'inflection',
    name: 'pluralize',
    holds: P,
    never: ['length-preserving', 'involution'],
    reach: [{ what: 'a plural formed', output: "s'$", input: "^'[a-z]+'$" }],
    samples: ["'cat'", "'person'", "'octopus'"],
  },
  {
    module: 'inflection',
    name: 'singularize',
    holds: P,
    never: ['length-preserving', 'involution'],
    reach: [{ what: 'a singular formed', output: "[a-z]'$", input: "s'$" }],
    samples: ["'cats'", "'people'", "'x'"],
  },
  {
    module: 'inflection',
    name: 'ordinalize',
    holds: P,
    never: ['monotonic-increasing'],
    reach: [{ what: 'an ordinal suffix', output: "\\d(st|nd|rd|th)'$" }],
    samples: ['1', '22', '13'],
  },
  {
    module: 'inflection',
    name: 'parameterize',
    holds: [...P, 'idempotent'],
    never: ['length-preserving', 'involution'],
    reach: [{ what: 'a URL slug', output: "^'[a-z0-9]+-[a-z0-9-]+'$" }],
    samples: ["'Hello World!'", "'x'", "'Donald E. Knuth'"],
  },
  {
    module: 'inflection',
    name: 'titleize',
    holds: [...P, 'idempotent'],
    never: ['length-preserving', 'involution'],
    reach: [{ what: 'words title-cased', output: "'[A-Z][a-z]+ [A-Z]" }],
    samples: ["'hello_world'", "'x'", "'TheMan'"],
  },
  // --- toolz
  {
    module: 'toolz',
    name: 'unique',
    holds: P,
    never: ['length-preserving', 'sorted-output'],
    reach: [{ what: 'repeated elements dropped', output: '.', input: '(\\b\\w+\\b).*\\b\\1\\b' }],
    samples: ['[1, 1, 2, 1, 3]', "'abca'", '[]', '[3, 1, 3, 2]'],
  },
  {
    module: 'toolz',
    name: 'frequencies',
    holds: P,
    never: ['length-preserving', 'idempotent'],
    reach: [{ what: 'an element counted twice or more', output: ': [2-9]' }],
    samples: ['[1, 1, 2]', "'hello'", '[]'],
  },
  {
    module: 'toolz',
    name: 'merge',
    holds: P,
    never: ['commutative'],
    reach: [{ what: 'the keys of two dicts merged', output: '^\\{.+, .+\\}$', input: '^\\{.+\\}, \\{.+\\}$' }],
    samples: ["{'a': 1}, {'b': 2}", "{'a': 1}, {'a': 2}", '{}'],
  },
  {
    module: 'toolz',
    name: 'groupby',
    holds: P,
    never: [],
    reach: [{ what: 'elements grouped by a key function', output: '^\\{.+: \\[' }],
    samples: ["len, ['a', 'bb', 'cc']", 'bool, [0, 1, 2]'],
  },
  {
    module: 'toolz',
    name: 'interpose',
    holds: P,
    never: ['length-preserving', 'sorted-output'],
    reach: [{ what: 'a separator between elements', output: '.+, .+, .+' }],
    samples: ['0, [1, 2, 3]', "'-', 'abc'", '0, []'],
  },
  {
    module: 'toolz',
    name: 'partition',
    holds: P,
    never: ['length-preserving'],
    reach: [{ what: 'a sequence cut into tuples', output: '^\\(.+\\), \\(' }],
    samples: ['2, [1, 2, 3, 4, 5]', "3, 'abcdef'"],
  },
  {
    module: 'toolz',
    name: 'sliding_window',
    holds: P,
    never: ['length-preserving'],
    reach: [{ what: 'overlapping windows', output: '^\\(.+\\), \\(' }],
    samples: ['2, [1, 2, 3, 4]', "2, 'abc'"],
  },
  {
    module: 'toolz',
    name: 'isdistinct',
    holds: P,
    never: [],
    reach: [{ what: 'a repeat detected', output: '^False$' }],
    samples: ['[1, 2, 1]', '[1, 2]', "'abc'"],
  },
  // --- more_itertools, boltons, humanize
  {
    module: 'more_itertools',
    name: 'chunked',
    holds: P,
    never: ['length-preserving'],
    reach: [{ what: 'chunks of n elements', output: '^\\[.+, .+\\], \\[' }],
    samples: ['[1, 2, 3, 4, 5], 2', "'abcd', 3"],
  },
  {
    module: 'more_itertools',
    name: 'first_true',
    holds: P,
    never: [],
    reach: [{ what: 'the first true element', output: "^[1-9]|^'.", input: "^\\[(0|False|None|''), " }],
    samples: ['[0, None, 3, 4]', '[]', "[0, ''], 'none'"],
  },
  {
    module: 'boltons.strutils',
    name: 'slugify',
    holds: [...P, 'idempotent'],
    never: ['length-preserving', 'involution'],
    reach: [{ what: 'punctuation to a separator', output: "^'[a-z0-9]+_[a-z0-9_]+'$" }],
    samples: ["'Hello, World!'", "'x'"],
  },
  {
    module: 'boltons.strutils',
    name: 'camel2under',
    holds: [...P, 'idempotent'],
    never: ['length-preserving', 'involution'],
    reach: [{ what: 'camelCase to snake_case', output: "^'[a-z0-9]+_[a-z0-9_]+'$" }],
    samples: ["'BasicParseTest'", "'x'"],
  },
  {
    module: 'boltons.strutils',
    name: 'under2camel',
    holds: P,
    never: ['length-preserving', 'involution'],
    reach: [{ what: 'snake_case to CamelCase', output: "^'[A-Z][a-z0-9]*[A-Z]", input: '_' }],
    samples: ["'complex_tokenizer'", "'x'"],
  },
  {
    module: 'boltons.iterutils',
    name: 'unique',
    holds: P,
    never: ['length-preserving', 'sorted-output'],
    reach: [{ what: 'repeated elements dropped', output: '^\\[', input: '(\\b\\w+\\b).*\\b\\1\\b' }],
    samples: ['[1, 1, 2, 1, 3]', "'abca'", '[3, 1, 3, 2]'],
  },
  {
    module: 'humanize',
    name: 'intcomma',
    holds: P,
    never: ['monotonic-increasing', 'length-preserving'],
    reach: [{ what: 'thousands separated by commas', output: "'-?\\d{1,3},\\d{3}" }],
    samples: ['1234567', '12', "'1000'"],
  },
  {
    module: 'humanize',
    name: 'ordinal',
    holds: P,
    never: ['monotonic-increasing'],
    reach: [{ what: 'an ordinal suffix', output: "\\d(st|nd|rd|th)'$" }],
    samples: ['1', '22', '113'],
  },
  {
    module: 'humanize',
    name: 'naturalsize',
    holds: P,
    never: ['monotonic-increasing', 'length-preserving'],
    reach: [{ what: 'a size in kB or MB', output: "[kMGT]B'$" }],
    samples: ['3000000', '1', '42.5'],
  },
  {
    module: 'humanize',
    name: 'apnumber',
    holds: P,
    never: ['monotonic-increasing'],
    reach: [{ what: 'a number as a word', output: "^'[a-z]+'$" }],
    samples: ['5', '10', '0'],
  },
  {
    module: 'markupsafe',
    name: 'escape',
    holds: P,
    never: ['length-preserving', 'involution'],
    reach: [{ what: 'markup escaped', output: '&(lt|gt|amp|#34|#39);' }],
    samples: ['\'<a href="x">&</a>\'', "'plain'"],
  },
];

/** How the corpus names a function: `textwrap.wrap`. */
export const idOf = (f: CorpusFunction): string => `${f.module}.${f.name}`;

/** The worker's target for a corpus function: a one-line module importing it. */
export function targetOf(f: CorpusFunction): { source: string; qualname: string; moduleName: string } {
  return { source: `from ${f.module} import ${f.name}\n`, qualname: f.name, moduleName: `corpus_${f.module.replace(/\./g, '_')}_${f.name}` };
}
