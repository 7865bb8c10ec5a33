// The PAU dataset gives a call's inputs as the Python source of the argument tuple,
// e.g. `(1, 'a, b', [2, 3])` or `([1, 2],)`. We split it into one source per positional
// argument without evaluating anything: the worker's grammar checks each part later.
// (The research harness unpacked a list argument silently; here `([1, 2],)` is one list.)
import { matchingBracket, splitTopLevel, stripComments } from '../core/python-source.js';

/** One source per argument of a tuple display; anything that is not one is a single argument. */
export function splitArgumentTuple(source: string): string[] {
  const text = source.trim();
  // `(…)` must enclose the whole text: `(1) + (2)` is one expression.
  if (!text.startsWith('(') || matchingBracket(text, 0) !== text.length - 1) return [text];
  const inner = text.slice(1, -1);
  if (!inner.trim()) return []; // `()`: no arguments
  const parts = splitTopLevel(inner);
  // A tuple has a top-level comma: `(1)` is just 1, `(1,)` is a one-tuple.
  const isTuple = parts !== null && (parts.length > 1 || stripComments(inner).trim().endsWith(','));
  return isTuple ? parts : [text];
}
