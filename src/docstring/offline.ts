// What of an offline explorer's description goes into source code, and how it reads there: the
// summary, parameters, returns and raises, never the evidence (probe counts, the verdict of each
// property), and a person's own parameter descriptions kept when their docstring is replaced.
import type { Description } from '../core/session-types.js';
import { NOT_WORKED_OUT, SEEN_ONLY } from '../core/description-head.js';
import { article } from '../core/article.js';

/** The offline explorer's descriptions carry a claim ledger; an agent's do not. */
export function isOfflineDescription(d: Description): boolean {
  return d.claims !== undefined;
}

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** A parameter line of the explorer ("int or str (may be left out)") as a docstring sentence. */
export function sourceParameter(text: string): string {
  const optional = / \(may be left out\)$/.test(text);
  const body = text.replace(/ \(may be left out\)$/, '');
  const tail = optional ? ' May be left out.' : '';
  if (/^a flag/.test(body)) return `A flag (True or False)${/acted as their truth value/.test(body) ? '; other values act as their truth value' : ''}.${tail}`;
  if (/^changing it alone (?:\(among .*\) )?(?:made no difference|did not change the repr)/.test(body))
    return `Its effect was not seen in the calls tried.${tail}`;
  // The later wordings are those of sessions saved before it was reworded.
  const raised =
    /^calls with (.+?) raised where the same call .+ returned$/.exec(body) ??
    /^calls with (.+) raised; the same calls returned with another value or with it left out$/.exec(body) ??
    /^given (.+), calls raised that returned with another value or without it$/.exec(body);
  if (raised) return `Given ${raised[1]}, the call raises (see Raises).${tail}`;
  const tried = /^calls with (.+) returned; its own effect was not isolated$/.exec(body);
  if (tried) return `Calls with ${tried[1]} returned.${tail}`;
  if (/^no call with it returned/.test(body)) return `No call with it returned.${tail}`;
  // Many kinds: "any value: each of the 10 kinds tried returned (…)", or the first three and a count.
  if (/^any value: each of the \d+ kinds tried returned/.test(body)) return `Any value.${tail}`;
  const many = /^([\w.]+(?: instance)?), ([\w.]+(?: instance)?), ([\w.]+(?: instance)?) or (\d+) other kinds$/.exec(body);
  if (many) return `${capital([many[1], many[2], many[3]].map((w) => article(w ?? '')).join(', '))} or ${many[4]} other kinds.${tail}`;
  if (/^[\w.]+(?: instance)?(?:(?:, | or )[\w.]+(?: instance)?)*$/.test(body)) {
    const words = body.split(/, | or /);
    const last = words.pop() ?? body;
    const joined = words.length === 0 ? article(last) : `${words.map(article).join(', ')} or ${article(last)}`;
    return `${capital(joined)}.${tail}`;
  }
  return capital(text.endsWith('.') ? text : `${text}.`);
}

