// Raise lines a reader learns from: the function's own check, in its own words, before Python's
// complaint about a value of the wrong type, and two reasons never merged under one line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import { messageTemplate, ownMessage } from '../../../src/explorer/raise-messages.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, fakeProbe, info, param, pyInt, pyStr } from './fake-python.js';
import type { PyValue } from '../../../src/explorer/values.js';

test("a message holding a phrase of the code is the function's own; one template is one reason", () => {
  const constants = { constants: ['#', 16, 'utf-8'], raiseMessages: ['expected 3 or 6 hex digits, got '] };
  assert.equal(ownMessage("expected 3 or 6 hex digits, got 'ff'", constants), true);
  assert.equal(ownMessage("invalid literal for int() with base 16: 'rr'", constants), false);
  // A short code or a key is no phrase: 'utf-8' in a codec's message is not the function's check.
  assert.equal(ownMessage("'utf-8' codec can't decode byte 0xff", constants), false);
  // A message longer than the constants the worker keeps as inputs is still the function's own.
  const long = 'the interval ends before it starts, and an interval must have its start first';
  assert.equal(ownMessage(`${long}: (5, 1)`, { raiseMessages: [long] }), true);
  const template = (message: string): string => messageTemplate('ValueError', message);
  assert.equal(template("expected 3 or 6 hex digits, got 'ff'"), template("expected 3 or 6 hex digits, got 'rgb(255, 136, 0)'"));
  assert.notEqual(template("expected 3 or 6 hex digits, got 'ff'"), template("invalid literal for int() with base 16: 'rr'"));
  // A KeyError's message is its key; a wrong type's, one reason.
  assert.equal(messageTemplate('KeyError', '[3, 1, 2]'), messageTemplate('KeyError', "'helo'"));
  assert.equal(messageTemplate('TypeError', "can't multiply sequence"), messageTemplate('TypeError', 'unsupported operand'));
});

/** parse_hex_color of the trial: its own length check, and int()'s complaint about letters that are no hex digits. */
const hexColor: FakeFunction = {
  params: [param('color')],
  body: ([color]) => {
    if (!color || color.k !== 'str') throw new PyError('AttributeError', `'${color?.k ?? 'NoneType'}' object has no attribute 'lstrip'`);
    let c = color.v.replace(/^#+/, '');
    if (c.length === 3) c = [...c].map((x) => x + x).join('');
    if (c.length !== 6) throw new PyError('ValueError', `expected 3 or 6 hex digits, got '${c}'`);
    const parts = [0, 2, 4].map((i) => c.slice(i, i + 2));
    const bad = parts.find((p) => !/^[0-9a-fA-F]{2}$/.test(p));
    if (bad !== undefined) throw new PyError('ValueError', `invalid literal for int() with base 16: '${bad}'`);
    return { k: 'tuple', items: parts.map((p) => pyInt(parseInt(p, 16))) };
  },
};

test("raises of two messages are two lines, the function's own first (parse_hex_color)", async () => {
  const fake = fakeProbe(hexColor, { cache: false });
  const target = { ...info('parse_hex_color', hexColor), constants: ['#', 'expected 3 or 6 hex digits, got ', 3, 6, 16] };
  const report = await exploreOffline(target, fake.probe, { maxProbes: 40, strictness: 'signature' });
  const messages = fake.records.map((r) => r.result.exception?.message ?? '');
  assert.ok(messages.some((m) => m.startsWith('invalid literal')) && messages.some((m) => m.startsWith('expected 3 or 6')), messages.join(' | '));
  const lines = report.description.raises.split('\n');
  assert.match(lines[0] ?? '', /^ValueError .*expected 3 or 6 hex digits/, report.description.raises);
  assert.ok(!lines.some((l) => /expected 3 or 6/.test(l) && /invalid literal/.test(l)), report.description.raises);
  const error = report.description.examples.find((e) => e.result.startsWith('Traceback'));
  assert.match(error?.result ?? '', /ValueError: expected 3 or 6 hex digits/, JSON.stringify(report.description.examples));
});

/** invoice_number of the trial: `n < 0` is its own check; a width or an n that format() refuses raises ValueError too. */
const invoice: FakeFunction = {
  params: [param('n'), param('prefix', 'POSITIONAL_OR_KEYWORD', { default: "'INV'" }), param('width', 'POSITIONAL_OR_KEYWORD', { default: '6' })],
  body: ([n, prefix, width], kw) => {
    const w: PyValue = width ?? kw.width ?? pyInt(6);
    const p: PyValue = prefix ?? kw.prefix ?? pyStr('INV');
    if (!n || (n.k !== 'int' && n.k !== 'float')) throw new PyError('TypeError', `'<' not supported between instances of '${n?.k ?? 'NoneType'}' and 'int'`);
    if (Number(n.v) < 0) throw new PyError('ValueError', 'invoice numbers are not negative');
    if (w.k !== 'int') throw new PyError('ValueError', 'Invalid format specifier');
    if (n.k !== 'int') throw new PyError('ValueError', "Unknown format code 'd' for object of type 'float'");
    const text = p.k === 'str' ? p.v : p.k === 'int' ? String(p.v) : 'x';
    return pyStr(`${text}-${String(n.v).padStart(Number(w.v), '0')}`);
  },
};

test("the function's own raise outranks a raise from a value of the wrong type (invoice_number)", async () => {
  const fake = fakeProbe(invoice, { cache: false });
  const target = { ...info('invoice_number', invoice), constants: ['invoice numbers are not negative', 0, '-', '0', 'd'] };
  const report = await exploreOffline(target, fake.probe, { maxProbes: 40, strictness: 'signature' });
  const messages = fake.records.map((r) => r.result.exception?.message ?? '');
  assert.ok(messages.includes('invoice numbers are not negative'), messages.join(' | '));
  assert.ok(
    messages.some((m) => m === 'Invalid format specifier' || m.startsWith('Unknown format code')),
    messages.join(' | '),
  );
  assert.match(report.description.raises.split('\n')[0] ?? '', /invoice numbers are not negative/, report.description.raises);
  const error = report.description.examples.find((e) => e.result.startsWith('Traceback'));
  assert.match(error?.result ?? '', /invoice numbers are not negative/, JSON.stringify(report.description.examples));
});
