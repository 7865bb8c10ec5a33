// The probe runtime's data types: what a call sends and what comes back.
// Field names are a contract (the CLI's JSON, the session file, the tests): add, never rename.
import type { UserLimits } from './limits.js';

/** What to probe: a function in a file, or in a source string (benchmarks, generated code). */
export type ProbeTarget = { file: string; qualname: string } | { source: string; qualname: string; moduleName?: string };

/** A value rendered by the worker. `repr` is bounded; `truncated` says it was cut. */
export interface RenderedValue {
  /** Qualified type name, e.g. `int`, `builtins.str` is shown as `str`, `collections.OrderedDict`. */
  type: string;
  repr: string;
  truncated: boolean;
  /** Generators and iterators: the first N items (reprs) and whether the iterator ended. */
  iteration?: { items: string[]; ended: boolean; raised?: { type: string; message: string } };
  /**
   * A structured, type-tagged encoding of plain data (None, bool, int, float, complex, str, bytes,
   * list, tuple, dict, set, frozenset, nested), bounded in size; absent for anything else.
   * Used by the behavioural comparison (tuple ≠ list, floats with tolerance, NaN == NaN).
   */
  data?: TaggedValue;
  /**
   * The value can be called (a function, a bound method, `functools.partial`, a class): what a
   * factory or a decorator gives back. `signature`: its parameters as `inspect.signature` writes
   * them (`(x, y=2)`), when it can give them (cut at 200 characters).
   */
  callable?: { signature?: string };
}

/** Type-tagged plain data. Floats travel as strings so that nan/inf survive JSON. */
export type TaggedValue =
  | { t: 'none' }
  | { t: 'bool'; v: boolean }
  | { t: 'int'; v: string }
  | { t: 'float'; v: string }
  | { t: 'complex'; v: string }
  | { t: 'str'; v: string }
  | { t: 'bytes'; v: string } // lowercase hex
  | { t: 'list' | 'tuple' | 'set' | 'frozenset'; v: TaggedValue[] }
  | { t: 'dict'; v: [TaggedValue, TaggedValue][] }
  | { t: 'other'; type: string; repr: string }
  /**
   * Only in BuiltArguments: a date, time or duration the call was made with, so that an exported
   * test can build it again (`v`: ISO text; for a timedelta "days seconds microseconds").
   */
  | { t: 'temporal'; type: 'date' | 'datetime' | 'time' | 'timedelta'; v: string };

export interface CoverageCounts {
  hit: number;
  total: number;
  /** Lines (or arcs) of the target first reached by this call within the session. */
  new: number;
}

type ProbeStatus = 'returned' | 'raised' | 'rejected' | 'timeout' | 'crashed';