/** Where a raise line's call that returned begins: ` (with `lo=3` it returned 3).` */
const CONTRAST_OPEN = ' (with `';
const CONTRAST = /^ \(with `[^`]*`(?: left out)? it returned .*\)\.$/s;
/** `ValueError for `lo=17` or 2 other values: message`: a raise blamed on one parameter. */
const RAISE_FOR = /^(\S+) for ((?:`[^`]*`|\d+ other values?)(?:(?:, | or )(?:`[^`]*`|\d+ other values?))*)(?:: ([\s\S]*))?$/;
/** `KeyError in clamp(3, 3, 5, mode='x'): message (and in 2 more calls)`: a raise of one whole call. */
const RAISE_IN = /^(\S+) in (.+?\))(?:: ([\s\S]*?))?(?: \(and in \d+ more calls?\))?$/;

const sentence = (s: string): string => (/[.!?]$/.test(s) ? s : `${s}.`);

/**
 * A raise line of the explorer as a docstring's Raises entry: the exception, the argument that
 * caused it and the message, without the call that returned where it raised (that is evidence,
 * kept in the report).
 */
export function sourceRaise(line: string): string {
  // The wordings of sessions saved before a raise line was one clause.
  const blamed = /^(\S+) with (.+?) \((.+?\)): (.*)\), but with .+ it returned .+\.$/.exec(line);
  if (blamed) {
    const values = readableValues(blamed[2] ?? '');
    return values ? `${blamed[1]}: With ${values}, as in ${blamed[3]}: ${blamed[4]}.` : `${blamed[1]}: As in ${blamed[3]}: ${blamed[4]}.`;
  }
  const whole = /^(\S+) in (.+?\)): (.*?) \((?:also in \d+ more calls?; )?no call differing from it in one argument returned\)\.$/.exec(line);
  if (whole) return `${whole[1]}: As in ${whole[2]}: ${whole[3]}.`;
  const contrast = line.lastIndexOf(CONTRAST_OPEN);
  const head = (contrast >= 0 && CONTRAST.test(line.slice(contrast)) ? line.slice(0, contrast) : line).replace(/\.$/, '');
  const named = RAISE_FOR.exec(head);
  if (named) {
    const values = readableValues(named[2] ?? '');
    const said = named[3] ? `: ${named[3]}` : '';
    return sentence(values ? `${named[1]}: With ${values}${said}` : `${named[1]}${said}`);
  }
  const call = RAISE_IN.exec(head);
  if (call) {
    const said = call[3] ? `: ${call[3]}` : '';
    // A call cut short (`'https://example.co…'`) or made of statements (`s = SortedList(); s.pop()`) is no code to quote in a sentence.
    return sentence(/…|; /.test(call[2] ?? '') ? `${call[1]}${said}` : `${call[1]}: As in ${call[2]}${said}`);
  }
  return line;
}

/**
 * A summary as it should read in source. Sessions saved before summaries led with what was seen
 * read "What it computes was not worked out from 20 calls: the
 * 10 that returned gave True for `'1'` and `'on'`; False for `'no'` (text: str)." counts probes
 * (evidence) and lists types the Args section already gives: in source it is what was seen,
 * "In the calls tried, it returned True for `'1'` and `'on'`; False for `'no'`." (a type reads
 * "Returns an int.")
 */
export function sourceSummary(summary: string): string {
  // "In the calls tried (8 of 20 returned), it returned …": the count is evidence; a type alone
  // is what it returns, and what was not worked out of it is the report's to say.
  const current = new RegExp(
    `^${SEEN_ONLY} \\((?:all \\d+|\\d+ of \\d+) returned\\), it returned (.+?)(?:; what sets its value was not worked out)?\\.(?= |$)(.*)$`,
    's',
  ).exec(summary);
  if (current) {
    const gave = current[1] ?? '';
    const rest = current[2] ?? '';
    return /^(?:an? [\w.]+|None)$/.test(gave) ? `Returns ${gave}.${rest}` : `${SEEN_ONLY}, it returned ${gave}.${rest}`;
  }
  const m = new RegExp(`^${NOT_WORKED_OUT} from \\d+ calls?: the \\d+ that returned gave (.+?)\\.(?= |$)(.*)$`, 's').exec(summary);
  if (!m) return summary;
  let gave = m[1] ?? '';
  // The closing "(amount: int)" or "(called on a BankAccount instance and amount: int)": types, said under Args.
  const open = gave.lastIndexOf(' (');
  if (open >= 0 && gave.endsWith(')') && /^(?:called on |\*{0,2}\w+: )/.test(gave.slice(open + 2))) gave = gave.slice(0, open);
  // A type ("an int") is what it returns; results by argument ("True for `'1'`", "'F' for `score`
  // 0 to 18") are what the calls showed, not a rule: said as seen.
  const seen = !/^(?:an? |None\b)/.test(gave);
  return `${seen ? 'In the calls tried, it returned' : 'Returns'} ${gave}.${m[2] ?? ''}`;
}

/** A value the explorer cut short (`'The quick brown fox…`) is no value a reader can use. */
const CUT = /…/;

/**
 * A raise line's list of values (`` `text='The quick…`, `text='abc'` or 3 other values ``) without
 * the ones cut short, counted with the others instead; null when none is left.
 */
function readableValues(list: string): string | null {
  const items = [...list.matchAll(/`[^`]*`/g)].map((m) => m[0]);
  const kept = items.filter((v) => !CUT.test(v));
  if (kept.length === items.length) return list;
  if (kept.length === 0) return null;
  const more = Number(/(\d+) other values?$/.exec(list)?.[1] ?? 0) + items.length - kept.length;
  return `${kept.join(', ')} or ${more} other value${more === 1 ? '' : 's'}`;
}

/**
 * How much a raise line tells a reader, lower first: one blamed on an argument by a call that
 * returned without it, then one with no such contrast; a wrong type's (TypeError, AttributeError:
 * the argument was no value of the kind the function takes) after both.
 */
function raiseRank(line: string): number {
  const wrongType = /^(?:TypeError|AttributeError)\b/.test(line);
  // A line blamed on a parameter reads `ValueError for `lo=17`…`; one saved before, `…, but with `lo=3` it returned 3.`
  const blamed = /^\S+ for `/.test(line) || /, but with .+ it returned .+\.$/.test(line);
  return (wrongType ? 2 : 0) + (blamed ? 0 : 1);
}

/** The description as it should read in source: the evidence dropped, parameters and raises as docstring sentences. */
export function forSource(d: Description): Description {
  if (!isOfflineDescription(d)) return d;
  const parameters: Record<string, string> = {};
  for (const [name, text] of Object.entries(d.parameters)) parameters[name] = sourceParameter(text);
  return {
    ...d,
    // "in every call that ran (35 of 36)" counts probes: evidence.
    summary: sourceSummary(d.summary)
      .replace(/ in every call that ran \(\d+ of \d+\)/, ' in every call that ran')
      // "on each of the 9 TarInfo objects it was called on" counts probes too.
      .replace(/ on each of the \d+ (\S+) objects it was called on\./, ' on each $1 object tried.'),
    details: '',
    parameters,
    // "(11 of 20 calls returned)" counts probes: evidence, not documentation.
    returns: d.returns.replace(/ \(\d+ of \d+ calls returned\)/, ''),
    // One entry per exception type, the most telling first: the rest is evidence.
    raises: d.raises
      .split('\n')
      .filter((l) => l.trim())
      .map((l, i) => ({ l, i }))
      .sort((a, b) => raiseRank(a.l) - raiseRank(b.l) || a.i - b.i)
      .map(({ l }) => l)
      .filter((l, i, all) => all.findIndex((x) => x.split(' ')[0] === l.split(' ')[0]) === i)
      .map(sourceRaise)
      .join('\n'),
  };
}

const GOOGLE_HEADER = /^(\s*)(?:Args|Arguments|Parameters|Params|Keyword Args|Keyword Arguments):\s*$/;
const NUMPY_HEADER = /^(\s*)(?:Parameters|Other Parameters)\s*$/;
const SPHINX_PARAM = /^\s*:param\s+(?:([^:]*)\s)?\*{0,2}(\w+):\s*(.*)$/;
const SPHINX_TYPE = /^\s*:type\s+\*{0,2}(\w+):\s*(.*)$/;

const indentOf = (l: string): number => l.length - l.trimStart().length;
/** The lines from `from` on that continue an entry indented `base`: deeper, not blank, no new `:field`. */
function continuation(lines: string[], from: number, base: number): string[] {
  const end = lines.findIndex((l, k) => k >= from && !(l.trim() && indentOf(l) > base && !/^\s*:/.test(l)));
  return lines.slice(from, end < 0 ? lines.length : end);
}

/** A parameter as a person documented it: the description, and the type when they gave one. */
interface WrittenParam {
  text: string;
  type?: string;
}

/**
 * The parameters a person documented in a docstring (Google, NumPy or Sphinx), by name: each
 * description as one line of text, and its type (`x (int)`, `x : int`, `:type x: int`). Lines it
 * cannot read are ignored.
 */
function writtenParams(docstring: string): Record<string, WrittenParam> {
  const lines = docstring.replace(/\r\n?/g, '\n').split('\n');
  const out: Record<string, WrittenParam> = {};
  let current: string | null = null;
  const append = (text: string): void => {
    const p = current ? out[current] : undefined;
    if (p && text.trim()) p.text = `${p.text ? `${p.text} ` : ''}${text.trim()}`;
  };
  const typed = (name: string, type: string | undefined): void => {
    const t = type?.trim();
    if (t) (out[name] ??= { text: '' }).type = t;
  };
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (l === undefined) break;
    const [, typeOf, typeText] = SPHINX_TYPE.exec(l) ?? [];
    if (typeOf !== undefined) {
      typed(typeOf, typeText);
      continue;
    }
    const [, sphinxType, sphinxName, sphinxText = ''] = SPHINX_PARAM.exec(l) ?? [];
    if (sphinxName !== undefined) {
      current = sphinxName;
      out[current] = { ...out[current], text: sphinxText.trim() };
      typed(current, sphinxType);
      const more = continuation(lines, i + 1, indentOf(l));
      more.forEach(append);
      i += more.length;
      current = null;
      continue;
    }
    const google = GOOGLE_HEADER.exec(l);
    const numpy = NUMPY_HEADER.exec(l) && /^\s*-{3,}\s*$/.test(lines[i + 1] ?? '') ? NUMPY_HEADER.exec(l) : null;
    const [, indent] = google ?? numpy ?? [];
    if (indent === undefined) continue;
    const { items, end } = sectionAt(lines, i, numpy !== null, indent.length);
    for (const item of items) {
      const m = google ? /^\s*\*{0,2}(\w+)\s*(?:\(([^)]*)\))?\s*:\s*(.*)$/.exec(item.first) : /^\s*\*{0,2}(\w+)(?:\s*:(.*))?$/.exec(item.first);
      const [, name = null, type, text = ''] = m ?? [];
      current = name;
      if (current) {
        out[current] = { text: google ? text.trim() : '' };
        typed(current, type);
      }
      item.more.forEach(append);
    }
    i = end - 1;
    current = null;
  }
  return out;
}

