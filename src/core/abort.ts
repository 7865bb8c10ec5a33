// Stop must take effect at once, not at the next convenient moment: every await that can take
// long is raced against the run's AbortSignal.

/** The run was stopped by its AbortSignal. */
export class StoppedError extends Error {
  override name = 'StoppedError';
  constructor() {
    super('stopped');
  }
}

/** Resolves like `p`, or rejects with StoppedError the moment `signal` aborts (or `p`'s idle timer fires). */
export function raceAbort<T>(p: Promise<T>, signal: AbortSignal | undefined, idle?: { ms: number; onTimeout: () => Error }): Promise<T> {
  p.catch(() => {}); // the loser of the race must not become an unhandled rejection
  if (signal?.aborted) return Promise.reject(new StoppedError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => finish(() => reject(new StoppedError()));
    const timer = idle ? setTimeout(() => finish(() => reject(idle.onTimeout())), idle.ms) : undefined;
    const finish = (settle: () => void) => {
      signal?.removeEventListener('abort', onAbort);
      if (timer) clearTimeout(timer);
      settle();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => finish(() => resolve(v)),
      (e: unknown) => finish(() => reject(e)),
    );
  });
}
