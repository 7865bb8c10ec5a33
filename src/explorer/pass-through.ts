// Values a function hands back as they are: humanize's naturaldelta turns a number into words
// and gives a text that is no number back unchanged. f(f(x)) == f(x) then holds only because of
// that (properties.ts does not call it idempotent); this says what was seen instead.
import type { Observation, Position } from './inputs.js';
import { soleArgument } from './properties.js';
import { joinWords } from './relations.js';
import { fromTagged, toSource, type PyValue } from './values.js';

const KIND_WORDS: Partial<Record<PyValue['k'], string>> = {
  str: 'a text',
  bytes: 'bytes',
  int: 'an int',
  float: 'a float',
  list: 'a list',
  tuple: 'a tuple',
  dict: 'a dict',
  set: 'a set',
  none: 'None',
};

/** Calls of one kind of argument, two at least, that each gave their argument back. */
export interface PassThrough {
  text: string;
  support: number[];
}

/**
 * The kinds of argument every call of one argument gave back unchanged (two calls of a kind at
 * least), when calls with arguments of another kind gave something else: "Gives a text or a list
 * back unchanged (natural_delta('1h 30m') → '1h 30m')". Null when no kind was, or every kind was
 * (the function then does nothing the calls showed: another relation says so).
 */
export function passThrough(observations: Observation[], positions: Position[], callText: (o: Observation) => string): PassThrough | null {
  const byKind = new Map<PyValue['k'], { same: Observation[]; changed: number }>();
  for (const o of observations) {
    if (o.record.result.status !== 'returned' || o.purpose === 'repeat' || o.purpose === 'reapply') continue;
    const i = soleArgument(positions, o.input);
    const x = i === null ? undefined : o.input[i]?.value;
    const data = o.record.result.value?.data;
    const out = data ? fromTagged(data) : null;
    if (!x) continue;
    const entry = byKind.get(x.k) ?? { same: [], changed: 0 };
    if (out && toSource(out) === toSource(x)) entry.same.push(o);
    else entry.changed++;
    byKind.set(x.k, entry);
  }
  const kept = [...byKind.entries()].filter(([k, e]) => KIND_WORDS[k] !== undefined && e.changed === 0 && e.same.length >= 2);
  const others = [...byKind.entries()].filter(([, e]) => e.changed > 0);
  const [first] = kept;
  if (!first || others.length === 0) return null;
  // The plainest example: a text of words over an empty one.
  const shown = [...first[1].same].sort(
    (a, b) =>
      Number(/^(?:''|\[\]|\(\)|\{\})$/.test(a.record.result.value?.repr ?? '')) - Number(/^(?:''|\[\]|\(\)|\{\})$/.test(b.record.result.value?.repr ?? '')),
  )[0];
  const example = shown ? ` (${callText(shown)} → ${shown.record.result.value?.repr ?? ''})` : '';
  const support = kept.flatMap(([, e]) => e.same.map((o) => o.record.index));
  return {
    text: `Gives ${joinWords(
      kept.map(([k]) => KIND_WORDS[k] ?? k),
      'or',
    )} back unchanged${example}.`,
    support,
  };
}
