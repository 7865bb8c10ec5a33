// The session: what a run did, as events while it runs and as a versioned JSON file after.
// Field names are a contract (docs/session-format.md): add fields freely, rename none.
import type { UserLimits } from './limits.js';
import type { CallRequest, ProbeResult, SandboxMode, TargetResolution } from './probe-types.js';
import type { Strictness } from './strictness.js';

export const SESSION_VERSION = 1;

export { STRICTNESS_LEVELS, type Strictness } from './strictness.js';

/** What the agent is shown of the target: never the source or the docstring. */
export interface ShownAs {
  name: string;
  /** Parameter names as shown (real names at `signature`, `arg0…` when anonymized). */
  params: string[];
  /** Only at strictness `signature`: hints and defaults, e.g. `n: int = 3`. */
  signature?: string;
  /** Instance method: the agent must build a receiver. */
  needsReceiver?: boolean;
}

export interface ProbeRecord extends CallRequest {
  index: number;
  origin: 'llm' | 'offline' | 'cache';
  /** Why the agent chose this input, when it said. */
  note?: string;
  result: ProbeResult;
}

export interface Description {
  summary: string;
  details: string;
  /** Parameter name (as shown to the agent) → what it is. */
  parameters: Record<string, string>;
  returns: string;
  raises: string;
  /**
   * Doctest-style lines, e.g. `f(1, 2)` → `3`, taken from real probes; `probe` is the index of
   * the probe an example was grounded in (the call text uses the names the agent saw).
   */
  examples: { call: string; result: string; probe?: number }[];
  /** 0..1 */
  confidence: number;
  /** Properties that hold, one sentence each (offline explorer; absent in older session files and in LLM descriptions). */
  properties?: string[];
  /** The claim ledger: every sentence above with the probes behind it (offline explorer only). */
  claims?: DescriptionClaim[];
}

/** One sentence of a description and its evidence: the probes that support it and those that could have refuted it. */
export interface DescriptionClaim {
  part: 'summary' | 'property' | 'parameter' | 'returns' | 'raises' | 'example';
  text: string;
  /** Indices of the probes that support it. */
  support: number[];
  /** Indices of the probes that could have refuted it (and did not), including the verification pass's. */
  tested: number[];
  /**
   * The function draws at random (property uses-randomness): the calls behind this line ran in one
   * draw each, and it says what they gave there; the same call may give another result, or raise.
   */
  draws?: true;
  /** A machine-checkable form, for re-checking the claim against the real function. */
  check?:
    | { kind: 'property'; name: string; param?: string }
    /** `contrast`: a call that returned and differs from `probe` in one argument only (a parameter line's evidence). */
    | { kind: 'raises'; type: string; probe: number; contrast?: number }
    | { kind: 'example'; probe: number }
    /** A function that returns a function: `probe` made the call and then called what it returned (CallRequest.apply); the line quotes what that gave. */
    | { kind: 'applied'; probe: number };
}

export interface BehaviouralDisagreement {
  input: string;
  expected: string;
  got: string;
}

export interface Comparison {
  behavioural?: {
    inferred: { agree: number; total: number };
    docstring?: { agree: number; total: number };
    stale: boolean;
    disagreements: BehaviouralDisagreement[];
    /** Disagreements of the docstring's implementation, for the stale flag. */
    docstringDisagreements?: BehaviouralDisagreement[];
    /** The code each side's model wrote (it ran only in the sandbox). */
    implementations?: { inferred?: string; docstring?: string };
    note?: string;
  };
  doctests?: {
    passed: number;
    failed: number;
    /** Examples that could not be mapped to a call of the function (never counted as passed). */
    notRun?: number;
    results?: { source: string; want: string; got: string; ok: boolean; notRun?: string }[];
  };
  judge?: { score: number; rationale: string; missedByInferred?: string[]; missedByDocstring?: string[] };
  lexicalF1?: number;
  /** Why parts were skipped (e.g. "the function has no docstring"). */
  notes?: string[];
  /** The comparison's own LLM tokens (implementations and judge). */
  usage?: Usage;
}

export interface Usage {
  requests: number;
  promptTokens: number;
  completionTokens: number;
}

export interface SessionError {
  kind: 'llm-auth' | 'llm-rate-limit' | 'llm-server' | 'llm-stream' | 'llm-other' | 'worker' | 'sandbox' | 'import' | 'stopped' | 'budget' | 'internal';
  message: string;
}

export interface SessionFile {
  version: typeof SESSION_VERSION;
  /** `docstring`: the function's actual docstring when the run began (for the comparison view; never shown to the agent). */
  /** `resolution`: how the qualname resolved, above all when what runs is not the code in the file. */
  target: { file: string; qualname: string; shownAs: ShownAs; docstring?: string | null; resolution?: TargetResolution };
  settings: SessionSettings;
  startedAt?: string;
  finishedAt?: string;
  probes: ProbeRecord[];
  hypotheses: { afterProbe: number; text: string }[];
  final: { concluded: boolean; description: Description | null; ioTable?: string; properties?: string[] };
  comparison?: Comparison;
  usage: Usage;
  error?: SessionError;
  /** What protected the calls: the OS sandbox plus guards, or guards only (and why). */
  sandbox?: SandboxReport;
}

/** The sandbox a session's calls actually ran in (src/probe/sandbox.ts decides). */
export interface SandboxReport {
  layer: 'os' | 'guards';
  /** The OS tool (`bubblewrap`, `sandbox-exec`) or why there is none. */
  detail: string;
}

/**
 * The settings a run went by. Every limit of LIMIT_SETTINGS (src/core/limits.ts) is recorded
 * (sessionSettings() in the settings table's file copies them all); one added later is absent
 * from older files, and its default applies.
 */
export interface SessionSettings extends Partial<UserLimits> {
  mode: 'llm' | 'offline';
  /** The sandbox asked for (`pau.sandbox`, `--sandbox`); default auto. */
  sandbox?: SandboxMode;
  model?: string;
  baseURL?: string;
  maxProbes: number;
  /** Recorded by every session since the first version. */
  timeoutMs: number;
  memoryMb: number;
  strictness: Strictness;
  coverageFeedback: boolean;
  textProtocol?: boolean;
  /** Mode 'llm': how many offline-explorer probes seed the agent (not counted in maxProbes). Default 8; 0 = none. */
  seedProbes?: number;
}

/** The one event stream every subscriber (panel, CLI printer, recorder) reads. */
export type SessionEvent =
  | { type: 'started'; target: SessionFile['target']; settings: SessionSettings; sandbox?: SandboxReport }
  | { type: 'probe-started'; index: number; request: CallRequest; origin: ProbeRecord['origin']; note?: string }
  | { type: 'probe-finished'; probe: ProbeRecord }
  /** A reply's text; `streamed`: already shown piece by piece through `reply-delta`. */
  | { type: 'reasoning'; text: string; streamed?: boolean }
  /** A piece of the model's reply as it streams in (text, or a tool call's name and arguments); never recorded. */
  | { type: 'reply-delta'; text: string }
  | { type: 'hypothesis'; afterProbe: number; text: string }
  | { type: 'llm-usage'; usage: Usage; delta: Usage }
  | { type: 'concluded'; final: SessionFile['final'] }
  | { type: 'comparison'; comparison: Comparison }
  | { type: 'error'; error: SessionError }
  | { type: 'finished'; session: SessionFile };
