// The explorer's view of a call: one slot per "position" (the receiver, each parameter), each
// holding an input class and a value or nothing (argument left out). Turned into a CallRequest
// only at the edge, and read back from one for held-out inputs.
import type { CallRequest, FunctionInfo, ParameterInfo, ProbeResult } from '../core/probe-types.js';
import { positionalOf } from '../core/probe-types.js';
import type { ProbeRecord, Strictness } from '../core/session-types.js';
import { callKey } from '../core/call-identity.js';
import { itemAt } from '../core/item-at.js';
import { callableParams } from '../core/shown.js';
import { parseSource } from './parse.js';
import { GENERIC_ORDER, classesForAnnotation, constructorClassIds, hintedOrder, isKnownClass, representative } from './type-classes.js';
import type { PyValue } from './values.js';
import { bool, inputClass, int, str, toSource } from './values.js';
import { componentNames, valuesForFunction, valuesForName, valuesForParameter, visitedNode } from './name-hints.js';
import { ownPattern, ownPatternValue } from './own-pattern.js';

export interface Position {
  /** Parameter name (`self` for the receiver). */
  name: string;
  role: 'receiver' | 'positional' | 'varargs' | 'keyword' | 'varkw';
  positionalOnly: boolean;
  /** Input classes to try here, most likely first. */
  candidates: string[];
  /**
   * Values to try first, of their classes, likeliest first: what the parameter's name suggests
   * (name-hints.ts) and the other value of a bool default. Absent when names stay hidden.
   */
  hinted?: PyValue[];
  /** The default's value, when the signature has one the explorer can read: what a call that leaves it out passes. */
  default?: PyValue;
  /**
   * Given objects of the package's own classes (instanceForAttribute, siblingOutput): the worker
   * sees a change to one only through its pickle or repr, which may show none ("pure" cannot rest on them).
   */
  opaque?: boolean;
  /**
   * The receiver's class as a call names it and its constructor's parameters: what an object
   * built as `BankAccount(100)` was made with, by name (`balance=100`), for relations.ts.
   */
  owner?: { callee: string; init: ParameterInfo[] };
}

export interface Slot {
  cls: string;
  /** undefined: the argument is left out. */
  value: PyValue | undefined;
}

export type Input = Slot[];

export type Purpose = 'discover' | 'widen' | 'mined' | 'sweep' | 'random' | 'mutate' | 'repeat' | 'reapply' | 'swap' | 'sorted' | 'ladder' | 'apply';

/** One probe the explorer made, with the input it meant. */
export interface Observation {
  input: Input;
  request: CallRequest;
  key: string;
  record: ProbeRecord;
  purpose: Purpose;
  /** For a determinism re-run: the observation it repeats. */
  repeats?: Observation;
  /** The random seed it ran under, when not the worker's 0. */
  seed?: number;
  /** The hash seed of the interpreter it ran in, when not the worker's 0 (CallOptions.hashSeed). */
  hashSeed?: number;
  /** For a determinism re-run: the other call made before its second run (CallOptions.againAfter). */
  after?: Observation;
}

/** The owning class by the name argument source can build it with. */
function ownerName(info: FunctionInfo): string | undefined {
  const owner = info.ownerClass;
  return owner && (info.moduleClasses.find((c) => c === owner || owner.endsWith(`.${c}`)) ?? owner);
}

/** Receivers: constructors of the owning class (or of any module class when it is unknown). */
function receiverCandidates(info: FunctionInfo, built: PyValue | null): string[] {
  const byName = ownerName(info);
  const classes = byName ? [byName] : info.moduleClasses;
  const fixed = classes.flatMap(constructorClassIds);
  return built ? [classOfValue(built), ...fixed.filter((c) => c !== classOfValue(built))] : fixed;
}

/** How many receivers receiversFromInit builds: the first, and others to try when it cannot be built. */
const RECEIVER_ALTERNATES = 3;

/**
 * Receivers built for the method: its class called with a value for each required constructor
 * parameter, of the family its name suggests (`owner` a name, `balance` an amount), else an
 * ordinary int. The nth receiver takes each family's nth value (`SpecItem('>=1.0,<2.0')` refused,
 * `SpecItem('==1.2.3')` next). Empty without a readable constructor, or when one needs a keyword-only argument.
 */
