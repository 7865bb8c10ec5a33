// A dict argument looked up by a key the code itself names (`node['type']`, `config['issuer']`):
// the KeyError says the key, and no argument holds it. The same call with the dict holding that key
// (a value of the family the key's name suggests, else a short text) gets one look-up further; the
// next KeyError names the next key, so a document of the keys the code reads is built up in turn.
import { valuesForName } from './name-hints.js';
import { parseSource } from './parse.js';
import type { PyValue } from './values.js';
import { str, toSource } from './values.js';

/** Keys a dict built this way holds at most. */
const MAX_KEYS = 8;

/** The key a KeyError's message names (`'type'`, `5`), or undefined when it is no plain key. */
export function keyNamed(message: string): PyValue | undefined {
  const key = parseSource(message.trim());
  return key && (key.k === 'str' || key.k === 'int') ? key : undefined;
}

/** `dict` with `key` added, or undefined when it is no dict, holds the key already, or is full. */
export function withNamedKey(dict: PyValue, key: PyValue): PyValue | undefined {
  if (dict.k !== 'dict' || dict.entries.length >= MAX_KEYS) return undefined;
  const source = toSource(key);
  if (dict.entries.some(([k]) => toSource(k) === source)) return undefined;
  const value = (key.k === 'str' ? valuesForName(key.v)[0] : undefined) ?? str('abc');
  return { k: 'dict', entries: [...dict.entries, [key, value]] };
}
