// Comparison records turned into calls (src/explorer/comparison-inputs.ts).
import assert from 'node:assert/strict';
import test from 'node:test';
import type { ComparisonRecord, FunctionInfo, ProbeResult } from '../../../src/core/probe-types.js';
import { ComparisonFeedback, classMiss, regexExample } from '../../../src/explorer/comparison-inputs.js';
import type { Input, Observation } from '../../../src/explorer/inputs.js';
import { buildPositions, labelledPositions, toRequest } from '../../../src/explorer/inputs.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { bytesOf, float, int, list, str, strs, toSource } from '../../../src/explorer/values.js';

const INFO: FunctionInfo = {
  qualname: 'f',
  name: 'f',
  kind: 'function',
  needsReceiver: false,
  params: [
    { name: 'a', kind: 'POSITIONAL_OR_KEYWORD' },
    { name: 'b', kind: 'POSITIONAL_OR_KEYWORD', default: 'None' },
    { name: 'c', kind: 'KEYWORD_ONLY', default: '1' },
  ],
  isGenerator: false,
  isAsync: false,
  docstring: null,
  moduleClasses: [],
  pythonVersion: '3.11.7',
};
const positions = buildPositions(INFO, 'signature');

function observation(values: (PyValue | undefined)[], comparisons: ComparisonRecord[], raised?: string): Observation {
  const input: Input = values.map((value) => ({ cls: value === undefined ? 'omit' : value.k, value }));
  const outcome = raised ? { status: 'raised' as const, exception: { type: raised, message: '' } } : { status: 'returned' as const };
  const result: ProbeResult = { ...outcome, mutations: [], stdout: '', stderr: '', durationMs: 1, comparisons };
  const request = toRequest(positions, input);
  return { input, request, key: '', record: { index: 1, ...request, origin: 'offline', result }, purpose: 'discover' };
}

/** The new value at the compared position of each call the feedback suggests. */
function suggested(
  values: (PyValue | undefined)[],
  records: ComparisonRecord[],
  opts: { at?: number; cap?: number; raised?: string; constants?: (string | number)[] } = {},
): string[] {
  return new ComparisonFeedback(positions, opts.cap ?? 20, opts.constants)
    .probesFrom(observation(values, records, opts.raised))
    .map((p) => toSource(p.input[opts.at ?? 0]!.value!));
}

test('argument labels map to positions as the request placed them', () => {
  const input: Input = [
    { cls: 'int', value: int(1) },
    { cls: 'omit', value: undefined },
    { cls: 'int', value: int(2) },
  ];
  assert.deepEqual(
    [...labelledPositions(positions, input)],
    [
      ['args[0]', 0],
      ['kwargs.c', 2],
    ],
  );
});

test('members, keys and constants replace the argument; each once', () => {
  assert.deepEqual(suggested([str('x')], [{ arg: 'args[0]', op: 'in', values: ['fast', 'slow'] }]), ["'fast'", "'slow'"]);
  assert.deepEqual(
    suggested(
      [str('x')],
      [
        { arg: 'args[0]', op: 'key', values: ['EUR', 'GBP'] },
        { arg: 'args[0]', op: 'in', values: ['EUR', 'GBP'] },
      ],
    ),
    ["'EUR'", "'GBP'"],
  );
});

test('a bound gives the value at it and the one across it; int stays int', () => {
  assert.deepEqual(suggested([int(3)], [{ arg: 'args[0]', op: '>', values: [45] }]), ['45', '46']);
  assert.deepEqual(suggested([int(100)], [{ arg: 'args[0]', op: '<=', values: [45] }]), ['45', '44']);
  assert.deepEqual(suggested([float(0.5)], [{ arg: 'args[0]', op: '<', values: [2] }]), ['2.0', '2.02']);
});

test('prefixes, suffixes and separators keep the rest of the text', () => {
  assert.deepEqual(suggested([str('abc')], [{ arg: 'args[0]', op: 'startswith', values: ['run:'] }]), ["'run:abc'"]);
  assert.deepEqual(suggested([str('abc')], [{ arg: 'args[0]', op: 'endswith', values: ['.py'] }]), ["'abc.py'"]);
  assert.deepEqual(suggested([str('abc')], [{ arg: 'args[0]', op: 'split', values: ['~~'] }]), ["'abc~~abc'"]);
});

