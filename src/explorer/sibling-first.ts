// A sibling method that takes the same arguments by name (`receive(sku, qty)` beside
// `ship(sku, qty)`) usually puts in what the target takes out, or opens what it reads: a call a
// receiver fresh from its constructor refused ("only 0 of 'a' in stock") is made again on a
// receiver that sibling was called on first with the same values, twice, so that it holds more
// than the one call asks for (once when its one argument names a thing: a second `add_section(s)`
// is refused). Bounded: the first SIBLINGS such methods, once each (explorer.ts).
import type { OwnerMethod } from '../core/probe-types.js';
import type { PyValue } from './values.js';
import { toSource } from './values.js';

/** Siblings tried per method under test. */
const SIBLINGS = 2;
/** Names of methods that read or convert rather than put state in: calling one first prepares nothing. */
const READS = /^(get|is|has|to|as|find|parse|check|validate|format|render|iter|handle|visit|make|build|copy|compute|count|match|search)(_|[A-Z]|$)|_to_/;

/**
 * The siblings of `target` whose required parameters are all arguments of the call by name
 * (`given`: parameter name → value), each with the method calls (`s.receive('a', 3)`, twice) that
 * prepare a receiver; private methods and the target itself left out. Empty when none is such.
 */
export function siblingPreparations(
  methods: readonly OwnerMethod[],
  target: string,
  given: ReadonlyMap<string, PyValue>,
): { method: string; calls: string[] }[] {
  return methods
    .filter(
      (m) =>
        m.name !== target &&
        !m.name.startsWith('_') &&
        !READS.test(m.name) &&
        m.required >= 1 &&
        m.params?.length === m.required &&
        m.params.every((p) => given.has(p)),
    )
    .slice(0, SIBLINGS)
    .map((m) => {
      const call = `s.${m.name}(${(m.params ?? []).map((p) => toSource(given.get(p) as PyValue)).join(', ')})`;
      // One argument names a thing (`add_section(section)`): made twice, the second is refused as a duplicate.
      return { method: m.name, calls: m.required === 1 ? [call] : [call, call] };
    });
}
