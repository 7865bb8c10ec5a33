// A stand-in for the Python worker in unit tests: functions written in TypeScript over the
// explorer's own value model, answering CallRequests with ProbeResults the way the worker does
// (tagged data, exceptions by type, mutations, coverage counts). No Python involved.
import type { CallRequest, ComparisonRecord, FunctionInfo, ObjectState, ParameterInfo, ProbeResult, TaggedValue } from '../../../src/core/probe-types.js';
import type { Observation, Position } from '../../../src/explorer/inputs.js';
import { requestKey, toRequest } from '../../../src/explorer/inputs.js';
import type { ProbeRecord } from '../../../src/core/session-types.js';
import type { ProbeFn } from '../../../src/core/run-types.js';
import { parseSource } from '../../../src/explorer/parse.js';
import { callKey } from '../../../src/core/call-identity.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { toSource, toTagged } from '../../../src/explorer/values.js';
import { preparingCalls } from '../../../src/explorer/prepared-receiver.js';
import { afterBudget } from '../../../src/explorer/property-probes.js';
import { buildReport } from '../../../src/explorer/describe.js';
import type { Description } from '../../../src/core/session-types.js';

export class PyError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** Thrown by a fake function for a call that never finishes (the worker's time limit ends it). */
export class PyTimeout extends Error {}

/** The process a fake call runs in: each probe forks a fresh one; its second run (`again`) shares the first's. */
export interface Interpreter {
  hashSeed: number;
  kept: Map<string, PyValue>;
  /** The call asked for what it compared (CallOptions.comparisons), and with it a returned object's state. */
  asked?: boolean;
}

export interface FakeFunction {
  params: ParameterInfo[];
  /**
   * Returns the result; may change `args` in place (reported as mutations). Throw PyError to raise.
   * `interpreter.hashSeed`: the PYTHONHASHSEED the call ran under (CallOptions.hashSeed; the worker's 0);
   * `interpreter.kept`: what a module keeps between calls in one process (a cache), empty in each new one.
   */
  body: (args: PyValue[], kwargs: Record<string, PyValue>, receiver?: PyValue, interpreter?: Interpreter) => PyValue;
  /** Which "lines" a call reaches, for coverage feedback. */
  lines?: (args: PyValue[]) => number[];
  needsReceiver?: boolean;
  moduleClasses?: string[];
  ownerClass?: string;
  ownerInit?: ParameterInfo[];
  ownerMethods?: FunctionInfo['ownerMethods'];
  /** A call of another method on the receiver before this one (a filled receiver): the receiver after it. */
  fill?: (receiver: PyValue, method: string, args: PyValue[]) => PyValue;
  /** The public state of an object (ProbeResult.receiverState, valueState); a returned object with one is shown by its address. */
  state?: (object: PyValue) => ObjectState | undefined;
  /** A returned object's state (valueState) only for a call that asks for comparisons, as the worker gives it. */
  stateWhenAsked?: boolean;
  /** What every call reports it compared its arguments with (ProbeResult.comparisons), as a fixed pattern the code matches. */
  comparisons?: ComparisonRecord[];
  /** Every call that returned filled a cached property of what it names (ProbeResult.cacheFilled), as `receiver`. */
  cacheFilled?: string[];
  /** A call that raises reports what it changed before raising, as the worker does (off by default: most fakes raise before changing anything). */
  changesBeforeRaising?: boolean;
}

export function info(name: string, fn: FakeFunction): FunctionInfo {
  return {
    qualname: fn.ownerClass ? `${fn.ownerClass}.${name}` : name,
    name,
    kind: fn.needsReceiver ? 'method' : 'function',
    needsReceiver: !!fn.needsReceiver,
    ...(fn.ownerClass ? { ownerClass: fn.ownerClass } : {}),
    ...(fn.ownerInit ? { ownerInit: fn.ownerInit } : {}),
    ...(fn.ownerMethods ? { ownerMethods: fn.ownerMethods } : {}),
    params: fn.params,
    isGenerator: false,
    isAsync: false,
    docstring: null,
    moduleClasses: fn.moduleClasses ?? [],
    pythonVersion: '3.11.0',
  };
}

export const param = (name: string, kind: ParameterInfo['kind'] = 'POSITIONAL_OR_KEYWORD', extra: Partial<ParameterInfo> = {}): ParameterInfo => ({
  name,
  kind,
  ...extra,
});

function typeName(v: PyValue): string {
  return v.k === 'none' ? 'NoneType' : v.k === 'date' ? 'datetime.date' : v.k === 'call' ? v.callee : v.k;
}

/** A receiver as the worker would build it: a value, or one filled by other calls first (`fill`). */
function readReceiver(fn: FakeFunction, src: string): PyValue | null {
  const plain = parseSource(src);
  const m = /^(\(lambda s: \(.+, s\)\[-1\]\))\((.+)\)$/s.exec(src);
  const built = m?.[2] === undefined ? null : parseSource(m[2]);
  const prepared = m?.[1] && built ? preparingCalls({ k: 'call', callee: m[1], args: [built] }) : null;
  if (plain || !prepared || !fn.fill) return plain;
  const fill = fn.fill;
  return prepared.calls.reduce((r, c) => fill(r, c.method, c.args), prepared.built);
}

/** Runs one request against a fake function. */
export function fakeCall(fn: FakeFunction, req: CallRequest, seenLines: Set<number>, interpreter: Interpreter = { hashSeed: 0, kept: new Map() }): ProbeResult {
  const base = {
    mutations: [] as { arg: string; repr: string }[],
    stdout: '',
    stderr: '',
    durationMs: 0.1,
    ...(fn.comparisons ? { comparisons: fn.comparisons } : {}),
  };
  const args = req.args.map((s) => parseSource(s));
  const kwargs: Record<string, PyValue> = {};
  for (const [k, s] of Object.entries(req.kwargs ?? {})) {
    const v = parseSource(s);
    if (!v) return { ...base, status: 'rejected', exception: { type: 'SyntaxError', message: `bad source ${s}` } };
    kwargs[k] = v;
  }
  const receiver = req.receiver !== undefined ? readReceiver(fn, req.receiver) : undefined;
  if (args.some((a) => a === null) || receiver === null) return { ...base, status: 'rejected', exception: { type: 'SyntaxError', message: 'bad source' } };
  const values = args as PyValue[];
  const before = values.map(toSource);
  const receiverBefore = receiver ? toSource(receiver) : undefined;
  const lines = fn.lines?.(values) ?? [1];
  const fresh = lines.filter((l) => !seenLines.has(l)).length;
  lines.forEach((l) => seenLines.add(l));
  const coverage = { lines: { hit: lines.length, total: 10, new: fresh }, arcs: { hit: 0, total: 0, new: 0 } };
  const stateBefore = receiver && fn.state?.(structuredClone(receiver));
  try {
    const out = fn.body(values, kwargs, receiver ?? undefined, interpreter);
    const stateAfter = receiver && fn.state?.(receiver);
    const receiverState = stateBefore && stateAfter ? { receiverState: { before: stateBefore, after: stateAfter } } : {};
    // `result is self`, as the worker tells it (JavaScript's identity stands for Python's).
    const returnedReceiver = receiver && out === receiver ? { returnedReceiver: true } : {};
    const valueState = out.k === 'call' ? fn.state?.(out) : undefined;
    if (valueState) {
      const value = { type: `app.${out.k === 'call' ? out.callee : ''}`, repr: `<app.${out.k === 'call' ? out.callee : ''} object at 0x1>`, truncated: false };
      const shown = !fn.stateWhenAsked || interpreter.asked ? { valueState } : {};
      return { ...base, status: 'returned', value, mutations: [], coverage, ...shown, ...receiverState, ...returnedReceiver };
    }
    const mutations = values.map((v, i) => ({ arg: `args[${i}]`, repr: toSource(v) })).filter((m, i) => m.repr !== before[i]);
    if (receiver && toSource(receiver) !== receiverBefore) mutations.push({ arg: 'receiver', repr: toSource(receiver) });
    const data: TaggedValue | undefined = out.k === 'call' ? undefined : toTagged(out);
    return {
      ...base,
      status: 'returned',
      value: { type: typeName(out), repr: toSource(out), truncated: false, ...(data ? { data } : {}) },
      mutations,
      coverage,
      ...receiverState,
      ...returnedReceiver,
      ...(fn.cacheFilled ? { cacheFilled: fn.cacheFilled } : {}),
    };
  } catch (err) {
    // A call that would never finish: what the client answers when the worker's time runs out.
    if (err instanceof PyTimeout) return { ...base, status: 'timeout', durationMs: 5000 };
    if (!(err instanceof PyError)) throw err;
    const changed = fn.changesBeforeRaising ? values.map((v, i) => ({ arg: `args[${i}]`, repr: toSource(v) })).filter((m, i) => m.repr !== before[i]) : [];
    if (fn.changesBeforeRaising && receiver && toSource(receiver) !== receiverBefore) changed.push({ arg: 'receiver', repr: toSource(receiver) });
    return { ...base, mutations: changed, status: 'raised', exception: { type: err.type, message: err.message }, coverage };
  }
}

/**
 * ProbeResult.again as the worker makes it: the same request once more in the first run's process
 * (after `againAfter`, when given), compared by what it rendered.
 */
function withSecondRun(
  fn: FakeFunction,
  req: CallRequest,
  first: ProbeResult,
  again: boolean,
  interpreter: Interpreter,
  againAfter?: CallRequest,
): ProbeResult {
  if (!again || (first.status !== 'returned' && first.status !== 'raised')) return first;
  if (againAfter) fakeCall(fn, againAfter, new Set(), interpreter);
  const second = fakeCall(fn, req, new Set(), interpreter);
  const rendered = (r: ProbeResult): string => JSON.stringify([r.status, r.value?.type, r.value?.repr, r.exception]);
  const shown = second.value?.repr ?? (second.exception ? `${second.exception.type}: ${second.exception.message}` : undefined);
  const data = second.value?.data;
  return {
    ...first,
    again: { same: rendered(first) === rendered(second), status: second.status, ...(shown !== undefined ? { shown } : {}), ...(data ? { data } : {}) },
  };
}

export interface FakeProbe {
  probe: ProbeFn;
  records: ProbeRecord[];
  calls: () => number;
  /** The calls counted in the budget: all but the examples' re-runs after it (afterBudget). */
  budgeted: () => number;
}

/** A ProbeFn over a fake function; `cache: true` answers repeated requests (same text) from a cache like the session does. */
export function fakeProbe(fn: FakeFunction, opts: { cache?: boolean; onCall?: (n: number) => void } = {}): FakeProbe {
  const records: ProbeRecord[] = [];
  const seenLines = new Set<number>();
  const cache = new Map<string, ProbeResult>();
  let calls = 0;
  const probe: ProbeFn = async (request, note, options) => {
    calls++;
    opts.onCall?.(calls);
    const key = callKey(request);
    const cached = opts.cache && !options?.fresh && !options?.again ? cache.get(key) : undefined;
    const interpreter: Interpreter = { hashSeed: options?.hashSeed ?? 0, kept: new Map(), ...(options?.comparisons ? { asked: true } : {}) };
    const result =
      cached ?? withSecondRun(fn, request, fakeCall(fn, request, seenLines, interpreter), options?.again === true, interpreter, options?.againAfter);
    if (opts.cache && !cached) cache.set(key, result);
    const record: ProbeRecord = { index: records.length + 1, ...request, origin: cached ? 'cache' : 'offline', ...(note ? { note } : {}), result };
    records.push(record);
    await Promise.resolve();
    return record;
  };
  return { probe, records, calls: () => calls, budgeted: () => records.filter((r) => !afterBudget(r.note)).length };
}

// Helpers for writing fake bodies.
export function expectStr(v: PyValue | undefined, fn: string): string {
  if (!v || v.k !== 'str') throw new PyError('TypeError', `${fn}() expects a str`);
  return v.v;
}
export function expectInt(v: PyValue | undefined, fn: string): bigint {
  if (!v || v.k !== 'int') throw new PyError('TypeError', `${fn}() expects an int`);
  return v.v;
}
export function expectNumber(v: PyValue | undefined, fn: string): number {
  if (!v || (v.k !== 'int' && v.k !== 'float')) throw new PyError('TypeError', `${fn}() expects a number`);
  return Number(v.v);
}
export function expectIntList(v: PyValue | undefined, fn: string): bigint[] {
  if (!v || v.k !== 'list' || !v.items.every((x) => x.k === 'int')) throw new PyError('TypeError', `${fn}() expects a list of int`);
  return v.items.map((x) => (x as { v: bigint }).v);
}
export const pyInt = (n: bigint | number): PyValue => ({ k: 'int', v: BigInt(n) });
export const pyFloat = (n: number): PyValue => ({ k: 'float', v: n });
export const pyStr = (s: string): PyValue => ({ k: 'str', v: s });
export const pyList = (items: PyValue[]): PyValue => ({ k: 'list', items });

/**
 * An observation of a call with these arguments (undefined: left out) that returned `out`, as the
 * explorer records one; each given argument's input class is `cls` of it.
 */
export function returnedObservation(
  positions: Position[],
  index: number,
  args: (PyValue | undefined)[],
  out: PyValue,
  cls: (v: PyValue) => string = (v) => (v.k === 'call' ? `new:${v.callee}:1` : v.k),
): Observation {
  const input = args.map((value) => ({ cls: value ? cls(value) : 'omit', value }));
  const request = toRequest(positions, input);
  const result: ProbeResult = {
    status: 'returned',
    value: { repr: toSource(out), type: out.k, truncated: false, data: toTagged(out) },
    mutations: [],
    stdout: '',
    stderr: '',
    durationMs: 0.1,
  };
  return { input, request, key: requestKey(request), record: { ...request, index, origin: 'offline', result }, purpose: 'sweep' };
}

/** Each call re-run twice (once under another random seed), the same each time: determinism holds. */
export function settledRepeats(observations: Observation[]): Observation[] {
  return observations.flatMap((o, k) =>
    [0, 1].map((n) => ({
      ...o,
      purpose: 'repeat' as const,
      repeats: o,
      seed: n ? 12345 : undefined,
      record: { ...o.record, index: 100 + 2 * k + n, result: { ...o.record.result, again: { status: 'returned' as const, same: true } } },
    })),
  );
}

/**
 * The description buildReport gives of these calls of a function named `name` whose parameters are
 * the positions' (a method of `owner` when one is named), as if the explorer had made them.
 */
export function describedCalls(name: string, positions: Position[], observations: Observation[], owner?: string): Description {
  return buildReport({
    info: info(name, {
      params: positions.filter((p) => p.role !== 'receiver').map((p) => ({ name: p.name, kind: 'POSITIONAL_OR_KEYWORD' as const })),
      body: () => ({ k: 'none' }),
      ...(owner ? { needsReceiver: true, ownerClass: owner, moduleClasses: [owner] } : {}),
    }),
    positions,
    observations,
    accepted: positions.map(() => new Set<string>()),
    maxProbes: 20,
  }).description;
}

/**
 * A ProbeFn answering by the receiver's source alone, as a worker whose receivers mostly cannot be
 * built: `refusal` gives what building it raised (`Type: message`), or undefined when it builds, and
 * the call then returns `returned` (a repr of type `type`). `received` lists the receivers asked for.
 */
export function byReceiver(
  refusal: (receiver: string) => string | undefined,
  returned: { type: string; repr: string },
): { probe: ProbeFn; received: string[] } {
  const received: string[] = [];
  const probe: ProbeFn = async (request, note) => {
    const receiver = request.receiver ?? '';
    received.push(receiver);
    const refused = refusal(receiver);
    const base = { mutations: [], stdout: '', stderr: '', durationMs: 0 };
    return {
      index: received.length,
      ...request,
      origin: 'offline',
      ...(note ? { note } : {}),
      result:
        refused === undefined
          ? { ...base, status: 'returned', value: { ...returned, truncated: false } }
          : { ...base, status: 'rejected', exception: { type: 'ArgumentRejected', message: `receiver: building \`${receiver}\` raised ${refused}` } },
    };
  };
  return { probe, received };
}
