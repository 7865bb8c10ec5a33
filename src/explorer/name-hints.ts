// Names as hints: a parameter called `url`, `width` or `encoding` is nearly always given a value
// of one realistic family, and a first call with such a value reaches ordinary use where a
// generic 'abc' or 3 stops at the first check. Families are tried before the generic values of
// their class, never instead of them. Not used when the names must stay hidden (an anonymized
// run that seeds an agent): the seeds would carry what the names told.
import type { PyValue } from './values.js';
import { INT_PAIRS, LINE_READER, LINE_READERS } from './shaped-inputs.js';
import { typeClass } from './type-classes.js';
import { group } from '../core/regex-group.js';
import { bool, bytesOf, date, datetimeOf, float, int, ints, list, none, str, strs, toSource, tuple } from './values.js';

interface Family {
  /** Matched against the lower-cased parameter name. */
  name: RegExp;
  values: PyValue[];
  /**
   * Tried first for a parameter of the family that follows another of it in one signature
   * (`urljoin(base, url)`): what relates the two shows only when the second is not a copy of the first.
   */
  later?: PyValue[];
}

const fn = (src: string): PyValue => ({ k: 'fn', src });
const dict = (entries: [string, number][]): PyValue => ({ k: 'dict', entries: entries.map(([k, v]) => [str(k), int(v)]) });

const SENTENCE = 'The quick brown fox jumps over the lazy dog.';

// An exception as a function that reports or wraps one is handed it: the class, an instance, a
// traceback from a real raise, or the three together as sys.exc_info() gives them.
const classValues = (id: string): PyValue[] => typeClass(id).values.filter((v): v is PyValue => v !== undefined);
const EXCEPTION_FAMILIES: Family[] = [
  { name: /^(exc_?info|excinfo|ei|exc_tuple)$/, values: classValues('excinfo') },
  { name: /^(etype|exc_?type|exc_?class|exc_?cls|exception_?(type|class))$/, values: [fn('ValueError'), fn('KeyError')] },
  { name: /^(tb|exc_?tb|traceback|exc_?traceback)$/, values: classValues('traceback') },
  { name: /^(e|exc|err|error|exception|exc_?value|evalue|exc_?val)$/, values: classValues('exception') },
];

/**
 * The regular expressions a pattern parameter is given, each with a text it matches from the
 * start: a method handed a match of its receiver's own pattern gets one (own-pattern.ts).
 */
export const PATTERN_TEXTS: readonly (readonly [string, string])[] = [
  [String.raw`\d+`, '2024 was a leap year'],
  [String.raw`(\w+)@(\w+)\.com`, 'jane@example.com wrote'],
  ['^a.*z$', 'abcxyz'],
];

/** Any other plural: a sequence of something, numbers first (the generic order has lists of ints), then words. */
const ANY_PLURAL: Family = { name: /[^s]s$/, values: [list(ints(4, 8, 15, 16, 23, 42)), list(strs('apple', 'banana', 'cherry'))] };

