// Names as hints (src/explorer/name-hints.ts) and how positions carry them (inputs.ts).
import assert from 'node:assert/strict';
import test from 'node:test';
import { valuesForName } from '../../../src/explorer/name-hints.js';
import { buildPositions } from '../../../src/explorer/inputs.js';
import type { FunctionInfo, ParameterInfo } from '../../../src/core/probe-types.js';
import { toSource } from '../../../src/explorer/values.js';

const first = (name: string, items = false): string | undefined => {
  const v = valuesForName(name, items)[0];
  return v && toSource(v);
};

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
