// Where no relation of the catalogue says what a function computes, the summary still shows what
// it did: two or three calls that returned, in one line ("slugify('Hello World') → 'hello-world';
// slugify('Alice') → 'alice'"), the most ordinary first, each with a result of its own that is
// none of its arguments given back (an echo teaches nothing), worded as what was seen. A result
// no reader could repeat is left out, as it is from the examples (repeatable.ts), and none is
// shown of a function whose call gave another result run a second time in its process.
import type { Observation, Position } from './inputs.js';
import { ordinaryFirst } from './ordinary.js';
import { changedWhenRunAgain, repeatableText } from './repeatable.js';
import { toSource } from './values.js';

const PAIRS = 3;
const LONGEST_CALL = 60;
const LONGEST_RESULT = 40;

/** The pairs as one clause and the calls they are, or null when fewer than two such calls returned. */
export function seenPairs(
  observations: Observation[],
  positions: Position[],
  callText: (o: Observation) => string,
): { text: string; support: number[] } | null {
  if (changedWhenRunAgain(observations).length) return null;
  const own = observations.filter((o) => o.record.result.status === 'returned' && o.purpose !== 'repeat' && o.purpose !== 'reapply');
  const telling = own.filter((o) => {
    const out = o.record.result.value?.repr ?? '';
    const given = o.input.flatMap((s) => (s.value !== undefined ? [toSource(s.value)] : []));
    return out !== '' && out.length <= LONGEST_RESULT && repeatableText(out) && !given.includes(out) && callText(o).length <= LONGEST_CALL;
  });
  const picked: Observation[] = [];
  const outputs = new Set<string>();
  for (const o of ordinaryFirst(telling, callText, positions)) {
    const out = o.record.result.value?.repr ?? '';
    if (outputs.has(out)) continue;
    outputs.add(out);
    picked.push(o);
    if (picked.length === PAIRS) break;
  }
  if (picked.length < 2) return null;
  return { text: picked.map((o) => `${callText(o)} → ${o.record.result.value?.repr ?? ''}`).join('; '), support: picked.map((o) => o.record.index) };
}
