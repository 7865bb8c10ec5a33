// Receivers built by the same search as arguments: a constructor that refused what it was given
// says what it wants ("Input must be callable", "tzinfo argument must be None or of a tzinfo
// subclass, not type 'int'"), as a function's own refusals do, and the receiver is built again so.
import type { ArgumentClass, ParameterInfo } from '../core/probe-types.js';
import { positionalOf } from '../core/probe-types.js';
import { isBindingMessage } from './binding-errors.js';
import { instancesFromInit } from './inputs.js';
import { classesAskedFor, fileClassesAskedFor, literalsIn, namedPositions, ordinalPosition } from './mined-values.js';
import { isKnownClass, ordinaryValue, representative, typeClass } from './type-classes.js';
import type { PyValue } from './values.js';
import { float, int, isConstructorCall, str, toSource } from './values.js';

/** Constructions tried from one refusal at most. */
const PER_REFUSAL = 2;
/** Classes of the package with an attribute an error asked for, tried per attribute. */
const ATTRIBUTE_CLASSES = 2;

/** How a type error names the type of a value the explorer wrote ('int', 'NoneType'). */
export const PY_TYPE_NAMES: Partial<Record<PyValue['k'], string>> = {
  int: 'int',
  float: 'float',
  str: 'str',
  list: 'list',
  tuple: 'tuple',
  dict: 'dict',
  set: 'set',
  bool: 'bool',
  none: 'NoneType',
  date: 'datetime.date',
};

/** A value of a class a refusal asked for: a file to write to starts empty (its class's values end with the empty one). */
function askedValue(cls: string, said: string): PyValue | undefined {
  if ((cls === 'textfile' || cls === 'binfile') && /\bwrite/.test(said)) return typeClass(cls).values.at(-1);
  return ordinaryValue(cls, 0) ?? representative(cls);
}

/** The type name Python's messages give a value the explorer wrote ('int', 'Version'). */
export function pyTypeName(v: PyValue): string | undefined {
  return PY_TYPE_NAMES[v.k] ?? (v.k === 'call' ? v.callee.split('.').pop() : undefined);
}

/** Whether a message names the type of v as the refused one ("'int' object", "not int", "got int"). */
export function namesTypeOf(message: string, v: PyValue): boolean {
  const t = PY_TYPE_NAMES[v.k];
  return t !== undefined && new RegExp(String.raw`'${t}'|\bnot (?:type )?"?${t}\b|got ${t}\b`).test(message);
}

