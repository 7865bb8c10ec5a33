// The options of every worker PAU Probe starts, built here only. The user's limits and sandbox
// reach each worker the same way: a run's (and the one started ahead for it,
// src/extension/prestart.ts, taken only when the options are identical), the comparison's
// implementations, Insert Docstring's re-runs, the language-model and MCP tools, `pau call`,
// the pytest export and the bench. Hand-built options drifted apart before (the pytest export
// once ran with no limits); test/unit/architecture/worker-options.test.ts fails on a
// WorkerOptions object written anywhere else.
import { userLimits, type LimitSettingKey } from './limits.js';
import type { Prober, ProbeTarget, WorkerOptions } from './probe-types.js';
import type { SessionSettings } from './session-types.js';

/**
 * What the user sets for the workers: `pau.sandbox` and the limits of LIMIT_SETTINGS
 * (src/core/limits.ts: `pau.timeoutMs`, `pau.memoryMb`, …), from the editor's settings, the
 * CLI's flags or a session's recorded settings (the extension's settings and SessionSettings
 * both are one). A limit these do not carry (a CLI with no flag for it, an older session) gets
 * its default.
 */
export type WorkerSettings = Pick<SessionSettings, 'sandbox' | LimitSettingKey>;

/** What starts a worker: the real client (src/probe/client.ts) or, in tests, a fake. */
export type StartWorker = (options: WorkerOptions) => Promise<Prober>;

export interface WorkerRequest {
  target: ProbeTarget;
  /** The interpreter (`pau.pythonPath` resolved, `--python`); absent: python3, then python. */
  python?: string | undefined;
  settings: WorkerSettings;
  /** Coverage of the target's code: off where only results are compared. Default true. */
  coverage?: boolean;
  /** How long the import may take; default the client's (DEFAULT_IMPORT_TIMEOUT_MS). */
  importTimeoutMs?: number;
}

export function workerOptions(request: WorkerRequest): WorkerOptions {
  const { settings } = request;
  return {
    target: request.target,
    ...(request.python ? { python: request.python } : {}),
    limits: userLimits(settings),
    coverage: request.coverage ?? true,
    ...(request.importTimeoutMs !== undefined ? { importTimeoutMs: request.importTimeoutMs } : {}),
    ...(settings.sandbox ? { sandbox: settings.sandbox } : {}),
  };
}

/**
 * The same worker in an interpreter of another hash seed (CallOptions.hashSeed): everything the
 * first was given, with its limits as merged, so both run a call alike but for the seed.
 */
export function withHashSeed(options: WorkerOptions, limits: WorkerOptions['limits'], hashSeed: number): WorkerOptions {
  return { ...options, ...(limits ? { limits } : {}), hashSeed };
}
