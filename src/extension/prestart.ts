// A worker started ahead: when the cursor rests in a function a run could probe, a worker for
// it is started, so the run that follows does not wait for the interpreter and the import.
// One at a time; the run takes it only when it asks for exactly the options it was started
// with, else it is stopped and the run starts its own. It is stopped when it waits unused
// for the idle time, when a Python file changes (the import it did may be stale), when the
// setting is turned off, and at deactivation; a run does not take it when the target's folder
// changed since it was offered. No vscode import: unit-tested with fakes.
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Prober, WorkerOptions } from '../core/probe-types.js';

/** A waiting worker is stopped after this long unused. */
export const PRESTART_IDLE_MS = 60_000;

export interface PrestartDeps {
  start: (options: WorkerOptions) => Promise<Prober>;
  log: (message: string) => void;
  idleMs?: number;
}

/** The same options give the same key, whatever the order their fields were written in. */
export function optionsKey(options: WorkerOptions): string {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, sorted(v)]),
    );
  };
  return JSON.stringify(sorted(options));
}

/** At most this many entries of the target's folder are stamped; the folder's own stat still says one was added or removed. */
const MAX_FOLDER_ENTRIES = 2000;

/** A path as it is on disk now (device, inode, size, modification and change times), or '-' when it cannot be read. */
function pathStamp(path: string): string {
  try {
    const stat = statSync(path, { bigint: true });
    return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
  } catch {
    return '-';
  }
}

/**
 * The target file and every entry of its folder as they are on disk now, or '' when the folder
 * cannot be read. The file watcher sees only the workspace folders' `.py` files, and some time
 * after they change: not one opened from elsewhere, nor a data file the import read, a compiled
 * module rebuilt or a sibling planted next to the target, nor a change made while the worker
 * was importing or just before a run takes it (integration/sandbox/prestart-stale).
 */
function fileStamp(options: WorkerOptions): string {
  if (!('file' in options.target)) return '';
  const file = options.target.file;
  const folder = dirname(file);
  let entries: string[];
  try {
    entries = readdirSync(folder).sort().slice(0, MAX_FOLDER_ENTRIES);
  } catch {
    return '';
  }
  return [pathStamp(file), pathStamp(folder), ...entries.map((name) => `${name} ${pathStamp(join(folder, name))}`)].join('\n');
}

interface Waiting {
  key: string;
  label: string;
  /** fileStamp when it was offered: a run takes it only if the file and its folder are still the same. */
  stamp: string;
  worker: Promise<Prober>;
  timer: ReturnType<typeof setTimeout>;
}

/** What the wiring knows of the editor when the cursor rests in a def. */
export interface RestingPlace {
  languageId: string;
  scheme: string;
  isDirty: boolean;
  /** The workspace is trusted (VS Code's workspace trust). */
  trusted: boolean;
  /** The file is inside one of the window's workspace folders. */
  inWorkspaceFolder: boolean;
}

/**
 * Why no worker is started ahead here, or undefined when one may be. Trust covers the
 * workspace's folders only: a file opened from elsewhere into a trusted (or empty) window is
 * imported only when the user asks for a run, never because the cursor rested in it.
 */
export function whyNotAhead(place: RestingPlace): string | undefined {
  if (place.languageId !== 'python' || place.scheme !== 'file') return 'not a Python file on disk';
  if (place.isDirty) return 'unsaved changes';
  if (!place.trusted) return 'the workspace is not trusted';
  if (!place.inWorkspaceFolder) return 'the file is outside the workspace folders';
  return undefined;
}

export class WorkerPrestart {
  private waiting: Waiting | undefined;
  /** Workers being stopped: awaited by dispose, so none outlives the extension. */
  private readonly stopping = new Set<Promise<void>>();

  constructor(private readonly deps: PrestartDeps) {}

  /** The label of the worker waiting (for tests and the log), if one is. */
  get waitingFor(): string | undefined {
    return this.waiting?.label;
  }

  /** Start a worker for these options unless one for them is waiting already (then its idle time starts again). */
  offer(options: WorkerOptions): void {
    const key = optionsKey(options);
    const stamp = fileStamp(options); // before the start, which imports the file
    if (this.waiting?.key === key && this.waiting.stamp === stamp) {
      this.restartIdle(this.waiting);
      return;
    }
    this.drop(this.waiting?.key === key ? 'its file changed' : 'another function was offered');
    const label = `${options.target.qualname}${'file' in options.target ? ` in ${options.target.file}` : ''}`;
    const worker = this.deps.start(options);
    const waiting: Waiting = { key, label, stamp, worker, timer: setTimeout(() => {}, 0) };
    this.restartIdle(waiting);
    this.waiting = waiting;
    this.deps.log(`Started a worker ahead for ${label}.`);
    worker.catch((err: unknown) => {
      // A start that fails is forgotten; the run will start (and report) its own.
      if (this.waiting === waiting) this.forget();
      this.deps.log(`The worker started ahead for ${label} did not start: ${err instanceof Error ? err.message : String(err)}`);
    });
  }

  /** The waiting worker when it was started with these options (the caller owns it then); else undefined, and any waiting worker is stopped. */
  take(options: WorkerOptions): Promise<Prober> | undefined {
    const waiting = this.waiting;
    if (!waiting) return undefined;
    if (waiting.key !== optionsKey(options)) {
      this.drop('the run asked for other options');
      return undefined;
    }
    if (waiting.stamp !== fileStamp(options)) {
      this.drop('its file changed since it was started');
      return undefined;
    }
    this.forget();
    this.deps.log(`The run took the worker started ahead for ${waiting.label}.`);
    return waiting.worker;
  }

  /** Stop the waiting worker, if any. */
  drop(reason: string): void {
    const waiting = this.waiting;
    if (!waiting) return;
    this.forget();
    this.deps.log(`Stopped the worker started ahead for ${waiting.label}: ${reason}.`);
    const stopped = waiting.worker.then(
      (worker) => worker.stop(),
      () => undefined,
    );
    this.stopping.add(stopped);
    void stopped.finally(() => this.stopping.delete(stopped));
  }

  /** Stops the waiting worker and waits until every worker it stopped has exited. */
  async dispose(): Promise<void> {
    this.drop('the extension is shutting down');
    await Promise.all([...this.stopping]);
  }

  private forget(): void {
    if (this.waiting) clearTimeout(this.waiting.timer);
    this.waiting = undefined;
  }

  private restartIdle(waiting: Waiting): void {
    clearTimeout(waiting.timer);
    waiting.timer = setTimeout(() => {
      if (this.waiting === waiting) this.drop(`unused for ${Math.round((this.deps.idleMs ?? PRESTART_IDLE_MS) / 1000)} s`);
    }, this.deps.idleMs ?? PRESTART_IDLE_MS);
    waiting.timer.unref?.();
  }
}