/** Only the refusal itself: "building `X(3)` raised TypeError: <what it said>" → what it said. */
function refusalOf(message: string): string {
  return message.replace(/^[^`]*`[^`]*` raised \w+(?:\.\w+)*: /, '');
}

/**
 * `built` (a constructor call) again, as the message its construction raised asks: the argument
 * the message is about (named by its parameter, by its type, or the only one) of the class the
 * message asks for, else one of the literals it suggests. Empty when it says nothing usable.
 */
export function rebuiltAsAsked(built: PyValue, message: string, init: ParameterInfo[] | undefined): PyValue[] {
  if (built.k !== 'call' || !isConstructorCall(built) || built.args.length === 0) return [];
  const said = refusalOf(message);
  // How many arguments it takes is the search's own business (other shapes are tried): no value in it.
  if (isBindingMessage(said)) return [];
  const positional = positionalOf(init ?? []);
  const named = namedPositions(
    said,
    built.args.map((_, k) => positional[k]?.name ?? ''),
  );
  const typed = built.args.map((a, k) => (namesTypeOf(said, a) ? k : -1)).filter((k) => k >= 0);
  const [onlyNamed] = named.length === 1 ? named : [];
  const [onlyTyped] = typed.length === 1 ? typed : [];
  // Else its place ('argument 1 must have a "write" method' of `DictWriter(len, ['a', 'b'])`).
  const at = onlyNamed ?? onlyTyped ?? (built.args.length === 1 ? 0 : (ordinalPosition(said) ?? -1));
  const asked = built.args[at];
  if (asked === undefined) return [];
  const current = toSource(asked);
  // A file only from a refusal of the argument's type: an OSError's "Bad file descriptor" asks for none.
  const files = /` raised (?:TypeError|AttributeError): /.test(message) ? fileClassesAskedFor(said) : [];
  const classes = [...classesAskedFor(said), ...files].filter((c) => isKnownClass(c));
  const values = classes.length ? classes.map((c) => askedValue(c, said)).filter((v): v is PyValue => v !== undefined) : literalsIn(said, [current]);
  return values
    .filter((v) => toSource(v) !== current)
    .slice(0, PER_REFUSAL)
    .map((v) => ({ ...built, args: built.args.map((a, k) => (k === at ? v : a)) }));
}

/** A standard type an attribute asks for: a value of it, and the same number as one where it is a number type. */
export interface StandardType {
  value: PyValue;
  /** The number `v` as this type (`Decimal('5')` for 5); undefined for what is no plain number. */
  of?: (v: PyValue) => PyValue | undefined;
}

/** A plain int or float (not a bool) as the text that builds a Decimal of the same value. */
const decimalOf = (v: PyValue): PyValue | undefined =>
  v.k === 'int' || v.k === 'float' ? { k: 'call', callee: 'Decimal', args: [str(toSource(v))] } : undefined;

/**
 * Values of standard types the argument grammar builds, with attributes the explorer's plain values
 * lack: "'float' object has no attribute 'to_integral'" asks for a Decimal, `limit_denominator` for
 * a Fraction, `total_seconds` for a timedelta.
 */
const STANDARD_ATTRIBUTES: (StandardType & { attributes: RegExp })[] = [
  {
    value: { k: 'call', callee: 'Decimal', args: [str('2.5')] },
    of: decimalOf,
    attributes:
      /^(to_integral(_value|_exact)?|quantize|as_tuple|normalize|adjusted|is_(nan|snan|qnan|finite|infinite|signed|zero|normal|subnormal|canonical)|copy_(sign|abs|negate)|scaleb|fma|ln|log10|logb|number_class|same_quantum|compare(_total)?|next_(plus|minus|toward))$/,
  },
  { value: { k: 'call', callee: 'Fraction', args: [int(3), int(4)] }, attributes: /^limit_denominator$/ },
  { value: { k: 'call', callee: 'datetime.timedelta', args: [int(1), int(3600)] }, attributes: /^(total_seconds|days|seconds|microseconds)$/ },
  { value: { k: 'date', y: 2024, m: 3, d: 15 }, attributes: /^(isoformat|strftime|toordinal|weekday|isoweekday|isocalendar|timetuple|year|month|day|ctime)$/ },
  { value: { k: 'bytes', hex: '616263' }, attributes: /^(decode|hex)$/ },
];

/**
 * The standard types that have `attribute` (STANDARD_ATTRIBUTES), for "'<type>' object has no
 * attribute '<attribute>'": none when `type`, what it was, is that type itself.
 */
export function standardWithAttribute(attribute: string, type: string): StandardType[] {
  return STANDARD_ATTRIBUTES.filter((s) => s.attributes.test(attribute) && pyTypeName(s.value) !== type);
}

/** Positional parameters a constructor requires (a class built from nothing is the surest). */
function required(c: ArgumentClass): number {
  return positionalOf(c.init ?? []).filter((p) => p.default === undefined).length;
}

/**
 * Instances of the package's classes (FunctionInfo.argumentClasses) that have `attribute`, built
 * from their constructors, the classes needing fewest arguments first (a `Container()` before an
 * `AbstractTable(5, 10)`). `within`: only subclasses of that class (a mixin's method is called on
 * an instance of a class that mixes it in). `except`: class names left out.
 */
export function instancesWithAttribute(classes: ArgumentClass[], attribute: string, opts: { within?: string; except?: string } = {}): PyValue[] {
  return simplestInstances(
    classes.filter((c) => c.attributes.includes(attribute) && c.name !== opts.except && (opts.within === undefined || (c.bases ?? []).includes(opts.within))),
  );
}

/** Instances of the package's classes whose name passes `test`, the classes needing fewest arguments first (instancesWithAttribute). */
export function instancesWithName(classes: ArgumentClass[], test: (name: string) => boolean): PyValue[] {
  return simplestInstances(classes.filter((c) => test(c.name)));
}

function simplestInstances(classes: ArgumentClass[]): PyValue[] {
  return classes
    .map((c, k) => ({ c, k }))
    .sort((a, b) => required(a.c) - required(b.c) || a.k - b.k)
    .slice(0, ATTRIBUTE_CLASSES)
    .flatMap(({ c }) => instancesFromInit(c.name, c.init, true));
}

/**
 * `built` (a constructor call its class refused) again with one argument replaced by one of the
 * owner's own constants of the argument's kind (FunctionInfo.ownerConstants: `Color('abc')` →
 * `Color('red')`, `Mode('abc')` → `Mode('r')`), as Pynguin seeds constants: the arguments in order,
 * at most `count` constructions, none `known` already. Empty after a refusal about how many
 * arguments it takes, which other shapes answer.
 */
export function rebuiltFromConstants(
  built: PyValue,
  message: string,
  constants: (string | number)[],
  known: (v: PyValue) => boolean,
  count = PER_REFUSAL,
): PyValue[] {
  if (built.k !== 'call' || !isConstructorCall(built) || isBindingMessage(refusalOf(message))) return [];
  const out: PyValue[] = [];
  built.args.forEach((arg, at) => {
    const kind = arg.k === 'str' ? 'string' : arg.k === 'int' || arg.k === 'float' ? 'number' : undefined;
    for (const c of constants) {
      if (out.length >= count || typeof c !== kind) continue;
      const value = typeof c === 'string' ? str(c) : Number.isInteger(c) && arg.k === 'int' ? int(c) : float(c);
      const rebuilt: PyValue = { ...built, args: built.args.map((a, k) => (k === at ? value : a)) };
      if (toSource(value) !== toSource(arg) && !known(rebuilt) && !out.some((o) => toSource(o) === toSource(rebuilt))) out.push(rebuilt);
    }
  });
  return out;
}