export interface ProbeResult {
  status: ProbeStatus;
  value?: RenderedValue;
  exception?: { type: string; message: string };
  /** `reason`: why the host reports a crash the exit status does not explain (a malformed result). */
  crash?: { exitCode: number | null; signal: string | null; reason?: string };
  /** Arguments (and the receiver) that the call changed in place, with their new repr. */
  mutations: { arg: string; repr: string }[];
  stdout: string;
  stderr: string;
  /** True when stdout or stderr were cut at the output cap. */
  outputTruncated?: boolean;
  durationMs: number;
  coverage?: { lines: CoverageCounts; arcs: CoverageCounts };
  /** The arguments as the worker built them, before the call; only when the call asked for `values`. */
  arguments?: BuiltArguments;
  /**
   * What the call did that would happen again outside the sandbox if the call were repeated there
   * (files opened for writing or removed, processes, sockets, signals), as the guards saw it,
   * and on x86_64 Linux the file writes made below Python too (libc, C extensions: "libc …",
   * python/pau_probe/write_recorder.py), whether refused or not; only when the call asked for
   * `values`: the pytest export leaves such probes out, since a test runs on the user's machine.
   */
  effects?: string[];
  /**
   * What the call compared its arguments with (pau_probe/comparisons.py); only when the call asked
   * for `comparisons`. The offline explorer's alone: the session file and every agent never see it.
   */
  comparisons?: ComparisonRecord[];
  /**
   * A method's receiver before and after the call, as plain data (pau_probe/object_state.py): what
   * a method that returns nothing did to its object (`count` went from 3 to 4). Only on the
   * offline explorer's calls (`comparisons`), and only where something is plain enough to show.
   */
  receiverState?: { before: ObjectState; after: ObjectState };
  /**
   * The returned object's state when its repr shows only its address (`<Wallet object at 0x1>`):
   * what an example can show instead (`open_wallet(100).balance` → `100`). Explorer calls only, as `receiverState`.
   */
  valueState?: ObjectState;
  /**
   * The call returned the very object it was called on (`result is self`): a method made for
   * chaining. Explorer calls only, as `receiverState`; the repr cannot tell it (addresses are hidden).
   */
  returnedReceiver?: boolean;
  /**
   * Descriptors the call named by number as files without having opened them itself (`open(3)`,
   * `os.path.isfile(1)`: an int given where a file goes): what it found there was the process's
   * (its stdout, a pipe, nothing), so another process, the user's, may give another result.
   */
  namedDescriptors?: number[];
  /**
   * The arguments (`args[0]`, `kwargs.x`) and the receiver (`receiver`) whose only change during the
   * call was a cached property storing what it computed on first read (functools.cached_property):
   * not in `mutations`, since a read gives the same either way, nor a sign that nothing changed.
   */
  cacheFilled?: string[];
  /**
   * The same call run a second time in the same process, right after the first and with the
   * first's value, arguments and receiver still held; only when the call asked for it (`again`).
   * What a user sees calling it twice in one interpreter: a module's counter, a class's counter,
   * a value seeded from the OS or a descriptor number gives another result there, while every
   * fresh process gives the first. The call's own result, output and effects are the first run's.
   */
  again?: SecondRun;
  /**
   * What the returned object did when called with the request's `apply` arguments, in the same
   * process right after the call: only when the request had them and the call returned. `raised`
   * when calling it raised (a `TypeError` when it is not callable at all).
   */
  applied?: AppliedResult;
}

/** The outcome of calling what a call returned (ProbeResult.applied). */
export interface AppliedResult {
  status: 'returned' | 'raised';
  value?: RenderedValue;
  exception?: { type: string; message: string };
}

/** How the second run of a call in its process ended (ProbeResult.again). */
export interface SecondRun {
  /** It returned or raised and rendered exactly as the first run did (type, repr, items, message). */
  same: boolean;
  /** `timeout`: it did not finish in what was left of the call's time; `crashed`: its process died. */
  status: ProbeStatus;
  /** What it gave, cut to 200 characters: the repr it returned, or `Type: message`. */
  shown?: string;
  /** The value it returned as plain data (RenderedValue.data), when it is. */
  data?: TaggedValue;
}

/** An object's public attributes that hold plain data (at most 8, each small), and its len() when it has one. */
export interface ObjectState {
  attributes: { name: string; value: TaggedValue }[];
  length?: number;
}

/**
 * One comparison of an argument (or of what the code made of it) with a value the code read:
 * `arg` is the argument's label as in `mutations` (`args[0]`, `kwargs.mode`).
 */
export interface ComparisonRecord {
  arg: string;
  /** `==` `!=` `<` `<=` `>` `>=`, `in`/`not in` (the argument in a container), `contains` (a value in the argument), `key` (a table looked up by it), `get` (it looked up with a constant key: `values` holds the key), a str method (`startswith`, `split`, …), `isinstance`, `regex`. */
  op: string;
  /** The other operand: a constant, a container's members (a dict's keys), a pattern's text. */
  values?: (string | number)[];
  /** For `isinstance`: the names of the classes. */
  types?: string[];
  /** How the compared value relates to the argument: `part` (a piece of a str argument, `seen`), `item` (an item of a list argument); absent: the argument itself. */
  via?: 'part' | 'item';
  seen?: string | number;
  /** The function or method applied to it before the comparison (`lower`, `len`, `int`). */
  through?: string;
  /** The compared value is what the argument (a mapping) holds under this key (`jwk.get('kty') != 'OKP'`), not the argument itself. */
  key?: string | number;
  /** The argument was bytes: `values` and `seen` are bytes, each character one byte (latin-1), as a magic number compared with a header (b'bplist00'). */
  bytes?: boolean;
  /** Recorded while the method's receiver was built: `arg` is an argument of the receiver's constructor call (`args[0]`, `kwargs.mode`), not of the call. */
  construction?: boolean;
}

/**
 * What a call's arguments were, as plain data (`other` where a value is not plain data): what an
 * exported test writes as literals instead of the argument sources a model wrote. Untrusted like
 * the rest of a result: the host checks its shape, and a receiver class must be one of the module's.
 */
