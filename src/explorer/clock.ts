// A result that shows today's date is the clock's as much as the function's: formatdate() or
// datetime.now() give another value on the next call, so it is no example a reader can repeat.
// The determinism re-runs come within a second of the call and miss it.
import { itemAt } from '../core/item-at.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_S = 86_400;

/** The dates a run near `now` may have seen (yesterday to tomorrow, in any time zone). */
function nearDates(now: Date): { y: number; m: number; d: number }[] {
  return [-1, 0, 1].map((k) => {
    const t = new Date(now.getTime() + k * DAY_S * 1000);
    return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
  });
}

/** Whether `text` (a repr) holds the date of about `now`, or a Unix time within a day of it. */
export function showsTheClock(text: string, now: Date = new Date()): boolean {
  const pad = (n: number): string => String(n).padStart(2, '0');
  for (const { y, m, d } of nearDates(now)) {
    const mon = itemAt(MONTHS, m - 1);
    const forms = [
      `${y}-${pad(m)}-${pad(d)}`, // ISO 8601
      `${y}${pad(m)}${pad(d)}T`, // ISO 8601, basic
      `(${y}, ${m}, ${d}`, // datetime.datetime(2026, 12, 3, …)
      `tm_year=${y}, tm_mon=${m}, tm_mday=${d}`, // time.struct_time
    ];
    if (forms.some((f) => text.includes(f))) return true;
    // RFC 2822 (03 Dec 2026) and ctime (Dec  3 06:01:55 2026).
    if (new RegExp(`\\b0?${d} ${mon} ${y}\\b|\\b${mon} +${d} [\\d:]+ ${y}\\b`).test(text)) return true;
  }
  const seconds = now.getTime() / 1000;
  for (const match of text.matchAll(/\b\d{9,13}(?:\.\d+)?\b/g)) {
    const n = Number(match[0]);
    if (Math.abs(n - seconds) < DAY_S || Math.abs(n / 1000 - seconds) < DAY_S) return true;
  }
  return false;
}
