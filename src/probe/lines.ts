// Splits a stream of text chunks into lines in time linear in the input: each chunk is scanned
// once, and the pieces of a line that spans chunks are joined once, when its newline arrives
// (a 70 MB result arrives in thousands of chunks; rescanning a growing buffer would be quadratic).

export class LineSplitter {
  private pieces: string[] = [];
  /** Characters of the line not yet completed. */
  pending = 0;

  /** Feeds one chunk; calls `onLine` for every line it completes (without the newline). */
  push(chunk: string, onLine: (line: string) => void): void {
    let start = 0;
    let newline: number;
    while ((newline = chunk.indexOf('\n', start)) >= 0) {
      const tail = chunk.slice(start, newline);
      const line = this.pieces.length ? this.pieces.join('') + tail : tail;
      this.pieces = [];
      this.pending = 0;
      start = newline + 1;
      onLine(line);
    }
    if (start < chunk.length) {
      this.pieces.push(start === 0 ? chunk : chunk.slice(start));
      this.pending += chunk.length - start;
    }
  }
}

/** How much of a worker's stderr the host keeps: its end, where Python's last error is. */
export const STDERR_TAIL_CHARS = 4000;

/** `tail` with `chunk` appended, cut to its last STDERR_TAIL_CHARS characters. */
export function appendTail(tail: string, chunk: string): string {
  return (tail + chunk).slice(-STDERR_TAIL_CHARS);
}

/** Longest a worker's end waits for what it wrote just before exiting to be read. */
export const EXIT_DRAIN_MS = 500;

/**
 * Calls `then` once, when every one of `streams` has closed (all it carried was read) or after
 * EXIT_DRAIN_MS, whichever comes first. Node may report a process's exit before the last chunks on
 * its pipes are read: under load an import error the worker sent just before exiting was lost, and
 * the run said only "the worker exited with code 1". The bound keeps a pipe a descendant still holds
 * open from holding up the end.
 */
export function afterDrained(streams: ReadonlyArray<(NodeJS.ReadableStream & { closed?: boolean }) | null | undefined>, then: () => void): void {
  const open = streams.filter((s): s is NodeJS.ReadableStream & { closed?: boolean } => !!s && s.closed !== true);
  let left = open.length;
  let done = false;
  const finish = (): void => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    then();
  };
  if (!left) return then();
  const timer = setTimeout(finish, EXIT_DRAIN_MS);
  for (const stream of open) stream.once('close', () => --left === 0 && finish());
}