export interface BuiltArguments {
  args: TaggedValue[];
  kwargs: Record<string, TaggedValue>;
  /**
   * A receiver built as `Class(...)` of one of the module's classes: that class and its arguments;
   * `calls`, the methods called on it first with plain arguments, for a receiver the explorer filled
   * (`(lambda s: (s.add('a'), s)[-1])(TodoList())`, src/explorer/prepared-receiver.ts).
   */
  receiver?: { className: string; args: TaggedValue[]; kwargs: Record<string, TaggedValue>; calls?: { method: string; args: TaggedValue[] }[] };
  /** The receiver was given but not built that way (only its class's constructor call can be written). */
  receiverNotPlain?: boolean;
}

/** One call: arguments are Python source in the safe grammar, never evaluated by the host. */
export interface CallRequest {
  args: string[];
  kwargs?: Record<string, string>;
  receiver?: string;
  /**
   * Then call what it returned with these arguments (sources in the same grammar), in the same
   * process: `g = make_adder(2); g(3)` (ProbeResult.applied). The offline explorer's, for a
   * function that returns a function.
   */
  apply?: AppliedArguments;
}

/** The arguments one call of a returned callable is given (AppliedArguments, its `then`). */
export interface AppliedCall {
  args: string[];
  kwargs?: Record<string, string>;
}

/** The arguments a returned callable is called with (CallRequest.apply). */
export interface AppliedArguments extends AppliedCall {
  /**
   * Then call what that call returned with these, in the same process: a decorator factory's
   * decorator given a function, then the function it made (`g = lru_cache(maxsize=2); g(abs)(-3)`).
   * ProbeResult.applied is what this last call gave.
   */
  then?: AppliedCall;
}

/**
 * The call a probe record (or a tool's input) made, as a request of its own: only the call's
 * fields, an absent one left out rather than set to undefined, and no result or note riding
 * along to whoever records or sends it. A missing `args` is a call with none.
 */
export function callRequest(call: {
  args?: string[] | undefined;
  kwargs?: Record<string, string> | undefined;
  receiver?: string | undefined;
  apply?: AppliedArguments | undefined;
}): CallRequest {
  return {
    args: call.args ?? [],
    ...(call.kwargs ? { kwargs: call.kwargs } : {}),
    ...(call.receiver !== undefined ? { receiver: call.receiver } : {}),
    ...(call.apply ? { apply: call.apply } : {}),
  };
}

export interface ParameterInfo {
  name: string;
  kind: 'POSITIONAL_ONLY' | 'POSITIONAL_OR_KEYWORD' | 'VAR_POSITIONAL' | 'KEYWORD_ONLY' | 'VAR_KEYWORD';
  /** Source text of the annotation, when there is one. */
  annotation?: string;
  /** repr of the default, when there is one. */
  default?: string;
}

/** The parameters a call's positional arguments fill, in order (not `*args`, keyword-only or `**kwargs`). */
export function positionalOf(params: readonly ParameterInfo[]): ParameterInfo[] {
  return params.filter((p) => p.kind === 'POSITIONAL_ONLY' || p.kind === 'POSITIONAL_OR_KEYWORD');
}

/** A classmethod of the owner class that builds an instance (FunctionInfo.ownerFactories). */
export interface OwnerFactory {
  name: string;
  params: ParameterInfo[];
}

/** A public method of the target's owning class, with the positional arguments it requires (self not counted). */
export interface OwnerMethod {
  name: string;
  required: number;
  /** The names of the positional parameters it requires, in order: their values are chosen by name. */
  params?: string[];
  /**
   * Attributes of self it assigns that the target reads (inflect's number_to_words sets the
   * number_args group3sub reads): state the target needs that a call of this method makes first.
   */
  sets?: string[];
}

/**
 * A class of the target's package (the module that defines the target, the modules it names, the
 * package's other loaded modules) usable by name in argument source: the offline explorer builds
 * one when a call asks for an attribute only it has ("'str' object has no attribute 'truncate'").
 */
export interface ArgumentClass {
  name: string;
  /** Its constructor's parameters (as ownerInit), when it has a signature. */
  init?: ParameterInfo[];
  /** Public attributes defined by the class or its bases in the package, at most 60. */
  attributes: string[];
  /** The names of its base classes, nearest first, without itself and `object` (a mixin's method is called on an instance of a class that has it among these). */
  bases?: string[];
}