/** The parameter descriptions a person wrote in a docstring, by name, each as one line of text. */
export function paramDescriptions(docstring: string): Record<string, string> {
  return Object.fromEntries(Object.entries(writtenParams(docstring)).flatMap(([k, p]) => (p.text ? [[k, p.text]] : [])));
}

/** The parameter types a person wrote in a docstring (`x (int)`, `x : int`, `:type x: int`), by name. */
export function paramTypesWritten(docstring: string): Record<string, string> {
  return Object.fromEntries(Object.entries(writtenParams(docstring)).flatMap(([k, p]) => (p.type ? [[k, p.type]] : [])));
}

/** The return type a person wrote (NumPy's line under Returns, Google's `int: …`, Sphinx's `:rtype:`), or undefined. */
export function returnTypeWritten(docstring: string): string | undefined {
  const lines = docstring.replace(/\r\n?/g, '\n').split('\n');
  for (const [i, line] of lines.entries()) {
    const [, rtype] = /^\s*:rtype:\s*(.+)$/.exec(line) ?? [];
    if (rtype !== undefined) return rtype.trim();
    if (/^\s*Returns\s*$/.test(line) && /^\s*-{3,}\s*$/.test(lines[i + 1] ?? '')) {
      // NumPy: the first entry is `type` or `name : type`.
      const entry = lines.slice(i + 2).find((l) => l.trim());
      const type = entry ? /^\s*(?:\w+\s*:\s*)?([^:]+?)\s*$/.exec(entry)?.[1] : undefined;
      return type !== undefined && !/[.]$/.test(type) ? type : undefined;
    }
    if (/^\s*Returns:\s*$/.test(line)) {
      const entry = lines.slice(i + 1).find((l) => l.trim());
      const m = entry ? /^\s*([A-Za-z_][\w.[\], |]*?)\s*:\s+\S/.exec(entry) : null;
      return m?.[1];
    }
  }
  return undefined;
}

