"""The host <-> worker protocol as TypedDicts. GENERATED from src/probe/protocol.ts by
scripts/gen-worker-protocol.mjs: do not edit; change the TypeScript and run the script."""
from typing import Dict, List, Literal, Tuple, TypedDict, Union

__all__ = ["StartMessage", "CallMessage", "OtherCall", "StopMessage", "HostMessage", "ReadyEvent", "ErrorEvent", "ForkedEvent", "StartedEvent", "CallSteps", "ResultEvent", "WorkerMessage", "ChildRequest", "AgainLine", "CoverageHits", "ChildResult", "SpawnedJob"]


class _StartMessageRequired(TypedDict):
    op: Literal["start"]
    file: str  # Absolute path of the target's file.
    qualname: str
    baseDir: str  # A fresh folder the worker owns (call folders, import scratch space).
    coverage: bool
    limits: "WorkerLimits"  # The worker's limits: the rehearsal call of a fresh child uses them.
    renderGraceMs: float  # Room to render and report: a call that returned before its timeout is killed this long after it (one still running at its timeout, then).
    importTimeoutMs: float  # A spawned call process may take this long to import the target before its clock starts.
    secretNamePattern: str  # Environment variables whose name matches this (JavaScript source, case-insensitive) never reach user code.


class StartMessage(_StartMessageRequired, total=False):
    """The first message: import the target and get ready. Limits and grace times come from src/core/limits.ts."""
    cwd: str  # Folder added to sys.path for the import, when the caller gave one.
    isolation: Literal["fork", "spawn"]
    fenceWrites: bool  # Each call's child fences its file writes to its own folder with Landlock before the call (and, from Landlock ABI 6, its signals and abstract sockets to its own domain). Sent in both modes: in the OS sandbox the rest of the session folder is writable to the kernel, and with the guards only Landlock is the one kernel fence there is.
    privateIpc: bool  # The worker has an IPC namespace of its own (the OS sandbox): after each call it removes every System V object there. Never sent otherwise: there those objects are the user's.


class _WorkerLimitsRequired(TypedDict):
    maxOutputBytes: float  # Cap on captured stdout and on stderr, bytes each. Default 64 KiB.
    maxReprChars: float  # Cap on a rendered repr, characters. Default 4000.
    maxIterItems: float  # How many items of a generator are taken. Default 20.
    timeoutMs: float  # Wall-clock limit of one call; the host kills the call's process group after it.
    memoryMb: float  # Address-space limit of one call (RLIMIT_AS).


class WorkerLimits(_WorkerLimitsRequired, total=False):
    """What bounds a call: the limits the user sets (LIMIT_SETTINGS in src/core/limits.ts) and the host's own."""
    cpuSeconds: float  # CPU-seconds limit of one call (RLIMIT_CPU). Default derived from timeoutMs.


class _CallMessageRequired(TypedDict):
    op: Literal["call"]
    id: float
    args: List[str]  # Python source of each argument, in the safe grammar.
    kwargs: Dict[str, str]
    limits: "WorkerLimits"


class CallMessage(_CallMessageRequired, total=False):
    """Run one call. The host always sends the complete limits of the call."""
    receiver: str
    apply: "AppliedArguments"  # Then call what the call returned with these arguments, in the same process (ProbeResult.applied).
    seed: float  # Python's `random` (and numpy's) seed for this call instead of the fixed 0 (the explorer's determinism check).
    values: bool  # Answer with the arguments as built, as plain data (ProbeResult.arguments): the pytest export writes them.
    comparisons: bool  # Answer with what the call compared its arguments with (ProbeResult.comparisons): the offline explorer's calls only.
    again: bool  # Run the call a second time in its process after the first and say whether it gave the same (ProbeResult.again).
    againAfter: "OtherCall"  # With `again`: this other call of the function runs between the two (OtherCall).


class _AppliedArgumentsRequired(TypedDict):
    args: List[str]


