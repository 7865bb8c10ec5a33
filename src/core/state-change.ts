// What changed on a method's receiver, in words, from the worker's state before and after the call
// (ProbeResult.receiverState): `stock {} → {3: 0}`. Its repr (`<app.Inventory object at 0x1>`)
// is the same before and after and tells nothing. The CLI's probe lines and the description's
// "changed in place" wording both use it.
// It lives in core so that the panel (webview/timeline.ts) says the same from the wire types.
import type { ProbeResult, TaggedValue } from './probe-types.js';
import { valuesEqual } from './values.js';
import { oneLine } from './format.js';
import { pyBytesRepr, pyStrRepr } from './python-string.js';
import { showsAddress } from './address-repr.js';

/** A value read off an object as Python writes it; '…' for an object shown only by its address. */
function taggedSource(v: TaggedValue): string {
  switch (v.t) {
    case 'none':
      return 'None';
    case 'bool':
      return v.v ? 'True' : 'False';
    case 'int':
    case 'float':
    case 'complex':
      return v.v;
    case 'str':
      return pyStrRepr(v.v);
    case 'bytes':
      return pyBytesRepr(v.v);
    case 'list':
      return `[${v.v.map(taggedSource).join(', ')}]`;
    case 'tuple':
      return v.v.length === 1 ? `(${taggedSource(v.v[0] as TaggedValue)},)` : `(${v.v.map(taggedSource).join(', ')})`;
    case 'set':
      return v.v.length === 0 ? 'set()' : `{${v.v.map(taggedSource).join(', ')}}`;
    case 'frozenset':
      return v.v.length === 0 ? 'frozenset()' : `frozenset({${v.v.map(taggedSource).join(', ')}})`;
    case 'dict':
      return `{${v.v.map(([a, b]) => `${taggedSource(a)}: ${taggedSource(b)}`).join(', ')}}`;
    case 'other':
      return showsAddress(v.repr) ? '…' : v.repr;
    case 'temporal':
      return v.v;
  }
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