/** What the worker reports about the target after importing it. Host-only: the agent sees a filtered view. */
export interface FunctionInfo {
  qualname: string;
  name: string;
  kind: 'function' | 'method' | 'classmethod' | 'staticmethod';
  /** Instance methods need a receiver built by the caller. */
  needsReceiver: boolean;
  /** Qualified name of the class that owns the method, when it is one. */
  ownerClass?: string;
  /** The owner's constructor parameters (its __init__ without self), when it has a signature: receivers are built from them. */
  ownerInit?: ParameterInfo[];
  /** The owner's other public methods (a Stack's push for its pop): a receiver can be filled through them first. */
  ownerMethods?: OwnerMethod[];
  /**
   * The owner's public classmethods (`Fraction.from_float`, `Version.parse`), at most 6, each
   * with its parameters after `cls`: receivers its constructor cannot build from plain values
   * are built through them (`Owner.name(args)`). Offline explorer only.
   */
  ownerFactories?: OwnerFactory[];
  /**
   * Short str and number constants of the owner's constructor code (`__init__`, `__new__`; never a
   * docstring or raise message), its class attributes and an enum's member values, at most 32:
   * constructor arguments for receivers (`Color('red')`). Offline explorer only, never shown to an agent.
   */
  ownerConstants?: (string | number)[];
  params: ParameterInfo[];
  returnAnnotation?: string;
  isGenerator: boolean;
  isAsync: boolean;
  /** The actual docstring (for the comparison only; never shown to the agent). */
  docstring: string | null;
  /** Classes defined in the target module, usable by name in argument source. */
  moduleClasses: string[];
  /**
   * Other classes of the target's package, also usable by name in argument source, at most 48:
   * for the offline explorer only (they come from reading the package), never shown to an agent.
   */
  argumentClasses?: ArgumentClass[];
  pythonVersion: string;
  /** How the qualname resolved; absent from workers older than this field. */
  resolution?: TargetResolution;
  /**
   * Short str and number constants of the target's code (nested code too, never the docstring),
   * at most 64: candidate inputs for the offline explorer only, never shown to an agent.
   */
  constants?: (string | number)[];
  /**
   * The texts of the target's own `raise` statements (phrases its code loads only there, an
   * f-string's pieces too), at most 16 of up to 200 characters: they tell the function's own
   * message from Python's, and are never inputs (not in `constants`). Offline explorer only.
   */
  raiseMessages?: string[];
}

/**
 * How a qualname resolved in the module as Python exposes it (after `sys.modules` replacement,
 * lazy `__getattr__`, re-exports), with the target file as the anchor.
 */
export interface TargetResolution {
  /**
   * `file`: the def written in the file runs (possibly through decorators).
   * `elsewhere`: the file has no def of that name; what runs comes from elsewhere (a re-export, a lazy attribute).
   * `replaced`: the file has a def of that name, but something else runs under it (a compiled
   * accelerator, another function rebound to the name): the run is not of the code in the file.
   */
  origin: 'file' | 'elsewhere' | 'replaced';
  /** What runs, e.g. `built-in min` or `_normalize_v2 (pkg/__init__.py:9)`. */
  runs: string;
  /**
   * Not `file`: the file of the Python code that runs (absolute, as the worker sees it); absent
   * when what runs is compiled. A host that allows only some folders (MCP's roots) checks it too.
   */
  codeFile?: string;
  /** The calls go through decorators; coverage is of the def behind them. */
  decorated?: boolean;
  /** Why coverage cannot be measured for this target (not Python code, or not the file's def). */
  coverageUnavailable?: string;
  /** Sentences for the user, the most important first. */
  notes?: string[];
}

/** What bounds a call: the limits the user sets (LIMIT_SETTINGS in src/core/limits.ts) and the host's own. */
export interface WorkerLimits extends UserLimits {
  /** CPU-seconds limit of one call (RLIMIT_CPU). Default derived from timeoutMs. */
  cpuSeconds?: number;
  /** Cap on captured stdout and on stderr, bytes each. Default 64 KiB. */
  maxOutputBytes: number;
  /** Cap on a rendered repr, characters. Default 4000. */
  maxReprChars: number;
  /** How many items of a generator are taken. Default 20. */
  maxIterItems: number;
}