// Most specific first: the first family whose pattern matches wins.
const FAMILIES: Family[] = [
  ...EXCEPTION_FAMILIES,
  // The second names a file: what a URL's extension decides (a MIME type, a download name) shows only then.
  // After another URL, references relative to it, as links in a page hold them.
  {
    name: /url|uri|href|link|endpoint/,
    values: strs('https://example.com/docs/page?q=search&lang=en#intro', 'https://example.com/files/report.pdf', 'http://localhost:8080/api/v1/items'),
    later: strs('other.html', '../images/logo.png', '#section-2'),
  },
  // The parts of a URL, as a URI class's constructor names them (scheme, authority, path, query, fragment).
  { name: /^scheme$/, values: strs('https', 'http') },
  { name: /^(authority|netloc)$/, values: strs('example.com', 'user@example.com:8080') },
  { name: /^(fragment|anchor)$/, values: strs('intro', 'section-2') },
  { name: /^port$/, values: ints(8080, 443) },
  // A time zone is most often absent: None is what a datetime-like constructor takes first.
  { name: /^(tz|tzinfo)$/, values: [none] },
  // A time zone written as an offset (`toml_offset`, `utcoffset`): as TOML, ISO 8601 and RFC 3339 write one.
  { name: /^(utc|tz|toml|iso|gmt|time_?zone|zone)_?offset$|^tz_?(str|string|text)$/, values: strs('+05:00', 'Z', '-08:00') },
  { name: /^(query|qs|query_?string|params?)$/, values: strs('q=search&lang=en&page=2', 'a=1&b=2&a=3') },
  { name: /phone|^tel$|telephone|mobile|^cell$|^fax$/, values: strs('(555) 123-4567', '555.867.5309', '+1 555 123 4567') },
  // Each family holds both sides of the distinctions its checks draw: a public address beside a
  // private one, a domain in capitals beside one in lower case (a normaliser changes only that).
  { name: /e?-?mail|addr_?spec/, values: strs('jane.doe@example.com', 'Jane Doe <jane@example.org>', 'Jane@Example.COM') },
  { name: /^(ip|ip_?addr(ess)?|host|hostname|address)$/, values: strs('192.168.1.10', 'example.com', '::1', '8.8.8.8') },
  { name: /net(work)?|subnet|cidr/, values: strs('192.168.1.0/24', '10.0.0.0/8') },
  { name: /path|file|filename|fname|dir|folder|directory/, values: strs('docs/report.txt', '/home/user/data/archive.tar.gz', 'a/../b/./c.py') },
  { name: /^(ext|extension|suffix)$/, values: strs('.txt', '.tar.gz') },
  { name: /encoding|charset|codec/, values: strs('utf-8', 'latin-1', 'ascii') },
  // A hash algorithm by the name hashlib knows it (hmac.new's digestmod).
  { name: /^(digestmod|digest_?name|hash_?name|hash_?func|hashfunc)$/, values: strs('sha256', 'md5') },
  { name: /errors/, values: strs('strict', 'replace', 'ignore') },
  { name: /^(sep|separator|delim|delimiter|joiner|glue)$/, values: strs(',', ', ', '-', ' ') },
  { name: /fmt|format|datefmt/, values: strs('%Y-%m-%d', '{name} is {age}', '%H:%M:%S') },
  { name: /template|tmpl|placeholder|pattern_?str/, values: strs('Hello, {name}!', '$who likes $what', '{0} and {1}') },
  { name: /regex|^(pattern|pat|rx|re)$/, values: strs(...PATTERN_TEXTS.map(([pattern]) => pattern)) },
  { name: /version|^ver$|^v$/, values: strs('1.2.3', '2.0.0rc1', '1.10') },
  { name: /spec(ifier)?|requirement|constraint/, values: strs('>=1.0,<2.0', '==1.2.3', '~=2.1') },
  // How many per piece (`chunk(items, size)`): a small count shows the pieces, a file size would not.
  { name: /^(chunk|batch|page|group|block|window|step)_?size$|^size$/, values: [int(2), int(3), int(1536)] },
  { name: /^(size|filesize|nbytes|bytes)_?(str|text)?$|_size$/, values: [int(1536), str('1.5 MB'), int(0)] },
  { name: /duration|timeout|interval|elapsed|seconds|secs/, values: [int(90), int(3725), float(2.5), str('1h 30m')] },
  // A strong password beside the weak ones a check refuses: a check that only ever says no teaches nothing.
  { name: /^(password|passwd|passphrase|pwd|pin)$/, values: strs('Tr0ub4dor&3x', 'password', 'Short1') },
  // Two years of a span (`y1`, `y2`, `start_year`): the second later than the first.
  { name: /^(y|yr|year)1$|^(start|first|from)_?year$/, values: ints(2000, 1900) },
  { name: /^(y|yr|year)2$|^(end|last|to)_?year$/, values: ints(2024, 2000) },
  // A docstring or indented block: what dedenting and cleaning do shows only on several indented lines.
  { name: /^(doc|docstring|block|indented)$/, values: strs('\n    First line.\n\n    Indented more:\n        code()\n    ', 'Summary.\n    Details.') },
  { name: /datetime|timestamp|^ts$/, values: [...strs('2024-03-15T14:30:00', '2024-03-15 14:30:00'), datetimeOf(2024, 3, 15, 14, 30)] },
  { name: /^(dt|moment)$/, values: [datetimeOf(2024, 3, 15, 14, 30), str('2024-03-15T14:30:00')] },
  // A day beside a year and a month is a number: DateTime(year, month, day, hour, minute, second).
  { name: /^day$/, values: [int(15), date(2024, 3, 15), int(28)] },
  { name: /birth|^dob$|^born$/, values: [str('1990-07-04'), date(1990, 7, 4)] },
  { name: /^(today|now_date|on_date|as_of)$/, values: [str('2024-03-15'), date(2024, 3, 15)] },
  { name: /^(date|when|since|until|deadline|start_date|end_date)$|_date$/, values: [date(2024, 3, 15), str('2024-03-15'), date(2024, 2, 29)] },
  { name: /^hours?$/, values: ints(14, 9, 0) },
  { name: /^minutes?$/, values: ints(30, 5, 0) },
  { name: /^second$/, values: ints(45, 0) },
  { name: /^(microsecond|usec)$/, values: ints(250000, 0) },
  { name: /^time$|_time$/, values: strs('14:30:00', '09:05') },
  { name: /^(lang|language|locale)$/, values: strs('en', 'en_US', 'fr') },
  { name: /colou?r/, values: strs('#ff8800', 'red', 'rgb(255, 136, 0)') },
  { name: /^(key|keyfunc|key_func)$/, values: [fn('len'), fn('str.lower'), fn('abs')] },
  // `x > 1` splits small numbers (1 and 3 of [3, 1, 2], the keys of {1: 'one', 2: 'two'}); `x > 0` keeps most.
  { name: /pred|predicate|^cond|filter|test$/, values: [fn('lambda x: x > 1'), fn('lambda x: x > 0'), fn('bool')] },
  // A binary operation (a fold, an accumulate): two arguments.
  { name: /^(binop|binary_?op|bin_?op|reducer|reduce_?func|combine|combiner|accumulator|merge_?func)$/, values: [fn('lambda a, b: a + b'), fn('max')] },
  { name: LINE_READER, values: LINE_READERS },
  { name: /^(func|fn|f|callback|cb|function|mapper|transform|op|operator)$/, values: [fn('lambda x: x * 2'), fn('str.upper'), fn('len')] },
  { name: /width|^(max_?len(gth)?|maxlen|limit|cols|columns|max_chars)$/, values: ints(20, 10, 40) },
  { name: /^(n|k|count|num|number|times|repeat|qty|quantity|n_\w+|num_\w+)$|_(count|qty)$/, values: ints(3, 2, 5) },
  { name: /^(lo|low|min|minimum|lower|floor|start|begin|first)$/, values: ints(0, 1) },
  { name: /^(hi|high|max|maximum|upper|ceil|ceiling|stop|end|last)$/, values: ints(10, 100) },
  { name: /^(balance|deposit|price|cost|total|salary|budget|capacity)$/, values: [int(100), float(19.99)] },
  // A quantity named with its unit (`weight_kg`, `height_m`, `temp_c`): a value a person would
  // measure, so that what the code computes from it (a BMI, a pace) lands in its ordinary range.
  { name: /_kg$|^(kg|kilos?|kilograms?|weight|mass|body_?weight)$/, values: [float(70), float(82.5), float(45)] },
  { name: /_(m|metres?|meters?)$|^(metres|meters)$/, values: [float(1.75), float(1.6), float(2.05)] },
  { name: /_cm$|^(cm|centimetres|centimeters)$/, values: [int(175), int(160)] },
  { name: /_mm$|^(mm|millimetres|millimeters)$/, values: [int(12), int(250)] },
  { name: /_km$|^(km|kilometres|kilometers)$/, values: [float(5), float(42.195)] },
  { name: /_(g|grams?)$|^grams$/, values: [int(250), int(1000)] },
  { name: /_(ms|millis)$|^(ms|millis|milliseconds)$/, values: [int(250), int(1500)] },
  { name: /_(c|celsius)$|^(celsius|temp_?c|deg_?c)$/, values: [float(21.5), float(-5), float(100)] },
  { name: /_(f|fahrenheit)$|^(fahrenheit|temp_?f|deg_?f)$/, values: [float(70), float(32), float(212)] },
  { name: /_(px|pixels)$|^pixels$/, values: [int(640), int(480)] },
  { name: /^(x|y|z|value|val|num|score)$/, values: [int(5), float(2.5), int(-3)] },
  { name: /^(ratio|rate|fraction|frac|prob|probability|p|alpha|cutoff|threshold)$/, values: [float(0.5), float(0.25)] },
  { name: /^(places|digits|ndigits|precision|decimals)$/, values: ints(2, 0) },
  { name: /^(index|idx|i|j|pos|position|offset|shift)$/, values: ints(1, 2, -1) },
  { name: /^(year)$/, values: ints(2024, 1900) },
  { name: /^(month)$/, values: ints(3, 12) },
  { name: /scores|grades|marks|points/, values: [list(ints(70, 95, 80, 60)), list(ints(88, 92, 75))] },
  { name: /^(words|tokens|names|tags|labels|parts|strings|lines)$/, values: [list(strs('apple', 'banana', 'cherry')), list(strs('hello', 'world'))] },
  {
    name: /^(nums|numbers|values|vals|xs|data|samples|items|seq|sequence|elements|iterable|array|arr|lst|weights)$/,
    values: [list(ints(4, 8, 15, 16, 23, 42)), list(ints(3, 1, 2))],
  },
  { name: /^(intervals|ranges|spans|segments|periods)$/, values: INT_PAIRS },
  // Names of arguments or fields, as a signature or a record type lists them.
  { name: /^(arg_?names|argnames|field_?names|fields)$/, values: [list(strs('a', 'b')), list(strs('x', 'y', 'z'))] },
  { name: /^(pairs|entries)$/, values: [list([tuple([str('a'), int(1)]), tuple([str('b'), int(2)])])] },
  { name: /^(is_|has_|use_|allow|strict|verbose|reverse|ignore_?case|flag|dry_?run|recursive|force)/, values: [bool(true), bool(false)] },
  {
    name: /^(mapping|dict|dct|d|counts|table|config|options|kwargs|data_dict|attrs|base|defaults|overrides?|updates?|settings|extra_?dict)$/,
    values: [
      dict([
        ['apples', 3],
        ['pears', 5],
      ]),
    ],
  },
  { name: /^(full|display|person|customer|contact|real)_?name$/, values: strs('Ada Lovelace', 'Alan Mathison Turing', 'Grace') },
  { name: /^(word|name|title|label|key_name|username|token|owner|author|user|first_name|last_name)$/, values: strs('hello', 'Alice', 'Hello World') },
  { name: /^(prefix)$/, values: strs('pre', 'The') },
  { name: /^(suffix|end_str)$/, values: strs('.txt', 'ing') },
  { name: /^(char|ch|fillchar|fill|pad|padding)$/, values: strs('*', ' ', '0') },
  { name: /placeholder|ellipsis|marker/, values: strs('...', ' [...]') },
  // Not `s` or `string`: those are as often markup, escapes or codes as prose.
  { name: /^(text|sentence|message|msg|content|body|paragraph|prose|caption|description)$|_text$/, values: strs(SENTENCE, 'Hello, World!', 'one two three') },
  { name: /^(possibilities|candidates|choices|options_list|vocabulary|vocab|strings|keys)$/, values: [list(strs('help', 'yellow', 'hello', 'apple'))] },
  // `*args` and the like say nothing of their items.
  { name: /^(args|arguments|argv|rest|others|more|extra)$/, values: [] },
  // Lists within lists, to several depths: what flattening or walking a tree does shows only there.
  {
    name: /^(nested|tree|nested_\w+|\w+_tree)$/,
    values: [list([list(ints(1, 2)), list([int(3), list(ints(4, 5))]), int(6)]), list([list(ints(1, 2)), list(ints(3))])],
  },
  ANY_PLURAL,
];

