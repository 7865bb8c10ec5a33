// Arguments of the shape a function reads, reached from its errors and names (src/explorer/shaped-inputs.ts,
// receiver-options.ts, name-hints.ts), on test/fixtures/discovery/shapes.py through the real worker at a budget of 20.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { ProbeRecord } from '../../../src/core/session-types.js';
import { exploreExample } from './harness.js';

const FIXTURE = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'fixtures', 'discovery', 'shapes.py');
const BUDGET = 20;

const returned = (records: ProbeRecord[]): ProbeRecord[] => records.filter((r) => r.result.status === 'returned');
const shown = (r: ProbeRecord): string =>
  `${r.receiver ?? ''}(${[...r.args, ...Object.entries(r.kwargs ?? {}).map(([k, v]) => `${k}=${v}`)].join(', ')}) -> ${r.result.status} ${r.result.value?.repr ?? r.result.exception?.message ?? ''}`;
const calls = (records: ProbeRecord[]): string => records.map(shown).join('\n');

test('"insufficient funds" on a receiver built without its option: the receiver built with its balance given', async () => {
  const { records } = await exploreExample(FIXTURE, 'Account.withdraw', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => /^Account\([^,]+, \d+\)$/.test(r.receiver ?? '')),
    calls(records),
  );
});

test('a parameter named binop gets a callable of two arguments', async () => {
  const { records } = await exploreExample(FIXTURE, 'running', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => /lambda a, b|^max$/.test(r.args[0] ?? '') && /,/.test(r.args[1] ?? '')),
    calls(records),
  );
});

test('"takes 1 positional argument but 2 were given": a callable of two arguments', async () => {
  const { records } = await exploreExample(FIXTURE, 'fold', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => /lambda a, b|^max$/.test(r.args[0] ?? '') && /,/.test(r.args[1] ?? '')),
    calls(records),
  );
});

test('a predicate that compared str keys with an int: one comparing with a str', async () => {
  const { records } = await exploreExample(FIXTURE, 'keep_keys', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => /> 'b'/.test(r.args[0] ?? '')),
    calls(records),
  );
});

test('"not enough values to unpack (expected 2, got 1)" from a text: a list whose items are pairs', async () => {
  const { records } = await exploreExample(FIXTURE, 'header_params', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => /^\[\('name', 'value'\)/.test(r.args[0] ?? '')),
    calls(records),
  );
});

test('a parameter named readline gets the readline of a text in memory', async () => {
  const { records } = await exploreExample(FIXTURE, 'count_lines', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => /readline/.test(r.args[0] ?? '') && r.result.value?.repr === '2'),
    calls(records),
  );
});

test('"must be digits": a text of digits', async () => {
  const { records } = await exploreExample(FIXTURE, 'mask', { maxProbes: BUDGET });
  assert.ok(returned(records).length > 0, calls(records));
});

test('*args gets items before its keyword option is varied', async () => {
  const { records } = await exploreExample(FIXTURE, 'total', { maxProbes: BUDGET });
  const taxed = records.filter((r) => r.kwargs?.tax !== undefined);
  assert.ok(taxed.length > 0 && taxed.every((r) => r.args.length > 0), calls(records));
});

test('**kwargs gets a keyword the code names', async () => {
  const { records } = await exploreExample(FIXTURE, 'configure', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => r.kwargs?.shout === 'True' && r.result.value?.repr.startsWith("'HELLO")),
    calls(records),
  );
});

test("a search for a character outside a class: a text of the class's own characters", async () => {
  const { records } = await exploreExample(FIXTURE, 'unhex', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => r.result.value?.repr !== "b''"),
    calls(records),
  );
});
