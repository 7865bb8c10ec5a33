// Names as hints (src/explorer/name-hints.ts) and how positions carry them (inputs.ts).
import assert from 'node:assert/strict';
import test from 'node:test';
import { componentNames, valuesForFunction, valuesForName, valuesForParameter } from '../../../src/explorer/name-hints.js';
import { buildPositions } from '../../../src/explorer/inputs.js';
import type { FunctionInfo, ParameterInfo } from '../../../src/core/probe-types.js';
import { toSource } from '../../../src/explorer/values.js';

const first = (name: string, items = false): string | undefined => {
  const v = valuesForName(name, items)[0];
  return v && toSource(v);
};

test("a URI's parts and a time zone have families of their own: a URI class is built from a scheme and a host, a datetime-like one with no zone", () => {
  assert.equal(first('scheme'), "'https'");
  assert.equal(first('authority'), "'example.com'");
  assert.equal(first('fragment'), "'intro'");
  assert.equal(first('port'), '8080');
  assert.equal(first('tzinfo'), 'None');
});

test('names map to realistic value families', () => {
  assert.match(first('url')!, /^'https:\/\//);
  assert.match(first('email')!, /@example\.com'$/);
  assert.match(first('path')!, /\.txt'$/);
  assert.equal(first('encoding'), "'utf-8'");
  assert.equal(first('sep'), "','");
  assert.equal(first('fmt'), "'%Y-%m-%d'");
  assert.match(first('version')!, /^'\d+\.\d+\.\d+'$/);
  assert.match(first('pattern')!, /\\\\d\+/);
  assert.match(first('ip')!, /^'\d+\.\d+\.\d+\.\d+'$/);
  assert.match(first('network')!, /\/24'$/);
  assert.equal(first('key'), 'len');
  assert.match(first('predicate')!, /^lambda /);
  assert.equal(first('width'), '20');
  assert.equal(first('text'), "'The quick brown fox jumps over the lazy dog.'");
  assert.equal(first('scores'), '[70, 95, 80, 60]');
  assert.equal(first('lo'), '0');
  assert.equal(first('hi'), '10');
  assert.equal(first('reverse'), 'True');
});

test('generic names suggest nothing: `s`, `string`, `x1`, `args`', () => {
  for (const n of ['s', 'string', 'obj', 'args']) assert.deepEqual(valuesForName(n), [], n);
});

test('*args items are named by the singular: *dicts holds dicts, *paths holds paths', () => {
  assert.equal(first('dicts', true), "{'apples': 3, 'pears': 5}");
  assert.match(first('paths', true)!, /\.txt'$/);
  assert.equal(first('dicts'), '[4, 8, 15, 16, 23, 42]', 'as a plain parameter the plural is a sequence');
});

const param = (name: string, extra: Partial<ParameterInfo> = {}): ParameterInfo => ({ name, kind: 'POSITIONAL_OR_KEYWORD', ...extra });
const fnInfo = (params: ParameterInfo[]): FunctionInfo =>
  ({ qualname: 'f', name: 'f', params, needsReceiver: false, moduleClasses: [] }) as unknown as FunctionInfo;

test('a False default is a flag: True is its first hint and bool its first class after leaving it out', () => {
  const [p] = buildPositions(fnInfo([param('shout', { default: 'False' })]), 'signature');
  assert.deepEqual(p!.candidates.slice(0, 2), ['omit', 'bool']);
  assert.equal(toSource(p!.hinted![0]!), 'True');
});

test("a default's own value is no hint (it repeats the call that leaves it out); the default's type comes first", () => {
  const [p] = buildPositions(fnInfo([param('k', { default: '3' })]), 'signature');
  assert.equal(p!.candidates[1], 'int');
  assert.ok(p!.hinted!.every((v) => toSource(v) !== '3'));
});

test('anonymized positions carry no hints', () => {
  const positions = buildPositions(fnInfo([param('url'), param('shout', { default: 'False' })]), 'anonymized');
  assert.ok(positions.every((p) => p.hinted === undefined));
});

test("the function's name hints its first argument beside a generic name: parsedate_to_datetime(data) gets a mail date for its str", () => {
  const info = { ...fnInfo([param('data')]), qualname: 'parsedate_to_datetime', name: 'parsedate_to_datetime' };
  const [p] = buildPositions(info, 'signature');
  const hinted = p!.hinted!.map(toSource);
  assert.equal(hinted[0], '[4, 8, 15, 16, 23, 42]', "the argument's own name comes first");
  assert.ok(hinted.includes("'Mon, 20 Nov 1995 19:12:08 -0500'"), hinted.join(' '));
  assert.ok(p!.candidates.indexOf('str') < 3, p!.candidates.join(' '));
  // Only classes the argument's name did not hint: `word` keeps its own str.
  const [w] = buildPositions({ ...fnInfo([param('word')]), qualname: 'parsedate', name: 'parsedate' }, 'signature');
  assert.ok(!w!.hinted!.map(toSource).includes("'Mon, 20 Nov 1995 19:12:08 -0500'"));
});

test('the parts of a moment are numbers in their ranges: day, hour, minute, second (a constructor of year, month, day, hour…)', () => {
  assert.equal(first('day'), '15');
  assert.equal(first('hour'), '14');
  assert.equal(first('minute'), '30');
  assert.equal(first('second'), '45');
  assert.equal(first('start_date'), 'datetime.date(2024, 3, 15)');
});

test("the function's name brings what only some inputs show: a keyword for iskeyword, CSV for sniff, a file name for guess_type; a URL names a file too", () => {
  const firstFor = (fn: string): string => toSource(valuesForFunction(fn)[0]!);
  assert.equal(firstFor('iskeyword'), "'lambda'");
  assert.match(firstFor('sniff'), /^'name,age\\n/);
  assert.equal(firstFor('guess_type'), "'report.pdf'");
  assert.ok(valuesForName('url').some((v) => /\.pdf'$/.test(toSource(v))));
});

test("a vague parameter name takes the function's family first: `is_valid_email(address)`, `normalize_phone(number)`, `days_between(start, end)`", () => {
  const at = (fn: string, params: string[]): string[] =>
    buildPositions({ ...fnInfo(params.map((n) => param(n))), qualname: fn, name: fn }, 'signature').map((p) => (p.hinted?.[0] ? toSource(p.hinted[0]) : ''));
  assert.match(at('is_valid_email', ['address'])[0]!, /@example\.com'$/);
  assert.match(at('normalize_phone', ['number'])[0]!, /^'\(555\) 123-4567'$/);
  const [start, end] = at('days_between', ['start', 'end']);
  assert.equal(start, "'2024-03-15'");
  assert.equal(end, "'2024-04-01'", 'the second of the pair is a later date, so that the two differ');
  // A name that says what it holds keeps its own family; a function name that says nothing changes nothing.
  assert.match(at('is_valid_email', ['url'])[0]!, /^'https:/);
  assert.equal(at('clamp', ['x', 'lo', 'hi'])[1], '0');
  // `base` says only that others build on it: a base URL where the function joins URLs, a mapping elsewhere.
  const [base, url] = at('urljoin', ['base', 'url']);
  assert.match(base!, /^'https?:/);
  // The second URL of the signature is first a reference relative to the first: what joins them shows only then.
  assert.equal(url, "'other.html'");
  assert.match(at('fetch', ['url'])[0]!, /^'https:/, 'a URL alone is an absolute one');
  assert.match(at('merge', ['base', 'overrides'])[0]!, /^\{/);
});

test("phone numbers, people's names, birthdays, piece sizes and quantities have families of their own", () => {
  assert.equal(first('phone'), "'(555) 123-4567'");
  assert.equal(first('full_name'), "'Ada Lovelace'");
  assert.equal(first('birthday'), "'1990-07-04'");
  assert.equal(first('today'), "'2024-03-15'");
  assert.equal(first('batch_size'), '2');
  assert.equal(first('size'), '2');
  assert.equal(first('nbytes'), '1536');
  // A quantity of items is a small count, as `n` is.
  assert.equal(first('qty'), '3');
  assert.equal(first('order_qty'), '3');
  assert.equal(first('override'), "{'apples': 3, 'pears': 5}");
});

test('a password check gets a strong password, a pair of years a span, a docstring cleaner indented lines, commonprefix a list of texts', () => {
  const sources = (name: string): string[] => valuesForName(name).map(toSource);
  assert.ok(sources('password').includes("'Tr0ub4dor&3x'"));
  assert.ok(sources('password').includes("'password'"));
  assert.deepEqual([first('y1'), first('y2')], ['2000', '2024']);
  assert.match(first('doc')!, /\\n {4}First line/);
  assert.match(toSource(valuesForFunction('cleandoc')[0]!), /\\n {8}code\(\)/);
  assert.match(toSource(valuesForFunction('commonprefix')[0]!), /^\['/);
  assert.ok(valuesForName('seconds').map(toSource).includes('3725'), 'a duration over an hour');
  assert.match(toSource(valuesForFunction('splitext')[0]!), /\.txt'$/);
});

test('single letters side by side are components (weak names); a lone letter and f are not', () => {
  assert.deepEqual([...componentNames(['h', 's', 'v'])], ['h', 's', 'v']);
  assert.deepEqual([...componentNames(['text', 'n', 'k', 'sep'])], ['n', 'k']);
  assert.deepEqual([...componentNames(['v', 'strict'])], []);
  assert.deepEqual([...componentNames(['f', 'x'])], []);
});

test('hsv_to_rgb(h, s, v): no colour for h, no str for s, no version for v; numbers first', () => {
  const positions = buildPositions({ ...fnInfo([param('h'), param('s'), param('v')]), qualname: 'hsv_to_rgb', name: 'hsv_to_rgb' }, 'signature');
  for (const p of positions) {
    assert.deepEqual(p.candidates.slice(0, 2), ['int', 'float'], p.name);
    assert.equal(p.hinted, undefined, p.name);
  }
  // A lone `v` keeps its family.
  const [v] = buildPositions(fnInfo([param('v')]), 'signature');
  assert.equal(toSource(v!.hinted![0]!), "'1.2.3'");
});

test('a quantity named with its unit is a measured number; `spec` takes the family of the function it specifies', () => {
  assert.equal(first('weight_kg'), '70.0');
  assert.equal(first('height_m'), '1.75');
  assert.equal(first('grams'), '250', 'a unit in the plural is no list');
  assert.equal(first('temp_c'), '21.5');
  assert.equal(first('item'), undefined);
  const spec = valuesForParameter('spec', 'parse_duration').map(toSource);
  assert.equal(spec[0], '90', spec.join(' '));
  assert.equal(valuesForParameter('spec', 'check')[0] && toSource(valuesForParameter('spec', 'check')[0]!), "'>=1.0,<2.0'");
});

test('a vague text after a regular expression gets texts the patterns match; alone, or after another parameter, it does not', () => {
  const texts = valuesForParameter('string', 'search', false, valuesForName('pattern')).map(toSource);
  assert.deepEqual(texts.slice(0, 2), ["'2024 was a leap year'", "'jane@example.com wrote'"]);
  assert.deepEqual(valuesForParameter('string', 'search').map(toSource), []);
  assert.deepEqual(valuesForParameter('string', 'search', false, valuesForName('count')).map(toSource), []);
});

test('a hash algorithm parameter gets names hashlib knows', () => {
  assert.deepEqual(valuesForName('digestmod').map(toSource), ["'sha256'", "'md5'"]);
  assert.deepEqual(valuesForName('hash_name').map(toSource), ["'sha256'", "'md5'"]);
});

test('a plural of a family of single values holds several of them (`urls`, `dates`), then one alone; a plural with a family of its own keeps it', () => {
  const all = (name: string): string[] => valuesForName(name).map(toSource);
  assert.deepEqual(all('urls').slice(0, 1), ["['https://example.com/docs/page?q=search&lang=en#intro', 'https://example.com/files/report.pdf']"]);
  assert.ok(all('urls').includes("'https://example.com/docs/page?q=search&lang=en#intro'"), 'one URL alone too');
  assert.equal(all('dates')[0], '[datetime.date(2024, 3, 15), datetime.date(2024, 2, 29)]');
  assert.equal(all('settings')[0], "{'apples': 3, 'pears': 5}");
  assert.equal(all('bytes')[0], '1536');
  // Nested lists for a name that says so: flattening shows only there.
  assert.equal(all('nested')[0], '[[1, 2], [3, [4, 5]], 6]');
});
