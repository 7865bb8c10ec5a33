// Moments of the panel page's start, marked on its own performance timeline, so that the
// extension bench (test/bench/extension.bench.ts) can say where a new panel's replay goes.
// A mark is a timestamp: it changes nothing the page does.

export const PAGE_MARKS = {
  /** The bundle's code began to run (its imports evaluated). */
  script: 'pau:script',
  /** 'ready' was posted to the host. */
  ready: 'pau:ready',
  /** The page's load event: the editor holds the host's messages until it (or 200 ms after the page was written). */
  load: 'pau:load',
  /** A whole session arrived (a replay, or a panel restored after a reload). */
  sessionReceived: 'pau:session-received',
  /** … and was applied and drawn. */
  sessionDrawn: 'pau:session-drawn',
} as const;

export function markPage(mark: keyof typeof PAGE_MARKS): void {
  performance.mark(PAGE_MARKS[mark]);
}
