// The note on an exception raised while the worker iterated what a call returned (a generator, a
// click ProgressBar): the explorer treats such a call as one that raised, and adds the note so a
// reader knows the call itself returned; a doctest of the call shows the real message, without it.

/** `message (raised while iterating the <type>)`. */
export function withIterationNote(message: string, type: string): string {
  return `${message} (raised while iterating the ${type})`;
}

/** The note at the end of a message; the type may be dotted (`click._termui_impl.ProgressBar`). */
const NOTE = / \(raised while iterating the ([\w.]+)\)$/;

/** The exception's own message, the note removed. */
export function withoutIterationNote(message: string): string {
  return message.replace(NOTE, '');
}

/** The type whose iteration raised, from the note; null for a message without it. */
export function iteratedType(message: string): string | null {
  return NOTE.exec(message)?.[1] ?? null;
}
