// Relations of the summary tried on the inputs chosen to break them before they are stated
// (src/explorer/breakers.ts): each fixture makes a relation false that the calls the explorer
// made before held, as on last round's new-user trial (issue 20).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import { findRelations } from '../../../src/explorer/relations.js';
import { planVerification } from '../../../src/explorer/verify.js';
import type { Position } from '../../../src/explorer/inputs.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { int, str, toSource } from '../../../src/explorer/values.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, expectStr, fakeProbe, info, param, pyList, pyStr, returnedObservation } from './fake-python.js';

test("a user-name check that joins words with '_' but keeps an '_' it was given is not said to join its words (punctuation tried first)", async () => {
  // Letters, digits, '_' and spaces only; lower-cased, each run of spaces made one '_'. '_ada_lovelace'
  // stays as it is, so "joins its words (runs of letters and digits) with '_'" is false.
  const fn: FakeFunction = {
    params: [param('name')],
    body: ([name]) => {
      const s = expectStr(name, 'validate_username').trim().toLowerCase();
      if (!/^[a-z0-9_ ]{1,30}$/.test(s)) throw new PyError('ValueError', `invalid user name: ${s}`);
      return pyStr(s.replace(/\s+/g, '_'));
    },
  };
  for (const maxProbes of [20, 40]) {
    const report = await exploreOffline(info('validate_username', fn), fakeProbe(fn, { cache: false }).probe, { maxProbes, strictness: 'anonymized' });
    const summary = report.description.summary;
    // Stated as a law only if a call with punctuation returned and agreed; else an observation of the calls tried.
    assert.doesNotMatch(summary, /(^|\. )Lower-cases `name` and joins its words/, `${maxProbes}: ${summary}`);
  }
});

test("an argument list cut into options and the rest is not said to be cut into pieces that join back once an option ('-a') is tried", async () => {
  // getopt.gnu_getopt(args, shortopts): ([], args) while no item looks like an option, so the
  // pieces joined give `args` back; ['-a', 'x'] gives ([('-a', '')], ['x']).
  const fn: FakeFunction = {
    params: [param('args'), param('shortopts'), param('longopts', 'POSITIONAL_OR_KEYWORD', { default: '[]' })],
    body: ([args, shortopts]) => {
      if (!args || args.k !== 'list') throw new PyError('TypeError', 'args must be a list');
      const known = expectStr(shortopts, 'gnu_getopt');
      const opts: PyValue[] = [];
      const rest: PyValue[] = [];
      for (const a of args.items) {
        if (a.k !== 'str' || !a.v.startsWith('-') || a.v.length < 2) rest.push(a);
        else if (known.includes(a.v.charAt(1))) opts.push({ k: 'tuple', items: [str(a.v.slice(0, 2)), str('')] });
        else throw new PyError('getopt.GetoptError', `option ${a.v} not recognized`);
      }
      return { k: 'tuple', items: [pyList(opts), pyList(rest)] };
    },
  };
  for (const maxProbes of [20, 40]) {
    const report = await exploreOffline(info('gnu_getopt', fn), fakeProbe(fn, { cache: false }).probe, { maxProbes, strictness: 'anonymized' });
    assert.doesNotMatch(report.description.summary, /(^|\. )Cuts `args` into/, `${maxProbes}: ${report.description.summary}`);
  }
});

test('a text never shorter than its template, on calls whose value was never empty, is an observation; an emptied value is tried and breaks it', () => {
  // locale.format_string(f, val): f % val. Every value tried was longer than the `%s` it filled.
  const positions: Position[] = ['f', 'val'].map((name) => ({ name, role: 'positional', positionalOnly: false, candidates: ['str'] }));
  const format = (f: string, val: PyValue): string => f.replace('%s', val.k === 'str' ? val.v : '');
  const calls: [string, PyValue][] = [
    ['abc', { k: 'dict', entries: [[str('a'), str('b')]] }],
    ['%s', str('abcdef')],
    ['<%s>', str('xyz')],
    ['Hello, %s!', str('World')],
  ];
  const observations = calls.map(([f, val], k) => returnedObservation(positions, k + 1, [str(f), val], str(format(f, val))));
  const [relation] = findRelations(observations, positions);
  assert.ok(relation, 'a relation is found on these calls');
  assert.match(relation.text, /never shorter/);
  // Before any value was empty it is what the calls tried did.
  assert.match(relation.text, /^In the 4 calls tried \(none with [^)]*another argument empty[^)]*\), it gives /);
  assert.equal(relation.family, 'length');
  // The verification tries the value emptied: format_string('%s', '') is '', shorter than '%s'.
  const plans = planVerification([], observations, positions, relation.support, [{ family: 'length', support: relation.support }]);
  const emptied = plans.find((p) => p.input[1]?.value && toSource(p.input[1].value) === "''");
  assert.ok(emptied, plans.map((p) => p.note).join(' | '));
  const f = emptied.input[0]?.value;
  assert.ok(f?.k === 'str');
  const after = [...observations, returnedObservation(positions, 5, [f, str('')], str(format(f.v, str(''))))];
  assert.ok(!findRelations(after, positions).some((r) => /never shorter/.test(r.text)), findRelations(after, positions)[0]?.text);
});

