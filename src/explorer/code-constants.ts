// Constant seeding, as Pynguin does it: the str and number constants of the target's code
// (FunctionInfo.constants, never its docstring) as candidate inputs. A parser of lines compares
// each line with its constants ("Traceback (most recent call last):" first, then an exception
// line), so phrases are also tried on lines of their own, one after another.
import type { PyValue } from './values.js';
import { float, int, str } from './values.js';

/** The line written under a heading when the code has no other phrase. */
const LINE_AFTER_HEADING = 'first item';
/** Texts made of two phrases on two lines, at most. */
const LINE_PAIRS = 3;
/**
 * A phrase: words separated by spaces, not a bare identifier or key ('source_line'), a short code
 * ('utf-8') or a regular expression ('([A-Z]+)([A-Z][a-z])', which is no line a parser reads).
 */
const PHRASE = /^(?=.{6,}$)(?=[^\n]*\s)[^\n[\]\\]+$/;

/** The constants as values: ints, floats and strs, in the code's order. */
export function constantValues(constants: (string | number)[]): PyValue[] {
  return constants.map((c) => (typeof c === 'string' ? str(c) : Number.isInteger(c) ? int(c) : float(c)));
}

/**
 * Texts of two of the code's phrases on two lines, a phrase that ends with a colon (a heading
 * that announces what follows) first: "Traceback (most recent call last):\nException ".
 */
export function constantLines(constants: (string | number)[]): PyValue[] {
  const phrases = constants.filter((c): c is string => typeof c === 'string' && PHRASE.test(c));
  const heading = (s: string): number => (s.trimEnd().endsWith(':') ? 0 : 1);
  const ordered = [...phrases].sort((a, b) => heading(a) - heading(b));
  const out: PyValue[] = [];
  for (const first of ordered) for (const second of phrases) if (first !== second && out.length < LINE_PAIRS) out.push(str(`${first}\n${second}`));
  // A heading and no other phrase (the code's other texts are its own raise messages, which are
  // no input: FunctionInfo.raiseMessages): an ordinary line follows it.
  const lone = ordered.find((p) => heading(p) === 0);
  if (out.length === 0 && lone !== undefined) out.push(str(`${lone}\n${LINE_AFTER_HEADING}`));
  return out;
}
