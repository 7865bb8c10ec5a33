// Literals mined from what a call said: an error message names the values it wants ("cutoff must
// be in [0.0, 1.0]", "n must be > 0", "expected one of 'fast', 'slow'") and often the parameter it
// is about. The explorer tries them in place of the value that was refused.
import { group } from '../core/regex-group.js';
import type { PyValue } from './values.js';
import { float, int, ints, list, str, toSource, tuple } from './values.js';

const NUM = String.raw`-?\d+(?:\.\d+)?`;
// Python's names for types: quoted in type errors ("'int' object is not iterable"), never literals.
const TYPE_NAMES = new Set(['int', 'str', 'float', 'list', 'dict', 'tuple', 'set', 'frozenset', 'bool', 'bytes', 'NoneType', 'object', 'function']);

/** Lines of a message mined: the rest of a long one is a listing or a usage text. */
const MESSAGE_LINES = 6;

/** A moment (Friday 15 March 2024, 14:30:45) as time.struct_time's fields, in order: what a tuple of 6 or 9 most often is. */
const TIME_FIELDS = [2024, 3, 15, 14, 30, 45, 4, 75, 0];

/**
 * For "expected N" when unpacking: N distinct ints as a tuple, and a list of two such tuples; for
 * 6 or 9 (a date and time, a time.struct_time: calendar.timegm) that moment's fields first.
 */
function nItems(n: number): PyValue[] {
  if (!(n >= 1 && n <= 9)) return [];
  const one = (start: number): PyValue => tuple(ints(...Array.from({ length: n }, (_, k) => start + k)));
  const moment = tuple(ints(...TIME_FIELDS.slice(0, n)));
  if (n === 6 || n === 9) return [moment, one(1), list([one(1), one(10)])];
  return [one(1), list([one(1), one(10)])];
}

/** A fixed moment (Friday 15 March 2024, 14:30:45) written in a strftime format, for "does not match format". */
export function strftime(format: string): string {
  const parts: Record<string, string> = {
    Y: '2024',
    y: '24',
    m: '03',
    d: '15',
    H: '14',
    I: '02',
    M: '30',
    S: '45',
    f: '000000',
    p: 'PM',
    b: 'Mar',
    B: 'March',
    a: 'Fri',
    A: 'Friday',
    j: '075',
    z: '+0000',
    Z: 'UTC',
    '%': '%',
  };
  return format.replace(/%([A-Za-z%])/g, (all, c: string) => parts[c] ?? all);
}

/** A number as written: `0.5` a float, `3` an int. */
function num(text: string): PyValue {
  return text.includes('.') ? float(Number(text)) : int(BigInt(text));
}

/** The number `delta` away from `v`, of v's type (ints move by whole steps, floats by halves). */
function step(v: PyValue, delta: -1 | 1): PyValue {
  if (v.k === 'int') return int(v.v + BigInt(delta));
  if (v.k === 'float') return float(v.v + delta * 0.5);
  return v;
}

function midpoint(lo: PyValue, hi: PyValue): PyValue {
  if (lo.k === 'int' && hi.k === 'int') return int((lo.v + hi.v) / 2n);
  const a = lo.k === 'int' || lo.k === 'float' ? Number(lo.v) : 0;
  const b = hi.k === 'int' || hi.k === 'float' ? Number(hi.v) : 0;
  return float((a + b) / 2);
}

/**
 * The literals a message suggests, most likely to be accepted first: the middle of a range before
 * its ends, the first value past a bound, quoted words, then any other number. `echoed` are the
 * sources of the arguments passed (messages quote the refused value: it is no suggestion).
 */
