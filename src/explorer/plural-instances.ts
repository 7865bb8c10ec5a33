// A parameter named as a plural of one of the package's classes (`endpoints` where the package
// defines `BaseEndpoint`, `TokenEndpoint`…) takes a list of its instances: [BaseEndpoint(), BaseEndpoint()],
// the class that needs fewest constructor arguments first, built as argument classes are (receivers.ts).
// A parameter named as one of them (`parser` where the package defines `ConfigParser`, `lexer`
// beside `PythonLexer`) takes one instance, as a collaborator the function works through.
import type { ArgumentClass } from '../core/probe-types.js';
import { positionalOf } from '../core/probe-types.js';
import type { Position } from './inputs.js';
import { classOfValue } from './inputs.js';
import { instancesWithName } from './receivers.js';
import type { PyValue } from './values.js';

/** The singular of a plural parameter name ('endpoints' → 'endpoint', 'entries' → 'entry', 'boxes' → 'box'); undefined for one that is not plural. */
export function singularOf(name: string): string | undefined {
  const word = name.split('_').pop()?.toLowerCase() ?? '';
  if (word.length < 4 || !word.endsWith('s') || word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return undefined;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

/** A list of two instances of the package class a plural name points at (its name ends with the singular, in any case), or undefined. */
export function listOfInstancesFor(name: string, classes: ArgumentClass[]): PyValue | undefined {
  const singular = singularOf(name);
  if (singular === undefined) return undefined;
  const [instance] = instancesWithName(classes, (c) => c.toLowerCase().endsWith(singular));
  return instance ? { k: 'list', items: [instance, instance] } : undefined;
}

/** Names too generic to point at a class (a `Base`, a `Value` class). */
const GENERIC = /^(base|value|values|item|items|data|object|obj|type|name|node|text|string|result|error|context|ctx|self|cls)$/;

/** An instance of the package class whose name ends with the parameter's (its last word, 4 letters at least), or undefined. */
export function instanceNamedFor(name: string, classes: ArgumentClass[]): PyValue | undefined {
  const word = name.split('_').pop()?.toLowerCase() ?? '';
  if (word.length < 4 || GENERIC.test(word)) return undefined;
  const [instance] = instancesWithName(classes, (c) => c.toLowerCase().endsWith(word));
  return instance;
}

/**
 * Where a parameter's name is a plural of a package class, its list of instances joins the values
 * tried: a parameter's after the first value its name suggests, a receiver's constructor's as the
 * second receiver (the first built as the name's family says, `MetadataEndpoint('https://…')`).
 */
export function addPluralLists(positions: Position[], classes: ArgumentClass[]): void {
  if (classes.length === 0) return;
  for (const pos of positions) {
    if (pos.role === 'receiver') {
      const [first, ...rest] = pos.hinted ?? [];
      if (!first || first.k !== 'call' || !pos.owner) continue;
      const required = positionalOf(pos.owner.init).filter((p) => p.default === undefined);
      const lists = required.map((p) => listOfInstancesFor(p.name, classes));
      if (lists.every((l) => l === undefined) || required.length !== first.args.length) continue;
      const built: PyValue = { ...first, args: first.args.map((a, k) => lists[k] ?? a) };
      pos.hinted = [first, built, ...rest];
    } else if (pos.role === 'positional' || pos.role === 'keyword') {
      const list = listOfInstancesFor(pos.name, classes) ?? instanceNamedFor(pos.name, classes);
      if (!list) continue;
      const [first, ...rest] = pos.hinted ?? [];
      pos.hinted = first ? [first, list, ...rest] : [list];
      const cls = classOfValue(list);
      if (!pos.candidates.includes(cls)) pos.candidates.push(cls);
    }
  }
}
