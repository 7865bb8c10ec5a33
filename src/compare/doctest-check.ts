// Deciding whether an example's actual output matches its want, with doctest's default
// semantics plus the directives it supports. One deliberate leniency: trailing whitespace on
// each line and trailing blank lines are ignored (editors strip them; doctest does not).
import type { ProbeResult } from '../core/probe-types.js';
import { renderOutcome } from '../core/format.js';
import { exceptionLine } from '../core/doctest-example.js';
import type { Wrapper } from './call-source.js';
import type { DoctestExample } from './doctest-parse.js';
import { group } from '../core/regex-group.js';

type Options = DoctestExample['options'];

/** The first line doctest prints for an exception (written), and the forms it accepts (read). */
export const TRACEBACK_HEADER = 'Traceback (most recent call last):';
const TRACEBACK_HEADER_LINE = /^Traceback \((?:most recent call last|innermost last)\):[ \t]*$/;

function tidy(text: string): string {
  return text
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
    .replace(/\n+$/, '');
}

/** Does `text` match `pattern`, where each `...` in the pattern stands for any text? */
export function ellipsisMatch(pattern: string, text: string): boolean {
  if (!pattern.includes('...')) return pattern === text;
  const parts = pattern.split('...');
  // The pattern holds `...`, so there are two parts at least (the first and last may be empty).
  const first = parts[0] ?? '';
  const last = parts.at(-1) ?? '';
  if (!text.startsWith(first) || !text.endsWith(last) || first.length + last.length > text.length) return false;
  let pos = first.length;
  const end = text.length - last.length;
  for (const middle of parts.slice(1, -1)) {
    const at = text.indexOf(middle, pos);
    if (at < 0 || at + middle.length > end) return false;
    pos = at + middle.length;
  }
  return true;
}

/** doctest's OutputChecker for plain output. */
export function outputMatches(want: string, got: string, options: Options = {}): boolean {
  let w = tidy(want);
  let g = tidy(got);
  if (w === g) return true;
  if (!options.DONT_ACCEPT_TRUE_FOR_1 && ((g === 'True' && w === '1') || (g === 'False' && w === '0'))) return true;
  if (options.NORMALIZE_WHITESPACE) {
    w = w.replace(/\s+/g, ' ').trim();
    g = g.replace(/\s+/g, ' ').trim();
    if (w === g) return true;
  }
  return options.ELLIPSIS === true && ellipsisMatch(w, g);
}

/**
 * The exception part of a want that expects a traceback: the lines after the header that are
 * not the indented stack (or `...` standing for it), e.g. `ValueError: bad input`. Null when
 * the want does not expect an exception.
 */
export function expectedException(want: string): string | null {
  const lines = want.split('\n');
  const header = lines.findIndex((l) => TRACEBACK_HEADER_LINE.test(l));
  if (header < 0) return null;
  // Output printed before the traceback is not supported by doctest either; the header must come first.
  if (lines.slice(0, header).some((l) => l.trim() !== '')) return null;
  const stack = (line: string) => /^\s/.test(line) || line.trim() === '...';
  const after = lines.findIndex((line, k) => k > header && !stack(line));
  return after < 0 ? '' : lines.slice(after).join('\n');
}

/**
 * Compares an exception with the exception part of a want. The type may be written with or
 * without its module (`mod.Err` or `Err`): the worker imports the file under its own module
 * name, so doctest's exact module prefix cannot be reproduced faithfully.
 */
function exceptionMatches(expected: string, type: string, message: string, options: Options = {}): boolean {
  const m = /^([\w.]+)(?::\s?([\s\S]*))?$/.exec(tidy(expected));
  if (!m) return false;
  const shortName = (name: string) => name.slice(name.lastIndexOf('.') + 1);
  const typeOk = group(m, 1) === type || shortName(group(m, 1)) === shortName(type);
  if (!typeOk) return false;
  if (options.IGNORE_EXCEPTION_DETAIL) return true;
  return outputMatches(m[2] ?? '', message, options);
}

/** What doctest would have printed for this result, and whether it matches the want. */
export function checkExample(example: Pick<DoctestExample, 'want' | 'options'>, result: ProbeResult): { got: string; ok: boolean } {
  const expected = expectedException(example.want);
  switch (result.status) {
    case 'returned': {
      const v = result.value;
      const isNone = !v || v.type === 'NoneType' || v.data?.t === 'none';
      const shown = isNone ? '' : `${v.repr}\n`;
      const got = result.stdout + shown;
      const truncated = v?.truncated ? ' [repr truncated]' : '';
      return { got: got + truncated, ok: expected === null && outputMatches(example.want, got, example.options) };
    }
    case 'raised': {
      const { type, message } = result.exception ?? { type: 'Exception', message: '' };
      const line = exceptionLine(type, message);
      // Like doctest, output printed before the exception is shown but not compared.
      const got = `${result.stdout}${TRACEBACK_HEADER}\n  ...\n${line}\n`;
      return { got, ok: expected !== null && exceptionMatches(expected, type, message, example.options) };
    }
    default:
      // Timed out, crashed, or the argument was refused: nothing doctest could print.
      return { got: renderOutcome(result), ok: false };
  }
}

/**
 * The result `list(f(…))` or `tuple(f(…))` would have had, from the worker's result of `f(…)`:
 * a generator's items (or the exception it raised), or a list/tuple value re-bracketed. Null
 * when it cannot be reproduced faithfully (e.g. `list('abc')`).
 */
export function materialise(result: ProbeResult, wrap: Wrapper): ProbeResult | null {
  const v = result.value;
  if (result.status !== 'returned' || !v) return result;
  const bracket = (inner: string, count: number) => (wrap === 'list' ? `[${inner}]` : `(${inner}${count === 1 ? ',' : ''})`);
  if (v.iteration) {
    const it = v.iteration;
    if (it.raised) return { ...result, status: 'raised', value: undefined, exception: it.raised };
    const more = it.ended ? '' : it.items.length > 0 ? ', ...' : '...';
    return { ...result, value: { type: wrap, repr: bracket(it.items.join(', ') + more, it.ended ? it.items.length : 2), truncated: !it.ended } };
  }
  if (v.truncated || (v.data?.t !== 'list' && v.data?.t !== 'tuple')) return null;
  const inner = v.repr.slice(1, -1).replace(/,$/, '');
  return { ...result, value: { ...v, type: wrap, repr: bracket(inner, v.data.v.length), data: { t: wrap, v: v.data.v } } };
}