function receiversFromInit(info: FunctionInfo): PyValue[] {
  const callee = ownerName(info);
  if (!callee) return [];
  // Then one through each of its classmethods (`Owner.from_string('…')`): what the constructor
  // cannot build from plain values, a factory of the class often can.
  // Not when the constructor needs nothing: `Owner()` is then the plain receiver, built elsewhere,
  // and a factory first would put `Owner.from_x(…)` before it.
  const needs = info.ownerInit && constructorNeeds(info.ownerInit);
  const bare = needs !== undefined && needs.required.length === 0 && !needs.keywordOnly;
  const factories = bare ? [] : (info.ownerFactories ?? []).flatMap((f) => instancesFromInit(`${callee}.${f.name}`, f.params, true).slice(0, 1));
  return [...instancesFromInit(callee, info.ownerInit), ...factories];
}

/**
 * What a constructor parameter's name suggests. An object keeps what it is given: its `f` is a file
 * to read or write (wave's Wave_write(f), csv's DictWriter(f)) before it is a function, binary first.
 */
function constructorValuesForName(name: string): PyValue[] {
  const own = valuesForName(name);
  if (name !== 'f') return own;
  const files = ['binfile', 'textfile'].map((c) => representative(c)).filter((v): v is PyValue => v !== undefined);
  return [...files, ...own];
}

/**
 * Instances of a class built from its constructor's parameters, as receiversFromInit builds
 * receivers. With `bare`, a class whose constructor requires nothing is called bare, and with a
 * value for its first parameter when that parameter's name suggests a family (`Version('1.2.3')`
 * for `version_string`): an argument of that class, asked for by an attribute only it has.
 */
export function instancesFromInit(callee: string, init: ParameterInfo[] | undefined, bare = false): PyValue[] {
  if (!init) return [];
  const { positional, required, keywordOnly } = constructorNeeds(init);
  if (keywordOnly) return [];
  const out: PyValue[] = [];
  const add = (value: PyValue): void => {
    if (isKnownClass(classOfValue(value)) && !out.some((o) => toSource(o) === toSource(value))) out.push(value);
  };
  if (required.length === 0) {
    if (!bare) return [];
    const first = positional[0];
    const family = first ? valuesForName(first.name).filter((v) => isKnownClass(slotClassOf(v))) : [];
    for (const v of family.slice(0, RECEIVER_ALTERNATES - 1)) add({ k: 'call', callee, args: [v] });
    add({ k: 'call', callee, args: [] });
    return out;
  }
  const ints = [100, 10, 7, 3];
  const families = required.map((p) => constructorValuesForName(p.name).filter((v) => isKnownClass(slotClassOf(v))));
  for (let n = 0; n < RECEIVER_ALTERNATES; n++) {
    // Without a family, the class the name suggests (`stream` a file), else an ordinary int.
    const args = required.map((p, k) => families[k]?.[n] ?? families[k]?.[0] ?? hintedValue(p.name) ?? int(itemAt(ints, k % ints.length)));
    add({ k: 'call', callee, args });
  }
  return out;
}

/** What a constructor asks for: its positional parameters, those without a default, and whether a keyword-only one has none. */
function constructorNeeds(init: ParameterInfo[]): { positional: ParameterInfo[]; required: ParameterInfo[]; keywordOnly: boolean } {
  const positional = positionalOf(init);
  return {
    positional,
    required: positional.filter((p) => p.default === undefined),
    keywordOnly: init.some((p) => p.kind === 'KEYWORD_ONLY' && p.default === undefined),
  };
}

/** A value of the class a name suggests first when that is not the generic first class (int). */
function hintedValue(name: string): PyValue | undefined {
  const [cls] = hintedOrder(name);
  return cls === undefined || cls === GENERIC_ORDER[0] ? undefined : representative(cls);
}

/** The default's value when the explorer can read it (a literal). */
function defaultOf(p: ParameterInfo): PyValue | null {
  return p.default === undefined ? null : parseSource(p.default);
}