class AppliedArguments(_AppliedArgumentsRequired, total=False):
    """The arguments a returned callable is called with (CallRequest.apply)."""
    then: "AppliedCall"  # Then call what that call returned with these, in the same process: a decorator factory's decorator given a function, then the function it made (`g = lru_cache(maxsize=2); g(abs)(-3)`). ProbeResult.applied is what this last call gave.
    kwargs: Dict[str, str]


class _AppliedCallRequired(TypedDict):
    args: List[str]


class AppliedCall(_AppliedCallRequired, total=False):
    """The arguments one call of a returned callable is given (AppliedArguments, its `then`)."""
    kwargs: Dict[str, str]


class _OtherCallRequired(TypedDict):
    args: List[str]
    kwargs: Dict[str, str]


class OtherCall(_OtherCallRequired, total=False):
    """Another call of the same function, run in the call's process after its first run and before its second (`again`): a result that another call changes (a registry that call fills, as gettext.bindtextdomain(d, dir) does for bindtextdomain(d)) differs there, while running the same call twice cannot show it. Its own result is not reported. Its sources are checked as the call's."""
    receiver: str


class StopMessage(TypedDict):
    """Finish: kill the waiting children and exit. Closing fd 3 does the same."""
    op: Literal["stop"]


class _ReadyEventRequired(TypedDict):
    event: Literal["ready"]
    info: "FunctionInfo"


class ReadyEvent(_ReadyEventRequired, total=False):
    """The target imported; the worker waits for calls."""
    pid: float  # The worker's own pid: inside bubblewrap the host's child is bwrap, not the worker.


class _FunctionInfoRequired(TypedDict):
    qualname: str
    name: str
    kind: Literal["function", "method", "classmethod", "staticmethod"]
    needsReceiver: bool  # Instance methods need a receiver built by the caller.
    params: List["ParameterInfo"]
    isGenerator: bool
    isAsync: bool
    docstring: Union[None, str]  # The actual docstring (for the comparison only; never shown to the agent).
    moduleClasses: List[str]  # Classes defined in the target module, usable by name in argument source.
    pythonVersion: str


class FunctionInfo(_FunctionInfoRequired, total=False):
    """What the worker reports about the target after importing it. Host-only: the agent sees a filtered view."""
    ownerClass: str  # Qualified name of the class that owns the method, when it is one.
    ownerInit: List["ParameterInfo"]  # The owner's constructor parameters (its __init__ without self), when it has a signature: receivers are built from them.
    ownerMethods: List["OwnerMethod"]  # The owner's other public methods (a Stack's push for its pop): a receiver can be filled through them first.
    ownerFactories: List["OwnerFactory"]  # The owner's public classmethods (`Fraction.from_float`, `Version.parse`), at most 6, each with its parameters after `cls`: receivers its constructor cannot build from plain values are built through them (`Owner.name(args)`). Offline explorer only.
    ownerConstants: List[Union[str, float]]  # Short str and number constants of the owner's constructor code (`__init__`, `__new__`; never a docstring or raise message), its class attributes and an enum's member values, at most 32: constructor arguments for receivers (`Color('red')`). Offline explorer only, never shown to an agent.
    returnAnnotation: str
    argumentClasses: List["ArgumentClass"]  # Other classes of the target's package, also usable by name in argument source, at most 48: for the offline explorer only (they come from reading the package), never shown to an agent.
    resolution: "TargetResolution"  # How the qualname resolved; absent from workers older than this field.
    constants: List[Union[str, float]]  # Short str and number constants of the target's code (nested code too, never the docstring), at most 64: candidate inputs for the offline explorer only, never shown to an agent.
    raiseMessages: List[str]  # The texts of the target's own `raise` statements (phrases its code loads only there, an f-string's pieces too), at most 16 of up to 200 characters: they tell the function's own message from Python's, and are never inputs (not in `constants`). Offline explorer only.


class _ParameterInfoRequired(TypedDict):
    name: str
    kind: Literal["POSITIONAL_ONLY", "POSITIONAL_OR_KEYWORD", "VAR_POSITIONAL", "KEYWORD_ONLY", "VAR_KEYWORD"]


class ParameterInfo(_ParameterInfoRequired, total=False):
    annotation: str  # Source text of the annotation, when there is one.
    default: str  # repr of the default, when there is one.


