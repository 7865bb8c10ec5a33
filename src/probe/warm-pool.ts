// Warm starts for workspace files (issue 23): where one owner starts workers for many targets
// (batch docstrings, the MCP server, the language-model tools), a warm parent (warm.ts) per
// workspace folder and interpreter forks them. The first target of a folder starts cold while
// its parent starts beside it, so a single target never waits for a parent; the next ones
// fork once it is ready (until then they start cold too: nothing waits on a parent's start,
// so a cancelled job is never held by one). A parent's sandbox shows exactly the folder a cold worker of that file is shown
// (targetBinds), so a target in another folder, or for another interpreter or sandbox, gets a
// parent of its own. A parent is stopped with its owner (dispose) and once idle.
import { resolve } from 'node:path';
import type { WorkerOptions } from '../core/probe-types.js';
import { startWorker, type ProbeWorker } from './client.js';
import { targetBinds } from './sandbox.js';
import { WarmParent, type WarmOptions } from './warm.js';

/** A parent with no worker running for this long is stopped (its interpreter's memory is freed). */
export const WARM_IDLE_MS = 60_000;

export interface WarmPoolOptions {
  /** Whether a parent may start now (the extension: only in a trusted workspace); checked on every start. */
  mayStart?: () => boolean;
  idleMs?: number;
  /** How a parent starts (tests count them). */
  startParent?: (options: WarmOptions) => Promise<WarmParent>;
}

interface Entry {
  parent: Promise<WarmParent | undefined>;
  /** The parent once it is ready: a start never waits for one still starting (it goes cold). */
  ready?: WarmParent;
  lastUsed: number;
}

export class WarmPool {
  private readonly entries = new Map<string, Entry>();
  private readonly mayStart: () => boolean;
  private readonly idleMs: number;
  private readonly startParent: (options: WarmOptions) => Promise<WarmParent>;
  private timer: NodeJS.Timeout | undefined;
  private disposed = false;
  /** Parents started, and workers forked from one: what the tests read. */
  readonly counts = { parents: 0, forked: 0 };

  constructor(options: WarmPoolOptions = {}) {
    this.mayStart = options.mayStart ?? (() => true);
    this.idleMs = options.idleMs ?? WARM_IDLE_MS;
    this.startParent = options.startParent ?? ((o) => WarmParent.start(o));
  }

  /** startWorker, forked from the parent of the target's folder when one is up (see the top of the file). */
  readonly startWorker = async (options: WorkerOptions): Promise<ProbeWorker> => {
    const wanted = this.disposed || !this.mayStart() ? undefined : parentOptions(options);
    if (!wanted) return startWorker(options);
    const key = JSON.stringify(wanted);
    const entry = this.entries.get(key);
    if (!entry) {
      this.entries.set(key, { parent: this.start(key, wanted), lastUsed: Date.now() });
      this.scheduleIdleCheck();
      return startWorker(options);
    }
    entry.lastUsed = Date.now();
    const parent = entry.ready;
    if (!parent || this.disposed || !this.mayStart() || !('file' in options.target) || !parent.serves(options, resolve(options.target.file))) {
      return startWorker(options);
    }
    this.counts.forked += 1;
    return startWorker(options, parent);
  };

  /** Resolves once the parent that would serve these options is up (true) or will not be (false). */
  async parentReady(options: WorkerOptions): Promise<boolean> {
    const wanted = parentOptions(options);
    const entry = wanted && this.entries.get(JSON.stringify(wanted));
    return (await entry?.parent) !== undefined;
  }

  private start(key: string, wanted: WarmOptions): Promise<WarmParent | undefined> {
    this.counts.parents += 1;
    return this.startParent(wanted).then(
      async (parent) => {
        // Disposed (or dropped) while it started: it is stopped at once, never used.
        const entry = this.entries.get(key);
        if (this.disposed || !entry) {
          await parent.stop();
          return undefined;
        }
        entry.lastUsed = Date.now(); // idle from when it is ready, not from when it was asked for
        entry.ready = parent;
        return parent;
      },
      () => undefined, // where it cannot start (no Landlock, no bubblewrap...), each worker starts cold
    );
  }

  private scheduleIdleCheck(): void {
    if (this.timer || this.disposed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.stopIdle();
    }, this.idleMs);
    this.timer.unref();
  }

  private async stopIdle(): Promise<void> {
    const now = Date.now();
    const stopping: Promise<void>[] = [];
    for (const [key, entry] of this.entries) {
      const parent = await entry.parent;
      if (parent && parent.busy) entry.lastUsed = now;
      if (now - entry.lastUsed < this.idleMs) continue;
      this.entries.delete(key);
      if (parent) stopping.push(parent.stop());
    }
    await Promise.all(stopping);
    if (this.entries.size > 0) this.scheduleIdleCheck();
  }

  /** Stops every parent, and with them the workers they forked; resolves once they are gone. */
  async dispose(): Promise<void> {
    this.disposed = true;
    clearTimeout(this.timer);
    const entries = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(entries.map(async (entry) => (await entry.parent)?.stop()));
  }
}

/**
 * The parent a workspace file's worker would fork from, or undefined where it starts cold:
 * generated sources (the bench keeps a parent of its own), a cwd (a parent would have to show
 * it), a process per call started anew (isolation 'spawn').
 */
function parentOptions(options: WorkerOptions): WarmOptions | undefined {
  if (!('file' in options.target) || options.cwd !== undefined || options.isolation === 'spawn') return undefined;
  return {
    python: options.python ?? 'python3',
    sandbox: options.sandbox ?? 'auto',
    seccomp: options.seccomp ?? true,
    hashSeed: options.hashSeed ?? 0,
    ...(options.sandboxLauncher ? { sandboxLauncher: options.sandboxLauncher } : {}),
    workspace: targetBinds(resolve(options.target.file)),
  };
}