/**
 * What the name (the function's too, for a vague one) and the default suggest trying first, at
 * strictness `signature`. `weak`: the name is one letter of a group (componentNames): the default only.
 * `earlier`: the values hinted for the parameters before it (name-hints.ts, valuesForParameter).
 */
function hintsFor(p: ParameterInfo, functionName: string, weak = false, earlier: readonly PyValue[] = []): PyValue[] {
  const d = defaultOf(p);
  // A bool default is a flag: the one other value is the call worth making.
  const flag = d?.k === 'bool' ? [bool(!d.v)] : [];
  const named = (weak ? [] : valuesForParameter(p.name, functionName, p.kind === 'VAR_POSITIONAL', earlier)).filter(
    (v) => d === null || d.k === 'none' || classOfValue(v) === classOfValue(d) || (d.k === 'int' && v.k === 'float'),
  );
  // The default's own value would repeat the call that leaves it out.
  return [...flag, ...named.filter((v) => p.default === undefined || toSource(v) !== p.default)];
}

function paramCandidates(p: ParameterInfo, info: FunctionInfo, strictness: Strictness, fromFunctionName: PyValue[] = [], weak = false): string[] {
  const instances = info.moduleClasses.slice(0, 3).flatMap((c) => constructorClassIds(c).slice(0, 2));
  // A keyword-only parameter is left out first at every strictness: it is nearly always an option
  // (json.dumps has nine), and a missing required one says so by name.
  const optional = p.kind === 'KEYWORD_ONLY' || (strictness === 'signature' && p.default !== undefined);
  let ordered: string[];
  if (strictness === 'signature') {
    const annotated = p.annotation ? classesForAnnotation(p.annotation, info.moduleClasses) : null;
    if (annotated) {
      // Trust the annotation, then learn how the function treats a couple of wrong types.
      const wrong = GENERIC_ORDER.filter((c) => !annotated.includes(c) && !(annotated.includes('float') && c === 'int')).slice(0, 3);
      ordered = [...annotated, ...wrong];
    } else {
      // One letter of a group (`h, s, v`): numbers first, whatever the letter alone suggests.
      ordered = [...(weak ? ['int', 'float'] : []), ...hintedOrder(p.name), ...instances];
    }
    // The classes of the default and of the name's values come first: a default of False is a flag.
    const d = defaultOf(p);
    const first = [
      ...(d && d.k !== 'none' ? [slotClassOf(d)] : []),
      ...hintsFor(p, info.qualname, weak).map(slotClassOf),
      ...fromFunctionName.map(slotClassOf),
    ];
    if (!annotated) ordered = [...new Set([...first.filter(isKnownClass), ...ordered])];
  } else {
    ordered = [...GENERIC_ORDER, ...instances];
  }
  return optional ? ['omit', ...ordered] : ordered;
}

/** Methods named like a completer (`completenames(text)`, `complete_help`): they want a prefix of one of the owner's names. */
const COMPLETER = /complet/i;
/** Parameters named like a syntax-tree node (`copy_location(new_node, old_node)`, `fix_missing_locations(node)`). */
const NODE_NAME = /^(node|tree)$|_node$/;

/**
 * Values from the target's own surroundings for a parameter, tried first: for the first parameter
 * of a completer, the first letters of its owner's method names after their prefix (`h` for
 * `do_help`: Cmd.completenames lists the commands that start with it); for a parameter named like
 * a node in a module of syntax-tree classes (one named `AST`), nodes the argument grammar parses.
 */
function ownValues(name: string, info: FunctionInfo, first: boolean): PyValue[] {
  if (first && COMPLETER.test(info.name) && info.ownerMethods) {
    const commands = info.ownerMethods.flatMap((m) => /^[a-z]+_([a-z])/.exec(m.name)?.[1] ?? []);
    return [...new Set(commands)].slice(0, 2).map(str);
  }
  const classes = [...info.moduleClasses, ...(info.argumentClasses ?? []).map((c) => c.name)];
  // A visitor of one node class (`visit_Constant`) is given that one first: a Name has no `.value`.
  const visited = visitedNode(info.name);
  const nodes = [...new Set([...(visited === undefined ? [] : [visited]), 'Name', 'BinOp'])];
  if (NODE_NAME.test(name.toLowerCase()) && classes.includes('AST')) return nodes.map((c) => ({ k: 'call', callee: 'ast_node', args: [str(c)] }));
  return [];
}

