// Runs a session against the scripted LLM server and a fake prober, collecting the events.
import type { Prober } from '../../../src/core/probe-types.js';
import type { LlmConfig } from '../../../src/core/run-types.js';
import { runSession } from '../../../src/session/run.js';
import type { SessionEvent, SessionFile, SessionSettings } from '../../../src/core/session-types.js';
import { startScriptedServer, type Script, type ScriptedServer } from '../../support/llm-server.js';
import { FakeProber } from './fake-prober.js';

export const SETTINGS: SessionSettings = {
  mode: 'llm',
  maxProbes: 10,
  timeoutMs: 1000,
  memoryMb: 256,
  strictness: 'anonymized',
  coverageFeedback: true,
  seedProbes: 0,
};

export interface Run {
  file: SessionFile;
  events: SessionEvent[];
  server: ScriptedServer;
  prober: Prober;
}

export async function runScripted(
  script: Script,
  opts: { settings?: Partial<SessionSettings>; llm?: Partial<LlmConfig>; prober?: Prober; signal?: AbortSignal } = {},
): Promise<Run> {
  const server = await startScriptedServer(script);
  const prober = opts.prober ?? new FakeProber();
  const events: SessionEvent[] = [];
  try {
    const file = await runSession(
      {
        target: { file: 'shout.py', qualname: 'shout' },
        settings: { ...SETTINGS, ...opts.settings },
        llm: { baseURL: server.url, model: 'scripted', apiKey: 'test-key', maxRetries: 0, ...opts.llm },
        compare: false,
        onEvent: (e) => events.push(e),
        ...(opts.signal ? { signal: opts.signal } : {}),
      },
      { startWorker: async () => prober },
    );
    return { file, events, server, prober };
  } finally {
    await server.close();
  }
}

/** The text of every message the model was sent in request n (0-based). */
export function sentText(server: ScriptedServer, n: number): string {
  return (server.requests[n]?.body.messages ?? []).map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n---\n');
}

export const call = (args: string[], extra: Record<string, unknown> = {}) => ({ name: 'call_function', arguments: { args, ...extra } });
export const submit = (summary = 'Upper-cases its argument.', extra: Record<string, unknown> = {}) => ({
  name: 'submit_description',
  arguments: { summary, confidence: 0.8, ...extra },
});
