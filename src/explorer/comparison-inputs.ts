// Comparison-guided inputs (input-to-state feedback, as Redqueen and libFuzzer's value profile
// do it): the worker reports what a call compared its arguments with (ProbeResult.comparisons,
// pau_probe/comparisons.py), and each new comparison becomes a few calls in which the argument,
// or the compared piece of it, is replaced by what it was compared with: the mode in the set, the
// key of the table, the prefix before the rest, a value either side of a bound, a separator
// between two copies of the text, an instance of the class isinstance wanted. A dict argument
// (or `**kwargs`) looked up with a constant key gets that key, and what it holds under a key
// compared with a constant gets the constant: a document of the keys the code reads is built up.
import type { ComparisonRecord } from '../core/probe-types.js';
import { itemAt } from '../core/item-at.js';
import type { Input, Observation, Position } from './inputs.js';
import { TYPE_ERRORS, baseExceptionName, labelledPositions, slotClassOf } from './inputs.js';
import { FORMAT_TEXTS, isKnownClass, ordinaryValue, representative, typeClass } from './type-classes.js';
import type { PyValue } from './values.js';
import { bytesOf, float, int, isConstructorCall, str, toSource } from './values.js';
import { PY_TYPE_NAMES } from './receivers.js';
import { withNamedKey } from './named-keys.js';

const EMPTY_DICT: PyValue = { k: 'dict', entries: [] };

/** Calls made from one comparison record at most. */
const PER_RECORD = 2;
/** A value among the first this many of its class's battery is swept soon anyway: no call of its own. */
const SWEPT_EARLY = 8;
/** Strings longer than this are not built (the worker reports values up to 64 characters). */
const MAX_TEXT = 80;

export interface ComparisonProbe {
  input: Input;
  note: string;
}

/** The worker's number as the kind of value it replaces: an int stays an int when it can. */
function numberLike(n: number, like: PyValue | undefined): PyValue {
  return Number.isInteger(n) && like?.k !== 'float' ? int(n) : float(n);
}

function asValue(c: string | number, like: PyValue | undefined): PyValue {
  return typeof c === 'string' ? (like?.k === 'bytes' ? bytesOf(c) : str(c)) : numberLike(c, like);
}

/** The text of a str, or of bytes one character a byte (as the worker reports bytes compared). */
export function textOf(v: PyValue | undefined): string | undefined {
  if (v?.k === 'str') return v.v;
  return v?.k === 'bytes' ? (v.hex.match(/../g) ?? []).map((h) => String.fromCharCode(parseInt(h, 16))).join('') : undefined;
}

/**
 * Documents of a known format that begin with what the code compared the start of its input with
 * (b'<plist', '{'): a whole document gets past the parser that a prefix before junk does not.
 */
function documentsStartingWith(prefix: string): string[] {
  return prefix.length === 0 ? [] : FORMAT_TEXTS.filter((t) => t.startsWith(prefix) && t !== prefix);
}

/** The bound itself and the value just across it from the current one (above it when unknown). */
function acrossBound(c: number, like: PyValue | undefined): PyValue[] {
  const current = like?.k === 'int' ? Number(like.v) : like?.k === 'float' ? like.v : undefined;
  const below = current !== undefined && current > c;
  if (like?.k === 'float' || !Number.isInteger(c)) {
    const step = Math.max(Math.abs(c) * 0.01, 0.01);
    return [float(c), float(below ? c - step : c + step)];
  }
  return [int(c), int(below ? c - 1 : c + 1)];
}

/** The input class of each builtin type an isinstance check names (the kinds' own Python names, read backwards). */
const ISINSTANCE_CLASSES: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(PY_TYPE_NAMES)
      // Not bool: `isinstance(x, bool)` mostly keeps bools out of numbers; a flag gets True from its default.
      // Not date: its check names 'date', which the explorer's dates already are.
      .filter(([kind]) => kind !== 'bool' && kind !== 'date')
      .map(([kind, name]) => [name, kind]),
  ),
  frozenset: 'set',
};

