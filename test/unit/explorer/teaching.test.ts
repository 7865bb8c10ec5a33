// What a description teaches from calls no sweep chose for it: claims that need the inputs to
// show them (an order never tested is not claimed), and examples a person would try first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inferProperties } from '../../../src/explorer/properties.js';
import type { Observation, Position } from '../../../src/explorer/inputs.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { int, ints, list, str, toSource, tuple } from '../../../src/explorer/values.js';
import { buildReport } from '../../../src/explorer/describe.js';
import { findRelations } from '../../../src/explorer/relations.js';
import { exploreOffline } from '../../../src/explorer/index.js';
import { returnedExamples } from '../../../src/explorer/ordinary.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, expectInt, expectNumber, expectStr, fakeProbe, info, param, pyFloat, pyInt, pyStr, returnedObservation } from './fake-python.js';

const call = (callee: string, args: PyValue[]): PyValue => ({ k: 'call', callee, args });

const positional = (name: string): Position => ({ name, role: 'positional', positionalOnly: false, candidates: ['list[int]'] });

/** An observation of a call with these arguments that returned `out`. */
export function observed(positions: Position[], index: number, args: PyValue[], out: PyValue): Observation {
  return returnedObservation(positions, index, args, out, () => 'list[int]');
}

test('outputs in ascending order that kept the order their elements had in the input are not "sorted output"', () => {
  const positions = [positional('items')];
  const dedupe = (xs: number[]): PyValue => list(ints(...xs.filter((x, i) => xs.indexOf(x) === i)));
  const calls = [
    [4, 8, 15, 16],
    [4, 4, 15, 16],
    [4, 8, 8, 16],
    [1, 2, 3],
    // Out of order, but the output keeps the order it was given in: no sorting shown.
    [4, 8, 4, 16],
  ];
  const observations = calls.map((xs, i) => observed(positions, i + 1, [list(ints(...xs))], dedupe(xs)));
  const sorted = () => inferProperties(observations, { positions, callText: () => '' }).properties.find((p) => p.name === 'sorted-output');
  assert.equal(sorted()?.holds, false, sorted()?.evidence);
  assert.match(sorted()!.evidence, /kept the order its elements had/);
  // One input out of order that still came back sorted: now the order is the function's work.
  observations.push(observed(positions, 6, [list(ints(3, 1, 2))], list(ints(1, 2, 3))));
  assert.equal(sorted()?.holds, true, sorted()?.evidence);
});

test('a line read off a method is not stated when one object gave every call: its intercept may be that object', () => {
  const self: Position = { name: 'self', role: 'receiver', positionalOnly: false, candidates: ['new:Account:1'] };
  const positions = [self, { ...positional('amount'), candidates: ['int'] }];
  const withdraw = (balance: number, amounts: number[], from: number): Observation[] =>
    amounts.map((a, k) => {
      const o = observed(positions, from + k, [call('Account', [int(balance)]), int(a)], int(balance - a));
      return {
        ...o,
        input: [
          { cls: 'new:Account:1', value: call('Account', [int(balance)]) },
          { cls: 'int', value: int(a) },
        ],
      };
    });
  const one = withdraw(100, [3, 1, 5, 10], 1);
  assert.deepEqual(
    findRelations(one, positions).map((r) => r.text),
    [],
  );
  // Another balance on the same line would show the line is the method's: here it is not.
  const two = [...one, ...withdraw(50, [3, 1], 5)];
  assert.ok(!findRelations(two, positions).some((r) => /Returns -`amount` \+ 100/.test(r.text)));
});

test('a call Python refused to bind (a required argument left out) is neither a raise line nor the example of an error', async () => {
  const fn: FakeFunction = {
    params: [param('year')],
    body: ([year]) => {
      if (year === undefined) throw new PyError('TypeError', "isleap() missing 1 required positional argument: 'year'");
      const y = expectInt(year, 'isleap');
      return { k: 'bool', v: y % 4n === 0n && (y % 100n !== 0n || y % 400n === 0n) };
    },
  };
  const fake = fakeProbe(fn, { cache: false });
  const report = await exploreOffline(info('isleap', fn), fake.probe, { maxProbes: 20, strictness: 'anonymized' });
  assert.ok(
    fake.records.some((r) => /missing 1 required/.test(r.result.exception?.message ?? '')),
    'the explorer did leave the argument out once',
  );
  assert.doesNotMatch(report.description.raises, /missing 1 required/);
  assert.ok(!report.description.examples.some((e) => /missing 1 required/.test(e.result)), JSON.stringify(report.description.examples));
  assert.match(report.description.raises, /TypeError/, 'the raise of a wrong type is still there');
});