class _OwnerMethodRequired(TypedDict):
    name: str
    required: float


class OwnerMethod(_OwnerMethodRequired, total=False):
    """A public method of the target's owning class, with the positional arguments it requires (self not counted)."""
    params: List[str]  # The names of the positional parameters it requires, in order: their values are chosen by name.
    sets: List[str]  # Attributes of self it assigns that the target reads (inflect's number_to_words sets the number_args group3sub reads): state the target needs that a call of this method makes first.


class OwnerFactory(TypedDict):
    """A classmethod of the owner class that builds an instance (FunctionInfo.ownerFactories)."""
    name: str
    params: List["ParameterInfo"]


class _ArgumentClassRequired(TypedDict):
    name: str
    attributes: List[str]  # Public attributes defined by the class or its bases in the package, at most 60.


class ArgumentClass(_ArgumentClassRequired, total=False):
    """A class of the target's package (the module that defines the target, the modules it names, the package's other loaded modules) usable by name in argument source: the offline explorer builds one when a call asks for an attribute only it has ("'str' object has no attribute 'truncate'")."""
    init: List["ParameterInfo"]  # Its constructor's parameters (as ownerInit), when it has a signature.
    bases: List[str]  # The names of its base classes, nearest first, without itself and `object` (a mixin's method is called on an instance of a class that has it among these).


class _TargetResolutionRequired(TypedDict):
    origin: Literal["file", "elsewhere", "replaced"]  # `file`: the def written in the file runs (possibly through decorators). `elsewhere`: the file has no def of that name; what runs comes from elsewhere (a re-export, a lazy attribute). `replaced`: the file has a def of that name, but something else runs under it (a compiled accelerator, another function rebound to the name): the run is not of the code in the file.
    runs: str  # What runs, e.g. `built-in min` or `_normalize_v2 (pkg/__init__.py:9)`.


class TargetResolution(_TargetResolutionRequired, total=False):
    """How a qualname resolved in the module as Python exposes it (after `sys.modules` replacement, lazy `__getattr__`, re-exports), with the target file as the anchor."""
    codeFile: str  # Not `file`: the file of the Python code that runs (absolute, as the worker sees it); absent when what runs is compiled. A host that allows only some folders (MCP's roots) checks it too.
    decorated: bool  # The calls go through decorators; coverage is of the def behind them.
    coverageUnavailable: str  # Why coverage cannot be measured for this target (not Python code, or not the file's def).
    notes: List[str]  # Sentences for the user, the most important first.


class _ErrorEventRequired(TypedDict):
    event: Literal["error"]
    kind: Literal["no-python", "import-failed", "unknown-qualname"]
    message: str


class ErrorEvent(_ErrorEventRequired, total=False):
    """Starting failed; the worker exits after sending it."""
    available: List[str]  # For `unknown-qualname`: the functions the module has.


class ForkedEvent(TypedDict):
    """A call process was forked ahead of time and waits for a request (its process group id)."""
    event: Literal["forked"]
    pid: float


class StartedEvent(TypedDict):
    """Call `id` runs in process group `pid` (the host kills that group to abort it). Sent only when the call has not answered within a few milliseconds (worker.py: STARTED_AFTER): the result names the process too, and a line the host reads during a short call delays its answer."""
    event: Literal["started"]
    id: float
    pid: float


class CallSteps(TypedDict):
    """Where the worker spent a call's time, milliseconds (see docs/worker-protocol.md)."""
    checkMs: float  # Checking the argument sources against the safe grammar.
    childMs: float  # Getting a ready child (0 when one was waiting) or starting a call process, and giving it the request.
    runMs: float  # From sending the request to the child until its result arrived.
    collectMs: float  # From the child's answer (or its death) until the answer is ready: reading the rest of the output, scrubbing paths, merging coverage, killing what the call left running.


class _ResultEventRequired(TypedDict):
    event: Literal["result"]
    id: float
    result: "ProbeResult"
    steps: "CallSteps"


