// The host ⇄ Python worker protocol, declared once. Every message either side sends is a type
// here; scripts/gen-worker-protocol.mjs turns this module into the Python TypedDicts of
// python/pau_probe/protocol.py (a unit test fails when that file is stale), and
// docs/worker-protocol.md describes the lifecycle. Field names are camelCase on both sides.
//
// Channels: fd 3 carries HostMessage lines (JSON, one per line) to the worker; fd 4 carries
// WorkerMessage lines back. Inside the worker, ChildRequest/ChildResult travel between the
// worker and the process that runs one call (pipes when forked, files when spawned).
import type { AppliedArguments, FunctionInfo, ProbeError, ProbeResult, SecondRun, WorkerLimits } from '../core/probe-types.js';

// -- host → worker ----------------------------------------------------------------------

/** The first message: import the target and get ready. Limits and grace times come from src/core/limits.ts. */
export interface StartMessage {
  op: 'start';
  /** Absolute path of the target's file. */
  file: string;
  qualname: string;
  /** A fresh folder the worker owns (call folders, import scratch space). */
  baseDir: string;
  /** Folder added to sys.path for the import, when the caller gave one. */
  cwd?: string;
  coverage: boolean;
  isolation?: 'fork' | 'spawn';
  /** The worker's limits: the rehearsal call of a fresh child uses them. */
  limits: WorkerLimits;
  /** Room to render and report: a call that returned before its timeout is killed this long after it (one still running at its timeout, then). */
  renderGraceMs: number;
  /** A spawned call process may take this long to import the target before its clock starts. */
  importTimeoutMs: number;
  /** Environment variables whose name matches this (JavaScript source, case-insensitive) never reach user code. */
  secretNamePattern: string;
  /**
   * Each call's child fences its file writes to its own folder with Landlock before the call
   * (and, from Landlock ABI 6, its signals and abstract sockets to its own domain). Sent in both
   * modes: in the OS sandbox the rest of the session folder is writable to the kernel, and with
   * the guards only Landlock is the one kernel fence there is.
   */
  fenceWrites?: boolean;
  /**
   * The worker has an IPC namespace of its own (the OS sandbox): after each call it removes every
   * System V object there. Never sent otherwise: there those objects are the user's.
   */
  privateIpc?: boolean;
}

/** Run one call. The host always sends the complete limits of the call. */
export interface CallMessage {
  op: 'call';
  id: number;
  /** Python source of each argument, in the safe grammar. */
  args: string[];
  kwargs: Record<string, string>;
  receiver?: string;
  /** Then call what the call returned with these arguments, in the same process (ProbeResult.applied). */
  apply?: AppliedArguments;
  limits: WorkerLimits;
  /** Python's `random` (and numpy's) seed for this call instead of the fixed 0 (the explorer's determinism check). */
  seed?: number;
  /** Answer with the arguments as built, as plain data (ProbeResult.arguments): the pytest export writes them. */
  values?: boolean;
  /** Answer with what the call compared its arguments with (ProbeResult.comparisons): the offline explorer's calls only. */
  comparisons?: boolean;
  /** Run the call a second time in its process after the first and say whether it gave the same (ProbeResult.again). */
  again?: boolean;
  /** With `again`: this other call of the function runs between the two (OtherCall). */
  againAfter?: OtherCall;
}

/**
 * Another call of the same function, run in the call's process after its first run and before
 * its second (`again`): a result that another call changes (a registry that call fills, as
 * gettext.bindtextdomain(d, dir) does for bindtextdomain(d)) differs there, while running the
 * same call twice cannot show it. Its own result is not reported. Its sources are checked as the call's.
 */
export interface OtherCall {
  args: string[];
  kwargs: Record<string, string>;
  receiver?: string;
}

/** Finish: kill the waiting children and exit. Closing fd 3 does the same. */
export interface StopMessage {
  op: 'stop';
}

export type HostMessage = StartMessage | CallMessage | StopMessage;

// -- worker → host ----------------------------------------------------------------------

/** The target imported; the worker waits for calls. */
export interface ReadyEvent {
  event: 'ready';
  info: FunctionInfo;
  /** The worker's own pid: inside bubblewrap the host's child is bwrap, not the worker. */
  pid?: number;
}