test('examples open with a text of words, not one of punctuation or one that gave an empty result', () => {
  const positions: Position[] = [{ ...positional('doc'), candidates: ['str'] }];
  const o = (i: number, x: string, y: string): Observation => ({ ...observed(positions, i, [str(x)], str(y)), input: [{ cls: 'str', value: str(x) }] });
  // cleandoc-like: what the trial showed first was cleandoc('\n') → ''.
  const observations = [o(1, '\n', ''), o(2, '*', '*'), o(3, ' ', ''), o(4, '  Hello\n    world', 'Hello\nworld'), o(5, 'abc', 'abc')];
  const shown = returnedExamples(
    observations,
    positions,
    () => true,
    (x) => `cleandoc(${x.request.args[0]})`,
    false,
  );
  assert.equal(shown[0]?.record.index, 4, shown.map((x) => x.request.args[0]).join(' | '));
});

test('a call that left its object unable to show itself is not the first example (a setter given a value out of range)', () => {
  // colour's Color().set_saturation(5): saturation must be in 0–1; the object's repr raised afterwards.
  const positions: Position[] = [{ ...positional('value'), candidates: ['int', 'float'] }];
  const set = (i: number, x: PyValue, after: string): Observation => {
    const o = observed(positions, i, [x], { k: 'none' });
    return { ...o, record: { ...o.record, result: { ...o.record.result, mutations: [{ arg: 'receiver', repr: after }] } } };
  };
  const broken = '<repr of colour.Color raised ValueError: Saturation must be between 0 and 1. You provided 5.0.>';
  const observations = [set(1, int(5), broken), set(2, int(7), broken), set(3, pyFloat(0.25), '<Color black>')];
  const shown = returnedExamples(
    observations,
    positions,
    () => true,
    (x) => `Color().set_saturation(${x.request.args[0]})`,
    false,
  );
  assert.equal(shown[0]?.record.index, 3, shown.map((x) => x.request.args[0]).join(' | '));
});

/** Observations of a one-parameter text function on these texts. */
function textCalls(f: (s: string) => string, texts: string[]): { positions: Position[]; observations: Observation[] } {
  const positions: Position[] = [{ ...positional('text'), candidates: ['str'] }];
  const observations = texts.map((x, i) => ({ ...observed(positions, i + 1, [str(x)], str(f(x))), input: [{ cls: 'str', value: str(x) }] }));
  return { positions, observations };
}

const TEXTS = ['Hello, World!', 'a.b*c', '^a.*z$', 'docs/report.txt', 'Tom & Jerry <b>', 'x + y = 1'];

