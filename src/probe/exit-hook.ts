// What the host ends when it exits without having stopped it (`pau`'s second Ctrl-C, `pau call`'s
// Ctrl-C during the import, an uncaught error): workers and warm parents, whose processes and
// folders would otherwise stay behind.
import { untilEndedNow } from './sandbox-host.js';

/** How a held item is asked to end first: the pid that ends when it has, or undefined when there is none to ask. */
export type AskToEnd<T> = (item: T) => number | undefined;

/**
 * Members that `end` is called on, synchronously, if the host process exits while they are held.
 * With `ask`, each is asked first and given up to `graceMs`, all together, to end on its own.
 */
export class EndedOnExit<T> {
  private readonly held = new Set<T>();
  private hooked = false;

  constructor(
    private readonly end: (item: T) => void,
    private readonly ask?: AskToEnd<T>,
    private readonly graceMs = 0,
  ) {}

  /** Holds `item`; the exit hook is installed with the first one. */
  add(item: T): void {
    if (!this.hooked) {
      this.hooked = true;
      process.on('exit', () => this.endAll());
    }
    this.held.add(item);
  }

  delete(item: T): void {
    this.held.delete(item);
  }

  private endAll(): void {
    const { ask } = this;
    if (ask)
      untilEndedNow(
        [...this.held].flatMap((held) => ask(held) ?? []),
        this.graceMs,
      );
    for (const held of this.held) this.end(held);
  }
}
