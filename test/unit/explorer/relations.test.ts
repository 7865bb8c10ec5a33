// Relations read off the calls (a percentage, a straight line, an argument given back, a text
// template): stated when they hold on every call, silent when fresh inputs of the verification
// pass break one that held on the first calls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, expectNumber, expectStr, fakeProbe, info, param, pyFloat, pyStr } from './fake-python.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { toSource } from '../../../src/explorer/values.js';

async function summaryOf(name: string, fn: FakeFunction, maxProbes = 40) {
  const fake = fakeProbe(fn, { cache: false });
  const report = await exploreOffline(info(name, fn), fake.probe, { maxProbes, strictness: 'anonymized' });
  return { summary: report.description.summary, records: fake.records };
}

/** The calls made before the verification pass that returned, as arguments and result. */
function beforeVerification(records: Awaited<ReturnType<typeof summaryOf>>['records']) {
  const end = records.findIndex((r) => /^verification/.test(r.note ?? ''));
  assert.ok(end > 0, 'a verification pass ran');
  return { before: records.slice(0, end).filter((r) => r.result.status === 'returned'), after: records.slice(end) };
}

const py2 = (n: number): number => Math.round(n * 100) / 100;

test('a price less a percentage, rounded to cents, is stated with its parameters', async () => {
  const fn: FakeFunction = {
    params: [param('price'), param('percent')],
    body: ([price, percent]) => {
      const p = expectNumber(percent, 'apply_discount');
      if (p < 0 || p > 100) throw new PyError('ValueError', 'percent must be in [0, 100]');
      return pyFloat(py2((expectNumber(price, 'apply_discount') * (100 - p)) / 100));
    },
  };
  const { summary } = await summaryOf('apply_discount', fn);
  assert.match(summary, /^Returns `price` less `percent` percent \(rounded to 2 decimal places\)\./);
});

test('a percentage that held on the first calls but not on the bigger prices of the verification pass is not stated', async () => {
  // From 1000 up a flat 50 comes off instead: the sweep's prices stay below it, the pass's do not.
  const fn: FakeFunction = {
    params: [param('price'), param('percent')],
    body: ([price, percent]) => {
      const [x, p] = [expectNumber(price, 'discount'), expectNumber(percent, 'discount')];
      if (p < 0 || p > 100) throw new PyError('ValueError', 'percent must be in [0, 100]');
      return pyFloat(Math.abs(x) >= 1000 ? x - 50 : py2((x * (100 - p)) / 100));
    },
  };
  const { summary, records } = await summaryOf('discount', fn);
  const { before } = beforeVerification(records);
  assert.ok(
    before.every((r) => Math.abs(Number(r.args[0])) < 1000),
    'the first calls all fit the percentage',
  );
  assert.doesNotMatch(summary, /less `percent` percent/);
});

test('a number on a straight line of its one argument is stated with the coefficients seen: Celsius to Fahrenheit', async () => {
  const fn: FakeFunction = { params: [param('celsius')], body: ([c]) => pyFloat((expectNumber(c, 'c_to_f') * 9) / 5 + 32) };
  const { summary } = await summaryOf('c_to_f', fn);
  assert.match(summary, /^Returns 1\.8 × `celsius` \+ 32\./);
});

test('a line that held on the first calls but not on the numbers of the verification pass is not stated', async () => {
  // Off the line on fractions beyond 100 up to a million: the sweep's numbers fall outside, the pass's inside.
  const bent = (v: number): boolean => Math.abs(v) > 100 && Math.abs(v) < 1e6 && !Number.isInteger(v);
  const fn: FakeFunction = {
    params: [param('x')],
    body: ([x]) => {
      const v = expectNumber(x, 'bent');
      return pyFloat(bent(v) ? 3 * v : 3 * v + 1);
    },
  };
  const { summary, records } = await summaryOf('bent', fn);
  const { before } = beforeVerification(records);
  assert.ok(
    before.every((r) => !bent(Number(r.args[0]))),
    'the first calls all lie on the line',
  );
  assert.doesNotMatch(summary, /^Returns 3 ×/);
});