/**
 * Realistic values for a parameter of this name, likeliest first; empty when the name says
 * nothing. `items` for `*args`: each item is named by the singular (`*paths` holds paths).
 */
export function valuesForName(paramName: string, items = false): PyValue[] {
  return familyOf(paramName, items)?.values ?? [];
}

function familyOf(paramName: string, items = false): Family | undefined {
  const name = paramName.toLowerCase();
  const find = (n: string): Family | undefined => FAMILIES.find((f) => f.name.test(n));
  const plural = /[^s]s$/.test(name);
  if (items && plural) return find(name.slice(0, -1)) ?? find(name);
  const stem = unnumbered(name);
  const own = find(name) ?? (stem === undefined ? undefined : find(stem));
  const single = plural ? find(name.slice(0, -1)) : undefined;
  // A plural of a family of single values (`urls`, `paths`, `dates`) holds several of them, when the
  // plural has no family of its own (`settings` is a dict): a list of them first, then one alone.
  if (!single || single.values.some((v) => v.k === 'list' || v.k === 'fn' || v.k === 'call')) return own;
  if (own !== undefined && own !== single && own !== ANY_PLURAL) return own;
  // Items of one kind (dates, not a date beside a text of one).
  const [a, b, c] = single.values.filter((v) => v.k === single.values[0]?.k);
  // A plural of a number may be an amount in that unit (`days`, `hours`): left as it was.
  if (!a || !b || a.k === 'int' || a.k === 'float') return own;
  const lists = [list([a, b]), ...(c ? [list([b, c])] : [])];
  return { name: single.name, values: [...lists, ...single.values] };
}

