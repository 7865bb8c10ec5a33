// Doctest lines for docstring examples: what doctest would print for a probe result, the
// traceback form for exceptions, and the call written with the real names.
import { showsAddress } from '../core/address-repr.js';
import type { ProbeResult, TaggedValue } from '../core/probe-types.js';
import { TRACEBACK_HEADER } from '../compare/doctest-check.js';
import { exceptionLine } from '../core/doctest-example.js';
import { matchingBracket, skipString } from '../core/python-source.js';

/** The doctest want for an exception: header, `...` for the stack, `Type: message`. */
export function tracebackWant(type: string, message: string): string {
  return `${TRACEBACK_HEADER}\n    ...\n${exceptionLine(type.replace(/^builtins\./, ''), message)}`;
}

const EXCEPTION_RESULT = /^(?:raises?:?\s+)?((?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Warning|Exit|Interrupt|Iteration))(?::[ \t]*([\s\S]*))?$/;

/**
 * A result as a person or the agent wrote it, as a doctest want: `None` shows nothing,
 * `ValueError: bad` / `raises ValueError` become the traceback form, anything else is kept.
 */
export function doctestWant(result: string): string {
  const text = result.replace(/\r\n?/g, '\n').replace(/\s+$/, '');
  if (text === 'None') return '';
  if (text.startsWith('Traceback (')) return text;
  const [, type, message] = EXCEPTION_RESULT.exec(text) ?? [];
  return type === undefined ? text : tracebackWant(type, message ?? '');
}

function hasStringSet(value: TaggedValue, inSet = false): boolean {
  switch (value.t) {
    case 'str':
    case 'bytes':
      return inSet;
    case 'set':
    case 'frozenset':
      return value.v.some((item) => hasStringSet(item, true));
    case 'list':
    case 'tuple':
      return value.v.some((item) => hasStringSet(item, inSet));
    case 'dict':
      return value.v.some(([k, v]) => hasStringSet(k, inSet) || hasStringSet(v, inSet));
    default:
      return false;
  }
}

export type DoctestOutput = { ok: true; want: string } | { ok: false; reason: string };

/**
 * What doctest would print for this result, or why the result cannot be a reliable doctest
 * (cut short, an address or a generator in the repr, string-set order, timeouts, crashes).
 */
export function doctestOutput(result: ProbeResult): DoctestOutput {
  switch (result.status) {
    case 'returned': {
      const v = result.value;
      if (v?.truncated) return { ok: false, reason: 'the result was too long to show in full' };
      if (v?.iteration) return { ok: false, reason: 'it returns an iterator, whose repr differs between runs' };
      if (v && (showsAddress(v.repr) || /\bobject at\b/.test(v.repr))) return { ok: false, reason: 'its repr shows a memory address' };
      if (v?.data && hasStringSet(v.data)) return { ok: false, reason: 'a set of strings prints in a different order in each run' };
      const out = result.stdout.replace(/\r\n?/g, '\n');
      if (out && !out.endsWith('\n')) return { ok: false, reason: 'it prints text without a final newline' };
      if (/[ \t]\n/.test(out)) return { ok: false, reason: 'it prints trailing spaces, which editors strip' };
      const isNone = !v || v.type === 'NoneType' || v.data?.t === 'none';
      return { ok: true, want: (out + (isNone ? '' : v.repr)).replace(/\n+$/, '') };
    }
    case 'raised':
      return { ok: true, want: tracebackWant(result.exception?.type ?? 'Exception', result.exception?.message ?? '') };
    case 'rejected':
      return { ok: false, reason: `the arguments were rejected: ${result.exception?.message || 'outside the allowed grammar'}` };
    case 'timeout':
      return { ok: false, reason: 'the call timed out' };
    case 'crashed':
      return { ok: false, reason: 'the call crashed' };
  }
}

/** Keyword names at the top level of a call's parentheses (`f(arg0=1)`), strings skipped. */
function renameKeywords(src: string, names: Record<string, string>): string {
  let out = '';
  const brackets: string[] = [];
  let argStart = false;
  let i = 0;
  while (i < src.length) {
    const c = src.charAt(i);
    if (c === '"' || c === "'") {
      const end = skipString(src, i);
      out += src.slice(i, end);
      i = end;
      argStart = false;
      continue;
    }
    const word = /^[A-Za-z_]\w*/.exec(src.slice(i))?.[0];
    if (word) {
      i += word.length;
      const keyword = argStart && brackets[brackets.length - 1] === '(' && /^\s*=(?!=)/.test(src.slice(i));
      out += keyword && Object.hasOwn(names, word) ? names[word] : word;
      argStart = false;
      continue;
    }
    if ('([{'.includes(c)) brackets.push(c);
    else if (')]}'.includes(c)) brackets.pop();
    if (!/\s/.test(c)) argStart = c === '(' || c === ',';
    out += c;
    i++;
  }
  return out;
}

export interface CallNames {
  /** The function's real name, written in place of the name the agent saw. */
  functionName?: string;
  /** The name the agent saw (`f`); without it, a leading name is replaced only when the whole example is one call. */
  shownName?: string;
  /** Agent-visible parameter names → real ones, for keyword arguments. */
  paramNames?: Record<string, string>;
}

/** The example's call written with the real function and keyword names. */
export function doctestCall(call: string, names: CallNames): string {
  let src = call.trim().replace(/^>>>\s?/, '');
  const [head, name] = /^([A-Za-z_]\w*)\s*\(/.exec(src) ?? [];
  if (names.functionName && head !== undefined && name !== undefined) {
    const wholeCall = names.shownName ? name === names.shownName : matchingBracket(src, head.length - 1) === src.length - 1;
    if (wholeCall) src = names.functionName + src.slice(name.length);
  }
  return names.paramNames ? renameKeywords(src, names.paramNames) : src;
}
