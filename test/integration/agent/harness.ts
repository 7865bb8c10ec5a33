// Runs real sessions: the scripted LLM server, the real openai client, the real Python worker
// on a fixture module of our own. Keeps the worker so tests can check its processes are gone.
import { fileURLToPath } from 'node:url';
import type { LlmConfig } from '../../../src/core/run-types.js';
import { startWorker, type ProbeWorker } from '../../../src/probe/client.js';
import { processEnded } from '../../../src/probe/sandbox-host.js';
import { Session } from '../../../src/session/run.js';
import type { SessionEvent, SessionFile, SessionSettings } from '../../../src/core/session-types.js';
import { startScriptedServer, type Script, type ScriptedServer } from '../../support/llm-server.js';

export const FIXTURE = fileURLToPath(new URL('../../fixtures/agent/strings.py', import.meta.url));

export const SETTINGS: SessionSettings = {
  mode: 'llm',
  maxProbes: 8,
  timeoutMs: 3000,
  memoryMb: 512,
  strictness: 'anonymized',
  coverageFeedback: true,
  seedProbes: 0,
};

export interface RealRun {
  file: SessionFile;
  events: SessionEvent[];
  server: ScriptedServer;
  worker: ProbeWorker | undefined;
  /** Every process id the worker had during the run (itself and its call children). */
  pids: number[];
}

export interface RealRunOptions {
  qualname?: string;
  settings?: Partial<SessionSettings>;
  llm?: Partial<LlmConfig>;
  /** Called once the session is running (e.g. to stop it). */
  during?: (session: Session, server: ScriptedServer) => Promise<void>;
}

export async function runReal(script: Script, opts: RealRunOptions = {}): Promise<RealRun> {
  const server = await startScriptedServer(script);
  const events: SessionEvent[] = [];
  let worker: ProbeWorker | undefined;
  const pids = new Set<number>();
  const notePids = () => {
    if (worker?.pid) pids.add(worker.pid);
    for (const pid of worker?.childPids ?? []) pids.add(pid);
  };
  try {
    const session = new Session(
      {
        target: { file: FIXTURE, qualname: opts.qualname ?? 'shout' },
        settings: { ...SETTINGS, ...opts.settings },
        llm: { baseURL: server.url, model: 'scripted', apiKey: 'test-key', maxRetries: 0, ...opts.llm },
        compare: false,
        onEvent: (e) => {
          events.push(e);
          notePids();
        },
      },
      {
        startWorker: async (o) => {
          worker = await startWorker(o);
          notePids();
          return worker;
        },
      },
    );
    const running = session.run();
    // a session that ends early must not leave `during` waiting for a request that never comes
    if (opts.during) await Promise.race([opts.during(session, server), running]);
    const file = await running;
    return { file, events, server, worker, pids: [...pids] };
  } finally {
    await server.close();
  }
}

/** Every message of request n, as text. */
export function sentText(server: ScriptedServer, n: number): string {
  return (server.requests[n]?.body.messages ?? []).map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n---\n');
}

/** The messages of request n that answer tool calls. */
export function toolReplies(server: ScriptedServer, n: number): string[] {
  return (server.requests[n]?.body.messages ?? []).filter((m) => m.role === 'tool').map((m) => String(m.content));
}

/** The process no longer runs (a zombie waiting for its reaper counts as gone). */
export const processGone = processEnded;

export const call = (args: string[], extra: Record<string, unknown> = {}) => ({ name: 'call_function', arguments: { args, ...extra } });
export const submit = (summary: string, extra: Record<string, unknown> = {}) => ({
  name: 'submit_description',
  arguments: { summary, confidence: 0.8, ...extra },
});