/**
 * A name numbered as one of a pair (`v1`, `v2` of compare(v1, v2); `path1`): the name without its
 * number, when that names a family. One letter only where the letter alone is that clear (a version,
 * a coordinate, a count): `f1`, `e1`, `d1` may be files, elements or dates as well as what `f`, `e`, `d` name.
 */
function unnumbered(name: string): string | undefined {
  const stem = /^([a-z][a-z_]*?)_?\d$/.exec(name)?.[1];
  return stem !== undefined && (stem.length > 1 || /^[vxyzn]$/.test(stem)) ? stem : undefined;
}

// The function's own name, for its first argument when that argument's name says nothing
// (`parsedate_to_datetime(data)`, `parse_version(s)`): what the function is about is then the
// best guess of what it takes. Matched against the lower-cased name; first match wins.
const FUNCTION_FAMILIES: Family[] = [
  { name: /parsedate|rfc_?2?822|http_?date|email.*date|mail.*date/, values: strs('Mon, 20 Nov 1995 19:12:08 -0500', 'Fri, 15 Mar 2024 14:30:00 GMT') },
  { name: /iso.*(date|time)|isoparse|parse_?iso/, values: strs('2024-03-15T14:30:00', '2024-03-15', '2024-03-15T14:30:00+01:00') },
  { name: /time(?!stamp)|clock|hms/, values: strs('14:30:00', '09:05:30.250', '23:59') },
  { name: /date|day/, values: [str('2024-03-15'), date(2024, 3, 15), str('2024-04-01'), date(2024, 4, 1), str('15/03/2024')] },
  { name: /phone|^tel_|_tel$|telephone|mobile|dial/, values: strs('(555) 123-4567', '555.867.5309', '+1 555 123 4567') },
  { name: /url|uri|href|link/, values: strs('https://example.com/docs/page?q=search&lang=en#intro', 'http://localhost:8080/api/v1/items') },
  { name: /e?mail|addr/, values: strs('jane.doe@example.com', 'Jane Doe <jane@example.org>', 'Jane@Example.COM') },
  // Amounts as people write them: separators and a currency sign, plain cents, an accountant's negative.
  { name: /money|amount|price|currency|cost/, values: strs('$1,234.50', '12.50', '(12.00)') },
  { name: /cidr|network|subnet/, values: strs('192.168.1.0/24', '10.0.0.0/8') },
  { name: /(^|_)ip(v[46])?(_|$)|ip_?addr|hostname/, values: strs('192.168.1.10', '::1', 'example.com', '8.8.8.8') },
  { name: /version|semver|specifier|requirement/, values: strs('1.2.3', '2.0.0rc1', '>=1.0,<2.0') },
  { name: /colou?r|rgb|hex_?to|to_?hex|hsv|hls/, values: strs('#ff8800', 'red', 'rgb(255, 136, 0)') },
  { name: /json/, values: strs('{"name": "Alice", "tags": ["a", "b"], "age": 30}', '[1, 2.5, null, true]') },
  // Text escaped twice, as real data often is: what a second application does shows only there.
  { name: /html|xml|markup|escape|entit/, values: strs('<p class="x">Tom &amp; Jerry</p>', '&amp;lt;b&amp;gt; twice', 'a < b && c > "d"') },
  { name: /b64|base64|b32|b16|base32|base16|hexlify/, values: [bytesOf('hello world'), str('aGVsbG8gd29ybGQ=')] },
  { name: /camel|snake|kebab|slug|underscore|dasherize|titleize|humanize|parameterize|case/, values: strs('DeviceType', 'device_type', 'Hello World') },
  { name: /roman/, values: [str('MCMXCIV'), int(1994), str('XIV')] },
  { name: /csv|tsv|sniff|dialect/, values: strs('name,age\nAlice,30\nBob,25\n', 'a;b;c\n1;2;3\n') },
  // Words a language reserves: a check for them says yes only to one.
  { name: /keyword|reserved/, values: strs('lambda', 'class', 'hello') },
  { name: /mime|guess_?type|content_?type/, values: strs('report.pdf', 'photo.JPG', 'archive.tar.gz') },
  { name: /query|qs|urlencode/, values: strs('q=search&lang=en&page=2', 'a=1&b=2&a=3') },
  { name: /path|file|dir|splitext/, values: strs('docs/report.txt', '/home/user/data/archive.tar.gz') },
  { name: /plural|singular|ordinal|inflect|pluralize|singularize/, values: [str('cat'), str('boxes'), int(3)] },
  { name: /size|bytes_?to|filesize|naturalsize/, values: [int(1536), int(1_048_576), str('1.5 MB')] },
  { name: /duration|timedelta|delta|elapsed/, values: [int(90), int(3725), str('1h 30m')] },
  { name: /dedent|cleandoc|indent/, values: strs('\n    First line.\n\n    Indented more:\n        code()\n    ', 'Summary.\n    Details.') },
  // A common prefix or path of several: a list of paths that share some of their start.
  {
    name: /common_?(prefix|path)|commonprefix|commonpath/,
    values: [list(strs('/usr/lib/python3', '/usr/local/bin')), list(strs('interview', 'internet', 'interval'))],
  },
];

