// The default limits and budgets, defined once. The settings, the CLI's flags and their --help,
// the worker client and (through the start message) the Python worker all read them from here.
//
// LIMIT_SETTINGS is the table of the limits a user sets for every worker (`pau.timeoutMs`, …):
// the editor's settings table includes it, and the rest follows from it: a session's record of
// them (SessionSettings), the worker options' limits (src/core/worker-options.ts), the client's
// defaults and the wire type (WorkerLimits, so python/pau_probe/protocol.py through
// `node scripts/gen-worker-protocol.mjs`). A new one is an entry here and the worker code that
// reads it (docs/development.md).
import type { NumberSetting } from './setting-spec.js';
import type { Strictness } from './strictness.js';

/** Wall-clock limit of one call, ms. */
export const DEFAULT_TIMEOUT_MS = 5000;
/** Memory one call may add to the warm worker, MiB. */
export const DEFAULT_MEMORY_MB = 1024;
/** Probe budget of one run. */
export const DEFAULT_MAX_PROBES = 20;
/**
 * What sandboxed code may write, in all, to each of its writable folders (the calls area, the
 * import folder, pytest's folder): a tmpfs of this size in the OS layer, so that a call cannot
 * fill the host's disk. (Its pages count as the call's memory in its cgroup too.)
 */
export const DISK_QUOTA_MB = 256;
// The ranges a user may set, the same for the settings (their minimum and maximum) and the
// CLI's flags (a clear error outside them): a value past them overflows a timer or runs for hours.
/** The range of a limit the user sets. */
export interface LimitRange {
  readonly min: number;
  readonly max: number;
}
export const MAX_PROBES_RANGE = { min: 1, max: 1000 } as const satisfies LimitRange;
export const TIMEOUT_MS_RANGE = { min: 100, max: 600_000 } as const satisfies LimitRange;
export const MEMORY_MB_RANGE = { min: 64, max: 65_536 } as const satisfies LimitRange;

/** The limits a user sets for every worker, as settings (SETTINGS includes these entries). */
export const LIMIT_SETTINGS = {
  /** Wall-clock limit of one call; the host kills the call's process group after it. */
  timeoutMs: {
    type: 'integer',
    default: DEFAULT_TIMEOUT_MS,
    minimum: TIMEOUT_MS_RANGE.min,
    maximum: TIMEOUT_MS_RANGE.max,
    scope: 'resource',
    order: 11,
    markdownDescription: 'Wall-clock limit of one call, in milliseconds. A call that runs longer is killed and reported as timed out.',
  },
  /** Address-space limit of one call (RLIMIT_AS). */
  memoryMb: {
    type: 'integer',
    default: DEFAULT_MEMORY_MB,
    minimum: MEMORY_MB_RANGE.min,
    maximum: MEMORY_MB_RANGE.max,
    scope: 'resource',
    order: 12,
    markdownDescription:
      'Memory one call may take on top of the warm worker it is forked from, in MiB (an address-space limit). A call that needs more fails with `MemoryError`.',
  },
} as const satisfies Record<string, NumberSetting>;

export type LimitSettingKey = keyof typeof LIMIT_SETTINGS;
/** A value for each limit of LIMIT_SETTINGS (its doc comments carry over to WorkerLimits and protocol.py). */
export type UserLimits = { -readonly [K in keyof typeof LIMIT_SETTINGS]: number };
export const LIMIT_SETTING_KEYS = Object.keys(LIMIT_SETTINGS) as LimitSettingKey[];

/** Each limit of LIMIT_SETTINGS from `values` where it is set, else its default. */
export function userLimits(values: Partial<UserLimits>): UserLimits {
  return Object.fromEntries(LIMIT_SETTING_KEYS.map((key) => [key, values[key] ?? LIMIT_SETTINGS[key].default])) as UserLimits;
}
/** Cap on captured stdout and on stderr, bytes each. */
export const DEFAULT_MAX_OUTPUT_BYTES = 64 * 1024;
/** Cap on a rendered repr, characters. */
export const DEFAULT_MAX_REPR_CHARS = 4000;
/** How many items of a generator are taken. */
export const DEFAULT_MAX_ITER_ITEMS = 20;
/** The worker kills a call this long after its timeout (room to render and report). */
export const RENDER_GRACE_MS = 400;
/** The host gives up on the worker this long after the call's deadline and restarts it. */
export const BACKSTOP_MS = 2000;
/** After SIGKILL, how long stopping a worker waits for its processes to be gone. */
export const STOP_GRACE_MS = 2000;
/** How long importing the target may take. */
export const DEFAULT_IMPORT_TIMEOUT_MS = 30_000;

// The run's other defaults, shared by the settings (pau.strictness, pau.coverageFeedback) and
// the CLI's flags and --help.
/** What the agent is shown of the signature by default (the PAU benchmark's); the levels are STRICTNESS_LEVELS in session-types.ts. */
export const DEFAULT_STRICTNESS: Strictness = 'anonymized';
/** Tell the agent how much of the function its calls reached. */
export const DEFAULT_COVERAGE_FEEDBACK = true;