/** The positions of a call to the target, with candidate classes per the strictness. */
export function buildPositions(info: FunctionInfo, strictness: Strictness): Position[] {
  const out: Position[] = [];
  const components = strictness === 'signature' ? componentNames(callableParams(info).map((p) => p.name)) : new Set<string>();
  let own: ReturnType<typeof ownPattern>;
  if (info.needsReceiver) {
    const built = strictness === 'signature' ? receiversFromInit(info) : [];
    own = ownPattern(built[0]);
    const callee = ownerName(info);
    out.push({
      name: 'self',
      role: 'receiver',
      positionalOnly: false,
      candidates: receiverCandidates(info, built[0] ?? null),
      ...(built.length ? { hinted: built } : {}),
      ...(callee && info.ownerInit ? { owner: { callee, init: info.ownerInit } } : {}),
    });
  }
  for (const p of callableParams(info)) {
    if (p.kind === 'VAR_KEYWORD') {
      out.push({ name: p.name, role: 'varkw', positionalOnly: false, candidates: ['omit'] });
    } else if (p.kind === 'VAR_POSITIONAL') {
      // Extra positional arguments: none at first, then one or two of a generic type (gcd, a merge
      // of dicts: what they do only shows with two). The second is passed only after the first.
      const varargs: Position = {
        name: p.name,
        role: 'varargs',
        positionalOnly: false,
        candidates: ['omit', ...paramCandidates({ ...p, default: undefined }, info, strictness)],
      };
      const hinted = strictness === 'signature' ? hintsFor({ ...p, default: undefined }, info.qualname) : [];
      if (hinted.length) varargs.hinted = hinted;
      // A third: what a merge or a join does with more than two inputs shows only with three.
      out.push(varargs, { ...varargs, candidates: [...varargs.candidates] }, { ...varargs, candidates: [...varargs.candidates] });
    } else {
      const weak = components.has(p.name);
      const earlier = out.filter((o) => o.role === 'positional' || o.role === 'keyword').flatMap((o) => o.hinted ?? []);
      let hinted = strictness === 'signature' ? hintsFor(p, info.qualname, weak, earlier) : [];
      // The first argument: the function's own name may say what it takes. After what the
      // argument's name says (it names the argument itself), but a generic name (`data`) gives
      // another class, so `parsedate_to_datetime(data)` still gets a date string for its str.
      const first = !out.some((o) => o.role === 'positional');
      const fromName =
        strictness === 'signature' && first && !weak && p.default === undefined && p.kind !== 'KEYWORD_ONLY'
          ? valuesForFunction(info.qualname).filter((v) => !hinted.some((h) => slotClassOf(h) === slotClassOf(v)))
          : [];
      if (fromName.length) hinted = [...hinted, ...fromName];
      let candidates = paramCandidates(p, info, strictness, fromName, weak);
      // A match of the receiver's own pattern, and the text it was made in, before anything else.
      const fromPattern = own && ownPatternValue(p.name, own);
      if (fromPattern) {
        hinted = [fromPattern, ...hinted];
        const cls = slotClassOf(fromPattern);
        candidates = [...candidates.filter((c) => c === 'omit'), cls, ...candidates.filter((c) => c !== cls && c !== 'omit')];
      }
      // What the target's own world names: its owner's command names for a completer, its module's syntax-tree nodes.
      const owned = strictness === 'signature' && p.default === undefined ? ownValues(p.name, info, first) : [];
      if (owned.length) {
        hinted = [...owned, ...hinted];
        const classes = [...new Set(owned.map(slotClassOf))];
        candidates = [...candidates.filter((c) => c === 'omit'), ...classes, ...candidates.filter((c) => c !== 'omit' && !classes.includes(c))];
      }
      const defaultValue = defaultOf(p);
      out.push({
        name: p.name,
        role: p.kind === 'KEYWORD_ONLY' ? 'keyword' : 'positional',
        positionalOnly: p.kind === 'POSITIONAL_ONLY',
        candidates,
        ...(hinted.length ? { hinted } : {}),
        ...(defaultValue ? { default: defaultValue } : {}),
      });
    }
  }
  return out;
}

