// What the host ends when it exits without having stopped it (`pau`'s second Ctrl-C, an uncaught
// error): workers and warm parents, whose processes and folders would otherwise stay behind.

/** Members that `end` is called on, synchronously, if the host process exits while they are held. */
export class EndedOnExit<T> {
  private readonly held = new Set<T>();
  private hooked = false;

  constructor(private readonly end: (item: T) => void) {}

  /** Holds `item`; the exit hook is installed with the first one. */
  add(item: T): void {
    if (!this.hooked) {
      this.hooked = true;
      process.on('exit', () => {
        for (const held of this.held) this.end(held);
      });
    }
    this.held.add(item);
  }

  delete(item: T): void {
    this.held.delete(item);
  }
}