test('an argument given back is named, with the rule that chooses it: the longer of two texts', async () => {
  const longer: FakeFunction = {
    params: [param('a'), param('b')],
    body: ([a, b]) => {
      const [x, y] = [expectStr(a, 'longer'), expectStr(b, 'longer')];
      return pyStr([...x].length >= [...y].length ? x : y);
    },
  };
  assert.match((await summaryOf('longer', longer)).summary, /^Returns the longer of `a` and `b` \(the first on a tie\)\./);
});

test('an argument given back by a rule not in the catalogue is stated as one of the arguments', async () => {
  // `a` when its length is even, else `b`: neither the longer, the shorter, nor `a or b`.
  const fn: FakeFunction = {
    params: [param('a'), param('b')],
    body: ([a, b]) => {
      const [x, y] = [expectStr(a, 'even_pick'), expectStr(b, 'even_pick')];
      return pyStr([...x].length % 2 === 0 ? x : y);
    },
  };
  assert.match((await summaryOf('even_pick', fn)).summary, /^Returns one of its arguments as it was given: `a` or `b`\./);
});

test('an argument given back on the first calls but not for the texts of the verification pass is not said to be given back', async () => {
  // Two texts, one holding `<&>`, are joined instead: the sweep's texts have none, the pass's do.
  const fn: FakeFunction = {
    params: [param('a'), param('b')],
    body: ([a, b]) => {
      const [x, y] = [expectStr(a, 'pick'), expectStr(b, 'pick')];
      const chosen = [...x].length >= [...y].length ? x : y;
      return pyStr(/<&>/.test(x + y) ? x + y : chosen);
    },
  };
  // At 60 probes the pass reaches its variants of the texts.
  const { summary, records } = await summaryOf('pick', fn, 60);
  const { before } = beforeVerification(records);
  assert.ok(
    before.every((r) => !r.args.some((a) => a.includes('<&>'))),
    'no text of the first calls had `<&>`',
  );
  assert.doesNotMatch(summary, /the longer of|one of its arguments/);
});

test('a text made of the arguments in a fixed template is stated as that template: greet(greeting, name)', async () => {
  const fn: FakeFunction = {
    params: [param('greeting', 'POSITIONAL_OR_KEYWORD', { annotation: 'str' }), param('name', 'POSITIONAL_OR_KEYWORD', { annotation: 'str' })],
    body: ([g, n]) => pyStr(`${expectStr(g, 'greet')}, ${expectStr(n, 'greet')}!`),
  };
  const { summary } = await summaryOf('greet', fn);
  assert.match(summary, /^Returns the text `\{greeting\}, \{name\}!`, with `greeting` and `name` written in place of their name in braces\./);
});

test('a template that held on the first calls but not for the texts of the verification pass is not stated', async () => {
  // A text of several lines comes back with LF line ends: the sweep's texts have no CR, the pass's do.
  const fn: FakeFunction = {
    params: [param('greeting', 'POSITIONAL_OR_KEYWORD', { annotation: 'str' }), param('name', 'POSITIONAL_OR_KEYWORD', { annotation: 'str' })],
    body: ([g, n]) => pyStr(`${expectStr(g, 'greet')}, ${expectStr(n, 'greet')}!`.replace(/\r\n/g, '\n')),
  };
  const { summary, records } = await summaryOf('greet', fn);
  const { before } = beforeVerification(records);
  assert.ok(
    before.every((r) => !r.args.some((a) => a.includes('\\r'))),
    'no text of the first calls had a CR',
  );
  assert.doesNotMatch(summary, /\{name\}/);
});

