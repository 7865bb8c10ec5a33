// Breakers written in the target's own syntax. A law ("output as long as the input", idempotent,
// a relation of the summary) that holds on ordinary texts may fail exactly on what the code looks
// for: email.quoprimime.header_decode keeps every length until the text holds an `=XX` escape,
// which its pattern '=[a-fA-F0-9]{2}' matches. So before a law is stated, the argument of a call
// it rests on also gets the constants the call compared it with (ProbeResult.comparisons): a text
// each regular expression matches (comparison-inputs.ts regexExample), a separator or piece looked
// for put inside the text, a constant it was compared with whole given as the whole argument.
import type { ComparisonRecord } from '../core/probe-types.js';
import { itemAt } from '../core/item-at.js';
import { regexExample, textOf } from './comparison-inputs.js';
import type { Observation, Position } from './inputs.js';
import { labelledPositions } from './inputs.js';
import type { PyValue } from './values.js';
import { bytesOf, str } from './values.js';

/** Texts of the code's syntax per call varied, at most. */
const PER_CALL = 3;
/** Constants longer than this are no syntax (a message, a whole document). */
const MAX_PIECE = 24;

/** Ops comparing the whole argument with a constant: the constant is tried as the whole argument. */
const WHOLE = new Set(['==', '!=', 'in', 'not in', 'key']);
/** Ops looking for a constant inside the argument: the constant is put inside its text. */
const INSIDE = new Set(['contains', 'split', 'rsplit', 'partition', 'rpartition', 'index', 'find', 'rfind', 'count', 'replace', 'startswith', 'endswith']);

/**
 * For a pattern of hex escapes (`=[a-fA-F0-9]{2}`, `%[0-9A-F]{2}`, `\\x[0-9a-f]{2}`) and a text
 * it matches (`=aa`): that text with its escape character written as an escape itself (`=3Daa`),
 * whose decoding is the escape again (`=aa`). Idempotence (f(f(x)) == f(x)) holds on every other
 * text of such a decoder and fails on this one: header_decode('=3D41') == '=41', f of that == 'A'.
 */
export function escapedEscape(pattern: string, example: string): string | undefined {
  const m = /^([^\w\s])(x?)([0-9a-fA-F]{2,})/.exec(example);
  const hexClass = /a-f/i.test(pattern);
  if (!m || !hexClass) return undefined;
  const [, escape = '', x = '', digits = ''] = m;
  const code = (escape.codePointAt(0) ?? 0).toString(16).padStart(digits.length, '0');
  if (code.length !== digits.length) return undefined;
  return `${escape}${x}${/a-f/.test(pattern) ? code : code.toUpperCase()}${example.slice(1)}`;
}

/** The texts a record's constants suggest for an argument whose text is `text`. */
function syntaxTexts(r: ComparisonRecord, text: string): string[] {
  const around = text.length <= 12 ? text : text.slice(0, 8);
  const constants = (r.values ?? []).filter((c): c is string => typeof c === 'string' && c.length > 0 && c.length <= MAX_PIECE);
  if (r.through !== undefined) return [];
  if (r.op === 'regex')
    return (r.values ?? []).flatMap((p) => {
      const example = typeof p === 'string' ? regexExample(p) : undefined;
      if (typeof p !== 'string' || example === undefined) return [];
      const escaped = escapedEscape(p, example);
      // The escaped escape before the bare example: the text inside others already shows what the example does.
      return [`${around}${example}${around}`, ...(escaped === undefined ? [] : [escaped]), example];
    });
  if (WHOLE.has(r.op) && r.via === undefined) return constants;
  if (INSIDE.has(r.op) || (WHOLE.has(r.op) && r.via === 'part')) return constants.map((c) => `${around}${c}${around}`);
  return [];
}

/**
 * Values of each text argument of `o` written in the code's own syntax, from what the calls so far
 * compared that argument with; `[]` when they compared it with nothing. Each as the index of the
 * argument and its new value.
 */
export function syntaxVariants(o: Observation, observations: Observation[], positions: Position[]): { at: number; value: PyValue }[] {
  const out: { at: number; value: PyValue }[] = [];
  const seen = new Set<string>();
  for (const [at, slot] of o.input.entries()) {
    const text = textOf(slot.value);
    if (text === undefined || itemAt(positions, at).role === 'receiver') continue;
    const like = (s: string): PyValue => (slot.value?.k === 'bytes' ? bytesOf(s) : str(s));
    for (const other of observations) {
      const records = other.record.result.comparisons;
      if (!records?.length) continue;
      const labels = labelledPositions(positions, other.input);
      for (const r of records) {
        if (r.construction || labels.get(r.arg) !== at) continue;
        for (const t of syntaxTexts(r, text)) {
          const key = `${at}|${t}`;
          if (t === text || seen.has(key) || out.length >= PER_CALL) continue;
          seen.add(key);
          out.push({ at, value: like(t) });
        }
      }
    }
  }
  return out;
}
