// Relations of the summary tried on the inputs chosen to break them before they are stated
// (src/explorer/breakers.ts): each fixture makes a relation false that the calls the explorer
// made before held, as on last round's new-user trial (issue 20).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import { findRelations } from '../../../src/explorer/relations.js';
import { planVerification } from '../../../src/explorer/verify.js';
import { contrastPlans } from '../../../src/explorer/contrast.js';
import type { Observation, Position } from '../../../src/explorer/inputs.js';
import { toRequest } from '../../../src/explorer/inputs.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { bool, int, list, str, toSource } from '../../../src/explorer/values.js';
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

test('a value error no returned call contrasts gets the same call with an option left out, or one argument given a value that returned elsewhere', () => {
  // chunk_text(text, width, strict=False): width 0 raises; no call made differs from chunk_text('The quick', 0) in one argument alone.
  const positions: Position[] = [
    { name: 'text', role: 'positional', positionalOnly: false, candidates: ['str'] },
    { name: 'width', role: 'positional', positionalOnly: false, candidates: ['int'] },
    { name: 'strict', role: 'positional', positionalOnly: false, candidates: ['bool', 'omit'], default: { k: 'bool', v: false } },
  ];
  const ok = returnedObservation(positions, 1, [str('abc'), int(20)], list([str('abc')]));
  const raised = (index: number, args: (PyValue | undefined)[], type: string): Observation => ({
    ...returnedObservation(positions, index, args, str('')),
    record: {
      ...returnedObservation(positions, index, args, str('')).record,
      result: { status: 'raised', exception: { type, message: 'width must be positive' }, mutations: [], stdout: '', stderr: '', durationMs: 0.1 },
    },
  });
  const args = (p: { input: Observation['input'] }): string => toRequest(positions, p.input).args.join(', ');
  const plans = contrastPlans([ok, raised(2, [str('The quick'), int(0)], 'ValueError')], positions).map(args);
  assert.ok(plans.includes("'The quick', 20"), plans.join(' | '));
  // An option given: the same call without it comes first ("with `strict` left out (its default) it returned").
  const withOption = contrastPlans([ok, raised(2, [str('The quick'), int(5), bool(true)], 'ValueError')], positions).map(args);
  assert.equal(withOption[0], "'The quick', 5", withOption.join(' | '));
  // A raise a returned call already contrasts, and a type error, get none.
  assert.deepEqual(contrastPlans([ok, raised(3, [str('abc'), int(0)], 'ValueError')], positions), []);
  assert.deepEqual(contrastPlans([ok, raised(4, [int(3), int(0)], 'TypeError')], positions), []);
});
