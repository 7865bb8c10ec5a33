// Contracts between the session, the LLM agent, the offline explorer and the comparison.
import type { Pricing } from './cost.js';
import type { CallRequest, FunctionInfo, ProbeTarget } from './probe-types.js';
import type { Comparison, Description, ProbeRecord, SessionEvent, SessionFile, SessionSettings, Strictness } from './session-types.js';
import type { StartWorker } from './worker-options.js';

/** A message of a chat with a model, in the shape every provider translates from. */
export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: { id: string; name: string; arguments: string }[] }
  | { role: 'tool'; toolCallId: string; content: string };

export interface ChatToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  parameters: Record<string, unknown>;
}

/** One assistant reply; `usage` only when the provider counts tokens. */
export interface ChatResponse {
  content: string;
  toolCalls: { id: string; name: string; arguments: string }[];
  finishReason: string | null;
  usage?: { promptTokens: number; completionTokens: number };
}

/**
 * Where a model's replies come from: an OpenAI-compatible endpoint (src/llm/provider.ts) or the
 * editor's Language Model API (src/extension/lm-provider.ts). The agent loop, the comparison's
 * implementation writer and the judge talk to this and nothing else.
 */
export interface ChatProvider {
  /** For messages: "gpt-4o-mini at https://…", "Copilot GPT-4o (VS Code)". */
  readonly label: string;
  /** false: the model cannot call tools, so the agent uses the text protocol. */
  readonly supportsTools: boolean;
  chat(request: ChatRequest): Promise<ChatResponse>;
}

export interface ChatRequest {
  messages: ChatMessage[];
  tools?: ChatToolSpec[];
  signal?: AbortSignal;
  idleTimeoutMs?: number;
  /** The reply as it arrives, for display only: text pieces, and each tool call's name and argument pieces. */
  onDelta?: (text: string) => void;
}

/** An OpenAI-compatible endpoint. The key comes from SecretStorage (editor) or an env var (CLI). */
export interface LlmConfig {
  /** Set: replies come from this provider instead of the endpoint (baseURL and apiKey are then only labels). */
  provider?: ChatProvider;
  baseURL: string;
  model: string;
  apiKey: string;
  /** Text-protocol fallback (one JSON action per reply) for models without tool calling. */
  textProtocol?: boolean;
  /** Retries on 429/5xx and connection errors, honouring retry-after. Default 3. */
  maxRetries?: number;
  /** Per-request timeout. Default 120000. */
  timeoutMs?: number;
  /** Dollars per million tokens, for the cost counter; absent = unknown cost. */
  pricing?: Pricing;
  /** How the user sets the key, appended to an authentication error (CLI: the env var; editor: the Set API Key command). */
  authHint?: string;
}

/**
 * Probes one input through the session: records it, emits events, answers duplicates from cache.
 * `fresh`: run it even when the same call is cached (the explorer's determinism re-runs).
 * `seed`: seed Python's `random` with this instead of the worker's fixed seed (implies fresh):
 * the explorer's determinism check runs a call under a second seed.
 */
/**
 * `comparisons`: the returned record's result carries what the call compared its arguments with
 * (ProbeResult.comparisons); the offline explorer alone asks, and no stored record keeps it.
 */
export type ProbeFn = (request: CallRequest, note?: string, options?: ProbeFnOptions) => Promise<ProbeRecord>;
export interface ProbeFnOptions {
  fresh?: boolean;
  seed?: number;
  /** CallOptions.hashSeed: a new interpreter with this hash seed. */
  hashSeed?: number;
  comparisons?: boolean;
  /** CallOptions.again: run it a second time in its process after the first (ProbeResult.again). */
  again?: boolean;
  /** CallOptions.againAfter: with `again`, another call made between the two runs. */
  againAfter?: CallRequest;
}

/** A property the offline explorer checked. Names are stable (tests and the report read them). */
export interface InferredProperty {
  name:
    | 'deterministic'
    | 'pure'
    | 'idempotent'
    | 'involution'
    | 'sorted-output'
    | 'length-preserving'
    | 'subset-of-input'
    | 'commutative'
    | 'monotonic-increasing'
    | 'monotonic-decreasing'
    | 'uses-randomness';
  holds: boolean;
  /** The parameter a monotonicity is in; 'when-inputs-sorted' for sorted output of sorted inputs; 'ascii-texts' for a length law seen on ASCII texts only. */
  param?: string;
  /** How many probes support it, or the counterexample input when it does not hold. */
  evidence: string;
}

export interface OfflineReport {
  /** Types the function returned, e.g. ['int', 'NoneType']. */
  returnTypes: string[];
  /** Exception type → input classes that raised it, e.g. { ValueError: ['negative int'] }. */
  exceptions: Record<string, string[]>;
  properties: InferredProperty[];
  description: Description;
  /** Markdown table of inputs and outputs. */
  ioTable: string;
}

export interface OfflineOptions {
  maxProbes: number;
  strictness: Strictness;
  /** Seeding an LLM agent: distinct calls only (no determinism re-runs, no verification pass). */
  seeding?: boolean;
  /** Comparison-guided inputs (src/explorer/comparison-inputs.ts); on unless false (a measure of what they add). */
  comparisons?: boolean;
  signal?: AbortSignal;
}

/** What the comparison needs. Implemented in src/compare (compareWithDocstring). */
export interface CompareInput {
  /** The real function's worker (already started). */
  worker: import('./probe-types.js').Prober;
  info: FunctionInfo;
  target: ProbeTarget;
  session: SessionFile;
  description: Description;
  /** Writes implementations; absent = offline (doctests + lexical only). */
  llm?: LlmConfig;
  /** The judge may be another model; defaults to llm. */
  judge?: LlmConfig;
  python?: string;
  /** Inputs never shown to the agent, for the behavioural check (plus the docstring's doctest inputs). */
  heldOut?: CallRequest[];
  /** false: do not implement the reference text (the bench's gold description needs no stale check). Default true. */
  docstringImplementation?: boolean;
  signal?: AbortSignal;
}

export type CompareFn = (input: CompareInput) => Promise<Comparison>;

/** Everything a run needs. `runSession` (src/session/run.ts) is the one entry point used by the CLI, the extension and the bench. */
export interface RunOptions {
  target: ProbeTarget;
  settings: SessionSettings;
  /** Required when settings.mode is 'llm'. */
  llm?: LlmConfig;
  python?: string;
  compare?: { llm?: LlmConfig; judge?: LlmConfig } | false;
  signal?: AbortSignal;
  onEvent?: (event: SessionEvent) => void;
}

/** The parts a run is made of; tests and the bench may substitute any of them. */
export interface SessionServices {
  startWorker: StartWorker;
  exploreOffline?: (info: FunctionInfo, probe: ProbeFn, opts: OfflineOptions) => Promise<OfflineReport>;
  heldOutInputs?: (info: FunctionInfo, exclude: CallRequest[], count: number) => CallRequest[];
  compare?: CompareFn;
}
