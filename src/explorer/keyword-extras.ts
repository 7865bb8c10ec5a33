// `**kwargs` is left out by every assignment of the type search: a function whose options all
// go through it (make_color_factory(**defaults), is_valid_uri(uri, **kwargs)) would never be seen
// taking one. After discovery, the base call once with a keyword or two: names the code holds as
// constants (`kwargs.get('strict')`), or a neutral one when it holds none, each given True
// (an option is most often a flag).
import type { PyValue } from './values.js';
import { bool, str } from './values.js';

/** Keywords tried, at most. */
const KEYWORDS = 2;
/** A name a keyword argument could have: an identifier, lower case, not a one-letter one. */
const KEYWORD = /^[a-z][a-z0-9_]{2,30}$/;
/** What is tried when the code names no keyword: the call shows whether any is taken. */
const NEUTRAL = 'option';

/** Dicts of keywords for `**kwargs`: each name alone, then the first two together. `taken`: the function's own parameter names. */
export function keywordDicts(constants: (string | number)[], taken: string[]): PyValue[] {
  const named = [...new Set(constants.filter((c): c is string => typeof c === 'string' && KEYWORD.test(c) && !taken.includes(c)))].slice(0, KEYWORDS);
  const names = named.length ? named : [NEUTRAL];
  const dict = (keys: string[]): PyValue => ({ k: 'dict', entries: keys.map((k) => [str(k), bool(true)] as [PyValue, PyValue]) });
  return [...names.map((n) => dict([n])), ...(names.length > 1 ? [dict(names)] : [])];
}