/**
 * The call for an input. A left-out positional parameter turns the following ones into keyword
 * arguments (positional-only ones are then left out too); extra `*args` only follow a full set.
 */
export function toRequest(positions: Position[], input: Input): CallRequest {
  const args: string[] = [];
  const kwargs: Record<string, string> = {};
  let receiver: string | undefined;
  let gap = false;
  positions.forEach((pos, i) => {
    const v = input[i]?.value;
    if (pos.role === 'receiver') {
      if (v) receiver = toSource(v);
      return;
    }
    if (v === undefined) {
      if (pos.role === 'positional' || pos.role === 'varargs') gap = true;
      return;
    }
    if (pos.role === 'keyword') kwargs[pos.name] = toSource(v);
    else if (pos.role === 'positional') {
      if (!gap) args.push(toSource(v));
      else if (!pos.positionalOnly) kwargs[pos.name] = toSource(v);
    } else if (pos.role === 'varargs' && !gap) args.push(toSource(v));
    // `**kwargs` given a dict: its str keys are the call's keywords (keyword-extras.ts).
    else if (pos.role === 'varkw' && v.k === 'dict') for (const [k, x] of v.entries) if (k.k === 'str') kwargs[k.v] = toSource(x);
  });
  const req: CallRequest = { args };
  if (Object.keys(kwargs).length) req.kwargs = kwargs;
  if (receiver !== undefined) req.receiver = receiver;
  return req;
}

/** The slot of each argument label the worker uses (`args[0]`, `kwargs.mode`) in a call made from `input`. */
export function labelledPositions(positions: Position[], input: Input): Map<string, number> {
  // toRequest decides where each value goes; markers find out without repeating its rules.
  const marked = input.map((s, i) => (s.value === undefined ? s : { cls: s.cls, value: str(`\u0000${i}`) }));
  const req = toRequest(positions, marked);
  const at = new Map<string, number>();
  const index = (src: string): number => Number(/\\x00(\d+)/.exec(src)?.[1] ?? -1);
  req.args.forEach((src, k) => at.set(`args[${k}]`, index(src)));
  for (const [name, src] of Object.entries(req.kwargs ?? {})) at.set(`kwargs.${name}`, index(src));
  // The `**kwargs` dict itself, as the worker names what the code looked up in it.
  const varkw = positions.findIndex((p) => p.role === 'varkw');
  if (varkw >= 0) at.set('kwargs', varkw);
  return at;
}

/** Identity of a request for de-duplication: the one call identity. */
export function requestKey(req: CallRequest): string {
  return callKey(req);
}

/** Reads a request back into an input (null when a source is outside what the reader knows). */
export function fromRequest(positions: Position[], req: CallRequest): Input | null {
  const input: Input = positions.map(() => ({ cls: 'omit', value: undefined }));
  const read = (src: string): PyValue | null => parseSource(src);
  let next = 0;
  for (const src of req.args) {
    while (next < positions.length && !(positions[next]?.role === 'positional' || positions[next]?.role === 'varargs')) next++;
    const pos = positions[next];
    if (!pos) return null;
    const v = read(src);
    if (!v) return null;
    input[next] = { cls: classOfValue(v), value: v };
    if (pos.role === 'positional' || positions[next + 1]?.role === 'varargs') next++;
    else break; // more extra positional arguments than the explorer writes
  }
  const varkw = positions.findIndex((p) => p.role === 'varkw');
  for (const [name, src] of Object.entries(req.kwargs ?? {})) {
    const i = positions.findIndex((p) => p.name === name && (p.role === 'positional' || p.role === 'keyword'));
    const v = read(src);
    const extra = input[varkw]?.value;
    if (i < 0 && varkw >= 0 && v) {
      const entries = extra?.k === 'dict' ? extra.entries : [];
      input[varkw] = { cls: 'dict', value: { k: 'dict', entries: [...entries, [str(name), v]] } };
      continue;
    }
    if (i < 0 || !v) return null;
    input[i] = { cls: classOfValue(v), value: v };
  }
  if (req.receiver !== undefined) {
    const i = positions.findIndex((p) => p.role === 'receiver');
    const v = read(req.receiver);
    if (i < 0 || !v) return null;
    input[i] = { cls: classOfValue(v), value: v };
  }
  return input;
}

