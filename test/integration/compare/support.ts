// Shared pieces of the comparison's integration tests: a real worker for a fixture function,
// a session file around it, and a scripted model that answers each prompt by its kind.
import type { CompareInput, LlmConfig } from '../../../src/core/run-types.js';
import { computeShownAs } from '../../../src/core/shown.js';
import { startWorker } from '../../../src/probe/client.js';
import type { CallRequest, Prober } from '../../../src/core/probe-types.js';
import type { Description, SessionFile, Strictness } from '../../../src/core/session-types.js';
import { startScriptedServer, type RecordedRequest, type ScriptedServer } from '../../support/llm-server.js';

export const DESCRIPTION: Description = {
  summary: 'Computes a value from its arguments.',
  details: '',
  parameters: {},
  returns: 'the value',
  raises: '',
  examples: [],
  confidence: 0.8,
};

export async function realWorker(file: string, qualname: string): Promise<Prober> {
  return startWorker({ target: { file, qualname }, coverage: false });
}

export function sessionFor(worker: Prober, file: string, opts: { strictness?: Strictness; probes?: CallRequest[]; timeoutMs?: number } = {}): SessionFile {
  const strictness = opts.strictness ?? 'anonymized';
  return {
    version: 1,
    target: { file, qualname: worker.info.qualname, shownAs: computeShownAs(worker.info, strictness) },
    settings: { mode: 'llm', maxProbes: 20, timeoutMs: opts.timeoutMs ?? 2000, memoryMb: 512, strictness, coverageFeedback: true },
    probes: (opts.probes ?? []).map((r, index) => ({
      ...r,
      index,
      origin: 'llm',
      result: { status: 'returned', mutations: [], stdout: '', stderr: '', durationMs: 1 },
    })),
    hypotheses: [],
    final: { concluded: true, description: DESCRIPTION },
    usage: { requests: 0, promptTokens: 0, completionTokens: 0 },
  };
}

const lastUser = (r: RecordedRequest) => String(r.body.messages?.filter((m) => m.role === 'user').pop()?.content ?? '');
const isJudge = (r: RecordedRequest) => String(r.body.messages?.[0]?.content ?? '').includes('You judge');
const isDocstringSide = (r: RecordedRequest) => lastUser(r).includes('from this docstring alone');

/** A model that writes `inferred` or `docstring` code depending on which text it was given. */
export async function scriptedModel(
  code: { inferred: string; docstring?: string },
  judge = '{"score": 4, "rationale": "Close."}',
): Promise<{ server: ScriptedServer; llm: LlmConfig }> {
  const server = await startScriptedServer((req) => {
    if (isJudge(req)) return { kind: 'text', content: judge };
    const body = isDocstringSide(req) ? (code.docstring ?? code.inferred) : code.inferred;
    return { kind: 'text', content: `Here is the implementation.\n\n\`\`\`python\n${body}\n\`\`\`\n` };
  });
  return { server, llm: { baseURL: server.url, model: 'scripted', apiKey: 'test', maxRetries: 0 } };
}

export function compareInput(worker: Prober, session: SessionFile, over: Partial<CompareInput> = {}): CompareInput {
  return {
    worker,
    info: worker.info,
    target: { file: session.target.file, qualname: session.target.qualname },
    session,
    description: DESCRIPTION,
    ...over,
  };
}
