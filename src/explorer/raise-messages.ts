// What an exception's message tells a reader beyond its class: whether the function wrote it
// itself (its words are a constant of its own code: "invoice numbers are not negative"), and
// which messages are one message about other values ("expected 3 or 6 hex digits, got 'ff'"
// and "…, got 'f'") rather than two reasons ("invalid literal for int() with base 16: 'rr'").
import type { FunctionInfo } from '../core/probe-types.js';
import { TYPE_ERRORS, baseExceptionName } from './inputs.js';

/** A phrase of the code: words with a space between them, not a key or a one-word code. */
const PHRASE = /^(?=.*\p{L}.*\p{L})(?=.*\s\S)/su;

/**
 * The message holds a phrase of the function's own code (a `raise ValueError('…')` or the text
 * of an f-string around its values, of any length: FunctionInfo.raiseMessages): the function's
 * own check, not Python's complaint about a value of the wrong type somewhere below it.
 */
export function ownMessage(message: string, code: Pick<FunctionInfo, 'constants' | 'raiseMessages'>): boolean {
  return [...(code.constants ?? []), ...(code.raiseMessages ?? [])].some((c) => {
    if (typeof c !== 'string') return false;
    const words = c.trim();
    return words.length >= 6 && PHRASE.test(words) && message.includes(words);
  });
}

/**
 * The message with the values in it left out: quoted texts and numbers. Two raises with one
 * template are one reason said about two values. A KeyError's message is the key itself, and a
 * wrong type's messages are one reason whatever Python said: one template each.
 */
export function messageTemplate(type: string, message: string): string {
  if (TYPE_ERRORS.has(baseExceptionName(type)) || baseExceptionName(type) === 'KeyError') return '';
  return message
    .replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, '…')
    .replace(/-?\b\d+(?:\.\d+)?\b/g, '#')
    .trim();
}