class ResultEvent(_ResultEventRequired, total=False):
    """The answer to call `id`."""
    pid: float  # The process group that ran the call (as StartedEvent's), absent when no process ran it.
    retire: bool  # The call left more files in the worker's own tmpfs (OS sandbox) than it can remove without holding up the next call: the host replaces the worker, and the kernel drops the tmpfs whole (worker.py: RETIRE_AFTER_ENTRIES).


class _ProbeResultRequired(TypedDict):
    status: Literal["returned", "raised", "rejected", "timeout", "crashed"]
    mutations: List["ProbeResultMutationsItem"]  # Arguments (and the receiver) that the call changed in place, with their new repr.
    stdout: str
    stderr: str
    durationMs: float


class ProbeResult(_ProbeResultRequired, total=False):
    value: "RenderedValue"
    exception: "ProbeResultException"
    crash: "ProbeResultCrash"  # `reason`: why the host reports a crash the exit status does not explain (a malformed result).
    outputTruncated: bool  # True when stdout or stderr were cut at the output cap.
    coverage: "ProbeResultCoverage"
    arguments: "BuiltArguments"  # The arguments as the worker built them, before the call; only when the call asked for `values`.
    effects: List[str]  # What the call did that would happen again outside the sandbox if the call were repeated there (files opened for writing or removed, processes, sockets, signals), as the guards saw it, and on x86_64 Linux the file writes made below Python too (libc, C extensions: "libc …", python/pau_probe/write_recorder.py), whether refused or not; only when the call asked for `values`: the pytest export leaves such probes out, since a test runs on the user's machine.
    comparisons: List["ComparisonRecord"]  # What the call compared its arguments with (pau_probe/comparisons.py); only when the call asked for `comparisons`. The offline explorer's alone: the session file and every agent never see it.
    receiverState: "ProbeResultReceiverState"  # A method's receiver before and after the call, as plain data (pau_probe/object_state.py): what a method that returns nothing did to its object (`count` went from 3 to 4). Only on the offline explorer's calls (`comparisons`), and only where something is plain enough to show.
    valueState: "ObjectState"  # The returned object's state when its repr shows only its address (`<Wallet object at 0x1>`): what an example can show instead (`open_wallet(100).balance` → `100`). Explorer calls only, as `receiverState`.
    returnedReceiver: bool  # The call returned the very object it was called on (`result is self`): a method made for chaining. Explorer calls only, as `receiverState`; the repr cannot tell it (addresses are hidden).
    namedDescriptors: List[float]  # Descriptors the call named by number as files without having opened them itself (`open(3)`, `os.path.isfile(1)`: an int given where a file goes): what it found there was the process's (its stdout, a pipe, nothing), so another process, the user's, may give another result.
    cacheFilled: List[str]  # The arguments (`args[0]`, `kwargs.x`) and the receiver (`receiver`) whose only change during the call was a cached property storing what it computed on first read (functools.cached_property): not in `mutations`, since a read gives the same either way, nor a sign that nothing changed.
    again: "SecondRun"  # The same call run a second time in the same process, right after the first and with the first's value, arguments and receiver still held; only when the call asked for it (`again`). What a user sees calling it twice in one interpreter: a module's counter, a class's counter, a value seeded from the OS or a descriptor number gives another result there, while every fresh process gives the first. The call's own result, output and effects are the first run's.
    applied: "AppliedResult"  # What the returned object did when called with the request's `apply` arguments, in the same process right after the call: only when the request had them and the call returned. `raised` when calling it raised (a `TypeError` when it is not callable at all).


class _RenderedValueRequired(TypedDict):
    type: str  # Qualified type name, e.g. `int`, `builtins.str` is shown as `str`, `collections.OrderedDict`.
    repr: str
    truncated: bool