export function literalsIn(message: string, echoed: string[] = []): PyValue[] {
  const out: PyValue[] = [];
  // A message of several lines (a usage text, a listing of choices): its first lines say it.
  let rest = message.split('\n').slice(0, MESSAGE_LINES).join('\n');
  const take = (re: RegExp, f: (m: RegExpExecArray) => PyValue[]): void => {
    rest = rest.replace(re, (...args: unknown[]) => {
      const m = args.slice(0, -2) as unknown as RegExpExecArray;
      out.push(...f(m));
      return ' ';
    });
  };
  // Named formats: a value written in the format is the way past the check.
  take(/(?:does not match format|format(?: must be| should be| is)?:?)\s*'([^'\n]*%[^'\n]*)'/g, (m) => [str(strftime(group(m, 1)))]);
  take(/invalid literal for int\(\) with base (\d+)[^\n]*/g, (m) => [str(m[1] === '16' ? 'ff' : m[1] === '2' ? '101' : '42')]);
  take(/could not convert string to float[^\n]*/g, () => [str('2.5')]);
  // ast.literal_eval and its kind: the text of a Python literal.
  take(/malformed node or string[^\n]*/g, () => [str('[1, 2, 3]'), str("{'a': 1}"), str('42')]);
  take(/[Ii]nvalid isoformat string[^\n]*/g, () => [str('2024-03-15')]);
  // The class of characters a text must be made of ("card number must be digits"): a text of that class.
  take(/\b(?:must|should) (?:be|contain) (?:only )?(?:all )?(?:(digits|numeric|a number|decimal)|(hex(?:adecimal)?))\b[^\n]*/gi, (m) =>
    m[1] ? [str('4111111111111111'), str('12345')] : [str('48656C6C6F'), str('deadbeef')],
  );
  // Unpacking: a sequence of exactly N items, or a sequence of such pairs ("for k, v in items").
  take(/(?:not enough|too many) values to unpack \(expected (\d+)(?:, got \d+)?\)/g, (m) => nItems(Number(m[1])));
  take(/cannot unpack non-iterable \w+ object/g, () => nItems(2).reverse());
  // "must be one of: fast, slow" without quotes.
  take(/one of:?\s*[[({]?\s*([A-Za-z_][\w-]*(?:\s*(?:,|\||\bor\b)\s*[A-Za-z_][\w-]*)+)/g, (m) =>
    group(m, 1)
      .split(/\s*(?:,|\||\bor\b)\s*/)
      .map((w) => str(w)),
  );
  // [0.0, 1.0], (0, 10), range(1, 5): inclusive ends stay, an excluded int end steps inside.
  take(new RegExp(String.raw`(\[|\(|range\()\s*(${NUM})\s*,\s*(${NUM})\s*(\]|\))`, 'g'), (m) => {
    const lo = num(group(m, 2));
    const hi = num(group(m, 3));
    const loIn = m[1] === '(' && lo.k === 'int' ? step(lo, 1) : lo;
    const hiIn = m[4] === ')' && hi.k === 'int' ? step(hi, -1) : hi;
    return [midpoint(loIn, hiIn), loIn, hiIn];
  });
  take(new RegExp(String.raw`between\s+(${NUM})\s+and\s+(${NUM})`, 'g'), (m) => [
    midpoint(num(group(m, 1)), num(group(m, 2))),
    num(group(m, 1)),
    num(group(m, 2)),
  ]);
  // Bounds: > 0 wants 1, >= 0 wants 0, < 10 wants 9.
  take(new RegExp(String.raw`(>=|<=|>|<|≥|≤|at least|at most|greater than|less than|larger than|smaller than)\s*(${NUM})`, 'g'), (m) => {
    const v = num(group(m, 2));
    const op = group(m, 1);
    if (op === '>' || op === 'greater than' || op === 'larger than') return [step(v, 1)];
    if (op === '<' || op === 'less than' || op === 'smaller than') return [step(v, -1)];
    return [v];
  });
  if (/\bnon-?negative\b/i.test(rest)) out.push(int(0), int(1));
  else if (/\bpositive\b/i.test(rest)) out.push(int(1), int(5));
  const bare = echoed.map((e) => e.replace(/^(['"])(.*)\1$/s, '$2')).filter((b) => b.length > 0);
  // Quoted words: "expected one of 'fast', 'slow'" (not type names, not the refused value echoed back).
  for (const m of rest.matchAll(/'([^'\\\n]{1,40})'|"([^"\\\n]{1,40})"/g)) {
    const word = m[1] ?? group(m, 2);
    const after = rest.slice(m.index + m[0].length);
    if (TYPE_NAMES.has(word) || /^\s*(object|instance)/.test(after) || /%[A-Za-z]/.test(word)) continue;
    if (echoed.some((e) => e === m[0] || e === `'${word}'` || e === `"${word}"`)) continue;
    // The refused value quoted inside more text ("KeyError: 'unknown coupon 3'" for 3) is its echo too.
    if (bare.some((b) => wordIn(b, word))) continue;
    out.push(str(word));
  }
  for (const m of rest.matchAll(new RegExp(String.raw`(?<![\w.'"#])(${NUM})(?![\w.'"])`, 'g'))) {
    if (!echoed.includes(group(m, 1))) out.push(num(group(m, 1)));
  }
  const seen = new Set<string>();
  return out.filter((v) => {
    const key = `${v.k}:${String((v as { v: unknown }).v)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Whether `part` stands in `text` as a word of its own (not inside a longer run of letters and digits). */
function wordIn(part: string, text: string): boolean {
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
    const before = text.charAt(at - 1);
    const after = text.charAt(at + part.length);
    if (!/\w/.test(before) && !/\w/.test(after)) return true;
  }
  return false;
}

/** Positions a message is about: those whose name it says ("cutoff must be…"); none when it names none. */
export function namedPositions(message: string, names: string[]): number[] {
  return names
    .map((n, i) => (n.length > 0 && new RegExp(String.raw`(?<![\w.'"])${n.replace(/[^\w]/g, '')}(?![\w'"(])`).test(message) ? i : -1))
    .filter((i) => i >= 0);
}

/**
 * Classes a type error asks for: "must be str, not int", "expected str, bytes or os.PathLike
 * object", "expected string or bytes-like object", "'float' object cannot be interpreted as an
 * integer", "'int' object is not iterable". Empty when it does not say.
 */
export function classesAskedFor(message: string): string[] {
  const m = /(?:must be|expected)\s+(?:an?\s+)?([\w., -]+?)(?:\s+(?:object|instance|type))?(?:,\s*(?:not|got)\b|\s+(?:not|got)\b|$)/.exec(message);
  const out: string[] = [];
  const add = (c: string): void => {
    if (!out.includes(c)) out.push(c);
  };
  if (m) {
    for (const word of group(m, 1).split(/,\s*|\s+or\s+/)) {
      const w = word.trim();
      if (/^(str|string|unicode)\b/.test(w)) add('str');
      else if (/^(int|integer)\b/.test(w)) add('int');
      else if (/^(float|real number|number)\b/.test(w)) add('float');
      else if (/^(list|sequence|iterable)\b/.test(w)) add('list');
      else if (/^(dict|mapping)\b/.test(w)) add('dict');
      else if (/^(tuple)\b/.test(w)) add('tuple');
      else if (/^callable\b/.test(w)) add('callable');
      else if (/^(bytes|bytes-like|bytearray|buffer)\b/.test(w)) add('bytes');
      else if (/^datetime(?:\.datetime)?\b/.test(w)) add('datetime');
      else if (/^(?:datetime\.)?date\b/.test(w)) add('date');
      else if (/^None\b/.test(w)) add('none');
      else if (/^(class|type)\b/.test(w)) add('class');
    }
  }
  if (/cannot be interpreted as an integer/.test(message)) add('int');
  // 'can only concatenate str (not "int") to str': the argument of the type it names was to be a str too (a list, a tuple alike).
  const joined = /\bcan only concatenate (str|list|tuple) \(not\b/.exec(message);
  if (joined) add(group(joined, 1));
  if (/bytes-like object is required|a bytes object is required|argument should be (?:a )?bytes|expected bytes|must be bytes/.test(message)) add('bytes');
  // "'int' object is not callable", "3 is not callable or a descriptor".
  if (/\bis not callable\b/.test(message)) add('callable');
  // "<function len> is not a class or union type", "issubclass() arg 1 must be a class".
  if (/\bis not a (?:class|type)\b|\bmust be a (?:class|type)\b/.test(message)) add('class');
  // "replace() should be called on dataclass instances", "asdict() should be called on dataclass instances", "is not a dataclass".
  if (/\bdataclass(?:es)?\b/.test(message)) add('dataclass');
  // "exceptions must derive from BaseException", "expected an exception instance".
  if (/\bderive from BaseException\b|\bexception (?:instance|object)\b/.test(message)) add('exception');
  if (/is not iterable|has no len\(\)/.test(message)) for (const c of ['list', 'str', 'dict', 'tuple', 'set']) add(c);
  // Stored into under a key: "'str' object does not support item assignment"; a str key into a
  // sequence ("list indices must be integers or slices, not str") wants a mapping.
  if (/\b(?:list|tuple|string) indices must be integers\b.*\bnot str\b/.test(message)) add('dict');
  if (/does not support item assignment/.test(message)) for (const c of ['dict', 'list']) add(c);
  // "cannot create weak reference to 'int' object" (a WeakKeyDictionary's key, weakref.ref): a class
  // is an object that can be weakly referenced and hashed.
  if (/\bweak reference\b/.test(message)) add('class');
  // "'int' object has no attribute 'get'": the method names the type that has it.
  const attribute = /object has no attribute '(\w+)'/.exec(message)?.[1];
  const owner = attribute ? Object.entries(METHODS_OF).find(([, names]) => names.includes(attribute))?.[0] : undefined;
  if (owner) add(owner);
  return out;
}

/** Methods that only one built-in type of the argument grammar has (file methods are fileClassesAskedFor's). */
const METHODS_OF: Record<string, string[]> = {
  dict: ['get', 'items', 'keys', 'values', 'setdefault'],
  bytes: ['decode'],
  match: ['group', 'groups', 'groupdict', 'span', 'start', 'end', 'lastindex', 'lastgroup'],
  list: ['append', 'extend', 'insert', 'sort'],
  set: ['add', 'discard', 'union', 'issubset'],
  // What a datetime has and a date has not (a date has year, month, day, weekday).
  datetime: ['hour', 'minute', 'second', 'microsecond', 'tzinfo', 'timestamp', 'astimezone', 'utcoffset', 'timetz'],
  exception: ['__traceback__', 'with_traceback', 'add_note', '__cause__', '__context__'],
  traceback: ['tb_frame', 'tb_next', 'tb_lineno', 'tb_lasti'],
  astnode: ['lineno', 'col_offset', 'end_lineno', 'end_col_offset', '_fields'],
  str: ['lower', 'upper', 'strip', 'lstrip', 'rstrip', 'split', 'startswith', 'endswith', 'encode', 'replace', 'isdigit', 'isalpha'],
};

/** A file object asked for: "'str' object has no attribute 'read'" (json.load, csv.reader on a path). */
export function fileClassesAskedFor(message: string): string[] {
  const missing = /object has no attribute '(?:read|readline|readlines|readinto|write|writelines|seek|tell|fileno|flush)'/.test(message);
  // Or a message that names a file as what it takes: "You can only load a file descriptor, filename or list", "expected a file-like object",
  // or its method: 'argument 1 must have a "write" method' (csv.writer).
  const named = /\bfile(?:[- ]like)?(?: objects?| descriptors?| handles?)?\b(?!name)|\b(?:read|write)\(\) method|["'](?:read|readline|write)["'] method/i.test(
    message,
  );
  return missing || named ? ['textfile', 'binfile'] : [];
}

/**
 * Parameters a call was refused for leaving out: "missing 1 required keyword-only argument: 'k'",
 * "missing 2 required positional arguments: 'a' and 'b'", and a library's own words for an option
 * it needs ('It is required that you pass in a value for the "algorithms" argument', "the
 * 'key' argument is required", "argument 'mode' must be given").
 */
export function missingArguments(message: string): string[] {
  const m = /missing \d+ required (?:positional|keyword-only) arguments?: (.+)/.exec(message);
  if (m) return [...group(m, 1).matchAll(/'(\w+)'/g)].map((x) => group(x, 1));
  const told = REQUIRED_OPTION.map((re) => re.exec(message)).find((x) => x !== null);
  return told ? [group(told, 1)] : [];
}

const Q = `["'\`\u2018\u2019\u201c\u201d]`;
const P = `(?:argument|parameter|option|keyword)`;
/** A library's own sentences that an option needs a value, the option's name quoted (group 1). */
const REQUIRED_OPTION = [
  new RegExp(String.raw`\b(?:pass|provide|give|supply|specify)\b[^.]{0,30}?\bvalue for (?:the )?${Q}(\w+)${Q}(?: ${P})?`, 'i'),
  new RegExp(String.raw`(?:the )?${Q}(\w+)${Q} ${P} (?:is required|must be (?:given|provided|passed|specified|set))`, 'i'),
  new RegExp(String.raw`${P} ${Q}(\w+)${Q} (?:is required|must be (?:given|provided|passed|specified|set))`, 'i'),
  // hmac.new: "Missing required parameter 'digestmod'."
  new RegExp(String.raw`\bmissing required ${P} ${Q}(\w+)${Q}`, 'i'),
];

/**
 * A list or tuple argument one of whose str items the message quotes ("invalid literal for int()
 * with base 10: 'b'" about ['b', 'a', 'c']): the message was about its items, so each str item is
 * replaced by the suggestion (['42', '42', '42']). Undefined when it quotes none of them.
 */
export function itemsReplaced(message: string, v: PyValue, suggestion: PyValue): PyValue | undefined {
  if ((v.k !== 'list' && v.k !== 'tuple') || !v.items.some((x) => x.k === 'str' && x.v.length > 0 && message.includes(toSource(x)))) return undefined;
  return { k: v.k, items: v.items.map((x) => (x.k === 'str' ? suggestion : x)) };
}

/** A range a message names, "between 0 and 1", "in [0.0, 1.0]", "(0, 255)": its ends, low first. */
const RANGE = new RegExp(String.raw`between\s+(${NUM})\s+and\s+(${NUM})|[[(]\s*(${NUM})\s*,\s*(${NUM})\s*[\])]`);

/**
 * A list or tuple of numbers one of which lies outside the range the message names ("Red must be
 * between 0 and 1" about (3, 1, 2)): the message is about its items, so each is replaced by a
 * number inside the range, spread over it ((0.25, 0.5, 0.75)), floats where the range is narrower
 * than the items are many, and as many items. Undefined otherwise.
 */
export function itemsInRange(message: string, v: PyValue): PyValue | undefined {
  const m = RANGE.exec(message);
  if (!m || (v.k !== 'list' && v.k !== 'tuple') || v.items.length === 0) return undefined;
  const [lo, hi] = [Number(m[1] ?? m[3]), Number(m[2] ?? m[4])];
  const numbers = v.items.map((x) => (x.k === 'int' || x.k === 'float' ? Number(x.v) : null));
  if (!(lo < hi) || numbers.some((n) => n === null) || !numbers.some((n) => n !== null && (n < lo || n > hi))) return undefined;
  const count = v.items.length;
  const whole = Number.isInteger(lo) && Number.isInteger(hi) && hi - lo > count && !/\.\d/.test(m[0]);
  const items = v.items.map((_, k) => {
    const at = lo + ((hi - lo) * (k + 1)) / (count + 1);
    return whole ? int(Math.round(at)) : float(at);
  });
  return { k: v.k, items };
}

const ORDINALS: Record<string, number> = { first: 0, second: 1, third: 2, fourth: 3 };

/**
 * The positional argument a message names by its place ("Invalid first argument to `register()`",
 * "argument 2 must be str", "issubclass() arg 1 must be a class"), 0-based; undefined when it names none.
 */
export function ordinalPosition(message: string): number | undefined {
  const word = /\b(first|second|third|fourth) argument\b/.exec(message)?.[1];
  if (word !== undefined) return ORDINALS[word];
  const n = /\barg(?:ument)? (\d)\b/.exec(message)?.[1];
  return n === undefined ? undefined : Number(n) - 1;
}
