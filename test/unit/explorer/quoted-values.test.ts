// What a method of no arguments or a function of none gave, quoted where a re-run showed the call
// gives it again, rather than its type alone (draw teach15: "Takes no arguments and returns a
// str." for humanize's thousands_separator, which gives ','; "Returns a str on `Statement()`, the
// only Statement a call returned on." for sqlparse's get_type, which gives 'UNKNOWN'; "Returns an
// int that depends on the Calendar it is called on" with no object named).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Position } from '../../../src/explorer/inputs.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { describedCalls as report, pyInt, pyStr, returnedObservation, settledRepeats } from './fake-python.js';

test('a function of no arguments that gave one value, again on re-runs, is said to return that value', () => {
  const calls = [1, 2, 3].map((k) => returnedObservation([], k, [], pyStr(',')));
  const d = report('thousands_separator', [], [...calls, ...settledRepeats(calls)]);
  assert.match(d.summary, /^Takes no arguments; every call returned ','\./, d.summary);
  assert.ok(d.claims?.some((c) => c.text === "Takes no arguments; every call returned ','." && c.support.length > 0));
});

test('without re-runs that gave it again, only its type is said', () => {
  const d = report('thousands_separator', [], [returnedObservation([], 1, [], pyStr(','))]);
  assert.match(d.summary, /^Takes no arguments and returns a str\./, d.summary);
});

const receiver = (owner: string): Position => ({ name: 'self', role: 'receiver', positionalOnly: false, candidates: [`new:${owner}:1`] });
const made = (owner: string, ...args: PyValue[]): PyValue => ({ k: 'call', callee: owner, args });

test('a method of no arguments tried on one object that gave one value, again on re-runs, is said to have returned it there', () => {
  const self = receiver('Statement');
  const calls = [1, 2, 3].map((k) => returnedObservation([self], k, [made('Statement')], pyStr('UNKNOWN')));
  const d = report('get_type', [self], [...calls, ...settledRepeats(calls)], 'Statement');
  assert.match(d.summary, /^Returned 'UNKNOWN' on `Statement\(\)`, the only Statement a call returned on\./, d.summary);
});

test('a method of no arguments whose result depends on its object names objects and what they gave', () => {
  const self = receiver('Calendar');
  const calls = [0, 1, 2, 3, 4, 5, 6, 1].map((day, k) => returnedObservation([self], k + 1, [made('Calendar', pyInt(day + 7 * k))], pyInt(day)));
  const d = report('getfirstweekday', [self], [...calls, ...settledRepeats(calls)], 'Calendar');
  assert.match(
    d.summary,
    /^Returns an int that depends on the Calendar it is called on: 7 different results from \d+ Calendar objects, as in Calendar\(\d+\)\.getfirstweekday\(\) → \d; /,
    d.summary,
  );
});
