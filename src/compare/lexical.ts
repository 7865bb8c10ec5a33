// Lexical similarity of the inferred description and the docstring: token F1 over bags of
// words (SQuAD-style), always available offline. Tokens are lower-cased runs of letters,
// digits and underscores; a short list of English function words is dropped because they
// dominate both texts and say nothing about the function. Doctest examples are left out of
// both texts so the score measures the prose, not shared example calls.
import type { Description } from '../core/session-types.js';
import { exampleLines } from './doctest-parse.js';

const STOP_WORDS = new Set(
  (
    'a an the and or but if then else of to in on at by for from with without as is are was were be been being ' +
    'it its this that these those which who whom what when where how than so such not no nor do does did ' +
    'has have had will would can could should may might must shall into onto over under about'
  ).split(' '),
);

export function lexicalTokens(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).filter((t) => !STOP_WORDS.has(t));
}

/** Token F1 of two bags of words; 1 when both are empty, 0 when only one is. */
export function tokenF1(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return a.length === b.length ? 1 : 0;
  const counts = new Map<string, number>();
  for (const t of b) counts.set(t, (counts.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of a) {
    const n = counts.get(t) ?? 0;
    if (n > 0) {
      common++;
      counts.set(t, n - 1);
    }
  }
  if (common === 0) return 0;
  const precision = common / a.length;
  const recall = common / b.length;
  return (2 * precision * recall) / (precision + recall);
}

/** The prose of a description: summary, details, parameters, returns, raises (no examples). */
function descriptionProse(d: Description): string {
  const params = Object.entries(d.parameters).map(([name, text]) => `${name} ${text}`);
  return [d.summary, d.details, ...params, d.returns, d.raises].filter(Boolean).join('\n');
}

/** A docstring without its doctest examples. */
export function docstringProse(docstring: string): string {
  const skip = exampleLines(docstring);
  return docstring
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((_, i) => !skip.has(i))
    .join('\n');
}

/**
 * Token F1 of an inferred description against a docstring. `renames` maps the names the agent
 * saw to the real ones (`f` → `top_scores`, `arg0` → `scores`) so anonymization costs nothing.
 */
export function lexicalF1(description: Description, docstring: string, renames: Map<string, string> = new Map()): number {
  const inferred = lexicalTokens(descriptionProse(description)).map((t) => renames.get(t) ?? t);
  return tokenF1(inferred, lexicalTokens(docstringProse(docstring)));
}
