// Coalesces a burst of items into one delivery. The host batches session events into one
// postMessage per tick; the webview applies what arrived once per animation frame. The
// scheduler is injected so that each side uses its own clock (and tests use a manual one).

/** Runs `task` later; returns a function that cancels it. */
export type Scheduler = (task: () => void) => () => void;

export const timeoutScheduler =
  (ms: number): Scheduler =>
  (task) => {
    const handle = setTimeout(task, ms);
    return () => clearTimeout(handle);
  };

export class Batcher<T> {
  private items: T[] = [];
  private cancel: (() => void) | undefined;
  private disposed = false;

  constructor(
    private readonly deliver: (items: T[]) => void,
    private readonly schedule: Scheduler,
    /** Deliver at once when this many are waiting (bounds message size and latency). */
    private readonly maxItems = Number.POSITIVE_INFINITY,
  ) {}

  push(item: T): void {
    if (this.disposed) return;
    this.items.push(item);
    if (this.items.length >= this.maxItems) this.flush();
    else
      this.cancel ??= this.schedule(() => {
        this.cancel = undefined;
        this.flush();
      });
  }

  /** Delivers what is waiting now (e.g. before the run's final state is sent). */
  flush(): void {
    this.cancel?.();
    this.cancel = undefined;
    if (this.items.length === 0) return;
    const items = this.items;
    this.items = [];
    this.deliver(items);
  }

  get pending(): number {
    return this.items.length;
  }

  /** Drops what is waiting and accepts nothing more. */
  dispose(): void {
    this.cancel?.();
    this.cancel = undefined;
    this.items = [];
    this.disposed = true;
  }
}