/** How the worker is isolated (`--sandbox`, the `pau.sandbox` setting): see WorkerOptions.sandbox. */
export const SANDBOX_MODES = ['auto', 'os', 'guards'] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];

export interface WorkerOptions {
  target: ProbeTarget;
  /** Interpreter; default `python3` (then `python`). */
  python?: string;
  limits?: Partial<WorkerLimits>;
  /** Collect coverage of the target's code object. Default true. */
  coverage?: boolean;
  /** Folder added to sys.path for the import (default: the file's package root). */
  cwd?: string;
  /** How long importing the target may take before startWorker gives up. Default 30000. */
  importTimeoutMs?: number;
  /**
   * How calls are isolated: 'fork' (default where os.fork exists) runs each call in a child
   * forked ahead of time from the warm worker; 'spawn' starts a new interpreter per call
   * (the fallback without fork, e.g. Windows; much slower).
   */
  isolation?: 'fork' | 'spawn';
  /**
   * The OS layer around the worker (src/probe/sandbox.ts): 'auto' (default) uses it when it
   * works here, 'os' refuses to start without it, 'guards' runs with the audit hook only.
   */
  sandbox?: SandboxMode;
  /**
   * The OS layer's launcher on Linux: the bubblewrap executable (default: `bwrap` found in the
   * host's PATH). The composition root may point it elsewhere (tests: a missing or failing one).
   */
  sandboxLauncher?: string;
  /**
   * The seccomp filter and per-call cgroups, each on where this machine has it (default); false
   * turns one off, so that the sandbox bench can measure what each adds, paired in one run.
   */
  seccomp?: boolean;
  /** 'systemd-run': calls' cgroups inside a systemd user scope, whatever else this host has (tests). */
  cgroups?: boolean | 'systemd-run';
  /** The interpreter's PYTHONHASHSEED; default 0, the same in every call (see CallOptions.hashSeed). */
  hashSeed?: number;
}

/** Errors the host can act on: the import failed, the qualname is unknown, no interpreter. */
export class ProbeError extends Error {
  constructor(
    readonly kind: 'no-python' | 'no-sandbox' | 'import-failed' | 'unknown-qualname' | 'worker-died' | 'stopped' | 'protocol',
    message: string,
    /** For `unknown-qualname`: the functions the module has. */
    readonly available?: string[],
  ) {
    super(message);
    this.name = 'ProbeError';
  }
}

/** What the agent, the explorer and the comparison need of a running worker. */
/** Options of one call. `seed`: Python's `random` seed for this call instead of the fixed 0. */
export interface CallOptions {
  signal?: AbortSignal;
  limits?: Partial<WorkerLimits>;
  seed?: number;
  /**
   * Run this call in an interpreter whose hash seed (PYTHONHASHSEED) is this, not the worker's
   * fixed 0 (a second worker, started on first use and stopped with this one): set order and
   * hash() of text differ between interpreters, and a result that depends on them is no example
   * a user will see again.
   */
  hashSeed?: number;
  values?: boolean;
  /** Answer with what the call compared its arguments with (ProbeResult.comparisons): the offline explorer only. */
  comparisons?: boolean;
  /** Run the call a second time in the same process after the first (ProbeResult.again): the offline explorer's re-runs only. */
  again?: boolean;
  /** With `again`: another call of the function made between the two runs (a registry it fills shows in the second). */
  againAfter?: CallRequest;
}

export interface Prober {
  readonly info: FunctionInfo;
  /** What protects the calls, once started (the real worker says; test doubles may not). */
  readonly sandbox?: { layer: 'os' | 'guards'; detail: string };
  /** `values`: answer with the arguments as built (ProbeResult.arguments), for the pytest export. */
  call(req: CallRequest, opts?: CallOptions): Promise<ProbeResult>;
  stop(): Promise<void>;
}

/** One pytest run of an exported test module. */
export interface PytestRun {
  ok: boolean;
  /** pytest's exit code (5: no tests collected), or null when it was killed. */
  exitCode: number | null;
  passed: number;
  failed: number;
  output: string;
  /** What isolated it, in the words of describeSandbox. */
  sandbox: string;
}

/** Runs pytest on one test module of the target's (src/probe/pytest-run.ts). */
export type RunPytest = (path: string, options: { python?: string; moduleFile: string; timeoutMs: number; signal?: AbortSignal }) => Promise<PytestRun>;