/**
 * The Raises entries a person wrote (Google's `ValueError: when…`, NumPy's name line and its
 * indented text, Sphinx's `:raises ValueError: when…`), by exception name, each as one line.
 */
export function raisesWritten(docstring: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of sectionEntries(docstring, /^(?:Raises|Raise|Exceptions)$/, /^:raises?\s+([\w.]+)\s*:\s*(.*)$/)) if (e.head) out[e.head] = e.text;
  return out;
}

/** The text of the Returns a person wrote (without the type they gave it), or undefined. */
export function returnsTextWritten(docstring: string): string | undefined {
  const [entry] = sectionEntries(docstring, /^(?:Returns|Return)$/, /^:returns?:\s*(?:()|)(.*)$/);
  if (!entry) return undefined;
  // Google's `int: the sum` and NumPy's type line carry the type; the rest is the description.
  const typed = /^[A-Za-z_][\w.[\], |]*?\s*:\s+(\S[\s\S]*)$/.exec(entry.text);
  const text = entry.numpy ? entry.text : (typed?.[1] ?? entry.text);
  return text.trim() || undefined;
}

/**
 * The entries of a Google (`Title:`), NumPy (`Title` underlined) or Sphinx (`:field x: text`)
 * section: a head (the exception or type named first) and the text, continuation lines joined.
 */