class RenderedValue(_RenderedValueRequired, total=False):
    """A value rendered by the worker. `repr` is bounded; `truncated` says it was cut."""
    iteration: "RenderedValueIteration"  # Generators and iterators: the first N items (reprs) and whether the iterator ended.
    data: "TaggedValue"  # A structured, type-tagged encoding of plain data (None, bool, int, float, complex, str, bytes, list, tuple, dict, set, frozenset, nested), bounded in size; absent for anything else. Used by the behavioural comparison (tuple ≠ list, floats with tolerance, NaN == NaN).
    callable: "RenderedValueCallable"  # The value can be called (a function, a bound method, `functools.partial`, a class): what a factory or a decorator gives back. `signature`: its parameters as `inspect.signature` writes them (`(x, y=2)`), when it can give them (cut at 200 characters).


class _RenderedValueIterationRequired(TypedDict):
    items: List[str]
    ended: bool


class RenderedValueIteration(_RenderedValueIterationRequired, total=False):
    raised: "RenderedValueIterationRaised"


class RenderedValueIterationRaised(TypedDict):
    type: str
    message: str


class TaggedValueNone(TypedDict):
    t: Literal["none"]


class TaggedValueBool(TypedDict):
    t: Literal["bool"]
    v: bool


class TaggedValueInt(TypedDict):
    t: Literal["int"]
    v: str


class TaggedValueFloat(TypedDict):
    t: Literal["float"]
    v: str


class TaggedValueComplex(TypedDict):
    t: Literal["complex"]
    v: str


class TaggedValueStr(TypedDict):
    t: Literal["str"]
    v: str


class TaggedValueBytes(TypedDict):
    t: Literal["bytes"]
    v: str


class TaggedValueListTupleSetFrozenset(TypedDict):
    t: Literal["list", "tuple", "set", "frozenset"]
    v: List["TaggedValue"]


class TaggedValueDict(TypedDict):
    t: Literal["dict"]
    v: List[Tuple["TaggedValue", "TaggedValue"]]


class TaggedValueOther(TypedDict):
    t: Literal["other"]
    type: str
    repr: str


class TaggedValueTemporal(TypedDict):
    t: Literal["temporal"]
    type: Literal["date", "datetime", "time", "timedelta"]
    v: str


class RenderedValueCallable(TypedDict, total=False):
    signature: str


class ProbeResultException(TypedDict):
    type: str
    message: str


class _ProbeResultCrashRequired(TypedDict):
    exitCode: Union[None, float]
    signal: Union[None, str]


class ProbeResultCrash(_ProbeResultCrashRequired, total=False):
    reason: str


class ProbeResultMutationsItem(TypedDict):
    arg: str
    repr: str


class ProbeResultCoverage(TypedDict):
    lines: "CoverageCounts"
    arcs: "CoverageCounts"


class CoverageCounts(TypedDict):
    hit: float
    total: float
    new: float  # Lines (or arcs) of the target first reached by this call within the session.


class _BuiltArgumentsRequired(TypedDict):
    args: List["TaggedValue"]
    kwargs: Dict[str, "TaggedValue"]


class BuiltArguments(_BuiltArgumentsRequired, total=False):
    """What a call's arguments were, as plain data (`other` where a value is not plain data): what an exported test writes as literals instead of the argument sources a model wrote. Untrusted like the rest of a result: the host checks its shape, and a receiver class must be one of the module's."""
    receiver: "BuiltArgumentsReceiver"  # A receiver built as `Class(...)` of one of the module's classes: that class and its arguments; `calls`, the methods called on it first with plain arguments, for a receiver the explorer filled (`(lambda s: (s.add('a'), s)[-1])(TodoList())`, src/explorer/prepared-receiver.ts).
    receiverNotPlain: bool  # The receiver was given but not built that way (only its class's constructor call can be written).


class _BuiltArgumentsReceiverRequired(TypedDict):
    className: str
    args: List["TaggedValue"]
    kwargs: Dict[str, "TaggedValue"]


class BuiltArgumentsReceiver(_BuiltArgumentsReceiverRequired, total=False):
    calls: List["BuiltArgumentsReceiverCallsItem"]


class BuiltArgumentsReceiverCallsItem(TypedDict):
    method: str
    args: List["TaggedValue"]


class _ComparisonRecordRequired(TypedDict):
    arg: str
    op: str  # `==` `!=` `<` `<=` `>` `>=`, `in`/`not in` (the argument in a container), `contains` (a value in the argument), `key` (a table looked up by it), `get` (it looked up with a constant key: `values` holds the key), a str method (`startswith`, `split`, …), `isinstance`, `regex`.


