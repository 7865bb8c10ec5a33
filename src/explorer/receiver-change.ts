// What a call changed in its receiver's public attributes (ProbeResult.receiverState): the lines
// that say a receiver changed in place name it so, since the receiver's repr
// (`<app.Inventory object at 0x1>`, pyparsing's `Forward: None`) is often the same before and after.
import { oneLine } from '../core/format.js';
import type { ProbeResult, TaggedValue } from '../core/probe-types.js';
import { valuesEqual } from '../core/values.js';
import { fromTagged, toSource } from './values.js';

/** `stock {} → {3: 0}, open ['a'] → []`: each public attribute that changed; '' when none did or the state is unknown. */
export function receiverChange(state: ProbeResult['receiverState']): string {
  if (!state) return '';
  const source = (v: TaggedValue | undefined): string => {
    const value = v === undefined ? null : fromTagged(v);
    return value === null ? (v === undefined ? '(none)' : '…') : oneLine(toSource(value), 40);
  };
  const changed = state.after.attributes
    .filter((a) => {
      const was = state.before.attributes.find((b) => b.name === a.name);
      return !was || !valuesEqual(was.value, a.value);
    })
    .map((a) => `${a.name} ${source(state.before.attributes.find((b) => b.name === a.name)?.value)} → ${source(a.value)}`);
  return changed.length ? oneLine(changed.join(', '), 120) : '';
}