/** The replacement pieces a record suggests for `part`, the compared value (the argument or a piece of it). */
function replacements(r: ComparisonRecord, part: PyValue | undefined): PyValue[] {
  const values = r.values ?? [];
  if (r.op === 'isinstance') {
    const have = part === undefined ? '' : slotClassOf(part);
    const classes = (r.types ?? []).map((t) => ISINSTANCE_CLASSES[t]).filter((c): c is string => c !== undefined);
    if (classes.includes(have.replace(/\[.*\]$/, ''))) return [];
    return classes.map((c) => ordinaryValue(c, 0) ?? representative(c)).filter((v): v is PyValue => v !== undefined);
  }
  if (r.through === 'len') {
    // A bound on the length: a text (or list) of that length and one longer.
    const n = values.find((v): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_TEXT);
    if (n === undefined || part === undefined) return [];
    const sized = (k: number): PyValue | undefined =>
      part.k === 'str' ? str('a'.repeat(k)) : part.k === 'list' ? { k: 'list', items: Array.from({ length: k }, () => int(1)) } : undefined;
    return [sized(n), sized(n + 1)].filter((v): v is PyValue => v !== undefined);
  }
  const text = textOf(part);
  // What is built keeps the kind of the compared piece: bytes stay bytes.
  const like = (s: string): PyValue => (part?.k === 'bytes' ? bytesOf(s) : str(s));
  const numeric = r.through === 'int' || r.through === 'float';
  switch (r.op) {
    case '==':
    case '!=':
    case 'in':
    case 'not in':
    case 'key':
      // int(x) == 3 on a str: the digits; otherwise the constant itself.
      return values.map((c) => (numeric && text !== undefined ? like(String(c)) : asValue(c, part)));
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const out: PyValue[] = [];
      for (const c of values) {
        if (typeof c === 'string') out.push(str(c));
        else if (numeric && text !== undefined) out.push(...acrossBound(c, int(0)).map((v) => str(toSource(v))));
        else if (part === undefined || part.k === 'int' || part.k === 'float') out.push(...acrossBound(c, part));
      }
      return out;
    }
    case 'startswith':
    case 'removeprefix': {
      if (text === undefined) return [];
      const prefixes = values.filter((c): c is string => typeof c === 'string');
      return [...prefixes.flatMap(documentsStartingWith), ...prefixes.map((c) => `${c}${text}`)].map(like);
    }
    case 'endswith':
    case 'removesuffix':
      return text === undefined ? [] : values.filter((c) => typeof c === 'string').map((c) => like(`${text}${c}`));
    case 'contains':
    case 'split':
    case 'rsplit':
    case 'partition':
    case 'rpartition':
    case 'index':
    case 'find':
    case 'rfind':
    case 'count': {
      // A separator (or a piece looked for) between two copies of the text: 'abc=abc'.
      if (text === undefined)
        return part?.k === 'list' && r.op === 'contains' ? values.map((c) => ({ k: 'list', items: [...part.items, asValue(c, undefined)] })) : [];
      const around = text.length <= 16 ? text : text.slice(0, 8);
      return values.filter((c): c is string => typeof c === 'string' && c.length > 0).map((c) => like(`${around}${c}${around}`));
    }
    case 'regex':
      // A text the pattern matches and, for a pattern of one character class, one it does not:
      // which side is the valid input depends on how the code uses the match (a search for a
      // character outside the hex digits, b16decode's, refuses the text it finds one in).
      return values
        .flatMap((p) => (typeof p === 'string' ? [regexExample(p), classMiss(p), regexExample(p, true)] : []))
        .filter((s): s is string => s !== undefined)
        .map(like);
    default:
      return [];
  }
}

/** `dict` with `key` holding `value` (added or replaced). */
function withEntry(dict: PyValue & { k: 'dict' }, key: PyValue, value: PyValue): PyValue {
  const source = toSource(key);
  const kept = dict.entries.filter(([k]) => toSource(k) !== source);
  return { k: 'dict', entries: [...kept, [key, value]] };
}

/**
 * For a record about a mapping argument, the argument again with the key it names: a key the code
 * looked up (`get`) or looked for (`contains`) added with a value its name suggests (named-keys.ts),
 * or the value under `key` replaced as that value alone would be. Undefined for any other record.
 */
function mappingReplacements(whole: PyValue, r: ComparisonRecord): PyValue[] | undefined {
  if (whole.k !== 'dict') return r.key !== undefined || r.op === 'get' ? [] : undefined;
  if (r.key !== undefined) {
    const key = asValue(r.key, undefined);
    const held = whole.entries.find(([k]) => toSource(k) === toSource(key))?.[1];
    return replacements({ ...r, key: undefined }, held).map((by) => withEntry(whole, key, by));
  }
  if (r.op === 'get' || r.op === 'contains')
    return (r.values ?? []).map((c) => withNamedKey(whole, asValue(c, undefined))).filter((v): v is PyValue => v !== undefined);
  return undefined;
}

