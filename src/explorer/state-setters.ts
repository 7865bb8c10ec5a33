// State another method of the same object sets first: a method that reads `self.number_args`,
// which only `number_to_words` assigns (inflect), or `self.rawdata`, which `feed` fills
// (html.parser), fails on a receiver fresh from its constructor. The worker reports which of the
// owner's methods assign attributes the target reads (OwnerMethod.sets); the call is made again on
// a receiver those methods were called on first, with arguments chosen by their parameters' names
// and, for text, the target's own string constants (what it compares that state with).
import type { OwnerMethod } from '../core/probe-types.js';
import { valuesForName } from './name-hints.js';
import { hintedOrder, representative } from './type-classes.js';
import type { PyValue } from './values.js';
import { int, toSource } from './values.js';

/** Preparations tried from one failure at most. */
const PER_FAILURE = 3;
/** Setters tried, the ones assigning most of what the target reads first. */
const SETTERS = 2;
/** The int given a setter in place of the one its parameter's name suggests. */
const SMALL = 2;

/** A failure that may be about the receiver's state: a missing attribute or key, a failed assertion, "not initialised". */
const STATE_ERRORS = new Set(['AttributeError', 'KeyError', 'AssertionError', 'IndexError', 'LookupError', 'ValueError', 'RuntimeError']);
const NOT_READY = /\bnot (?:yet )?(?:initiali[sz]ed|set|ready|open(?:ed)?|started|loaded|configured)\b|\bbefore\b|\bfirst\b|\bno (?:data|input)\b/i;

/** An exception class named for something absent (configparser's NoSectionError, a KeyNotFound, UnknownOption). */
const ABSENT_CLASS = /^No[A-Z]|NotFound|Missing|Unknown|DoesNotExist/;

/** Whether an exception of this (base) type and message may come from the receiver's state not being set. */
export function mayBeState(type: string, message: string): boolean {
  return STATE_ERRORS.has(type) || ABSENT_CLASS.test(type) || NOT_READY.test(message);
}

/** A value for a setter's parameter, by its name: a file for `newstream`, a number for `num`, else what the name's family holds. */
function byName(name: string): PyValue | undefined {
  const [cls] = hintedOrder(name);
  if (cls === 'textfile' || cls === 'binfile') return representative(cls);
  return valuesForName(name).find((v) => v.k !== 'call') ?? (cls !== undefined ? representative(cls) : undefined);
}

/** One receiver preparation: method calls on `s`, and whether they fed it text (positions in that text start at 0). */
export interface Preparation {
  calls: string[];
  fedText: boolean;
}

/**
 * Calls (`s.feed('<!')`) that make the state the target reads: per setter (most attributes the
 * target reads first, fewest arguments next), its arguments by name, then, when it takes one
 * argument, each of the target's longer string constants (`feed('<!')` for a method that compares
 * `self.rawdata[i:i+2]` with '<!'). Empty when no method sets any.
 */
export function statePreparations(methods: OwnerMethod[], constants: PyValue[]): Preparation[] {
  const setters = methods
    .filter((m) => (m.sets?.length ?? 0) > 0 && m.required <= 2 && (m.params?.length ?? -1) === m.required)
    .sort((a, b) => (b.sets?.length ?? 0) - (a.sets?.length ?? 0) || a.required - b.required)
    .slice(0, SETTERS);
  const texts = constants.filter((c) => c.k === 'str' && c.v.trim().length >= 2).slice(0, 2);
  const out: Preparation[] = [];
  const add = (name: string, args: PyValue[]): void => {
    const call = `s.${name}(${args.map(toSource).join(', ')})`;
    if (!out.some((p) => p.calls[0] === call)) out.push({ calls: [call], fedText: args.some((a) => a.k === 'str' && a.v.length > 0) });
  };
  for (const m of setters) {
    const params = m.params ?? [];
    const named = params.map(byName);
    if (named.every((v): v is PyValue => v !== undefined)) {
      add(m.name, named);
      // A number the name suggests may be out of the setter's range (`setsampwidth(20)`: a width in
      // bytes is 1 to 4): a small count beside it.
      add(
        m.name,
        named.map((v) => (v.k === 'int' ? int(SMALL) : v)),
      );
    }
    if (params.length === 1) for (const t of texts) add(m.name, [t]);
  }
  return out.slice(0, PER_FAILURE);
}