/**
 * Parameters named by single letters side by side (`h, s, v`, `r, g, b`, `x, y`) are the
 * components of one value, nearly always numbers: each letter is too short to name a family
 * (`v` a version, `s` a string, `h` of `hsv_to_rgb` a colour), so their names are weak hints and
 * numbers come first. `f` keeps its own (a function). Returns the names of such parameters.
 */
export function componentNames(paramNames: readonly string[]): Set<string> {
  const out = new Set<string>();
  const single = (n: string | undefined): boolean => n !== undefined && /^[a-z]$/i.test(n) && n.toLowerCase() !== 'f';
  paramNames.forEach((n, i) => {
    if (single(n) && (single(paramNames[i - 1]) || single(paramNames[i + 1]))) out.add(n);
  });
  return out;
}

/** Values the function's name suggests for its first argument; empty when it says nothing. */
export function valuesForFunction(functionName: string): PyValue[] {
  const name = functionName.slice(functionName.lastIndexOf('.') + 1).toLowerCase();
  return FUNCTION_FAMILIES.find((f) => f.name.test(name))?.values ?? [];
}

// Parameter names that say what a value is for, not what it looks like (`address` of an e-mail
// or of a host, `start` of a range or of a period, `number` of a phone or a count): for these the
// function's name (`is_valid_email`, `days_between`, `normalize_phone`) says more.
// `spec` says only that the text describes something (a version range, a duration, a layout);
// `base` only that others build on it (a base URL for `urljoin`, a base mapping for `merge`).
const VAGUE =
  /^(address|addr|name|number|num|value|val|start|end|begin|stop|since|until|frm|to|a|b|x|y|s|string|text|raw|input|old|new|left|right|lhs|rhs|spec|base)$/;
