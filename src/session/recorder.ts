// Builds the session file as the run goes and emits the matching events, so the file and the
// event stream can never disagree. It also owns the probe cache: a repeated call (same sources
// after removing whitespace) is answered from the first call's result with origin 'cache'.
import type { CallRequest, Prober, ProbeResult, ProbeTarget, TargetResolution } from '../core/probe-types.js';
import { raceAbort } from '../core/abort.js';
import type { ProbeFn, ProbeFnOptions } from '../core/run-types.js';
import { callKey } from '../core/call-identity.js';
import {
  SESSION_VERSION,
  type Comparison,
  type SandboxReport,
  type ProbeRecord,
  type SessionError,
  type SessionEvent,
  type SessionFile,
  type SessionSettings,
  type ShownAs,
  type Usage,
} from '../core/session-types.js';

export type Listener = (event: SessionEvent) => void;

/** The session file's `target.file` for a target given as source text. */
function targetLabel(target: ProbeTarget): string {
  return 'file' in target ? target.file : (target.moduleName ?? '<source>');
}

/** A result without its comparison records: what the session file, its events and every agent get. */
export function withoutComparisons(result: ProbeResult): ProbeResult {
  if (result.comparisons === undefined) return result;
  const rest = { ...result };
  delete rest.comparisons;
  return rest;
}

/** A result replayed from the cache: the same outcome, but it reached nothing new. */
function fromCache(result: ProbeResult): ProbeResult {
  if (!result.coverage) return result;
  const { lines, arcs } = result.coverage;
  return { ...result, coverage: { lines: { ...lines, new: 0 }, arcs: { ...arcs, new: 0 } } };
}

export class SessionRecorder {
  readonly file: SessionFile;
  private nextIndex = 0;
  private readonly cache = new Map<string, Promise<ProbeResult>>();

  constructor(
    target: ProbeTarget,
    settings: SessionSettings,
    private readonly emit: Listener,
  ) {
    const name = target.qualname.split('.').pop() ?? target.qualname;
    this.file = {
      version: SESSION_VERSION,
      target: { file: targetLabel(target), qualname: target.qualname, shownAs: { name, params: [] } },
      settings,
      startedAt: new Date().toISOString(),
      probes: [],
      hypotheses: [],
      final: { concluded: false, description: null },
      usage: { requests: 0, promptTokens: 0, completionTokens: 0 },
    };
  }

  started(shownAs?: ShownAs, docstring?: string | null, resolution?: TargetResolution, sandbox?: SandboxReport): void {
    if (shownAs) this.file.target.shownAs = shownAs;
    if (docstring !== undefined) this.file.target.docstring = docstring;
    if (resolution) this.file.target.resolution = resolution;
    if (sandbox) this.file.sandbox = { layer: sandbox.layer, detail: sandbox.detail };
    this.emit({ type: 'started', target: this.file.target, settings: this.file.settings, ...(this.file.sandbox ? { sandbox: this.file.sandbox } : {}) });
  }

  /** A ProbeFn that records every call made through `prober` with the given origin. */
  probeFn(prober: Prober, origin: 'llm' | 'offline', signal?: AbortSignal): ProbeFn {
    return async (request: CallRequest, note?: string, options?: ProbeFnOptions) => {
      const index = ++this.nextIndex;
      const key = callKey(request);
      const seeded = options?.seed !== undefined || options?.hashSeed !== undefined;
      const cached = options?.fresh || options?.again || seeded ? undefined : this.cache.get(key);
      const source = cached ? 'cache' : origin;
      this.emit({ type: 'probe-started', index, request, origin: source, ...(note ? { note } : {}) });
      let result: ProbeResult;
      if (cached) {
        result = fromCache(await raceAbort(cached, signal));
      } else {
        // Comparisons only for the offline explorer's own calls: an agent's never ask.
        const comparisons = origin === 'offline' && options?.comparisons === true;
        const pending = prober.call(request, {
          ...(signal ? { signal } : {}),
          ...(options?.seed !== undefined ? { seed: options.seed } : {}),
          ...(options?.hashSeed !== undefined ? { hashSeed: options.hashSeed } : {}),
          ...(comparisons ? { comparisons } : {}),
          ...(origin === 'offline' && options?.again ? { again: true, ...(options.againAfter ? { againAfter: options.againAfter } : {}) } : {}),
        });
        // A run under another seed is not the answer to the plain call.
        if (!seeded) this.cache.set(key, pending);
        pending.catch(() => this.cache.delete(key)); // a failed call is not an answer to reuse
        result = await raceAbort(pending, signal);
      }
      const record: ProbeRecord = { index, ...request, origin: source, ...(note ? { note } : {}), result: withoutComparisons(result) };
      this.insert(record);
      this.emit({ type: 'probe-finished', probe: record });
      // The explorer that asked gets them; the stored record (seeds of an agent, the file) never has them.
      return origin === 'offline' && options?.comparisons && result.comparisons ? { ...record, result } : record;
    };
  }

  /** Probes in index order, even if calls finish out of order. */
  private insert(record: ProbeRecord) {
    const probes = this.file.probes;
    let at = probes.length;
    while (at > 0 && (probes[at - 1]?.index ?? 0) > record.index) at -= 1;
    probes.splice(at, 0, record);
  }

  hypothesis(text: string): void {
    const entry = { afterProbe: this.file.probes.length, text };
    this.file.hypotheses.push(entry);
    this.emit({ type: 'hypothesis', ...entry });
  }

  reasoning(text: string, streamed = false): void {
    this.emit({ type: 'reasoning', text, ...(streamed ? { streamed } : {}) });
  }

  replyDelta(text: string): void {
    this.emit({ type: 'reply-delta', text });
  }

  usage(delta: Usage): void {
    const u = this.file.usage;
    u.requests += delta.requests;
    u.promptTokens += delta.promptTokens;
    u.completionTokens += delta.completionTokens;
    this.emit({ type: 'llm-usage', usage: { ...u }, delta });
  }

  conclude(final: SessionFile['final']): void {
    this.file.final = final;
    this.emit({ type: 'concluded', final });
  }

  comparison(comparison: Comparison): void {
    this.file.comparison = comparison;
    // The comparison's models (implementations, judge) are part of what the run cost.
    if (comparison.usage) {
      const u = this.file.usage;
      this.file.usage = {
        requests: u.requests + comparison.usage.requests,
        promptTokens: u.promptTokens + comparison.usage.promptTokens,
        completionTokens: u.completionTokens + comparison.usage.completionTokens,
      };
    }
    this.emit({ type: 'comparison', comparison });
  }

  /** The run failed: keep what it has, mark it unconcluded. */
  fail(error: SessionError, bestSoFar?: SessionFile['final']['description']): void {
    this.file.error = error;
    this.file.final = { ...this.file.final, concluded: false, description: this.file.final.description ?? bestSoFar ?? null };
    this.emit({ type: 'error', error });
  }

  finish(): SessionFile {
    this.file.finishedAt = new Date().toISOString();
    this.emit({ type: 'finished', session: this.file });
    return this.file;
  }
}