test('escaping: each character always written the same escaped way, the rest kept, is stated with the characters seen', () => {
  const reEscape = (s: string) => s.replace(/[.*+?^$()[\]{}|\\&~# -]/g, (c) => `\\${c}`);
  const { positions, observations } = textCalls(reEscape, TEXTS);
  const [first] = findRelations(observations, positions);
  assert.match(first?.text ?? '', /^Puts a backslash before each `[^`]+`, /, first?.text);
  const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const h = textCalls(html, [...TEXTS, '<p>salt & pepper</p>']);
  assert.match(
    findRelations(h.observations, h.positions)[0]?.text ?? '',
    /^Writes `&` as `&amp;`, `<` as `&lt;` and `>` as `&gt;` in `text`; letters, digits and the other characters tried \(/,
  );
  // The way back: html.unescape.
  const back = textCalls((s) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'), [...TEXTS, '<p>salt & pepper</p>'].map(html));
  assert.match(findRelations(back.observations, back.positions)[0]?.text ?? '', /^Turns `&amp;` into `&`, /);
});

test('escaping that is not the same every time (only the first dot) is not stated', () => {
  const firstDot = (s: string) => s.replace('.', '\\.').replace('*', '\\*');
  const { positions, observations } = textCalls(firstDot, [...TEXTS, 'a.b.c', 'x*y*z']);
  assert.ok(!findRelations(observations, positions).some((r) => /backslash/.test(r.text)));
});

test('a price written in a template with 2 decimals and a comma every three digits is stated with its format', async () => {
  const symbols: Record<string, string> = { USD: '$', EUR: '€' };
  const fn: FakeFunction = {
    params: [param('amount'), param('currency', 'POSITIONAL_OR_KEYWORD', { default: "'USD'" })],
    body: ([amount, currency]) => {
      const c = currency === undefined ? 'USD' : expectStr(currency, 'format_money');
      if (!(c in symbols)) throw new PyError('ValueError', `unknown currency: ${c}`);
      const n = expectNumber(amount, 'format_money');
      const [whole, frac] = Math.abs(n).toFixed(2).split('.');
      return pyStr(`${symbols[c]}${n < 0 ? '-' : ''}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`);
    },
  };
  const fake = fakeProbe(fn, { cache: false });
  const report = await exploreOffline(info('format_money', fn), fake.probe, { maxProbes: 20, strictness: 'anonymized' });
  assert.match(
    report.description.summary,
    /^Returns the text `\$\{amount\}`, with `amount` written in place of its name in braces; `amount` written with 2 decimals and a comma every three digits/,
  );
});

test('a number format that larger numbers break (no decimals kept from 1000 up) is not stated', async () => {
  // From 1000 up only one decimal is written.
  const fn: FakeFunction = {
    params: [param('amount')],
    body: ([amount]) => {
      const n = expectNumber(amount, 'price');
      return pyStr(`$${Math.abs(n) >= 1000 ? n.toFixed(1) : n.toFixed(2)}`);
    },
  };
  const fake = fakeProbe(fn, { cache: false });
  const report = await exploreOffline(info('price', fn), fake.probe, { maxProbes: 20, strictness: 'anonymized' });
  assert.doesNotMatch(report.description.summary, /with 2 decimals/);
});

test('a product rounded to cents, and a percentage change, are stated as such', async () => {
  const tax: FakeFunction = {
    params: [param('price'), param('rate', 'POSITIONAL_OR_KEYWORD', { default: '0.2' })],
    body: ([price, rate]) => pyFloat(Math.round(expectNumber(price, 'tax') * (rate === undefined ? 0.2 : expectNumber(rate, 'tax')) * 100) / 100),
  };
  const change: FakeFunction = {
    params: [param('old'), param('new')],
    body: ([a, b]) => {
      const [x, y] = [expectNumber(a, 'percent_change'), expectNumber(b, 'percent_change')];
      if (x === 0) throw new PyError('ZeroDivisionError', 'division by zero');
      return pyFloat(((y - x) / x) * 100);
    },
  };
  // The explored tax calls may never show a result rounded at the second place: then no number
  // of places may be stated (the rounding is pinned by hand below).
  for (const [name, fn, want] of [
    ['tax_amount', tax, /^(Multiplies `price` by `rate` \(rounded to 2 decimal places\)\.|In the calls tried )/],
    ['percent_change', change, /^Returns the change from `old` to `new` as a percentage of `old`/],
  ] as const) {
    const fake = fakeProbe(fn, { cache: false });
    const report = await exploreOffline(info(name, fn), fake.probe, { maxProbes: 20, strictness: 'anonymized' });
    assert.match(report.description.summary, want);
  }
});

test('a product is said to be rounded to the places a result rounded at the last of them shows, and to none when no result pins them', () => {
  const positions: Position[] = [
    { name: 'price', role: 'positional', positionalOnly: false, candidates: ['float'] },
    { name: 'rate', role: 'positional', positionalOnly: false, candidates: ['float'] },
  ];
  const call = (i: number, price: number, rate: number, out: number): Observation => observed(positions, i, [pyFloat(price), pyFloat(rate)], pyFloat(out));
  // 19.99 * 0.2 = 3.998 shown as 4.0, beside exact results of one decimal: 1, 2 or more places fit.
  const unpinned = [call(1, 19.99, 0.2, 4.0), call(2, 3, 0.2, 0.6), call(3, 100, 0.5, 50.0), call(4, 4, 0.2, 0.8)];
  assert.ok(!findRelations(unpinned, positions).some((r) => /rounded to/.test(r.text)), JSON.stringify(findRelations(unpinned, positions).map((r) => r.text)));
  // 19.99 * 0.15 = 2.9985 shown as 3.0 and 12.345 * 0.5 = 6.1725 shown as 6.17: two places, seen.
  const pinned = [...unpinned, call(5, 12.345, 0.5, 6.17), call(6, 7.777, 0.3, 2.33)];
  assert.ok(
    findRelations(pinned, positions).some((r) => /^Multiplies `price` by `rate` \(rounded to 2 decimal places\)\./.test(r.text)),
    JSON.stringify(findRelations(pinned, positions).map((r) => r.text)),
  );
});

test('a predicate whose rule was not worked out says which arguments gave True and which False', async () => {
  const fn: FakeFunction = {
    params: [param('year')],
    body: ([year]) => {
      const y = expectInt(year, 'isleap');
      return { k: 'bool', v: y % 4n === 0n && (y % 100n !== 0n || y % 400n === 0n) };
    },
  };
  const fake = fakeProbe(fn, { cache: false });
  const report = await exploreOffline(info('isleap', fn), fake.probe, { maxProbes: 20, strictness: 'anonymized' });
  const seen = (b: boolean) => fake.records.filter((r) => r.result.value?.repr === String(b ? 'True' : 'False') && r.args.length === 1).map((r) => r.args[0]!);
  assert.ok(seen(true).length > 0 && seen(false).length > 0, 'both results were seen');
  const m = /returned True for (.+); False for (.+?)\.$/.exec(report.description.summary);
  assert.ok(m, report.description.summary);
  // Each argument named is one that gave that result.
  for (const a of [...m[1]!.matchAll(/`([^`]+)`/g)].map((x) => x[1]!)) assert.ok(seen(true).includes(a), a);
  for (const a of [...m[2]!.matchAll(/`([^`]+)`/g)].map((x) => x[1]!)) assert.ok(seen(false).includes(a), a);
});

/** A fake's date argument as days since 1970-01-01, and back. */
const dayOf = (v: PyValue | undefined, fn: string): number => {
  if (v?.k !== 'date') throw new PyError('TypeError', `${fn}: expected a date`);
  return Date.UTC(v.y, v.m - 1, v.d) / 86_400_000;
};
const dateOf = (day: number): PyValue => {
  const d = new Date(day * 86_400_000);
  return { k: 'date', y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
};

/** A fake that moves a date by `days` days, not counting the weekdays in `skipped` (0 is a Thursday: 1970-01-01). */
const movingDays = (name: string, skipped: number[]): FakeFunction => ({
  params: [param('start', 'POSITIONAL_OR_KEYWORD', { annotation: 'date' }), param('days', 'POSITIONAL_OR_KEYWORD', { annotation: 'int' })],
  body: ([start, days]) => {
    let d = dayOf(start, name);
    const n = Number(expectInt(days, name));
    if (Math.abs(n) > 1e7) throw new PyError('OverflowError', 'date value out of range');
    for (let left = Math.abs(n); left > 0;) {
      d += Math.sign(n);
      if (!skipped.includes(((d % 7) + 7) % 7)) left--;
    }
    return dateOf(d);
  },
});

test('a date moved by business days, and the days between two dates, are stated as such', async () => {
  const addBusinessDays = movingDays('add_business_days', [2, 3]);
  const between: FakeFunction = {
    params: [param('start', 'POSITIONAL_OR_KEYWORD', { annotation: 'date' }), param('end', 'POSITIONAL_OR_KEYWORD', { annotation: 'date' })],
    body: ([a, b]) => pyInt(dayOf(b, 'days_between') - dayOf(a, 'days_between')),
  };
  for (const [name, fn, want] of [
    ['add_business_days', addBusinessDays, /^Returns `start` moved `days` business days later \(Saturdays and Sundays are not counted\)/],
    ['days_between', between, /^Returns the number of days from `start` to `end`/],
  ] as const) {
    const fake = fakeProbe(fn, { cache: false });
    const report = await exploreOffline(info(name, fn), fake.probe, { maxProbes: 40, strictness: 'signature' });
    assert.match(report.description.summary, want, fake.records.map((r) => `${r.args.join(', ')} → ${r.result.value?.repr ?? r.result.status}`).join('\n'));
  }
});

test('a date moved by days that skips more than weekends (Fridays too) is not said to move business days', async () => {
  const fn = movingDays('add_work_days', [1, 2, 3]);
  const fake = fakeProbe(fn, { cache: false });
  const report = await exploreOffline(info('add_work_days', fn), fake.probe, { maxProbes: 40, strictness: 'signature' });
  assert.doesNotMatch(report.description.summary, /moved `days`/);
});

/** Python's str() of the values a fake may be given, for f-strings. */
const pyText = (v: PyValue): string =>
  v.k === 'str' ? v.v : v.k === 'date' ? `${v.y}-${String(v.m).padStart(2, '0')}-${String(v.d).padStart(2, '0')}` : toSource(v);

test('a text in one template, and another for one count (`1 apple`, else `3 apples`), is stated with both', async () => {
  const fn: FakeFunction = {
    params: [param('word'), param('count')],
    body: ([word, count]) => {
      if (word === undefined || count === undefined) throw new PyError('TypeError', "pluralize() missing 1 required positional argument: 'count'");
      return pyStr(count?.k === 'int' && count.v === 1n ? `${pyText(count)} ${pyText(word)}` : `${pyText(count)} ${pyText(word)}s`);
    },
  };
  const fake = fakeProbe(fn, { cache: false });
  const report = await exploreOffline(info('pluralize', fn), fake.probe, { maxProbes: 40, strictness: 'anonymized' });
  const ones = fake.records.filter((r) => r.args[1] === '1' && r.result.status === 'returned');
  assert.ok(ones.length > 0, 'a count of 1 was tried');
  const when =
    ones.length === 1
      ? `the one call with \`count\` 1 gave \`${JSON.parse(ones[0]!.result.value!.repr.replace(/^'|'$/g, '"'))}\` instead`
      : 'when `count` is 1, `{count} {word}`';
  assert.ok(report.description.summary.startsWith('Returns the text `{count} {word}s`, '), report.description.summary);
  assert.ok(report.description.summary.endsWith(`; ${when}.`), report.description.summary);
});

test('a text masked but for its last characters is stated with the mask and how many are kept', () => {
  const maskCard = (s: string): string => {
    const digits = s.replace(/ /g, '');
    return '*'.repeat(Math.max(0, digits.length - 4)) + digits.slice(-4);
  };
  const texts = ['4111 1111 1111 1234', 'Hello, World!', 'abc', 'https://example.com/a', 'two  spaces here'];
  const { positions, observations } = textCalls(maskCard, texts);
  assert.equal(
    findRelations(observations, positions)[0]?.text,
    'Writes every character of `text` but the last 4 as `*` (spaces are dropped first); a text of 4 characters or fewer comes back as it is.',
  );
  // Masked but for a number of characters that changes with the text: no rule of it.
  const half = textCalls((s) => '*'.repeat(Math.ceil(s.length / 2)) + s.slice(Math.ceil(s.length / 2)), texts);
  assert.ok(!findRelations(half.observations, half.positions).some((r) => /but the last/.test(r.text)));
});

test('the longest common prefix of some texts, and a text cut into two pieces that join back, are stated', () => {
  const positions: Position[] = [{ ...positional('m'), candidates: ['list[str]'] }];
  const prefix = (xs: string[]): string =>
    xs.reduce((p, x) => p.slice(0, [...p].findIndex((ch, i) => x[i] !== ch) === -1 ? p.length : [...p].findIndex((ch, i) => x[i] !== ch)));
  const lists = [
    ['interview', 'internet', 'interval'],
    ['flower', 'flow'],
    ['dog', 'cat'],
    ['/usr/lib', '/usr/local'],
  ];
  const observations = lists.map((xs, i) => ({
    ...observed(positions, i + 1, [list(xs.map(str))], str(prefix(xs))),
    input: [{ cls: 'list[str]', value: list(xs.map(str)) }],
  }));
  assert.equal(findRelations(observations, positions)[0]?.text, 'Returns the longest common prefix of the texts in `m`.');
  // A common path (commonpath) fits the same on one path alone and on paths sharing nothing or all:
  // no call there stops a shared prefix short, so no prefix is stated.
  const paths = [['/usr/lib'], ['a', 'b'], ['docs', 'docs']].map((xs, i) => ({
    ...observed(positions, i + 1, [list(xs.map(str))], str(prefix(xs))),
    input: [{ cls: 'list[str]', value: list(xs.map(str)) }],
  }));
  const stated = findRelations(paths, positions).map((r) => r.text);
  assert.ok(!stated.some((t) => /longest common prefix/.test(t)), stated.join(' '));
  const split = textCalls((s) => s, []);
  const ext = (s: string): PyValue => {
    const dot = s.lastIndexOf('.');
    return { k: 'tuple', items: dot > 0 ? [str(s.slice(0, dot)), str(s.slice(dot))] : [str(s), str('')] };
  };
  const cases = ['report.txt', 'a/b.tar.gz', 'README', 'x.py'].map((x, i) => ({
    ...observed(split.positions, i + 1, [str(x)], ext(x)),
    input: [{ cls: 'str', value: str(x) }],
  }));
  assert.equal(findRelations(cases, split.positions)[0]?.text, 'Cuts `text` into 2 consecutive pieces (joined, they give it back).');
  // One piece every time: no "1 consecutive pieces".
  const whole = ['a b', 'report.txt', 'x'].map((x, i) => ({
    ...observed(split.positions, i + 1, [str(x)], list([str(x)])),
    input: [{ cls: 'str', value: str(x) }],
  }));
  assert.equal(findRelations(whole, split.positions)[0]?.text, 'Returns `text` itself, alone in a sequence of one.');
});

test('escaping read through a kept `%` that looks like an escape (`a%20b` given to re.escape)', () => {
  const reEscape = (s: string) => s.replace(/[.*+?^$()[\]{}|\\&~# -]/g, (c) => `\\${c}`);
  const { positions, observations } = textCalls(reEscape, [...TEXTS, 'https://example.com/a%20b?q=1&x=<y>#top']);
  assert.match(findRelations(observations, positions)[0]?.text ?? '', /^Puts a backslash before each /);
});

test('a call on a file written first (scratch_file) is not an example: a reader has no such file', async () => {
  // count_lines(path): reads a file. Only a call given a written file can return.
  const fn: FakeFunction = {
    params: [param('path')],
    body: ([path]) => {
      if (path?.k === 'call' && path.callee === 'scratch_file') return pyInt(expectStr(path.args[1], 'count_lines').split('\n').length - 1);
      const name = expectStr(path, 'count_lines');
      throw new PyError('FileNotFoundError', `[Errno 2] No such file or directory: '${name}'`);
    },
  };
  const fake = fakeProbe(fn, { cache: false });
  const report = await exploreOffline(info('count_lines', fn), fake.probe, { maxProbes: 30, strictness: 'anonymized' });
  assert.ok(
    fake.records.some((r) => r.result.status === 'returned'),
    'a call on a written file returned',
  );
  assert.ok(!report.description.examples.some((e) => /scratch_file/.test(e.call)), JSON.stringify(report.description.examples));
});

test("examples open with a call a person would type, not an output fed back to test a law (initials('HW'))", () => {
  const { positions, observations } = textCalls(
    (s) =>
      s
        .split(/\s+/)
        .filter(Boolean)
        .map((w) => w[0]!.toUpperCase())
        .join(''),
    ['Hello, World!', 'Ada Lovelace', 'abc'],
  );
  const reapplied = [observations[0]!, observations[1]!].map((o, k) => {
    const fed = o.record.result.value!.repr.slice(1, -1);
    return { ...observed(positions, 10 + k, [str(fed)], str(fed.slice(0, 1))), input: [{ cls: 'str', value: str(fed) }], purpose: 'reapply' as const };
  });
  const shown = returnedExamples(
    [...observations, ...reapplied],
    positions,
    () => true,
    (x) => `initials(${x.request.args[0]})`,
    false,
  );
  assert.ok(
    shown.slice(0, 2).every((o) => o.purpose !== 'reapply'),
    shown.map((o) => o.request.args[0]).join(' | '),
  );
});

test('a function of one number that gave a few results, each over one stretch (a grade), says which stretch gave which', async () => {
  const fn: FakeFunction = {
    params: [param('score')],
    body: ([score]) => {
      const n = expectNumber(score, 'grade');
      if (n < 0 || n > 100) throw new PyError('ValueError', 'score out of range');
      return pyStr(n >= 90 ? 'A' : n >= 80 ? 'B' : n >= 70 ? 'C' : 'F');
    },
  };
  const fake = fakeProbe(fn, { cache: false });
  const report = await exploreOffline(info('grade', fn), fake.probe, { maxProbes: 40, strictness: 'anonymized' });
  assert.match(report.description.summary, /returned 'F' for `score` [-\d.]+(?: to [-\d.]+)?(?:, | and )'/, report.description.summary);
  // Each stretch quoted is one the calls showed: every call in it gave that result.
  const ranges = [...report.description.summary.matchAll(/'([A-F])' for (?:`score` )?([-\d.]+)(?: to ([-\d.]+))?/g)];
  assert.ok(ranges.length >= 2, report.description.summary);
  for (const [, r, lo, hi] of ranges) {
    for (const rec of fake.records) {
      const x = Number(rec.args[0]);
      if (rec.result.status === 'returned' && rec.args.length === 1 && x >= Number(lo) && x <= Number(hi ?? lo))
        assert.equal(rec.result.value?.repr, `'${r}'`, `${rec.args[0]}`);
    }
  }
});

test('a bool given to a function of one number counts as the number it is (True is 1) in the stretches', () => {
  const positions: Position[] = [{ ...positional('score'), candidates: ['int', 'bool'] }];
  const grade = (n: number): PyValue => str(n >= 90 ? 'A' : n >= 70 ? 'C' : 'F');
  const xs: PyValue[] = [...ints(5, 40, 65, 70, 75, 90, 100), { k: 'bool', v: true }];
  const observations = xs.map((x, i) => returnedObservation(positions, i + 1, [x], grade(x.k === 'bool' ? 1 : Number(x.k === 'int' ? x.v : 0))));
  const fn: FakeFunction = { params: [param('score')], body: () => str('') };
  const report = buildReport({ info: info('grade', fn), positions, observations, accepted: [new Set(['int', 'bool'])], maxProbes: 20 });
  assert.match(report.description.summary, /returned 'F' for `score` 1 to 65, 'C' for 70 to 75 and 'A' for 90 to 100/, report.description.summary);
});

test('a one-argument call that came back unchanged is not the first example when another call changed its text (normpath)', () => {
  const positions: Position[] = [{ ...positional('path'), candidates: ['str'] }];
  const calls: [string, string][] = [
    ['docs/report.txt', 'docs/report.txt'],
    ['a/../b/./c.py', 'b/c.py'],
    ['b/c.py', 'b/c.py'],
  ];
  const observations = calls.map(([i, o], k) => returnedObservation(positions, k + 1, [str(i)], str(o), () => 'str'));
  const shown = returnedExamples(
    observations,
    positions,
    () => true,
    (x) => `normpath(${x.request.args[0]})`,
    false,
  );
  assert.equal(shown[0]?.request.args[0], "'a/../b/./c.py'", shown.map((x) => x.request.args[0]).join(' | '));
});

test("the explorer's generic probe values ('abc', b'abc', b'') are not the first example where the name suggested real ones (urldefrag)", () => {
  const url = 'http://localhost:8080/api/v1/items';
  const positions: Position[] = [{ ...positional('url'), candidates: ['str'], hinted: [str(url)] }];
  const calls: [PyValue, PyValue][] = [
    [
      { k: 'bytes', hex: '' },
      tuple([
        { k: 'bytes', hex: '' },
        { k: 'bytes', hex: '' },
      ]),
    ],
    [
      { k: 'bytes', hex: '616263' },
      tuple([
        { k: 'bytes', hex: '616263' },
        { k: 'bytes', hex: '' },
      ]),
    ],
    [str('abc'), tuple([str('abc'), str('')])],
    [str(url), tuple([str(url), str('')])],
  ];
  const observations = calls.map(([i, o], k) => returnedObservation(positions, k + 1, [i], o, () => 'str'));
  const shown = returnedExamples(
    observations,
    positions,
    () => true,
    (x) => `urldefrag(${x.request.args[0]})`,
    false,
  );
  assert.equal(shown[0]?.request.args[0], `'${url}'`, shown.map((x) => x.request.args[0]).join(' | '));
});
