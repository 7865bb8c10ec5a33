// Rendering an inferred Description as docstring text in Google, NumPy, Sphinx (reST field
// list) or PEP 257 style. The output is the docstring's text: unindented, without quotes.
import type { Description } from '../core/session-types.js';
import { doctestCall, doctestWant, type CallNames } from './doctest-lines.js';
import { doctestImports } from '../core/doctest-example.js';
import { doctestLines } from '../core/doctest-example.js';
import { asSentence, formatProse, renameWords, splitFirstSentence, wrapWords } from './prose.js';
import type { DocExample, DocstringStyle } from './types.js';
import { forSource, isOfflineDescription, paramDescriptions, paramTypesWritten, raisesWritten, returnsTextWritten, returnTypeWritten } from './offline.js';

export const DEFAULT_WIDTH = 72;

export interface RenderOptions extends CallNames {
  /**
   * Examples to write instead of `description.examples`, already in doctest form (e.g. the
   * `kept` of verifyExamples: `result` is the exact want, '' for None). Pass them: the
   * description's own examples are the agent's words and are only lightly normalised.
   */
  examples?: DocExample[];
  /** Longest line of the text itself (the caller subtracts the indentation). Default 72. */
  width?: number;
  /** Real parameter name → type, shown by NumPy (`x : int`), Google (`x (int)`) and Sphinx (`:type x:`). */
  paramTypes?: Record<string, string>;
  /** Return type; NumPy needs one and otherwise infers it from the examples. */
  returnType?: string;
  /** The docstring being replaced: the parameter descriptions a person wrote there are kept. */
  existingDocstring?: string | null;
}

interface Field {
  name: string;
  type?: string;
  text: string;
}

interface Raise {
  name?: string;
  text: string;
}

/** The description taken apart, names mapped, ready for any style. */
interface Parts {
  summary: string;
  prose: string;
  params: Field[];
  returns: { type?: string; text: string } | null;
  raises: Raise[];
  /** Doctest lines, unindented. */
  examples: string[];
  /** One entry per example: the want, for guessing a return type. */
  wants: string[];
}

const NO_RAISES = /^(?:none|nothing|no exceptions?|n\/a|-)(?![\w])/i;
const EXCEPTION_NAME = String.raw`(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Warning|Exit|Interrupt|Iteration)`;
// A class named otherwise (decimal.InvalidOperation, oauthlib's ConsentRequired) is an exception
// where it heads an entry: `Name: text`, as the offline explorer's raise lines read in source.
const HEADED_NAME = String.raw`(?!Raises?\b)(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?=\x60{0,2}:\s)`;
const RAISE_ITEM = new RegExp(
  String.raw`^(?:[Rr]aises?:?\s+)?(?:[Aa]n?\s+)?\x60{0,2}(${EXCEPTION_NAME}|${HEADED_NAME})\x60{0,2}(?![\w.])[\s:,\u2013\u2014-]*([\s\S]*)$`,
);
const RAISE_SPLIT = new RegExp(String.raw`\n+|;\s+|,\s+(?=(?:[Aa]n?\s+)?\x60{0,2}${EXCEPTION_NAME}\b)`);

function parseRaises(text: string): Raise[] {
  const trimmed = text.trim();
  if (!trimmed || NO_RAISES.test(trimmed)) return [];
  return trimmed
    .split(RAISE_SPLIT)
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const [, name, detail] = RAISE_ITEM.exec(item) ?? [];
      return name !== undefined ? { name, text: detail ? asSentence(detail) : '' } : { text: asSentence(item) };
    });
}

/** Paragraphs of free text: the first and the rest. */
function firstParagraph(text: string): [string, string] {
  const [first = '', ...rest] = text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n[ \t]*\n/);
  return [first, rest.join('\n\n')];
}

/** The `"""` the summary line starts after. */
const OPENING_QUOTES = 3;

