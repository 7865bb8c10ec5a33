// A method handed a match of its receiver's own pattern (markdown's InlineProcessor.handleMatch(m,
// data) gets what `self.compiled_re.match(data)` gave): a match of any other pattern lacks its
// groups. When the receiver was built from a pattern the explorer wrote (PATTERN_TEXTS), a match
// parameter gets a match of that pattern and a text parameter the text it was matched in.
import { PATTERN_TEXTS } from './name-hints.js';
import type { PyValue } from './values.js';
import { str } from './values.js';

/** Names of a parameter that takes a match object. */
const MATCH_NAME = /^(m|mo|match|matched|match_?obj(ect)?|matchobj)$/i;
/** Names of a parameter that takes the text the match was made in. */
const TEXT_NAME = /^(data|text|string|s|line|source|src)$/i;

/** The pattern a receiver was built from (one of its constructor's arguments) and its text, or undefined. */
export function ownPattern(receiver: PyValue | undefined): { pattern: string; text: string } | undefined {
  if (receiver?.k !== 'call') return undefined;
  for (const a of receiver.args) {
    const found = a.k === 'str' ? PATTERN_TEXTS.find(([pattern]) => pattern === a.v) : undefined;
    if (found) return { pattern: found[0], text: found[1] };
  }
  return undefined;
}

/** What a parameter of that name is given first on such a receiver: the match, the text, or nothing. */
export function ownPatternValue(name: string, own: { pattern: string; text: string }): PyValue | undefined {
  if (MATCH_NAME.test(name)) return { k: 'call', callee: 're.match', args: [str(own.pattern), str(own.text)] };
  if (TEXT_NAME.test(name)) return str(own.text);
  return undefined;
}
