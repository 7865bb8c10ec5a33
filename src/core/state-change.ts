// What changed on a method's receiver, in words, from the worker's state before and after the call
// (ProbeResult.receiverState): `stock {} → {3: 0}`. Its repr (`<app.Inventory object at 0x1>`)
// is the same before and after and tells nothing. The CLI's probe lines and the description's
// "changed in place" wording and the panel's "Changed in place" field all use it; it lives in core
// because the panel (webview/) may import core only.
import type { ProbeResult, TaggedValue } from './probe-types.js';
import { valuesEqual } from './values.js';
import { oneLine } from './format.js';
import { pyLiteral } from './python-literal.js';
import { showsAddress } from './address-repr.js';

/** A value read off an object as Python writes it; '…' for an object shown only by its address. */
function taggedSource(v: TaggedValue): string {
  if (v.t === 'other') return showsAddress(v.repr) ? '…' : v.repr;
  return pyLiteral(v) ?? '…';
}

/** The attributes that changed, `name before → after` each, joined; '' when none did or no state was read. */
export function stateChangeWords(state: ProbeResult['receiverState']): string {
  if (!state) return '';
  const source = (v: TaggedValue | undefined): string => (v === undefined ? '(none)' : oneLine(taggedSource(v), 40));
  const changed = state.after.attributes
    .filter((a) => {
      const was = state.before.attributes.find((b) => b.name === a.name);
      return !was || !valuesEqual(was.value, a.value);
    })
    .map((a) => `${a.name} ${source(state.before.attributes.find((b) => b.name === a.name)?.value)} → ${source(a.value)}`);
  return changed.length ? oneLine(changed.join(', '), 120) : '';
}

/**
 * A receiver whose change was read: what changed on it, else null. Its repr often tells nothing,
 * being its address or the same before and after (pyparsing's `Forward: None`).
 */
function addressedChange(m: ProbeResult['mutations'][number], state: ProbeResult['receiverState']): string | null {
  const words = m.arg === 'receiver' ? stateChangeWords(state) : '';
  return words || null;
}

/** "receiver: done False → True" for a receiver whose change was read, else "args[0] became [1, 2]". */
export function becameWords(m: ProbeResult['mutations'][number], state: ProbeResult['receiverState']): string {
  const change = addressedChange(m, state);
  return change ? `${m.arg}: ${change}` : `${m.arg} became ${oneLine(m.repr, 80)}`;
}

/** "receiver (done False → True)" for a receiver whose change was read, else "args[0] to [1, 2]". */
export function changedToWords(m: ProbeResult['mutations'][number], state: ProbeResult['receiverState']): string {
  const change = addressedChange(m, state);
  return change ? `${m.arg} (${change})` : `${m.arg} to ${m.repr}`;
}