/**
 * The summary as one line of at most `width` (PEP 257): a longer sentence ends at its first
 * clause that fits (`Clamps x into [lo, hi].`, the rest of it opening the prose); with no
 * clause break that fits, the sentence is wrapped, a summary paragraph of several lines.
 */
function summaryLine(sentence: string, width: number): [string, string] {
  if (sentence.length <= width) return [sentence, ''];
  const breaks = [...sentence.matchAll(/(?::|;| \u2014) /g)].map((m) => m.index).filter((i) => i + 1 <= width && i >= width / 3 && clauseBreak(sentence, i));
  const at = breaks.at(-1);
  if (at === undefined) return [wrapWords(sentence, width).join('\n'), ''];
  const rest = sentence.slice(at).replace(/^(?::|;| \u2014) /, '');
  return [`${sentence.slice(0, at)}.`, asSentence(rest.charAt(0).toUpperCase() + rest.slice(1))];
}

/**
 * Whether the break at `i` ends a clause the rest can follow as a sentence: not inside a code span
 * (`'a; b'`), nor before the next item of a list of results ("returned [42] for `'42'`; [] for
 * `''`", whose "[] for `''`." alone is no sentence).
 */
function clauseBreak(sentence: string, i: number): boolean {
  const inCode = (sentence.slice(0, i).match(/`/g)?.length ?? 0) % 2 === 1;
  const next = sentence.slice(i).replace(/^(?::|;| \u2014) /, '');
  return !inCode && !/^(?:True\b|False\b|None\b|[-+\d'"`[{(<]|b['"])/.test(next);
}

/**
 * The summary's list of calls that returned ("Among the 15 that returned: f('a') → 1; f('b') → 2.")
 * left out when the Examples section shows every one of those calls: the docstring says it once
 * (most_common_words, new-user trial). A list naming any other call stays.
 */
function withoutShownCalls(prose: string, examples: readonly DocExample[]): string {
  const m = /(?:^|\s)Among the \d+ that returned: ([\s\S]*)\.$/.exec(prose);
  if (!m?.[1]) return prose;
  const listed = m[1].split(' → ').length - 1;
  const shown = new Set(examples.map((e) => e.call.replace(/^>>>\s?/, '')).filter((call) => m[1]?.includes(`${call} → `)));
  return listed > 0 && shown.size === listed ? prose.slice(0, m.index).trim() : prose;
}

/** A doctest output longer than this is a wall in source (calendar's yeardayscalendar: 1,300 characters on one line). */
const LONG_WANT = 240;

/** What a long output keeps before doctest's ELLIPSIS stands for the rest. */
const KEPT_WANT = 60;

/**
 * The offline explorer's examples as a docstring shows them: an example whose output is a wall of
 * text is left out where a shorter one that returned shows the use; with none, the shortest of
 * them stays, so that the docstring still shows a call that returned, its one-line output cut to
 * its start and its closing brackets with `...` between them under doctest's ELLIPSIS (which still
 * checks both ends).
 */
function readableExamples(examples: DocExample[]): DocExample[] {
  const long = (e: DocExample): boolean => e.result.length > LONG_WANT;
  const returned = (e: DocExample): boolean => !e.result.startsWith('Traceback (most recent call last):');
  if (examples.some((e) => returned(e) && !long(e))) return examples.filter((e) => !long(e));
  const [shortest] = examples.filter(long).sort((a, b) => a.result.length - b.result.length);
  return examples.flatMap((e) => {
    if (!long(e)) return [e];
    if (e !== shortest) return [];
    if (e.result.includes('\n')) return [e];
    const closing = /[\])}'"]{0,8}$/.exec(e.result)?.[0] ?? '';
    return [{ call: `${e.call}  # doctest: +ELLIPSIS`, result: `${e.result.slice(0, KEPT_WANT)}...${closing}` }];
  });
}

/**
 * The summary without its ", as in f(a) → 1; f(b) → 2" when the Examples section shows each of
 * those calls (natsort's index_realsorted in teach11's trial said its three calls twice).
 */
function withoutShownPairs(summary: string, examples: readonly DocExample[]): string {
  const m = /, as in ((?:[^;]+? → [^;]+?)(?:; [^;]+? → [^;]+?)*)(?=\.(?: |$))/.exec(summary);
  if (!m?.[1]) return summary;
  const calls = m[1].split('; ').map((pair) => pair.slice(0, pair.indexOf(' → ')));
  const shown = new Set(examples.map((e) => e.call.replace(/^>>>\s?/, '')));
  return calls.every((c) => shown.has(c)) ? summary.slice(0, m.index) + summary.slice(m.index + m[0].length) : summary;
}

function buildParts(described: Description, opts: RenderOptions): Parts {
  // An offline description's evidence stays in the report, never in the source.
  const d = forSource(described);
  const human = opts.existingDocstring ? paramDescriptions(opts.existingDocstring) : {};
  // The types a person wrote stay with their descriptions; the caller's types come first.
  const humanTypes = opts.existingDocstring ? paramTypesWritten(opts.existingDocstring) : {};
  const names = opts.paramNames ?? {};
  const rename = (text: string | undefined) => renameWords(text ?? '', names).trim();
  const given = opts.examples ?? (d.examples ?? []).map((e) => ({ call: e.call, result: doctestWant(e.result) }));
  const examples = isOfflineDescription(described) ? readableExamples(given) : given;
  let summarySource = withoutShownPairs(rename(d.summary), examples);
  let details = rename(d.details);
  if (!summarySource) [summarySource, details] = firstParagraph(details);
  if (!summarySource) summarySource = rename(d.returns) || 'No description was inferred';
  const [sentence, more] = splitFirstSentence(summarySource);
  const [first, rest] = summaryLine(asSentence(sentence), (opts.width ?? DEFAULT_WIDTH) - OPENING_QUOTES);
  const said = withoutShownCalls([rest, more && asSentence(more)].filter(Boolean).join(' '), examples);
  const prose = [said, details].filter((s) => s.trim()).join('\n\n');

  const shownOrder = [...Object.keys(names), ...Object.keys(d.parameters ?? {})];
  const params: Field[] = [];
  for (const shown of new Set(shownOrder)) {
    const text = d.parameters?.[shown];
    if (text === undefined || !text.trim()) continue;
    const name = names[shown] ?? shown;
    const type = opts.paramTypes?.[name] ?? humanTypes[name];
    params.push({ name, text: human[name] ?? asSentence(rename(text)), ...(type ? { type } : {}) });
  }

  const returnsText = rename(d.returns).replace(/^returns?\b:?\s+(?!value)/i, '');
  // "str: the slug" is a type and a description (Google's own form): keep the type as a type
  // rather than sentence-casing it into "Str: the slug".
  const typed = /^([A-Za-z_][\w.]*(?:\[[^\]]*\])?)\s*:\s+(\S[\s\S]*)$/.exec(returnsText);
  // The return type a person wrote is kept unless the examples show another (a stale `list` for a tuple).
  const written = opts.existingDocstring ? returnTypeWritten(opts.existingDocstring) : undefined;
  const seen = inferReturnType(examples.map((e) => e.result));
  const returnType = opts.returnType ?? typed?.[1] ?? (written && (!seen || written.includes(seen)) ? written : undefined);
  // What a person wrote of the result and of each exception is kept: the explorer's words say
  // only what the calls showed ("An int."), theirs may say what it means. A Returns whose type the
  // examples contradict goes with that type. Only under an offline description: an agent's words
  // on the same point are its finding, which may be that the person's were wrong.
  const offline = isOfflineDescription(described);
  const humanReturns = offline && opts.existingDocstring && (!written || returnType === written) ? returnsTextWritten(opts.existingDocstring) : undefined;
  const returnBody = humanReturns ?? typed?.[2] ?? returnsText;
  const returns = returnsText ? { text: asSentence(returnBody), ...(returnType ? { type: returnType } : {}) } : null;
  const humanRaises = offline && opts.existingDocstring ? raisesWritten(opts.existingDocstring) : {};
  const inferred = parseRaises(rename(d.raises));
  const named = (n: string | undefined): string | undefined =>
    n === undefined ? undefined : Object.keys(humanRaises).find((h) => h === n || h.endsWith(`.${n}`) || n.endsWith(`.${h}`));
  const raises = [
    ...inferred.map((r) => {
      const h = named(r.name);
      const human = h ? humanRaises[h] : undefined;
      return human ? { ...r, text: asSentence(human) } : r;
    }),
    // The ones the calls never raised may still be true: the person's word stands.
    ...Object.entries(humanRaises)
      .filter(([h]) => !inferred.some((r) => named(r.name) === h))
      .map(([name, text]) => ({ name, text: text ? asSentence(text) : '' })),
  ];

  return {
    summary: first,
    prose,
    params,
    returns,
    raises,
    // A date argument needs `datetime` in the doctest's namespace, which the module may not import.
    examples: [...doctestImports(examples.map((e) => e.call)), ...examples.flatMap((e) => doctestLines(doctestCall(e.call, opts), e.result))],
    wants: examples.map((e) => e.result),
  };
}

/** The Python type of a want that is a plain literal, or null. */
function literalType(want: string): string | null {
  const w = want.trim();
  if (w === '') return 'None';
  if (/^(True|False)$/.test(w)) return 'bool';
  if (/^-?\d+$/.test(w)) return 'int';
  if (/^-?(\d+\.\d*(e[-+]?\d+)?|\d+e[-+]?\d+|inf|nan)$/i.test(w)) return 'float';
  if (/^[bB]['"]/.test(w)) return 'bytes';
  if (/^['"]/.test(w)) return 'str';
  if (/^\[[\s\S]*\]$/.test(w)) return 'list';
  if (/^\([\s\S]*\)$/.test(w)) return 'tuple';
  if (w === '{}' || /^\{\s*(['"\d-]|True|False|None)[^,]*?:/.test(w)) return 'dict';
  if (/^\{[\s\S]*\}$/.test(w)) return 'set';
  return null;
}

/** One type every returning example agrees on (`X or None` for two), else null. */
function inferReturnType(wants: string[]): string | null {
  const returning = wants.filter((w) => !w.startsWith('Traceback ('));
  const types = new Set(returning.map(literalType));
  if (returning.length === 0 || types.has(null)) return null;
  const [first = null, second, ...more] = [...types].sort((a, b) => (a === 'None' ? 1 : b === 'None' ? -1 : 0));
  if (second === undefined) return first;
  return second === 'None' && more.length === 0 ? `${first} or None` : null;
}

const INDENT = '    ';

function heading(out: string[], title: string, underline: boolean): void {
  out.push('', title);
  if (underline) out.push('-'.repeat(title.length));
}

function google(p: Parts, width: number): string[] {
  const out = [p.summary];
  if (p.prose) out.push('', ...formatProse(p.prose, width));
  if (p.params.length > 0) {
    heading(out, 'Args:', false);
    for (const f of p.params) out.push(...wrapWords(f.text, width, `${INDENT}${f.name}${f.type ? ` (${f.type})` : ''}: `, INDENT + INDENT));
  }
  if (p.returns) {
    heading(out, 'Returns:', false);
    out.push(...wrapWords(p.returns.text, width, `${INDENT}${p.returns.type ? `${p.returns.type}: ` : ''}`, INDENT + (p.returns.type ? INDENT : '')));
  }
  if (p.raises.length > 0) {
    heading(out, 'Raises:', false);
    for (const r of p.raises) {
      if (r.name) out.push(...wrapWords(r.text, width, `${INDENT}${r.name}${r.text ? ': ' : ''}`, INDENT + INDENT));
      else out.push(...wrapWords(r.text, width, INDENT));
    }
  }
  if (p.examples.length > 0) {
    heading(out, 'Examples:', false);
    out.push(...p.examples.map((l) => INDENT + l));
  }
  return out;
}

function numpy(p: Parts, width: number, returnType: string | undefined): string[] {
  const out = [p.summary];
  if (p.prose) out.push('', ...formatProse(p.prose, width));
  if (p.params.length > 0) {
    heading(out, 'Parameters', true);
    for (const f of p.params) out.push(f.type ? `${f.name} : ${f.type}` : f.name, ...wrapWords(f.text, width, INDENT));
  }
  if (p.returns) {
    heading(out, 'Returns', true);
    out.push(returnType ?? p.returns.type ?? inferReturnType(p.wants) ?? 'object', ...wrapWords(p.returns.text, width, INDENT));
  }
  if (p.raises.length > 0) {
    heading(out, 'Raises', true);
    for (const r of p.raises) {
      if (r.name) out.push(r.name, ...wrapWords(r.text, width, INDENT));
      else out.push(...wrapWords(r.text, width));
    }
  }
  if (p.examples.length > 0) {
    heading(out, 'Examples', true);
    out.push(...p.examples);
  }
  return out;
}

function sphinx(p: Parts, width: number): string[] {
  const out = [p.summary];
  if (p.prose) out.push('', ...formatProse(p.prose, width));
  if (p.examples.length > 0) out.push('', 'Examples:', '', ...p.examples);
  const fields: string[] = [];
  for (const f of p.params) {
    fields.push(...wrapWords(f.text, width, `:param ${f.name}: `, INDENT));
    if (f.type) fields.push(`:type ${f.name}: ${f.type}`);
  }
  if (p.returns) {
    fields.push(...wrapWords(p.returns.text, width, ':returns: ', INDENT));
    if (p.returns.type) fields.push(`:rtype: ${p.returns.type}`);
  }
  for (const r of p.raises) fields.push(...wrapWords(r.text, width, r.name ? `:raises ${r.name}:${r.text ? ' ' : ''}` : ':raises: ', INDENT));
  if (fields.length > 0) out.push('', ...fields);
  return out;
}

function pep257(p: Parts, width: number): string[] {
  const out = [p.summary];
  if (p.prose) out.push('', ...formatProse(p.prose, width));
  if (p.params.length > 0) {
    out.push('', 'Arguments:');
    for (const f of p.params) out.push(...wrapWords(f.text, width, `${f.name} -- `, INDENT));
  }
  if (p.returns) out.push('', ...wrapWords(p.returns.text, width, 'Returns: '));
  if (p.raises.length > 0) {
    out.push('', 'Raises:');
    for (const r of p.raises) out.push(...wrapWords(r.text, width, r.name ? `${r.name}${r.text ? ' -- ' : ''}` : '', INDENT));
  }
  if (p.examples.length > 0) out.push('', 'Examples:', '', ...p.examples);
  return out;
}

/**
 * The docstring text for `description` in `style`: summary line ending in a period, prose
 * wrapped at `opts.width`, sections in the style's syntax, examples as doctest lines with the
 * real function and parameter names. Unindented, no quotes, no trailing newline.
 */
export function renderDocstring(description: Description, style: DocstringStyle, opts: RenderOptions = {}): string {
  const width = opts.width ?? DEFAULT_WIDTH;
  const parts = buildParts(description, opts);
  const lines =
    style === 'google'
      ? google(parts, width)
      : style === 'numpy'
        ? numpy(parts, width, opts.returnType)
        : style === 'sphinx'
          ? sphinx(parts, width)
          : pep257(parts, width);
  return lines.map((l) => l.trimEnd()).join('\n');
}