test('a text upper-cased on ASCII letters alone is not said to be converted to upper case once a non-ASCII letter is tried', async () => {
  // As bytes.upper or a translation table of a-z does: 'é' stays 'é', where str.upper gives 'É'.
  const fn: FakeFunction = {
    params: [param('text')],
    body: ([text]) => pyStr(expectStr(text, 'shout').replace(/[a-z]/g, (c) => c.toUpperCase())),
  };
  for (const maxProbes of [20, 40]) {
    const report = await exploreOffline(info('shout', fn), fakeProbe(fn, { cache: false }).probe, { maxProbes, strictness: 'anonymized' });
    assert.doesNotMatch(report.description.summary, /(^|\. )Converts the text to upper case/, `${maxProbes}: ${report.description.summary}`);
  }
});

test("a number's text with commas put in is said to keep its digits only once a leading zero was tried: it is dropped", () => {
  // humanize.intcomma on text: digits read as a number, so '0000000' gives '0' and '01234' '1,234'.
  // Calls with no leading zero all keep the digits in order.
  const positions: Position[] = [{ name: 'value', role: 'positional', positionalOnly: false, candidates: ['str'] }];
  const intcomma = (s: string): string => (/^[0-9]+$/.test(s) ? BigInt(s).toLocaleString('en-US') : s);
  const observations = ['1234567', '9876543210', '12 345', '42'].map((x, k) => returnedObservation(positions, k + 1, [str(x)], str(intcomma(x))));
  const relation = findRelations(observations, positions).find((r) => r.family === 'chars');
  assert.ok(relation, JSON.stringify(findRelations(observations, positions).map((r) => r.text)));
  assert.match(relation.text, /^In the 4 calls tried \(none with digits with a leading zero or a tab or a non-ASCII letter\)/);
  // The verification tries one: intcomma('01234567') is '1,234,567', which has lost a digit.
  const plans = planVerification([], observations, positions, relation.support, [{ family: 'chars', support: relation.support }]);
  const zero = plans.find((p) => p.input[0]?.value?.k === 'str' && /^0[0-9]/.test(p.input[0].value.v));
  assert.ok(zero?.input[0]?.value?.k === 'str', plans.map((p) => p.note).join(' | '));
  const x = zero.input[0].value.v;
  const after = [...observations, returnedObservation(positions, 5, [str(x)], str(intcomma(x)))];
  assert.ok(!findRelations(after, positions).some((r) => /Keeps the .*digits in order/.test(r.text)), findRelations(after, positions)[0]?.text);
});

test('a text quoted with its non-ASCII letters escaped is said to keep its letters only once a tab and a non-ASCII letter were tried: it is not', async () => {
  // As json.dumps does: '"abc"' for 'abc', but '"caf\\u00e9"' for 'café', whose 'é' became 'u00e9'.
  const escaped = (s: string): string => `"${s.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;
  const positions: Position[] = [{ name: 'obj', role: 'positional', positionalOnly: false, candidates: ['str', 'int'] }];
  const observations = [
    ...['abc', '03', 'skipkeys', '[3, 1,. 2]'].map((x, k) => returnedObservation(positions, k + 1, [str(x)], str(escaped(x)))),
    ...[3, 12].map((n, k) => returnedObservation(positions, k + 5, [int(n)], str(String(n)))),
  ];
  const relation = findRelations(observations, positions).find((r) => r.family === 'chars');
  assert.ok(relation, JSON.stringify(findRelations(observations, positions).map((r) => r.text)));
  assert.match(relation.text, /^In the 4 calls tried \(none with a tab or a non-ASCII letter\)/);
  const plans = planVerification([], observations, positions, relation.support, [{ family: 'chars', support: relation.support }]);
  const accented = plans.find((p) => p.input[0]?.value?.k === 'str' && /\té/.test(p.input[0].value.v));
  assert.ok(accented?.input[0]?.value?.k === 'str', plans.map((p) => p.note).join(' | '));
  const x = accented.input[0].value.v;
  const after = [...observations, returnedObservation(positions, 7, [str(x)], str(escaped(x)))];
  assert.ok(!findRelations(after, positions).some((r) => /Keeps the .*letters/.test(r.text)), findRelations(after, positions)[0]?.text);
});
