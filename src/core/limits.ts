// The default limits and budgets, defined once. The settings, the CLI's flags and their --help,
// the worker client and (through the start message) the Python worker all read them from here.
import type { Strictness } from './session-types.js';

/** Wall-clock limit of one call, ms. */
export const DEFAULT_TIMEOUT_MS = 5000;
/** Memory one call may add to the warm worker, MiB. */
export const DEFAULT_MEMORY_MB = 1024;
/** The range pau.timeoutMs and `pau mcp --max-timeout-ms` take, ms. */
export const TIMEOUT_MS_RANGE = { minimum: 100, maximum: 600_000 } as const;
/** The range pau.memoryMb and `pau mcp --max-memory-mb` take, MiB. */
export const MEMORY_MB_RANGE = { minimum: 64, maximum: 65_536 } as const;
/** Probe budget of one run. */
export const DEFAULT_MAX_PROBES = 20;
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
