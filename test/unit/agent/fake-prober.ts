// An in-memory Prober for unit tests: a tiny "function" over simple literal sources, with the
// worker's shapes (rejected for code, raised for wrong types, coverage counts), no Python.
import type { CallRequest, FunctionInfo, Prober, ProbeResult } from '../../../src/core/probe-types.js';

export const SHOUT_INFO: FunctionInfo = {
  qualname: 'shout',
  name: 'shout',
  kind: 'function',
  needsReceiver: false,
  params: [
    { name: 'text', kind: 'POSITIONAL_OR_KEYWORD', annotation: 'str' },
    { name: 'times', kind: 'KEYWORD_ONLY', annotation: 'int', default: '1' },
  ],
  returnAnnotation: 'str',
  isGenerator: false,
  isAsync: false,
  docstring: 'Upper-case text, repeated.',
  moduleClasses: [],
  pythonVersion: '3.11.2',
};

function literal(src: string): unknown {
  const s = src.trim();
  if (s === 'None') return null;
  if (/^-?\d+$/.test(s)) return Number(s);
  const str = /^'(.*)'$|^"(.*)"$/s.exec(s);
  if (str) return str[1] ?? str[2];
  if (s === '[]') return [];
  throw new Error('unsupported');
}

/** shout(text, *, times=1) → text.upper() * times; str only. */
export class FakeProber implements Prober {
  readonly calls: CallRequest[] = [];
  stopped = false;
  private seen = new Set<number>();

  constructor(
    readonly info: FunctionInfo = SHOUT_INFO,
    private readonly delayMs = 0,
  ) {}

  async call(req: CallRequest, opts?: { signal?: AbortSignal }): Promise<ProbeResult> {
    this.calls.push(req);
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    if (opts?.signal?.aborted) throw new Error('aborted');
    const base = { mutations: [], stdout: '', stderr: '', durationMs: 1.5 };
    const all = [...req.args, ...Object.values(req.kwargs ?? {})];
    if (all.some((a) => /__|import|\bos\b/.test(a))) {
      return {
        ...base,
        status: 'rejected',
        exception: { type: 'GrammarError', message: "name '__import__' is not allowed: arguments may use literals, set(), frozenset(), lambdas, …" },
      };
    }
    let text: unknown;
    let times: unknown;
    try {
      text = literal(req.args[0] ?? req.kwargs?.text ?? '');
      times = req.kwargs?.times !== undefined ? literal(req.kwargs.times) : 1;
    } catch {
      return { ...base, status: 'rejected', exception: { type: 'GrammarError', message: 'unsupported source in the fake' } };
    }
    const line = (n: number) => {
      const fresh = this.seen.has(n) ? 0 : 1;
      this.seen.add(n);
      return fresh;
    };
    if (typeof text !== 'string') {
      const fresh = line(2);
      return {
        ...base,
        status: 'raised',
        exception: { type: 'AttributeError', message: `'${text === null ? 'NoneType' : typeof text}' object has no attribute 'upper'` },
        coverage: { lines: { hit: 1, total: 3, new: fresh }, arcs: { hit: 1, total: 4, new: fresh } },
      };
    }
    const value = text.toUpperCase().repeat(Number(times));
    const fresh = line(1) + line(3);
    return {
      ...base,
      status: 'returned',
      value: { type: 'str', repr: `'${value}'`, truncated: false },
      coverage: { lines: { hit: 2, total: 3, new: fresh }, arcs: { hit: 2, total: 4, new: fresh } },
    };
  }

  async stop(): Promise<void> {
    this.stopped = true;
  }
}