test('a magic prefix compared with bytes gives bytes: a whole document of that format first, then the prefix before the rest', () => {
  const magic: ComparisonRecord = { arg: 'args[0]', op: 'startswith', values: ['<plist'], bytes: true };
  const got = suggested([bytesOf('abc')], [magic]);
  assert.match(got[0]!, /^b'<plist version="1\.0"><dict>.*<\/plist>'$/);
  assert.equal(got[1], "b'<plistabc'");
  // A str keeps being a str.
  assert.match(suggested([str('abc')], [{ arg: 'args[0]', op: 'startswith', values: ['{'] }])[0]!, /^'\{"a": 1/);
});

test('a compared piece of the argument is replaced in place: a part of a str, an item of a list', () => {
  assert.deepEqual(suggested([str('a,b')], [{ arg: 'args[0]', op: '==', values: ['ok'], via: 'part', seen: 'b' }]), ["'a,ok'"]);
  assert.deepEqual(suggested([list(strs('q', 'r'))], [{ arg: 'args[0]', op: '==', values: ['special'], via: 'item', seen: 'r' }]), ["['q', 'special']"]);
});

test('isinstance targets of a call that refused the type give an instance of a class not passed yet; a len bound gives lengths', () => {
  const isinstance: ComparisonRecord = { arg: 'args[0]', op: 'isinstance', types: ['int', 'float'] };
  assert.deepEqual(suggested([str('x')], [isinstance], { raised: 'TypeError' }), ['3', '2.5']);
  assert.deepEqual(suggested([str('x')], [isinstance]), []);
  assert.deepEqual(suggested([int(1)], [{ arg: 'args[0]', op: 'isinstance', types: ['int'] }], { raised: 'TypeError' }), []);
  assert.deepEqual(suggested([str('x')], [{ arg: 'args[0]', op: '>', values: [3], through: 'len' }]), ["'aaa'", "'aaaa'"]);
});

test('the cap bounds the calls made from comparisons in all, and unknown labels are ignored', () => {
  assert.equal(suggested([str('x')], [{ arg: 'args[0]', op: 'in', values: ['a', 'b', 'c', 'd'] }], { cap: 2 }).length, 2);
  assert.deepEqual(suggested([str('x')], [{ arg: 'args[5]', op: 'in', values: ['a'] }]), []);
});

test("a comparison with the code's own constants only gives the compared position the constant itself; an early value of the sweep is left to the sweep", () => {
  assert.deepEqual(suggested([int(3)], [{ arg: 'args[0]', op: '<=', values: [0] }]), []);
  // Constant seeding may have given 0 to another position only: the compared one gets it, and no neighbours.
  assert.deepEqual(suggested([int(3)], [{ arg: 'args[0]', op: '<=', values: [5] }], { constants: [5, 'x'] }), ['5']);
  assert.deepEqual(suggested([str('x')], [{ arg: 'args[0]', op: 'in', values: ['x', 'y'] }], { constants: ['x'] }), ["'y'"]);
  // A pattern or a separator of the code's own is what the input is read with, not an input: a text it matches, one around the separator.
  assert.deepEqual(suggested([str('x')], [{ arg: 'args[0]', op: 'regex', values: ['(\\d+)h'] }], { constants: ['(\\d+)h'] }), ["'1h'"]);
  assert.deepEqual(suggested([str('x')], [{ arg: 'args[0]', op: 'split', values: [';'] }], { constants: [';'] }), ["'x;x'"]);
  // A piece the code looks for in the text (`'%' in string`): the piece alone, as before.
  assert.deepEqual(suggested([str('abc')], [{ arg: 'args[0]', op: 'contains', values: ['%'] }], { constants: ['%'] }), ["'%'"]);
  // Not where a call observed before already gave it.
  const feedback = new ComparisonFeedback(positions, 20, [5]);
  feedback.probesFrom(observation([int(5)], []));
  assert.deepEqual(feedback.probesFrom(observation([int(3)], [{ arg: 'args[0]', op: '==', values: [5] }])), []);
});

test('a regular expression gives a text it matches, or nothing for constructs it does not know', () => {
  const check = (pattern: string): void => {
    const example = regexExample(pattern);
    assert.ok(example !== undefined && new RegExp(pattern.replace(/\(\?P</g, '(?<')).test(example), `${pattern}: ${example}`);
  };
  for (const p of ['^TK-\\d{3}$', '[a-z]+@[a-z]+\\.com', '(?P<year>\\d{4})-(\\d\\d)', 'v(\\d+)\\.(\\d+)', 'yes|no', '[^0-9]+x?', '\\w+\\s\\w+']) check(p);
  // Shortest: the optional parts left out (a format whose optional `(key)` wants a mapping); nothing when all are optional.
  const format = '%(?:\\((?P<key>.*?)\\))?(?P<modifiers>[-#0-9 +*.hlL]*?)[eEfFgGdiouxXcrs%]';
  assert.equal(regexExample(format), '%(a)-e');
  assert.equal(regexExample(format, true), '%e');
  assert.equal(regexExample('(?:(\\d+)h)?(?:(\\d+)m)?', true), undefined);
  assert.equal(regexExample('x\\d{2,4}', true), 'x11');
  assert.equal(regexExample('(?=a)b'), undefined);
  assert.equal(regexExample('(a)\\1'), undefined);
});

test('a pattern of one character class: a text on its other side; none for other patterns', () => {
  assert.equal(classMiss('[^0-9A-F]'), '09AF');
  assert.equal(classMiss('^[a-z]+$'), '-');
  assert.equal(classMiss(String.raw`\d+`), undefined);
  assert.equal(classMiss(String.raw`[^\w]`), undefined);
});

test('a dict argument looked up with constant keys gets each key, then the constant what it holds was compared with', () => {
  const doc: PyValue = { k: 'dict', entries: [] };
  assert.deepEqual(suggested([doc], [{ arg: 'args[0]', op: 'get', values: ['kty'] }]), ["{'kty': 'abc'}"]);
  const withKty: PyValue = { k: 'dict', entries: [[str('kty'), str('abc')]] };
  assert.deepEqual(suggested([withKty], [{ arg: 'args[0]', op: '!=', values: ['OKP'], key: 'kty' }]), ["{'kty': 'OKP'}"]);
  // A key looked for with `in`, and a key whose name says what it holds (a list of defects).
  assert.deepEqual(suggested([doc], [{ arg: 'args[0]', op: 'contains', values: ['x'] }]), ["{'x': 5}"]);
  assert.deepEqual(suggested([doc], [{ arg: 'args[0]', op: 'get', values: ['defects'] }]), ["{'defects': [4, 8, 15, 16, 23, 42]}"]);
  // A str argument indexed with a constant is no mapping: nothing from it, not even the code's constant.
  assert.deepEqual(suggested([str('abc')], [{ arg: 'args[0]', op: 'get', values: [0] }], { constants: [0] }), []);
});

test('`**kwargs` looked up with a constant key gets that keyword, left out or given', () => {
  const info: FunctionInfo = {
    ...INFO,
    params: [
      { name: 'text', kind: 'POSITIONAL_OR_KEYWORD' },
      { name: 'kw', kind: 'VAR_KEYWORD' },
    ],
  };
  const kwPositions = buildPositions(info, 'signature');
  const input: Input = [
    { cls: 'str', value: str('t') },
    { cls: 'omit', value: undefined },
  ];
  const result: ProbeResult = {
    status: 'returned',
    mutations: [],
    stdout: '',
    stderr: '',
    durationMs: 1,
    comparisons: [{ arg: 'kwargs', op: 'get', values: ['strict'] }],
  };
  const request = toRequest(kwPositions, input);
  const obs: Observation = { input, request, key: '', record: { index: 1, ...request, origin: 'offline', result }, purpose: 'discover' };
  const probes = new ComparisonFeedback(kwPositions, 20).probesFrom(obs);
  assert.deepEqual(
    probes.map((p) => toRequest(kwPositions, p.input).kwargs),
    [{ strict: 'True' }],
  );
});
