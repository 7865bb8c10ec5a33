// A function made with @contextlib.contextmanager returns a wrapper whose attributes (`args`,
// `gen`) are contextlib's, not the function's: a reader needs the `with` statement that uses it.

/** The wrappers contextlib's @contextmanager and @asynccontextmanager return. */
const WRAPPER = /^contextlib\._(Async)?GeneratorContextManager$/;

/** `with raw_terminal() as …:` for a call that returned such a wrapper; null for any other type. */
export function withStatement(type: string | undefined, call: string): string | null {
  const m = WRAPPER.exec(type ?? '');
  if (!m) return null;
  return `${m[1] ? 'async with' : 'with'} ${call} as …:`;
}
