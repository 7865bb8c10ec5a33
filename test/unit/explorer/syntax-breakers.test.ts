// Laws tried on the target's own syntax before they are stated (src/explorer/syntax-breakers.ts):
// on fresh sample B (issue 20) email.quoprimime.header_decode was called "output as long as the
// input" because no call it rests on held an `=XX` escape, the text its pattern matches; and
// "idempotent", as no output tried was an escape again ('=3D41' → '=41' → 'A').
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { Position } from '../../../src/explorer/inputs.js';
import { syntaxVariants } from '../../../src/explorer/syntax-breakers.js';
import { planVerification } from '../../../src/explorer/verify.js';
import { str, toSource } from '../../../src/explorer/values.js';
import type { FakeFunction } from './fake-python.js';
import { expectStr, fakeProbe, info, param, pyStr, returnedObservation } from './fake-python.js';

const ESCAPE = '=[a-fA-F0-9]{2}';

test("a decoder of '=XX' escapes is not said to keep the length: its pattern's text is among the breakers", async () => {
  // header_decode(s): '_' becomes ' ', each '=XX' the character of code XX. Every ordinary text
  // keeps its length; 'a=41' does not. The pattern is one of the code's constants (as the real
  // one's is), so constant seeding tries the pattern's own text, which it does not match.
  const fn: FakeFunction = {
    params: [param('s')],
    body: ([s]) =>
      pyStr(
        expectStr(s, 'header_decode')
          .replace(/_/g, ' ')
          .replace(/=[a-fA-F0-9]{2}/g, (m) => String.fromCharCode(parseInt(m.slice(1), 16))),
      ),
    comparisons: [{ arg: 'args[0]', op: 'regex', values: [ESCAPE] }],
  };
  for (const maxProbes of [20, 40]) {
    const { probe, records } = fakeProbe(fn, { cache: false });
    const report = await exploreOffline({ ...info('header_decode', fn), constants: ['_', ' ', ESCAPE] }, probe, { maxProbes, strictness: 'anonymized' });
    const stated = report.description.properties ?? [];
    assert.ok(
      records.some((r) => r.result.status === 'returned'),
      'it was explored',
    );
    assert.ok(!stated.some((p) => /as long as the input/.test(p)), `${maxProbes}: ${stated.join('; ')}`);
    assert.doesNotMatch(report.description.summary, /Keeps the letters and digits/, `${maxProbes}: ${report.description.summary}`);
    // Nor idempotent: '=3daa' gives '=aa', an escape again (header_decode('=3D41') == '=41', f of that == 'A').
    assert.notEqual(report.properties.find((p) => p.name === 'idempotent')?.holds, true, `${maxProbes}: ${stated.join('; ')}`);
  }
});

test("the breakers of the code's syntax: a regex's example inside the text and alone, a compared piece inside, a whole constant as the argument", () => {
  const positions: Position[] = [{ name: 's', role: 'positional', positionalOnly: false, candidates: ['str'] }];
  const o = returnedObservation(positions, 1, [str('word')], str('word'));
  const withRecords = (comparisons: NonNullable<typeof o.record.result.comparisons>) => ({
    ...o,
    record: { ...o.record, result: { ...o.record.result, comparisons } },
  });
  const shown = (records: NonNullable<typeof o.record.result.comparisons>) =>
    syntaxVariants(o, [withRecords(records)], positions).map((v) => `${v.at}:${toSource(v.value)}`);
  assert.deepEqual(shown([{ arg: 'args[0]', op: 'regex', values: [ESCAPE] }]), ["0:'word=aaword'", "0:'=3daa'", "0:'=aa'"]);
  // The escaped escape is written in the case the pattern's hex class allows; a pattern of no hex escape has none.
  assert.deepEqual(shown([{ arg: 'args[0]', op: 'regex', values: ['%[0-9A-F]{2}'] }]), ["0:'word%00word'", "0:'%2500'", "0:'%00'"]);
  assert.deepEqual(shown([{ arg: 'args[0]', op: 'regex', values: ['#[0-9]{2}'] }]), ["0:'word#00word'", "0:'#00'"]);
  assert.deepEqual(shown([{ arg: 'args[0]', op: 'split', values: ['::'] }]), ["0:'word::word'"]);
  assert.deepEqual(shown([{ arg: 'args[0]', op: '==', values: ['auto'] }]), ["0:'auto'"]);
  // A constant compared after a conversion (int(s) == 3) and another argument's records give nothing.
  assert.deepEqual(shown([{ arg: 'args[0]', op: '==', values: ['3'], through: 'int' }]), []);
  assert.deepEqual(shown([{ arg: 'args[1]', op: 'regex', values: [ESCAPE] }]), []);
});

test("the code's syntax varies the latest ordinary call, not a swap made to test a law (its odd shape would become an example)", () => {
  const positions: Position[] = [
    { name: 'number', role: 'positional', positionalOnly: false, candidates: ['str'] },
    { name: 'country', role: 'positional', positionalOnly: false, candidates: ['str'] },
  ];
  const ordinary = returnedObservation(positions, 1, [str('(555) 123-4567'), str('+49')], str('+495551234567'));
  const swapped = { ...returnedObservation(positions, 2, [str('+49'), str('(555) 123-4567')], str('(555) 123-4567')), purpose: 'swap' as const };
  const compared = (o: typeof ordinary) => ({
    ...o,
    record: { ...o.record, result: { ...o.record.result, comparisons: [{ arg: 'args[0]', op: '==', values: ['0'] }] } },
  });
  const plans = planVerification([], [compared(ordinary), compared(swapped)], positions, [1, 2]);
  const varied = plans.filter((p) => /the code's syntax/.test(p.note ?? ''));
  assert.ok(varied.length > 0, JSON.stringify(plans.map((p) => p.note)));
  for (const p of varied) assert.equal(toSource(p.input[1]!.value!), "'+49'", p.note);
});