function sectionEntries(docstring: string, title: RegExp, sphinx: RegExp): { head?: string; text: string; numpy?: boolean }[] {
  const lines = docstring.replace(/\r\n?/g, '\n').split('\n');
  const out: { head?: string; text: string; numpy?: boolean }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (l === undefined) break;
    const field = sphinx.exec(l.trim());
    if (field) {
      const more = continuation(lines, i + 1, indentOf(l));
      const text = [field[2] ?? '', ...more.map((m) => m.trim())].join(' ');
      i += more.length;
      out.push({ ...(field[1] ? { head: field[1] } : {}), text: text.trim() });
      continue;
    }
    const google = /^(\s*)(\w+):\s*$/.exec(l);
    const numpy = /^(\s*)(\w+)\s*$/.exec(l) && /^\s*-{3,}\s*$/.test(lines[i + 1] ?? '') ? /^(\s*)(\w+)\s*$/.exec(l) : null;
    const [, indent, name] = google ?? numpy ?? [];
    if (indent === undefined || name === undefined || !title.test(name)) continue;
    const { items, end } = sectionAt(lines, i, numpy !== null, indent.length);
    for (const item of items) {
      const more = item.more.map((l) => l.trim()).join(' ');
      if (numpy) out.push({ head: item.first.trim().replace(/^\w+\s*:\s*/, ''), text: more, numpy: true });
      else {
        const [, head] = /^\s*([A-Za-z_][\w.]*)\s*:\s*(.*)$/.exec(item.first) ?? [];
        const text = [item.first.trim(), more].filter(Boolean).join(' ');
        out.push(head !== undefined ? { head, text } : { text });
      }
    }
    i = end - 1;
  }
  // Google's entries keep their head in the text until here: the text is what follows it.
  return out.map((e) => (e.numpy || !e.head || !e.text.startsWith(`${e.head}`) ? e : { ...e, text: e.text.slice(e.head.length).replace(/^\s*:\s*/, '') }));
}

/**
 * The entries of the Google (`Title:`) or NumPy (`Title` underlined) section whose title is at
 * line `at`, indented `base`: each entry's first line (at the first entry's indentation) and the
 * deeper lines that continue it; `end`, the line the section stops before.
 */
function sectionAt(lines: string[], at: number, numpy: boolean, base: number): { items: { first: string; more: string[] }[]; end: number } {
  const items: { first: string; more: string[] }[] = [];
  let itemIndent = -1;
  let i = at + (numpy ? 2 : 1);
  for (; i < lines.length; i++) {
    const item = lines[i];
    if (item === undefined) break;
    if (!item.trim()) continue;
    const ind = indentOf(item);
    if (numpy ? ind < base : ind <= base) break;
    if (numpy && /^\s*-{3,}\s*$/.test(lines[i + 1] ?? '')) break; // the next section's title
    if (itemIndent < 0) itemIndent = ind;
    if (ind === itemIndent) items.push({ first: item, more: [] });
    else items.at(-1)?.more.push(item);
  }
  return { items, end: i };
}
