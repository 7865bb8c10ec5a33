// THE entry point of a run (CLI, extension and bench all use it): start the worker, let the
// offline explorer and/or the LLM agent probe, compare with the docstring, stop the worker
// whatever happens, and hand back the session file. Subscribers read the event stream.
import { AgentLoop } from '../agent/loop.js';
import { raceAbort, StoppedError } from '../core/abort.js';
import { computeShownAs } from '../core/shown.js';
import type { CompareFn, OfflineReport, RunOptions, SessionServices } from '../core/run-types.js';
import type { FunctionInfo, Prober } from '../core/probe-types.js';
import { callRequest } from '../core/probe-types.js';
import { toSessionError } from './errors.js';
import { SessionRecorder, type Listener } from './recorder.js';
import type { Description, SessionFile } from '../core/session-types.js';
import { workerOptions } from '../core/worker-options.js';

/** Offline probes that seed the LLM agent when settings.seedProbes is not given. */
const DEFAULT_SEED_PROBES = 8;
/** Held-out inputs (never shown to the agent) asked of the explorer for the behavioural comparison. */
const HELD_OUT_INPUTS = 8;

/** The real parts, loaded on first use (they pull in the worker client, the explorer and the comparison). */
const defaultServices = async (): Promise<SessionServices> => (await import('./services.js')).services;

function offlineFinal(report: OfflineReport): SessionFile['final'] {
  return {
    concluded: true,
    description: report.description,
    ioTable: report.ioTable,
    properties: report.properties.filter((p) => p.holds).map((p) => `${p.name} (${p.evidence})`),
  };
}

/**
 * One run. Subscribe with `on` before `run()`; `stop()` (or the options' signal) aborts the LLM
 * request and the call in flight at once, and the worker is stopped before `run()` resolves.
 */
export class Session {
  private readonly listeners = new Set<Listener>();
  private readonly controller = new AbortController();
  private readonly recorder: SessionRecorder;
  private running: Promise<SessionFile> | undefined;

  constructor(
    private readonly options: RunOptions,
    private readonly services?: Partial<SessionServices>,
  ) {
    this.recorder = new SessionRecorder(options.target, options.settings, (event) => {
      options.onEvent?.(event);
      for (const l of this.listeners) l(event);
    });
    const outer = options.signal;
    if (outer?.aborted) this.controller.abort();
    else outer?.addEventListener('abort', () => this.controller.abort(), { once: true });
  }

  /** Subscribes to the event stream; returns the unsubscribe function. */
  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The session file as it stands (live object; copy it before keeping it). */
  get file(): SessionFile {
    return this.recorder.file;
  }

  stop(): void {
    this.controller.abort();
  }

  run(): Promise<SessionFile> {
    this.running ??= this.execute();
    return this.running;
  }

  private async execute(): Promise<SessionFile> {
    const { options, recorder } = this;
    const signal = this.controller.signal;
    const settings = options.settings;
    let worker: Prober | undefined;
    let agent: AgentLoop | undefined;
    /** The offline report's description, if the run is stopped after the explorer returned. */
    let offlineDescription: Description | null = null;
    let startedEmitted = false;
    try {
      const services: SessionServices = { ...(await defaultServices()), ...this.services };
      const starting = services.startWorker(workerOptions({ target: options.target, python: options.python, settings }));
      // Stopped while the worker starts: it must still be stopped once it is up.
      worker = await raceAbort(starting, signal).catch((err: unknown) => {
        if (err instanceof StoppedError)
          void starting.then(
            (w) => w.stop(),
            () => {},
          );
        throw err;
      });
      const info = worker.info;
      recorder.started(computeShownAs(info, settings.strictness), info.docstring, info.resolution, worker.sandbox);
      startedEmitted = true;

      if (settings.mode === 'offline') {
        if (!services.exploreOffline) throw new Error('the offline explorer is not available in this build');
        const report = await services.exploreOffline(info, recorder.probeFn(worker, 'offline', signal), {
          maxProbes: settings.maxProbes,
          strictness: settings.strictness,
          signal,
        });
        // The explorer returns what it has when stopped; that is a partial result, not a conclusion.
        offlineDescription = report.description;
        if (signal.aborted) throw new StoppedError();
        recorder.conclude(offlineFinal(report));
      } else {
        if (!options.llm) throw new Error("settings.mode is 'llm' but no LLM endpoint was given");
        const seedBudget = settings.seedProbes ?? DEFAULT_SEED_PROBES;
        if (services.exploreOffline && seedBudget > 0) {
          await services.exploreOffline(info, recorder.probeFn(worker, 'offline', signal), {
            maxProbes: seedBudget,
            strictness: settings.strictness,
            signal,
            seeding: true,
          });
          if (signal.aborted) throw new StoppedError();
        }
        agent = new AgentLoop({
          llm: options.llm,
          info,
          shownAs: recorder.file.target.shownAs,
          strictness: settings.strictness,
          maxProbes: settings.maxProbes,
          // No promise of coverage counts that will never come (a compiled or rebound target).
          coverageFeedback: settings.coverageFeedback && !info.resolution?.coverageUnavailable,
          seeds: [...recorder.file.probes],
          probe: recorder.probeFn(worker, 'llm', signal),
          onHypothesis: (text) => recorder.hypothesis(text),
          onReasoning: (text, streamed) => recorder.reasoning(text, streamed),
          onReplyDelta: (text) => recorder.replyDelta(text),
          onUsage: (delta) => recorder.usage(delta),
          signal,
        });
        const outcome = await agent.run();
        recorder.conclude({ concluded: outcome.concluded, description: outcome.description });
      }

      const description = recorder.file.final.description;
      if (options.compare !== false && services.compare && description) {
        await this.compare(services, services.compare, worker, info, description);
      }
    } catch (err) {
      if (!startedEmitted) recorder.started();
      const error = signal.aborted
        ? toSessionError(new StoppedError())
        : toSessionError(err, { authHint: options.llm?.authHint, baseURL: options.llm?.baseURL, maxRetries: options.llm?.maxRetries ?? 3 });
      recorder.fail(error, agent?.bestSoFar() ?? offlineDescription);
    } finally {
      await worker?.stop().catch(() => {});
    }
    return recorder.finish();
  }

  /** The comparison is an addition: when it fails (other than by Stop) the run keeps its result and says why. */
  private async compare(services: SessionServices, compare: CompareFn, worker: Prober, info: FunctionInfo, description: Description) {
    const { options, recorder } = this;
    const signal = this.controller.signal;
    const shown = recorder.file.probes.map(callRequest);
    const compareOptions = options.compare || {};
    const llm = compareOptions.llm ?? options.llm;
    const judge = compareOptions.judge ?? llm;
    try {
      const comparison = await compare({
        worker,
        info,
        target: options.target,
        session: recorder.file,
        description,
        ...(llm ? { llm } : {}),
        ...(judge ? { judge } : {}),
        ...(options.python ? { python: options.python } : {}),
        heldOut: services.heldOutInputs?.(info, shown, HELD_OUT_INPUTS) ?? [],
        signal,
      });
      recorder.comparison(comparison);
    } catch (err) {
      if (signal.aborted) throw err;
      recorder.comparison({ notes: [`the comparison failed: ${toSessionError(err).message}`] });
    }
  }
}

/** Runs one session to the end and returns its file (never throws: failures are in `error`). */
export function runSession(options: RunOptions, services?: Partial<SessionServices>): Promise<SessionFile> {
  return new Session(options, services).run();
}