class ComparisonRecord(_ComparisonRecordRequired, total=False):
    """One comparison of an argument (or of what the code made of it) with a value the code read: `arg` is the argument's label as in `mutations` (`args[0]`, `kwargs.mode`)."""
    values: List[Union[str, float]]  # The other operand: a constant, a container's members (a dict's keys), a pattern's text.
    types: List[str]  # For `isinstance`: the names of the classes.
    via: Literal["part", "item"]  # How the compared value relates to the argument: `part` (a piece of a str argument, `seen`), `item` (an item of a list argument); absent: the argument itself.
    seen: Union[str, float]
    through: str  # The function or method applied to it before the comparison (`lower`, `len`, `int`).
    key: Union[str, float]  # The compared value is what the argument (a mapping) holds under this key (`jwk.get('kty') != 'OKP'`), not the argument itself.
    bytes: bool  # The argument was bytes: `values` and `seen` are bytes, each character one byte (latin-1), as a magic number compared with a header (b'bplist00').
    construction: bool  # Recorded while the method's receiver was built: `arg` is an argument of the receiver's constructor call (`args[0]`, `kwargs.mode`), not of the call.


class ProbeResultReceiverState(TypedDict):
    before: "ObjectState"
    after: "ObjectState"


class _ObjectStateRequired(TypedDict):
    attributes: List["ObjectStateAttributesItem"]


class ObjectState(_ObjectStateRequired, total=False):
    """An object's public attributes that hold plain data (at most 8, each small), and its len() when it has one."""
    length: float


class ObjectStateAttributesItem(TypedDict):
    name: str
    value: "TaggedValue"


class _SecondRunRequired(TypedDict):
    same: bool  # It returned or raised and rendered exactly as the first run did (type, repr, items, message).
    status: Literal["returned", "raised", "rejected", "timeout", "crashed"]  # `timeout`: it did not finish in what was left of the call's time; `crashed`: its process died.


class SecondRun(_SecondRunRequired, total=False):
    """How the second run of a call in its process ended (ProbeResult.again)."""
    shown: str  # What it gave, cut to 200 characters: the repr it returned, or `Type: message`.
    data: "TaggedValue"  # The value it returned as plain data (RenderedValue.data), when it is.


class _AppliedResultRequired(TypedDict):
    status: Literal["returned", "raised"]


class AppliedResult(_AppliedResultRequired, total=False):
    """The outcome of calling what a call returned (ProbeResult.applied)."""
    value: "RenderedValue"
    exception: "AppliedResultException"


class AppliedResultException(TypedDict):
    type: str
    message: str


class _ChildRequestRequired(TypedDict):
    args: List[str]  # Python source of each argument, in the safe grammar.
    kwargs: Dict[str, str]
    limits: "WorkerLimits"


class ChildRequest(_ChildRequestRequired, total=False):
    """What the worker hands the process that runs one call: the call's message as the host wrote it (its envelope, op and id, goes with it unread)."""
    again: bool  # Run the call a second time after the first. The process then writes two lines: its ChildResult, then `{"again": SecondRun}` (AgainLine); the worker answers with the first whatever the second does, and stops listening at the call's deadline.
    againAfter: "OtherCall"  # With `again`: the other call run between the two (CallMessage.againAfter).
    receiver: str
    apply: "AppliedArguments"  # Then call what the call returned with these arguments, in the same process (ProbeResult.applied).
    seed: float  # Python's `random` (and numpy's) seed for this call instead of the fixed 0 (the explorer's determinism check).
    values: bool  # Answer with the arguments as built, as plain data (ProbeResult.arguments): the pytest export writes them.
    comparisons: bool  # Answer with what the call compared its arguments with (ProbeResult.comparisons): the offline explorer's calls only.


class AgainLine(TypedDict):
    """The call process's second line when the request asked for `again`."""
    again: "SecondRun"