/** The input class a slot holding this value has: classOfValue, with a callable's source as `callable`. */
export function slotClassOf(v: PyValue): string {
  return v.k === 'fn' ? 'callable' : classOfValue(v);
}

/** The exception classes of the argument grammar (python/pau_probe/safe_args.py _BUILTIN_NAMES). */
const EXCEPTION_CLASSES = new Set(['Exception', 'ValueError', 'TypeError', 'KeyError', 'IndexError', 'RuntimeError', 'ZeroDivisionError']);

/** The input class a value belongs to, for values read back from source. */
export function classOfValue(v: PyValue): string {
  switch (v.k) {
    case 'frozenset':
      return 'set';
    case 'call':
      if (v.callee === 'datetime.datetime') return 'datetime';
      if (v.callee === 'io.StringIO') return 'textfile';
      if (v.callee === 'io.BytesIO') return 'binfile';
      if (v.callee === 'scratch_file') return 'scratchfile';
      if (v.callee === 'sample_file') return v.args.length > 1 ? 'binfile' : 'scratchfile';
      if (v.callee === 're.match') return 'match';
      if (v.callee === 'dataclass_record') return 'dataclass';
      if (v.callee === 'traceback_of') return 'traceback';
      if (v.callee === 'exc_info') return 'excinfo';
      if (v.callee === 'ast_node') return 'astnode';
      if (EXCEPTION_CLASSES.has(v.callee)) return 'exception';
      return `new:${v.callee}:${v.args.map((a) => slotClassOf(a)).join(',')}`;
    case 'list':
      if (v.items.length && v.items.every((x) => x.k === 'str')) return 'list[str]';
      return v.items.some((x) => x.k === 'list' || x.k === 'tuple') ? 'list[list]' : 'list';
    default:
      return v.k;
  }
}

/** `negative int`, or `(list of int, zero int)` for several arguments; the receiver by its source. */
export function describeInput(positions: Position[], input: Input): string {
  const parts: string[] = [];
  positions.forEach((pos, i) => {
    const v = input[i]?.value;
    if (v === undefined) return;
    parts.push(pos.role === 'receiver' ? `receiver ${toSource(v)}` : inputClass(v));
  });
  if (parts.length === 0) return 'no arguments';
  return parts.length === 1 ? parts.join('') : `(${parts.join(', ')})`;
}

/** The other arguments of a call than position p, as text: calls with the same context differ only in p. */
export function contextKey(input: Input, p: number): string {
  return JSON.stringify(input.map((s, k) => (k === p || s.value === undefined ? null : toSource(s.value))));
}

/** Whether an outcome says the input's types are acceptable (returned, or failed for another reason than type). */
export function typesAccepted(result: ProbeResult): boolean {
  if (result.status === 'returned') return true;
  if (result.status !== 'raised' || TYPE_ERRORS.has(baseExceptionName(result.exception?.type ?? ''))) return false;
  // An exception that could not even describe itself for a type error ("<str() of the exception
  // raised TypeError: object of type 'int' has no len()>": a parser's error quoting an int as its
  // text) was raised about a value of the wrong type: a refusal by type, whatever its class.
  return !STR_FAILED_BY_TYPE.test(result.exception?.message ?? '');
}

/** How the worker writes an exception whose str() raised a type error (render.py). */
const STR_FAILED_BY_TYPE = /^<str\(\) of the exception raised (?:TypeError|AttributeError)\b/;

export const TYPE_ERRORS = new Set(['TypeError', 'AttributeError']);

/** `bank.InsufficientFunds` → `InsufficientFunds`. */
export function baseExceptionName(type: string): string {
  return type.slice(type.lastIndexOf('.') + 1);
}