/** `whole` with the first occurrence of `piece` (a str piece of a str, or an item of a list) replaced by `by`. */
function spliced(whole: PyValue, r: ComparisonRecord, by: PyValue): PyValue | undefined {
  const seen = r.seen;
  if (r.via === 'part' && whole.k === 'str' && typeof seen === 'string' && by.k === 'str') {
    const at = whole.v.indexOf(seen);
    return at < 0 ? undefined : str(whole.v.slice(0, at) + by.v + whole.v.slice(at + seen.length));
  }
  if (r.via === 'item' && (whole.k === 'list' || whole.k === 'tuple') && seen !== undefined) {
    const at = whole.items.findIndex((x) => (x.k === 'str' && x.v === seen) || ((x.k === 'int' || x.k === 'float') && Number(x.v) === seen));
    return at < 0 ? undefined : { k: whole.k, items: whole.items.map((x, k) => (k === at ? by : x)) };
  }
  return undefined;
}

/** The piece of `whole` the record compared: the argument itself, or its part or item as the worker saw it. */
function comparedPiece(whole: PyValue, r: ComparisonRecord): PyValue | undefined {
  if (r.via === undefined) return whole;
  if (typeof r.seen === 'string') return str(r.seen);
  return typeof r.seen === 'number' ? numberLike(r.seen, undefined) : undefined;
}

/**
 * The feedback's state over a run: each (position, op, values) is followed once, each new value
 * at a position is tried once, and at most `cap` calls are made from comparisons in all.
 * `constants`: the target code's own (FunctionInfo.constants). A comparison with only those is
 * left to constant seeding, which sweeps them already: the feedback is for what only the run shows.
 */
export class ComparisonFeedback {
  private readonly followed = new Set<string>();
  private readonly tried = new Set<string>();
  /** `position|source` of every value a call observed so far had at that position. */
  private readonly given = new Set<string>();
  private readonly constants: Set<string | number>;
  private planned = 0;

  constructor(
    private readonly positions: Position[],
    private readonly cap: number,
    constants: (string | number)[] = [],
  ) {
    this.constants = new Set(constants);
  }

  /** Whether calls are still worth asking for comparisons (the budget for their probes is not spent). */
  get wanted(): boolean {
    return this.planned < this.cap;
  }

  /**
   * Calls on a receiver built again with the constructor's argument the record is about replaced
   * by what building it compared it with (`Color('abc')` → `Color('red')`), the rest of the call kept.
   */
  private fromConstruction(obs: Observation, r: ComparisonRecord): ComparisonProbe[] {
    const at = this.positions.findIndex((p) => p.role === 'receiver');
    const built = at >= 0 ? obs.input[at]?.value : undefined;
    const j = Number(/^args\[(\d+)\]$/.exec(r.arg)?.[1] ?? -1);
    const whole = built && isConstructorCall(built) ? built.args[j] : undefined;
    const key = `receiver|${r.arg}|${r.op}|${r.via ?? ''}|${JSON.stringify(r.values ?? r.types)}`;
    if (!built || !isConstructorCall(built) || whole === undefined || this.followed.has(key)) return [];
    this.followed.add(key);
    // An isinstance check only when the construction refused a type.
    if (r.op === 'isinstance' && !/raised TypeError/.test(obs.record.result.exception?.message ?? '')) return [];
    const mapped = mappingReplacements(whole, r);
    const out: ComparisonProbe[] = [];
    for (const by of mapped ?? replacements(r, comparedPiece(whole, r))) {
      if (out.length >= PER_RECORD || this.planned >= this.cap) break;
      const value = r.via === undefined || mapped ? by : spliced(whole, r, by);
      if (value === undefined || (value.k === 'str' && value.v.length > MAX_TEXT)) continue;
      const receiver: PyValue = { ...built, args: built.args.map((a, n) => (n === j ? value : a)) };
      const source = toSource(receiver);
      if (source === toSource(built) || this.tried.has(`${at}|${source}`)) continue;
      this.tried.add(`${at}|${source}`);
      this.planned++;
      out.push({
        input: obs.input.map((s, n) => (n === at ? { cls: s.cls, value: receiver } : s)),
        note: `building the receiver compared its argument ${j + 1} (${r.op}) with ${describeValues(r)}: ${source}`,
      });
    }
    return out;
  }

