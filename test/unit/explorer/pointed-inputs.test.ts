// Inputs an error message, a name or the owner's own methods point to, which the search never
// tried (the reach gaps of a new user's trial on draw G): numbers in a range for the items of a
// sequence, a prefix of one of the owner's command names for a completer, a time-zone offset for
// an `*_offset`, a Decimal for `.to_integral`, syntax-tree nodes for a `node`, a receiver given
// its section first. Each a class of input, shown on a fake function.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import { buildPositions, instancesFromInit } from '../../../src/explorer/inputs.js';
import { itemsInRange } from '../../../src/explorer/mined-values.js';
import { valuesForName } from '../../../src/explorer/name-hints.js';
import { siblingPreparations } from '../../../src/explorer/sibling-first.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { float, ints, list, str, strs, toSource, tuple } from '../../../src/explorer/values.js';
import type { ProbeRecord } from '../../../src/core/session-types.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, expectStr, fakeProbe, info, param, pyInt } from './fake-python.js';

const BUDGET = 20;
const shown = (records: ProbeRecord[]): string =>
  records.map((r) => `${r.receiver ?? ''} ${r.args.join(', ')} -> ${r.result.status} ${r.note ?? ''}`).join('\n');

test('a range the message names reaches the items of a sequence argument', async () => {
  assert.equal(toSource(itemsInRange('Red must be between 0 and 1', tuple(ints(3, 1, 2))) ?? str('none')), '(0.25, 0.5, 0.75)');
  assert.equal(toSource(itemsInRange('must be in [0, 255]', list(ints(300, 1, 2))) ?? str('none')), '[64, 128, 191]');
  assert.equal(itemsInRange('Red must be between 0 and 1', tuple([float(0.5)])), undefined, 'inside the range already');
  assert.equal(itemsInRange('must be between 0 and 1', list(strs('a'))), undefined, 'no numbers');
  const toHsl: FakeFunction = {
    params: [param('rgb')],
    body: ([rgb]) => {
      if (!rgb || (rgb.k !== 'tuple' && rgb.k !== 'list')) throw new PyError('TypeError', 'to_hsl() expects a sequence of three numbers');
      if (rgb.items.length !== 3) throw new PyError('ValueError', `not enough values to unpack (expected 3, got ${rgb.items.length})`);
      const numbers = rgb.items.map((x) => (x.k === 'int' || x.k === 'float' ? Number(x.v) : NaN));
      if (!numbers.every((n) => n >= 0 && n <= 1)) throw new PyError('ValueError', 'Red must be between 0 and 1');
      return tuple(numbers.map(float));
    },
  };
  const { probe, records } = fakeProbe(toHsl);
  await exploreOffline(info('to_hsl', toHsl), probe, { maxProbes: BUDGET, strictness: 'signature' });
  assert.ok(
    records.some((r) => r.result.status === 'returned' && /items in the range/.test(r.note ?? '')),
    shown(records),
  );
});

test("a completer is given a prefix of one of its owner's command names", async () => {
  const completenames: FakeFunction = {
    params: [param('self'), param('text')],
    needsReceiver: true,
    ownerClass: 'Shell',
    ownerInit: [],
    moduleClasses: ['Shell'],
    ownerMethods: [
      { name: 'do_help', required: 1, params: ['arg'] },
      { name: 'do_quit', required: 1, params: ['arg'] },
      { name: 'get_names', required: 0, params: [] },
    ],
    body: ([text]) => list(['help', 'quit'].filter((c) => c.startsWith(expectStr(text, 'completenames')) && expectStr(text, 'completenames') !== '').map(str)),
  };
  const { probe, records } = fakeProbe(completenames);
  await exploreOffline(info('completenames', completenames), probe, { maxProbes: BUDGET, strictness: 'signature' });
  assert.ok(
    records.some((r) => r.args[0] === "'h'" && r.result.value?.repr === "['help']"),
    shown(records),
  );
});

test('a time zone named as an offset is given one as TOML and ISO 8601 write it, its receiver too', () => {
  assert.equal(toSource(valuesForName('toml_offset')[0] ?? str('')), "'+05:00'");
  assert.equal(toSource(valuesForName('utcoffset')[0] ?? str('')), "'+05:00'");
  assert.deepEqual(valuesForName('col_offset'), [], 'a column is no time zone');
  const built = instancesFromInit('TomlTz', [param('toml_offset')]);
  assert.equal(toSource(built[0] ?? str('')), "TomlTz('+05:00')");
});

test("\"'float' object has no attribute 'to_integral'\" asks for a Decimal, of the numbers given when none was a float", async () => {
  const fquotmod: FakeFunction = {
    params: [param('val'), param('low'), param('high')],
    body: ([val]) => {
      if (val?.k === 'call' && val.callee === 'Decimal') return pyInt(1);
      throw new PyError('AttributeError', "'float' object has no attribute 'to_integral'"); // made inside from ints too, as isodate's fquotmod does
    },
  };
  const { probe, records } = fakeProbe(fquotmod);
  await exploreOffline(info('fquotmod', fquotmod), probe, { maxProbes: BUDGET, strictness: 'signature' });
  assert.ok(
    records.some((r) => r.result.status === 'returned' && r.args[0]?.startsWith('Decimal(')),
    shown(records),
  );
});

test('a parameter named like a node in a module of syntax-tree classes is given nodes first', () => {
  const copyLocation: FakeFunction = { params: [param('new_node'), param('old_node')], moduleClasses: ['AST', 'Name'], body: (args) => args[0] ?? pyInt(0) };
  const positions = buildPositions(info('copy_location', copyLocation), 'signature');
  const first = (v: PyValue | undefined): string => (v ? toSource(v) : '');
  assert.deepEqual(
    positions.map((p) => [first(p.hinted?.[0]), p.candidates[0]]),
    [
      ["ast_node('Name')", 'astnode'],
      ["ast_node('Name')", 'astnode'],
    ],
  );
  const elsewhere = buildPositions(info('copy_location', { ...copyLocation, moduleClasses: ['Graph'] }), 'signature');
  assert.ok(
    elsewhere.every((p) => p.candidates[0] !== 'astnode'),
    'a graph node is no syntax tree',
  );
});

test('a refusal named for something absent (NoSectionError) gets a receiver its sibling gave it first, once', async () => {
  assert.deepEqual(siblingPreparations([{ name: 'add_section', required: 1, params: ['section'] }], 'options', new Map([['section', str('a')]])), [
    { method: 'add_section', calls: ["s.add_section('a')"] },
  ]);
  const options: FakeFunction = {
    params: [param('self'), param('section')],
    needsReceiver: true,
    ownerClass: 'Parser',
    ownerInit: [],
    moduleClasses: ['Parser'],
    ownerMethods: [
      { name: 'add_section', required: 1, params: ['section'] },
      { name: 'sections', required: 0, params: [] },
    ],
    fill: (receiver, method, args) => (receiver.k === 'call' && method === 'add_section' ? { ...receiver, args: [...receiver.args, ...args] } : receiver),
    body: ([section], _kwargs, receiver) => {
      if (receiver?.k === 'call' && section && receiver.args.some((a) => toSource(a) === toSource(section))) return list([]);
      throw new PyError('configparser.NoSectionError', `No section: ${section ? toSource(section) : ''}`);
    },
  };
  const { probe, records } = fakeProbe(options);
  await exploreOffline(info('options', options), probe, { maxProbes: BUDGET, strictness: 'signature' });
  assert.ok(
    records.some((r) => r.result.status === 'returned' && r.receiver?.includes('add_section')),
    shown(records),
  );
});