class CoverageHits(TypedDict):
    """Lines and arcs of the target the call reached; the worker turns them into counts. An arc is (code object index, branch instruction offset, destination offset), as pau_probe/coverage.py records it."""
    lines: List[float]
    arcs: List[Tuple[float, float, float]]


class _ChildResultRequired(TypedDict):
    status: Literal["returned", "raised", "rejected", "timeout", "crashed"]
    mutations: List["ProbeResultMutationsItem"]  # Arguments (and the receiver) that the call changed in place, with their new repr.
    durationMs: float


class ChildResult(_ChildResultRequired, total=False):
    """What the call process answers: a ProbeResult without what the worker adds (the output it captures, coverage counts from the raw hits, a crash it saw), and with raw coverage. Derived from ProbeResult, so a field added there reaches the worker's copy (fields.py) by itself."""
    coverageHits: "CoverageHits"
    again: "SecondRun"  # The same call run a second time in the same process, right after the first and with the first's value, arguments and receiver still held; only when the call asked for it (`again`). What a user sees calling it twice in one interpreter: a module's counter, a class's counter, a value seeded from the OS or a descriptor number gives another result there, while every fresh process gives the first. The call's own result, output and effects are the first run's.
    comparisons: List["ComparisonRecord"]  # What the call compared its arguments with (pau_probe/comparisons.py); only when the call asked for `comparisons`. The offline explorer's alone: the session file and every agent never see it.
    value: "RenderedValue"
    exception: "ProbeResultException"
    arguments: "BuiltArguments"  # The arguments as the worker built them, before the call; only when the call asked for `values`.
    effects: List[str]  # What the call did that would happen again outside the sandbox if the call were repeated there (files opened for writing or removed, processes, sockets, signals), as the guards saw it, and on x86_64 Linux the file writes made below Python too (libc, C extensions: "libc …", python/pau_probe/write_recorder.py), whether refused or not; only when the call asked for `values`: the pytest export leaves such probes out, since a test runs on the user's machine.
    receiverState: "ProbeResultReceiverState"  # A method's receiver before and after the call, as plain data (pau_probe/object_state.py): what a method that returns nothing did to its object (`count` went from 3 to 4). Only on the offline explorer's calls (`comparisons`), and only where something is plain enough to show.
    valueState: "ObjectState"  # The returned object's state when its repr shows only its address (`<Wallet object at 0x1>`): what an example can show instead (`open_wallet(100).balance` → `100`). Explorer calls only, as `receiverState`.
    returnedReceiver: bool  # The call returned the very object it was called on (`result is self`): a method made for chaining. Explorer calls only, as `receiverState`; the repr cannot tell it (addresses are hidden).
    namedDescriptors: List[float]  # Descriptors the call named by number as files without having opened them itself (`open(3)`, `os.path.isfile(1)`: an int given where a file goes): what it found there was the process's (its stdout, a pipe, nothing), so another process, the user's, may give another result.
    cacheFilled: List[str]  # The arguments (`args[0]`, `kwargs.x`) and the receiver (`receiver`) whose only change during the call was a cached property storing what it computed on first read (functools.cached_property): not in `mutations`, since a read gives the same either way, nor a sign that nothing changed.
    applied: "AppliedResult"  # What the returned object did when called with the request's `apply` arguments, in the same process right after the call: only when the request had them and the call returned. `raised` when calling it raised (a `TypeError` when it is not callable at all).


class SpawnedJob(TypedDict):
    """The job file of a spawned call process (isolation 'spawn')."""
    start: "StartMessage"
    request: "ChildRequest"
    coverage: bool


HostMessage = Union["StartMessage", "CallMessage", "StopMessage"]


TaggedValue = Union["TaggedValueNone", "TaggedValueBool", "TaggedValueInt", "TaggedValueFloat", "TaggedValueComplex", "TaggedValueStr", "TaggedValueBytes", "TaggedValueListTupleSetFrozenset", "TaggedValueDict", "TaggedValueOther", "TaggedValueTemporal"]


WorkerMessage = Union["ReadyEvent", "ErrorEvent", "ForkedEvent", "StartedEvent", "ResultEvent"]