  /** Calls to make from what this observation's call compared its arguments with. */
  probesFrom(obs: Observation): ComparisonProbe[] {
    obs.input.forEach((s, i) => {
      if (s.value !== undefined) this.given.add(`${i}|${toSource(s.value)}`);
    });
    const records = obs.record.result.comparisons;
    if (!records?.length || !this.wanted) return [];
    const at = labelledPositions(this.positions, obs.input);
    const out: ComparisonProbe[] = [];
    // An isinstance check is worth following only when the type was what the call refused.
    const error = obs.record.result.exception?.type;
    const refusedType = obs.record.result.status === 'raised' && error !== undefined && TYPE_ERRORS.has(baseExceptionName(error));
    for (const r of records) {
      if (r.construction) {
        out.push(...this.fromConstruction(obs, r));
        continue;
      }
      if (r.op === 'isinstance' && !refusedType) continue;
      const i = at.get(r.arg);
      const slot = i === undefined || i < 0 ? undefined : obs.input[i];
      // `**kwargs` left out is an empty dict to the code that looks keys up in it.
      const whole = slot?.value ?? (i !== undefined && i >= 0 && itemAt(this.positions, i).role === 'varkw' ? EMPTY_DICT : undefined);
      if (i === undefined || !slot || !whole || itemAt(this.positions, i).role === 'receiver') continue;
      // Constant seeding spreads the code's constants over the positions in turn, and may never
      // give the compared one its constant (`npgettext(context, msgid1, msgid2, n)` compares `n == 1`,
      // seeding gave 1 to the first three): only the constants themselves, where not given yet.
      // Not for a pattern, a separator or a prefix: the constant is what the input is read with,
      // not an input ('1h1m1s' for `(\d+)h…`, never the pattern's own text).
      const onlyConstants = WHOLE_VALUE_OPS.has(r.op) && (r.values ?? []).every((v) => this.constants.has(v));
      // `x in TABLE` and `TABLE[x]` are one look-up: followed once.
      const op = r.op === 'in' || r.op === 'not in' || r.op === 'key' ? 'member' : r.op;
      const key = `${i}|${op}|${r.through ?? ''}|${r.via ?? ''}|${r.key ?? ''}|${JSON.stringify(r.values ?? r.types)}`;
      if (this.followed.has(key)) continue;
      this.followed.add(key);
      const piece = comparedPiece(whole, r);
      let made = 0;
      const mapped = mappingReplacements(whole, r);
      const candidates = mapped ?? (onlyConstants ? (r.values ?? []).map((c) => asValue(c, piece)) : replacements(r, piece));
      for (const by of candidates) {
        if (made >= PER_RECORD || this.planned >= this.cap) break;
        const value = r.via === undefined || mapped ? by : spliced(whole, r, by);
        if (value === undefined || (value.k === 'str' && value.v.length > MAX_TEXT)) continue;
        const source = toSource(value);
        if (
          source === toSource(whole) ||
          this.tried.has(`${i}|${source}`) ||
          this.given.has(`${i}|${source}`) ||
          (!onlyConstants && !mapped && sweptEarly(value, slot.cls))
        )
          continue;
        this.tried.add(`${i}|${source}`);
        made++;
        this.planned++;
        const input = obs.input.map((s, j) => (j === i ? { cls: slotClassOf(value), value } : s));
        const what = r.key === undefined ? itemAt(this.positions, i).name : `${itemAt(this.positions, i).name}[${JSON.stringify(r.key)}]`;
        out.push({ input, note: `the code compared ${what} (${r.op}) with ${describeValues(r)}: ${source}` });
      }
    }
    return out;
  }
}

/**
 * Comparisons whose constant is itself a value the input may be: equal to, a member of, held in
 * (`'%' in string`: '%' alone is the text that holds it and nothing else), a bound of.
 */
const WHOLE_VALUE_OPS = new Set(['==', '!=', 'in', 'not in', 'key', 'get', 'contains', '<', '<=', '>', '>=']);

/** Whether the sweep of the position's current class tries this value early anyway. */
function sweptEarly(value: PyValue, current: string): boolean {
  const cls = slotClassOf(value);
  if (cls !== current || !isKnownClass(cls)) return false;
  const source = toSource(value);
  return typeClass(cls)
    .values.slice(0, SWEPT_EARLY)
    .some((v) => v !== undefined && toSource(v) === source);
}

function describeValues(r: ComparisonRecord): string {
  const shown = (r.types ?? r.values ?? []).slice(0, 3).map((v) => (typeof v === 'string' ? JSON.stringify(v) : String(v)));
  return shown.join(', ') + ((r.types ?? r.values ?? []).length > 3 ? ', …' : '');
}

/**
 * For a pattern that is one character class (`[^0-9A-F]`, `[a-z]+`, anchors and a quantifier
 * allowed), a text of characters on the other side of it: the ends of a negated class's ranges
 * ('09AF'), or for a plain class a character it does not hold. Undefined for any other pattern.
 */
