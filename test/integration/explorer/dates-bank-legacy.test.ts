// examples/dates.py, bank.py, legacy.py and undocumented.py through the real worker.
import { test } from 'node:test';
import { DEFAULT_MAX_PROBES } from '../../../src/core/limits.js';
import assert from 'node:assert/strict';
import { assertHolds, assertNotClaimed, assertRaisesOnlyFor, exploreExample, property } from './harness.js';

test('add_business_days: (date, int) → date; skips weekends', async () => {
  const { report, records } = await exploreExample('dates.py', 'add_business_days');
  assert.deepEqual(report.returnTypes, ['datetime.date']);
  // The catalogue's date relation (issue 20: the summary says what it computes).
  assert.equal(
    report.description.summary,
    'Returns `start` moved `days` business days later (Saturdays and Sundays are not counted); a negative `days` moves it back.',
  );
  assert.ok(report.exceptions.TypeError);
  // Moving by one or more business days never lands on a weekend.
  const landed = records.filter((r) => r.result.status === 'returned' && Number(r.args[1]) !== 0).map((r) => r.result.value!.repr);
  assert.ok(landed.length >= 3);
  for (const repr of landed) {
    const [y, m, d] = /datetime\.date\((\d+), (\d+), (\d+)\)/.exec(repr)!.slice(1).map(Number);
    const day = new Date(Date.UTC(y!, m! - 1, d)).getUTCDay();
    assert.ok(day !== 0 && day !== 6, `${repr} is a weekend day`);
  }
});

test('is_weekend, quarter: date → bool / int; AttributeError for non-dates', async () => {
  const weekend = (await exploreExample('dates.py', 'is_weekend')).report;
  assert.deepEqual(weekend.returnTypes, ['bool']);
  assert.ok(weekend.exceptions.AttributeError?.includes('positive int'));
  const quarter = (await exploreExample('dates.py', 'quarter')).report;
  assert.deepEqual(quarter.returnTypes, ['int']);
});

test('days_between: not commutative (the sign flips)', async () => {
  const { report } = await exploreExample('dates.py', 'days_between');
  assert.deepEqual(report.returnTypes, ['int']);
  assertNotClaimed(report, 'commutative', { refuted: true });
});

test('BankAccount.deposit: changes the receiver, increases with the amount, ValueError for amounts < 1', async () => {
  const { report, records } = await exploreExample('bank.py', 'BankAccount.deposit');
  // Each receiver comes from BankAccount's constructor; one refused call is tried again on a
  // receiver a sibling method (withdraw) was called on first (sibling-first.ts).
  assert.ok(
    records.every((r) => /^BankAccount\(|^\(lambda s: \(s\.withdraw\(.*\)\(BankAccount\(.*\)\)$/.test(r.receiver ?? '')),
    JSON.stringify(records.map((r) => r.receiver)),
  );
  assert.deepEqual(report.returnTypes, ['int']);
  assertNotClaimed(report, 'pure', { refuted: true });
  // What changed on the receiver, from its state before and after (state-change.ts).
  assert.match(property(report, 'pure')!.evidence, /changed receiver \(.*balance \d+ → \d+/);
  assertHolds(report, 'monotonic-increasing', /in amount: /);
  assertRaisesOnlyFor(report, 'ValueError', /(zero|negative) int\)$/);
  assert.match(
    report.description.summary,
    // What a new account was made with, and what the deposit adds to it (relations.ts stateRelations),
    // then what it did to the object's `balance` (state-effects.ts).
    /^On a new `BankAccount\(balance\)`: adds `balance` and `amount`\. Adds `amount` to `balance` and returns its new value\./,
  );
});

test('BankAccount.withdraw: InsufficientFunds when the balance is short; decreases with the amount', async () => {
  const { report } = await exploreExample('bank.py', 'BankAccount.withdraw');
  assert.ok(report.exceptions['bank.InsufficientFunds'], JSON.stringify(report.exceptions));
  assertHolds(report, 'monotonic-decreasing', /in amount: /);
  assertNotClaimed(report, 'monotonic-increasing', { refuted: true });
});

test('BankAccount.from_dollars and format_cents: class and static methods are called through the class', async () => {
  const fromDollars = await exploreExample('bank.py', 'BankAccount.from_dollars');
  assert.deepEqual(fromDollars.report.returnTypes, ['bank.BankAccount']);
  assert.ok(fromDollars.report.exceptions.ValueError?.includes('negative int'));
  assert.ok(fromDollars.records.every((r) => r.receiver === undefined));
  const format = await exploreExample('bank.py', 'BankAccount.format_cents');
  assert.deepEqual(format.report.returnTypes, ['str']);
  assert.ok(format.report.description.examples.some((e) => e.call.startsWith('BankAccount.format_cents(')));
  assert.ok(format.report.exceptions.ValueError?.includes('positive float'));
});

test('top_scores (the stale docstring): returns a tuple sorted descending, not a sorted list', async () => {
  const { report } = await exploreExample('legacy.py', 'top_scores');
  assert.deepEqual(report.returnTypes, ['tuple']);
  assertNotClaimed(report, 'sorted-output', { refuted: true });
  assertHolds(report, 'subset-of-input');
  assert.match(report.description.details, /descending order/);
  assert.ok(report.description.examples.some((e) => /^\(\d+, \d+/.test(e.result)));
});

test('top_scores at signature: the default k may be left out', async () => {
  const { records } = await exploreExample('legacy.py', 'top_scores', { strictness: 'signature' });
  assert.ok(records.some((r) => r.args.length === 1 && r.result.status === 'returned'));
});

test('percent_change: ZeroDivisionError only when old is zero; not commutative', async () => {
  const { report } = await exploreExample('legacy.py', 'percent_change');
  assert.deepEqual(report.returnTypes, ['float']);
  assertRaisesOnlyFor(report, 'ZeroDivisionError', /^\(zero (int|float), /);
  assertNotClaimed(report, 'commutative', { refuted: true });
});

test('undocumented: initials not idempotent; running_total length-preserving but not sorted; pairwise_max takes two lists', async () => {
  const initials = (await exploreExample('undocumented.py', 'initials')).report;
  assert.deepEqual(initials.returnTypes, ['str']);
  assertNotClaimed(initials, 'idempotent', { refuted: true });
  const running = (await exploreExample('undocumented.py', 'running_total')).report;
  assertHolds(running, 'length-preserving');
  assertNotClaimed(running, 'sorted-output', { refuted: true });
  assertNotClaimed(running, 'subset-of-input', { refuted: true });
  const pairwise = (await exploreExample('undocumented.py', 'pairwise_max')).report;
  assert.match(pairwise.description.summary, /^Returns the larger of `a` and `b` element by element/);
});

test('undocumented at the default budget: each summary says what it computes, from the relation catalogue', async () => {
  const summaries: Record<string, RegExp> = {
    initials: /^Returns the first letter of each word of `name`, upper-cased and run together\./,
    running_total: /^Returns the running totals of `numbers`/,
    safe_divide: /^Divides `a` by `b`\./,
    pairwise_max: /^Returns the larger of `a` and `b` element by element/,
  };
  for (const [qualname, expected] of Object.entries(summaries)) {
    const { report } = await exploreExample('undocumented.py', qualname, { maxProbes: DEFAULT_MAX_PROBES });
    assert.match(report.description.summary, expected, qualname);
  }
});
