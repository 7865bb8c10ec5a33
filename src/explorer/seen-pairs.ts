// Where no relation of the catalogue says what a function computes, the summary still shows what
// it did: two or three calls that returned, in one line ("slugify('Hello World') → 'hello-world';
// slugify('Alice') → 'alice'"), the most ordinary first, each with a result of its own that is
// none of its arguments given back (an echo teaches nothing), worded as what was seen. An argument
// given back as another type is no echo: it shows the conversion (tomlkit's array(1) → 1, an
// Integer). Results of several types are shown one of each type first. A result no reader could
// repeat is left out, as it is from the examples (repeatable.ts); an iterator read to its end is
// shown as `list(f(x)) → [items]`, as the examples write it, of a function shown to give the same
// again. None is shown of a function whose call gave another result run a second time in its
// process, nor one whose order the hash seed may pick unless a re-run under another one printed
// it alike (`quotable`, repeatable.ts).
import type { Observation, Position } from './inputs.js';
import { ordinaryFirst } from './ordinary.js';
import { changedWhenRunAgain, repeatableText } from './repeatable.js';
import { toSource, type PyValue } from './values.js';

const PAIRS = 3;
const LONGEST_CALL = 60;
const LONGEST_RESULT = 40;

/** The Python type a value the explorer built has, by its last name (`date`, `Decimal`, `int`). */
function typeOf(v: PyValue): string {
  return v.k === 'none' ? 'NoneType' : v.k === 'call' ? (v.callee.split('.').at(-1) ?? v.callee) : v.k;
}

/** Whether the call gave back one of its arguments as it was, of its own type. */
function echoes(o: Observation): boolean {
  const out = o.record.result.value;
  const type = out?.type.split('.').at(-1) ?? '';
  return o.input.some((s) => s.value !== undefined && toSource(s.value) === out?.repr && typeOf(s.value) === type);
}

/**
 * A call and what it gave as a pair shows them: its result's repr; for an iterator whose items were
 * all read (`iterated`: a function shown to give the same again), `list(call)` and those items, as
 * the examples write it (an iterator's own repr is an address). Null for an iterator not read to its end.
 */
function shownPair(o: Observation, callText: (o: Observation) => string, iterated: boolean): { call: string; out: string } | null {
  const value = o.record.result.value;
  if (!value?.iteration) return { call: callText(o), out: value?.repr ?? '' };
  const it = value.iteration;
  return iterated && it.ended && !it.raised ? { call: `list(${callText(o)})`, out: `[${it.items.join(', ')}]` } : null;
}

/** The pairs as one clause and the calls they are, or null when fewer than two such calls returned. */
export function seenPairs(
  observations: Observation[],
  positions: Position[],
  callText: (o: Observation) => string,
  quotable: (o: Observation) => boolean = () => true,
  iterated = false,
): { text: string; support: number[] } | null {
  if (changedWhenRunAgain(observations).length) return null;
  const own = observations.filter((o) => o.record.result.status === 'returned' && o.purpose !== 'repeat' && o.purpose !== 'reapply');
  const shown = new Map(
    own.flatMap((o) => {
      const pair = shownPair(o, callText, iterated);
      return pair ? [[o, pair] as const] : [];
    }),
  );
  const telling = own.filter((o) => {
    const pair = shown.get(o);
    const out = pair?.out ?? '';
    return (
      pair !== undefined && out !== '' && out.length <= LONGEST_RESULT && repeatableText(out) && !echoes(o) && pair.call.length <= LONGEST_CALL && quotable(o)
    );
  });
  const ordered = ordinaryFirst(telling, callText, positions);
  const type = (o: Observation): string => o.record.result.value?.type ?? '';
  // One of each type of result first, then the next results, in order.
  const firstOfType = ordered.filter((o, k) => ordered.findIndex((x) => type(x) === type(o)) === k);
  const picked: Observation[] = [];
  const outputs = new Set<string>();
  for (const o of [...firstOfType, ...ordered]) {
    const out = shown.get(o)?.out ?? '';
    if (outputs.has(out)) continue;
    outputs.add(out);
    picked.push(o);
    if (picked.length === PAIRS) break;
  }
  if (picked.length < 2) return null;
  // Shown in the order of their ordinariness.
  picked.sort((a, b) => ordered.indexOf(a) - ordered.indexOf(b));
  return {
    text: picked
      .flatMap((o) => {
        const pair = shown.get(o);
        return pair ? [`${pair.call} → ${pair.out}`] : [];
      })
      .join('; '),
    support: picked.map((o) => o.record.index),
  };
}