/** Starting failed; the worker exits after sending it. */
export interface ErrorEvent {
  event: 'error';
  kind: Extract<ProbeError['kind'], 'no-python' | 'import-failed' | 'unknown-qualname'>;
  message: string;
  /** For `unknown-qualname`: the functions the module has. */
  available?: string[];
}

/** A call process was forked ahead of time and waits for a request (its process group id). */
export interface ForkedEvent {
  event: 'forked';
  pid: number;
}

/**
 * Call `id` runs in process group `pid` (the host kills that group to abort it). Sent only when
 * the call has not answered within a few milliseconds (worker.py: STARTED_AFTER): the result
 * names the process too, and a line the host reads during a short call delays its answer.
 */
export interface StartedEvent {
  event: 'started';
  id: number;
  pid: number;
}

/** Where the worker spent a call's time, milliseconds (see docs/worker-protocol.md). */
export interface CallSteps {
  /** Checking the argument sources against the safe grammar. */
  checkMs: number;
  /** Getting a ready child (0 when one was waiting) or starting a call process, and giving it the request. */
  childMs: number;
  /** From sending the request to the child until its result arrived. */
  runMs: number;
  /**
   * From the child's answer (or its death) until the answer is ready: reading the rest of the
   * output, scrubbing paths, merging coverage, killing what the call left running.
   */
  collectMs: number;
}

/** The answer to call `id`. */
export interface ResultEvent {
  event: 'result';
  id: number;
  result: ProbeResult;
  steps: CallSteps;
  /** The process group that ran the call (as StartedEvent's), absent when no process ran it. */
  pid?: number;
  /**
   * The call left more files in the worker's own tmpfs (OS sandbox) than it can remove
   * without holding up the next call: the host replaces the worker, and the kernel drops
   * the tmpfs whole (worker.py: RETIRE_AFTER_ENTRIES).
   */
  retire?: boolean;
}

export type WorkerMessage = ReadyEvent | ErrorEvent | ForkedEvent | StartedEvent | ResultEvent;

// -- worker ⇄ call process (inside the worker) -----------------------------------------------

/** What the worker hands the process that runs one call: the call's message as the host wrote it (its envelope, op and id, goes with it unread). */
export interface ChildRequest extends Omit<CallMessage, 'op' | 'id' | 'again' | 'againAfter'> {
  /**
   * Run the call a second time after the first. The process then writes two lines: its
   * ChildResult, then `{"again": SecondRun}` (AgainLine); the worker answers with the first
   * whatever the second does, and stops listening at the call's deadline.
   */
  again?: boolean;
  /** With `again`: the other call run between the two (CallMessage.againAfter). */
  againAfter?: OtherCall;
}

/** The call process's second line when the request asked for `again`. */
export interface AgainLine {
  again: SecondRun;
}

/**
 * Lines and arcs of the target the call reached; the worker turns them into counts. An arc is
 * (code object index, branch instruction offset, destination offset), as pau_probe/coverage.py records it.
 */
export interface CoverageHits {
  lines: number[];
  arcs: [number, number, number][];
}

/**
 * What the call process answers: a ProbeResult without what the worker adds (the output it
 * captures, coverage counts from the raw hits, a crash it saw), and with raw coverage. Derived
 * from ProbeResult, so a field added there reaches the worker's copy (fields.py) by itself.
 */
export interface ChildResult extends Omit<ProbeResult, WorkerAdded> {
  coverageHits?: CoverageHits;
}

/** The ProbeResult fields the worker fills itself, never copied from a call process's answer. */
export type WorkerAdded = 'stdout' | 'stderr' | 'outputTruncated' | 'coverage' | 'crash';

/** The job file of a spawned call process (isolation 'spawn'). */
export interface SpawnedJob {
  start: StartMessage;
  request: ChildRequest;
  coverage: boolean;
}

/** Interfaces whose field names the worker reads at run time (fields.py). */
export const PYTHON_FIELD_LISTS = ['ChildResult'] as const;

/** Every type the Python side gets, in the order protocol.py declares them. */
export const PYTHON_EXPORTS = [
  'StartMessage',
  'CallMessage',
  'OtherCall',
  'StopMessage',
  'HostMessage',
  'ReadyEvent',
  'ErrorEvent',
  'ForkedEvent',
  'StartedEvent',
  'CallSteps',
  'ResultEvent',
  'WorkerMessage',
  'ChildRequest',
  'AgainLine',
  'CoverageHits',
  'ChildResult',
  'SpawnedJob',
] as const;
