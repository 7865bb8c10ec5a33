// Reads argument source back into values: the literal subset the explorer writes, plus what
// agents usually write (nested literals, `set()`, `float('nan')`, `datetime.date(…)`, `Name(…)`).
// Used to derive held-out inputs from earlier probes. Anything else gives null; this is not
// the worker's grammar, only a reader for the shapes the explorer knows how to vary.
import { parsePyFloat } from '../core/values.js';
import type { PyValue } from './values.js';
import { date, float, int, none, str } from './values.js';
import { CALLABLES } from './type-classes.js';

class Reader {
  pos = 0;
  constructor(readonly text: string) {}

  skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text.charAt(this.pos))) this.pos++;
  }

  peek(): string {
    this.skipSpace();
    return this.text[this.pos] ?? '';
  }

  eat(ch: string): boolean {
    if (this.peek() !== ch) return false;
    this.pos++;
    return true;
  }

  expect(ch: string): void {
    if (!this.eat(ch)) throw new SyntaxError(`expected '${ch}' at ${this.pos}`);
  }

  atEnd(): boolean {
    this.skipSpace();
    return this.pos >= this.text.length;
  }
}

/** The callables the explorer passes are read back as themselves (type-classes.ts CALLABLES). */
const KNOWN_CALLABLE = new Set(CALLABLES.map((c) => (c.k === 'fn' ? c.src : '')));

export function parseSource(source: string): PyValue | null {
  if (KNOWN_CALLABLE.has(source.trim())) return { k: 'fn', src: source.trim() };
  const r = new Reader(source);
  try {
    const v = parseExpr(r);
    return r.atEnd() ? v : null;
  } catch {
    return null;
  }
}

function parseExpr(r: Reader): PyValue {
  if (r.eat('-')) return negate(parseExpr(r));
  if (r.eat('+')) return parseExpr(r);
  return parseAtom(r);
}

function negate(v: PyValue): PyValue {
  if (v.k === 'int') return int(-v.v);
  if (v.k === 'float') return float(-v.v);
  throw new SyntaxError('unary minus on a non-number');
}

function parseAtom(r: Reader): PyValue {
  const ch = r.peek();
  if (ch === '[') {
    r.pos++;
    return { k: 'list', items: parseItems(r, ']') };
  }
  if (ch === '(') {
    r.pos++;
    const start = r.pos;
    const items = parseItems(r, ')');
    const hadComma = /,\s*\)\s*$/.test(r.text.slice(start, r.pos)) || items.length !== 1;
    const [only] = items;
    return hadComma || only === undefined ? { k: 'tuple', items } : only;
  }
  if (ch === '{') {
    r.pos++;
    return parseBraces(r);
  }
  if (ch === "'" || ch === '"') return parseStrings(r);
  if (/[0-9.]/.test(ch)) return parseNumber(r);
  const name = /^[A-Za-z_][\w.]*/.exec(r.text.slice(r.pos))?.[0];
  if (!name) throw new SyntaxError(`unexpected '${ch}' at ${r.pos}`);
  if (/^[uU]$/.test(name) && /['"]/.test(r.text[r.pos + 1] ?? '')) {
    r.pos++;
    return parseStrings(r);
  }
  r.pos += name.length;
  if (name === 'None') return none;
  if (name === 'True' || name === 'False') return { k: 'bool', v: name === 'True' };
  if (!r.eat('(')) throw new SyntaxError(`bare name '${name}'`);
  return callValue(name, parseItems(r, ')'));
}

function callValue(name: string, args: PyValue[]): PyValue {
  const [first] = args;
  if (name === 'float' && args.length === 1 && first?.k === 'str') {
    return float(parsePyFloat(first.v));
  }
  if ((name === 'set' || name === 'frozenset') && args.length <= 1) {
    const inner = args[0];
    if (inner && !(inner.k === 'list' || inner.k === 'tuple' || inner.k === 'set')) throw new SyntaxError('set() of a non-collection');
    return { k: name, items: inner && 'items' in inner ? inner.items : [] };
  }
  if ((name === 'datetime.date' || name === 'date') && args.length === 3) {
    const [y, m, d] = args;
    if (y?.k === 'int' && m?.k === 'int' && d?.k === 'int') return date(Number(y.v), Number(m.v), Number(d.v));
  }
  return { k: 'call', callee: name, args };
}

/** Comma-separated expressions up to `close`, trailing comma allowed. */
function parseItems(r: Reader, close: string): PyValue[] {
  const items: PyValue[] = [];
  while (!r.eat(close)) {
    items.push(parseExpr(r));
    if (!r.eat(',')) {
      r.expect(close);
      break;
    }
  }
  return items;
}

function parseBraces(r: Reader): PyValue {
  if (r.eat('}')) return { k: 'dict', entries: [] };
  const first = parseExpr(r);
  if (r.eat(':')) {
    const entries: [PyValue, PyValue][] = [[first, parseExpr(r)]];
    while (r.eat(',')) {
      if (r.eat('}')) return { k: 'dict', entries };
      const key = parseExpr(r);
      r.expect(':');
      entries.push([key, parseExpr(r)]);
    }
    r.expect('}');
    return { k: 'dict', entries };
  }
  const items = [first];
  if (r.eat(',')) items.push(...parseItems(r, '}'));
  else r.expect('}');
  return { k: 'set', items };
}

function parseNumber(r: Reader): PyValue {
  const m = /^(\d[\d_]*)?(\.\d*)?([eE][+-]?\d+)?/.exec(r.text.slice(r.pos));
  const text = m?.[0] ?? '';
  if (!m || !text || text === '.') throw new SyntaxError(`bad number at ${r.pos}`);
  r.pos += text.length;
  const clean = text.replace(/_/g, '');
  return m[2] || m[3] ? float(Number(clean)) : int(BigInt(clean));
}

/** One or more adjacent string literals (Python concatenates them). */
function parseStrings(r: Reader): PyValue {
  let out = '';
  do {
    out += parseString(r);
  } while (r.peek() === "'" || r.peek() === '"');
  return str(out);
}

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0', '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', f: '\f', v: '\v' };

function parseString(r: Reader): string {
  r.skipSpace();
  // The caller saw a quote here (peek).
  const mark = r.text.charAt(r.pos);
  const quote = r.text.startsWith(mark.repeat(3), r.pos) ? mark.repeat(3) : mark;
  r.pos += quote.length;
  let out = '';
  while (!r.text.startsWith(quote, r.pos)) {
    if (r.pos >= r.text.length) throw new SyntaxError('unterminated string');
    const ch = r.text.charAt(r.pos++);
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const esc = r.text[r.pos++] ?? '';
    const hexLen = esc === 'x' ? 2 : esc === 'u' ? 4 : esc === 'U' ? 8 : 0;
    if (hexLen) {
      const hex = r.text.slice(r.pos, r.pos + hexLen);
      if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== hexLen) throw new SyntaxError('bad escape');
      out += String.fromCodePoint(parseInt(hex, 16));
      r.pos += hexLen;
    } else if (esc in SIMPLE_ESCAPES) {
      out += SIMPLE_ESCAPES[esc];
    } else if (esc === '\n') {
      // a backslash-newline continues the line
    } else {
      out += `\\${esc}`;
    }
  }
  r.pos += quote.length;
  return out;
}