test('each word capitalized is stated, with how the words are found: split and joined, or runs of letters as str.title', async () => {
  const cap = (w: string): string => w.slice(0, 1).toUpperCase() + w.slice(1).toLowerCase();
  const split: FakeFunction = {
    params: [param('text')],
    body: ([t]) => pyStr(expectStr(t, 'title_case').split(/\s+/).filter(Boolean).map(cap).join(' ')),
  };
  assert.match(
    (await summaryOf('title_case', split)).summary,
    /^Upper-cases the first letter of each word of `text` and lower-cases the rest, and joins its words/,
  );
  const title: FakeFunction = { params: [param('s')], body: ([t]) => pyStr(expectStr(t, 'title').replace(/[A-Za-z]+/g, cap)) };
  assert.match(
    (await summaryOf('title', title)).summary,
    /^Upper-cases the first letter of each word of `s` and lower-cases the rest, in place, where a word is a run of letters/,
  );
});

test('capitalized words that held on the first calls but not for the texts of the verification pass are not stated', async () => {
  // A text holding `<&>` comes back as it was: the sweep's texts have none, the pass's do.
  const cap = (w: string): string => w.slice(0, 1).toUpperCase() + w.slice(1).toLowerCase();
  const fn: FakeFunction = {
    params: [param('text')],
    body: ([t]) => {
      const s = expectStr(t, 'title_case');
      return pyStr(s.includes('<&>') ? s : s.split(/\s+/).filter(Boolean).map(cap).join(' '));
    },
  };
  // At 60 probes the pass reaches its variants of the texts.
  const { summary, records } = await summaryOf('title_case', fn, 60);
  const { before } = beforeVerification(records);
  assert.ok(
    before.every((r) => !r.args.some((a) => a.includes('<&>'))),
    'no text of the first calls had `<&>`',
  );
  assert.doesNotMatch(summary, /Upper-cases the first letter/);
});

test('a merge of dicts that never returned with a key in both says which one wins was not seen', async () => {
  // Refuses a key in both dicts: every call that returned had them apart, so either could win.
  const entries = (v: PyValue | undefined): [PyValue, PyValue][] => {
    if (v?.k !== 'dict') throw new PyError('TypeError', 'a dict is required');
    return v.entries;
  };
  const fn: FakeFunction = {
    params: [param('a', undefined, { annotation: 'dict' }), param('b', undefined, { annotation: 'dict' })],
    body: ([a, b]) => {
      const [x, y] = [entries(a), entries(b)];
      if (x.some(([k]) => y.some(([k2]) => toSource(k) === toSource(k2)))) throw new PyError('ValueError', 'duplicate key');
      return { k: 'dict', entries: [...x, ...y] };
    },
  };
  const { summary } = await summaryOf('join_tables', fn);
  assert.match(summary, /^Merges the dicts into one; which wins on a key two of them share was not seen\./);
});

test('lists within lists: flattened at every depth, or by one level, said once a list two deep was seen', async () => {
  const flat = (xs: PyValue[], depth: number): PyValue[] =>
    xs.flatMap((x) => (depth > 0 && (x.k === 'list' || x.k === 'tuple') ? flat(x.items, depth - 1) : [x]));
  const listArg = (v: PyValue | undefined): PyValue[] => {
    if (v?.k !== 'list') throw new PyError('TypeError', 'a list is required');
    return v.items;
  };
  const deep: FakeFunction = { params: [param('nested')], body: ([v]) => ({ k: 'list', items: flat(listArg(v), Infinity) }) };
  assert.match(
    (await summaryOf('flatten', deep)).summary,
    /^Returns the elements of `nested` with each list or tuple inside it replaced by its own elements, at any depth \(flattened\)\./,
  );
  const oneLevel: FakeFunction = {
    params: [param('nested')],
    body: ([v]) => {
      const xs = listArg(v);
      if (!xs.every((x) => x.k === 'list')) throw new PyError('TypeError', "'int' object is not iterable");
      return { k: 'list', items: flat(xs, 1) };
    },
  };
  assert.match(
    (await summaryOf('chain', oneLevel)).summary,
    /^Returns the elements of the lists inside `nested`, joined into one list \(one level: a list inside those stays a list\)\./,
  );
});