// The second of a pair (`end`, `b`, `new`): given the family's next values, so that the pair differs.
const LATER = /^(end|stop|until|to|b|y|new|right|rhs)$/;

// A syntax-tree visitor's method (`visit_For`, `visitAsyncFor`) is handed a node of the ast class
// its name names: the argument grammar's ast_node parses one (python/pau_probe/safe_args.py).
const VISITOR = /^visit_?([A-Z][A-Za-z]*)$/;
const NODE = /^(node|n|tree|t|ast_?node|child)$/;

/** The ast class a visitor method names (`visit_Constant`: 'Constant'), or undefined. */
export function visitedNode(functionName: string): string | undefined {
  return VISITOR.exec(functionName.slice(functionName.lastIndexOf('.') + 1))?.[1];
}

/**
 * Values for a parameter: what its name suggests, or, when the name is vague and the function's
 * name suggests a family, that family first (`days_between(start, end)` takes dates, the second a
 * later one). `items` as in valuesForName; `earlier`: the values hinted for the parameters before this one.
 */
export function valuesForParameter(paramName: string, functionName: string, items = false, earlier: readonly PyValue[] = []): PyValue[] {
  const own = valuesForName(paramName, items);
  // The second of a family in one signature (`base` took a URL from `urljoin`, then `url`): its `later` values first.
  const later = familyOf(paramName, items)?.later;
  const first = own[0];
  if (later && first && earlier.some((v) => toSource(v) === toSource(first))) return [...later, ...own];
  const name = paramName.toLowerCase();
  const visited = visitedNode(functionName);
  if (visited !== undefined && NODE.test(name)) return [{ k: 'call', callee: 'ast_node', args: [str(visited)] }, ...own];
  if (items || !VAGUE.test(name)) return own;
  // A text after a regular expression (`search(pattern, string)`): texts the patterns match, so the
  // first call finds something where 'abc' matches none of them.
  const [firstPattern] = PATTERN_TEXTS[0] ?? [];
  if (earlier.some((v) => v.k === 'str' && v.v === firstPattern)) return [...strs(...PATTERN_TEXTS.map(([, text]) => text)), ...own];
  let family = valuesForFunction(functionName);
  if (LATER.test(name)) {
    // Each class's first value goes to the first of the pair.
    const firstOfClass = new Set<string>();
    family = family.filter((v) => {
      const cls = v.k === 'call' ? v.callee : v.k;
      if (firstOfClass.has(cls)) return true;
      firstOfClass.add(cls);
      return false;
    });
  }
  return [...family, ...own];
}

/**
 * Values of the family a refusal names as what it wanted ("Invalid version: 'abc'", "not a valid
 * URL", "malformed e-mail address"): the words after `invalid`, `not a valid` or `malformed`,
 * read as a parameter's name (the last word alone too). Empty when they name no family. Not `bad`:
 * "Bad file descriptor" wants no path.
 */
export function valuesForRefusal(message: string): PyValue[] {
  const m = /\b(?:invalid|not an? valid|malformed)\s+([a-z][a-z-]*(?:\s[a-z][a-z-]*)?)/i.exec(message);
  if (!m) return [];
  const words = group(m, 1).toLowerCase().split(/\s+/);
  const whole = valuesForName(words.join('_'));
  return whole.length ? whole : valuesForName(words.at(-1) ?? '');
}
