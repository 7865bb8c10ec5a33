import { test } from 'node:test';
import assert from 'node:assert/strict';
import { showsTheClock } from '../../../src/explorer/clock.js';

const NOW = new Date('2026-12-03T06:01:55Z');

test("today's date in the forms Python prints it is the clock's", () => {
  for (const text of [
    "'Thu, 03 Dec 2026 06:01:55 -0000'",
    "'2026-12-03T06:01:55.123456'",
    'datetime.datetime(2026, 12, 3, 6, 1, 55)',
    'datetime.date(2026, 12, 2)',
    'time.struct_time(tm_year=2026, tm_mon=12, tm_mday=4, tm_hour=0)',
    "'Thu Dec  3 06:01:55 2026'",
    '1796277715.25',
    '1796277715250',
  ])
    assert.equal(showsTheClock(text, NOW), true, text);
});

test('other dates and plain numbers are not', () => {
  for (const text of ["'Thu, 01 Jan 1970 00:00:03 -0000'", 'datetime.date(2024, 1, 5)', "'2026-11-03'", '(2026, 12)', '123456789', '1796177715', "'3 Dec'"])
    assert.equal(showsTheClock(text, NOW), false, text);
});