export function classMiss(pattern: string): string | undefined {
  const m = /^\^?\[(\^?)((?:\\.|[^\]\\])+)\](?:[*+?]|\{\d+(?:,\d*)?\})?\$?$/.exec(pattern);
  if (!m) return undefined;
  const body = m[2] ?? '';
  // Escapes other than a plain character (\d, \w…) stand for sets this does not spell out.
  if (/\\[A-Za-z]/.test(body)) return undefined;
  const members = [...body.matchAll(/(\\?.)(?:-(\\?.))?/g)].flatMap((r) =>
    [r[1], r[2]].filter((c): c is string => c !== undefined).map((c) => c.replace(/^\\/, '')),
  );
  if (m[1] === '^') return members.join('').slice(0, MAX_TEXT) || undefined;
  return ['z', '-', ' ', '0', 'A'].find((c) => !members.includes(c) && !inRanges(body, c));
}

/** Whether a character falls in one of a class body's ranges (`a-z`). */
function inRanges(body: string, c: string): boolean {
  return [...body.matchAll(/(.)-(.)/g)].some((r) => c >= (r[1] ?? '') && c <= (r[2] ?? ''));
}

/**
 * A short text the regular expression matches, for the common constructs (literals, classes,
 * escapes, groups, alternatives, quantifiers); undefined for lookarounds, back-references and the
 * like. Each repeat is taken once (or its minimum), each alternative's first branch; `shortest`:
 * an optional part or a `*` left out instead, so that both sides show (`1h1m1s` for a duration's
 * optional parts, `%e` where the optional `(key)` of a format wants a mapping).
 */
export function regexExample(pattern: string, shortest = false): string | undefined {
  let i = 0;
  const fail = (): never => {
    throw new Error('unsupported');
  };
  const classChar = (): string => {
    // [...]: the first character it allows (for a negated class, a letter it does not name).
    i++;
    const negated = pattern[i] === '^';
    if (negated) i++;
    const members: string[] = [];
    let first = true;
    while (i < pattern.length && (pattern[i] !== ']' || first)) {
      first = false;
      let ch = pattern.charAt(i);
      if (ch === '\\') {
        const e = pattern[++i] ?? fail();
        ch = e === 'd' ? '1' : e === 'w' ? 'a' : e === 's' ? ' ' : /[nrtfv]/.test(e) ? fail() : e;
      }
      members.push(ch);
      i++;
    }
    if (pattern[i] !== ']') fail();
    i++;
    if (!negated) return members[0] ?? fail();
    return ['a', 'z', '0', '_', '-'].find((c) => !members.includes(c)) ?? fail();
  };
  const atom = (): string => {
    const ch = pattern.charAt(i);
    if (ch === '(') {
      i++;
      if (pattern[i] === '?') {
        const kind = pattern[i + 1];
        if (kind === ':') i += 2;
        else if (kind === 'P' && pattern[i + 2] === '<') i = pattern.indexOf('>', i) + 1 || fail();
        else fail();
      }
      const inner = alternatives();
      if (pattern[i] !== ')') fail();
      i++;
      return inner;
    }
    if (ch === '[') return classChar();
    if (ch === '\\') {
      const e = pattern[i + 1] ?? fail();
      i += 2;
      if (/[1-9]/.test(e)) fail();
      const table: Record<string, string> = { d: '1', D: 'a', w: 'a', W: '-', s: ' ', S: 'a', b: '', B: '', A: '', Z: '', n: '\n', t: '\t' };
      return table[e] ?? e;
    }
    i++;
    if (ch === '.') return 'a';
    if (ch === '^' || ch === '$') return '';
    return ch;
  };
  const quantified = (text: string): string => {
    const q = pattern[i];
    let out = text;
    if (q === '*' || q === '+' || q === '?') {
      i++;
      if (shortest && q !== '+') out = '';
    } else if (q === '{') {
      const m = /^\{(\d+)(,\d*)?\}/.exec(pattern.slice(i));
      if (m) {
        i += m[0].length;
        out = text.repeat(shortest ? Number(m[1]) : Math.max(1, Number(m[1])));
      }
    }
    if (pattern[i] === '?' || pattern[i] === '+') i++; // lazy or possessive
    return out;
  };
  const sequence = (): string => {
    let out = '';
    while (i < pattern.length && pattern[i] !== '|' && pattern[i] !== ')') out += quantified(atom());
    return out;
  };
  const alternatives = (): string => {
    const first = sequence();
    while (pattern[i] === '|') {
      i++;
      sequence();
    }
    return first;
  };
  try {
    if (pattern.startsWith('(?') && /^\(\?[aiLmsux]+\)/.test(pattern)) i = pattern.indexOf(')') + 1;
    const out = alternatives();
    return i === pattern.length && out.length > 0 && out.length <= MAX_TEXT ? out : undefined;
  } catch {
    return undefined;
  }
}
