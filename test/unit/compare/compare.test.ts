// The comparison's orchestration, with a scripted model and fake workers (no Python): which
// parts run offline and online, held-out input selection, the stale flag, and the notes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CompareInput } from '../../../src/core/run-types.js';
import type { CallRequest, FunctionInfo, Prober, ProbeResult, TaggedValue, WorkerOptions } from '../../../src/core/probe-types.js';
import { ProbeError } from '../../../src/core/probe-types.js';
import type { Description, SessionFile } from '../../../src/core/session-types.js';
import { compare, METHOD_NOTE, NO_DOCSTRING_NOTE, NO_LLM_BEHAVIOURAL_NOTE, NO_LLM_JUDGE_NOTE } from '../../../src/compare/compare.js';
import { startScriptedServer, type RecordedRequest, type ScriptedReply } from '../../support/llm-server.js';

const DOCSTRING = `Return the k highest scores as a list, in ascending order.

Examples:
    >>> top_scores([70, 95, 80, 60], 2)
    [80, 95]
    >>> top_scores([5, 1, 3])
    [1, 3, 5]
`;

const INFO: FunctionInfo = {
  qualname: 'top_scores',
  name: 'top_scores',
  kind: 'function',
  needsReceiver: false,
  params: [
    { name: 'scores', kind: 'POSITIONAL_OR_KEYWORD' },
    { name: 'k', kind: 'POSITIONAL_OR_KEYWORD', default: '3' },
  ],
  isGenerator: false,
  isAsync: false,
  docstring: DOCSTRING,
  moduleClasses: [],
  pythonVersion: '3.11.7',
};

const DESCRIPTION: Description = {
  summary: 'Returns the arg1 largest numbers of arg0 as a tuple, largest first.',
  details: 'arg1 defaults to 3.',
  parameters: { arg0: 'a list of numbers', arg1: 'how many to keep' },
  returns: 'a tuple in descending order',
  raises: '',
  examples: [{ call: 'f([1, 2])', result: '(2, 1)' }],
  confidence: 0.9,
};

type Impl = (scores: number[], k: number) => TaggedValue;
const ints = (xs: number[]) => xs.map((v): TaggedValue => ({ t: 'int', v: String(v) }));
const IMPLS: Record<string, Impl> = {
  'desc-tuple': (s, k) => ({ t: 'tuple', v: ints([...s].sort((a, b) => b - a).slice(0, k)) }),
  'asc-list': (s, k) => ({ t: 'list', v: ints([...s].sort((a, b) => a - b).slice(-k)) }),
};

function render(v: TaggedValue): string {
  if (v.t === 'tuple') return `(${v.v.map(render).join(', ')}${v.v.length === 1 ? ',' : ''})`;
  if (v.t === 'list') return `[${v.v.map(render).join(', ')}]`;
  return 'v' in v ? String(v.v) : '?';
}

/** A fake worker running `impl`; arguments are JSON-compatible sources, keywords by `kName`. */
function fakeWorker(impl: Impl, kName: string, calls: CallRequest[] = []): Prober {
  return {
    info: INFO,
    async call(req: CallRequest): Promise<ProbeResult> {
      calls.push(req);
      const scores = JSON.parse(req.args[0]!) as number[];
      const k = req.args[1] !== undefined ? Number(req.args[1]) : req.kwargs?.[kName] !== undefined ? Number(req.kwargs[kName]) : 3;
      const data = impl(scores, k);
      return { status: 'returned', value: { type: data.t, repr: render(data), truncated: false, data }, mutations: [], stdout: '', stderr: '', durationMs: 1 };
    },
    async stop() {},
  };
}

/** startWorker for generated code: the code names its behaviour in a `# impl:` comment. */
function fakeStartWorker(started: { options: WorkerOptions; calls: CallRequest[]; stopped: boolean }[]) {
  return async (options: WorkerOptions): Promise<Prober> => {
    const code = 'source' in options.target ? options.target.source : '';
    const marker = /# impl: ([\w-]+)/.exec(code)?.[1];
    if (marker === 'syntax-error') throw new ProbeError('import-failed', 'SyntaxError: invalid syntax');
    const entry = { options, calls: [] as CallRequest[], stopped: false };
    started.push(entry);
    const worker = fakeWorker(IMPLS[marker!]!, 'arg1', entry.calls);
    return { ...worker, stop: async () => void (entry.stopped = true) };
  };
}

function session(probes: CallRequest[] = []): SessionFile {
  return {
    version: 1,
    target: { file: 'legacy.py', qualname: 'top_scores', shownAs: { name: 'f', params: ['arg0', 'arg1'] } },
    settings: { mode: 'llm', maxProbes: 20, timeoutMs: 2000, memoryMb: 512, strictness: 'anonymized', coverageFeedback: true },
    probes: probes.map((r, index) => ({ ...r, index, origin: 'llm', result: { status: 'returned', mutations: [], stdout: '', stderr: '', durationMs: 1 } })),
    hypotheses: [],
    final: { concluded: true, description: DESCRIPTION },
    usage: { requests: 0, promptTokens: 0, completionTokens: 0 },
  };
}

const code = (marker: string) => ({ kind: 'text', content: `Here:\n\`\`\`python\n# impl: ${marker}\ndef f(arg0, arg1=3):\n    ...\n\`\`\`` }) as ScriptedReply;
const lastUser = (r: RecordedRequest) => String(r.body.messages?.filter((m) => m.role === 'user').pop()?.content ?? '');
const isJudge = (r: RecordedRequest) => String(r.body.messages?.[0]?.content ?? '').includes('You judge');
const isDocstringSide = (r: RecordedRequest) => lastUser(r).includes('from this docstring alone');

function input(over: Partial<CompareInput> & { realCalls?: CallRequest[] } = {}): CompareInput {
  return {
    worker: fakeWorker(IMPLS['desc-tuple']!, 'k', over.realCalls),
    info: INFO,
    target: { file: 'legacy.py', qualname: 'top_scores' },
    session: session(),
    description: DESCRIPTION,
    ...over,
  };
}

test('offline: doctests and lexical F1 only, with notes saying why', async () => {
  const started: Parameters<ReturnType<typeof fakeStartWorker>>[0][] = [];
  const report = await compare(input(), { startWorker: async (o) => (started.push(o), Promise.reject(new Error('unused'))) });
  assert.deepEqual([report.doctests?.passed, report.doctests?.failed, report.doctests?.notRun], [0, 2, 0]);
  assert.equal(report.doctests!.results[0]!.got, '(95, 80)\n');
  assert.equal(typeof report.lexicalF1, 'number');
  assert.ok(report.lexicalF1! > 0 && report.lexicalF1! < 1);
  assert.equal(report.behavioural, undefined);
  assert.equal(report.judge, undefined);
  assert.deepEqual(report.notes, [
    "2 of 2 doctests fail: the docstring's examples do not match what the function does",
    NO_LLM_BEHAVIOURAL_NOTE,
    NO_LLM_JUDGE_NOTE,
  ]);
  assert.equal(started.length, 0);
  assert.equal(report.usage.requests, 0);
});

test('a stale docstring: the inferred side agrees everywhere, the docstring side does not', async (t) => {
  const server = await startScriptedServer((req) => {
    if (isJudge(req))
      return {
        kind: 'text',
        content: '```json\n{"score": 2, "rationale": "Order and type differ.", "missed_by_inferred": ["ascending"], "missed_by_docstring": ["tuple"]}\n```',
      };
    return code(isDocstringSide(req) ? 'asc-list' : 'desc-tuple');
  });
  t.after(() => server.close());
  const started: { options: WorkerOptions; calls: CallRequest[]; stopped: boolean }[] = [];
  const llm = { baseURL: server.url, model: 'm', apiKey: 'k', maxRetries: 0 };
  const heldOut: CallRequest[] = [
    { args: ['[4, 9, 2, 7]'], kwargs: { k: '2' } },
    { args: ['[1, 2]'] }, // shown to the agent: left out
    { args: ['[3, 3, 1]', '1'] },
    { args: ['[ 4, 9, 2, 7 ]'], kwargs: { k: '2' } }, // the same input again: once
  ];
  const report = await compare(input({ llm, heldOut, session: session([{ args: ['[1,2]'] }]) }), { startWorker: fakeStartWorker(started) });

  const b = report.behavioural!;
  assert.deepEqual(b.inferred, { agree: 4, total: 4 });
  assert.deepEqual(b.docstring, { agree: 0, total: 4 });
  assert.equal(b.stale, true);
  assert.deepEqual(b.disagreements, []);
  assert.deepEqual(
    b.docstringDisagreements!.map((d) => d.input),
    ['top_scores([70, 95, 80, 60], 2)', 'top_scores([5, 1, 3])', 'top_scores([4, 9, 2, 7], k=2)', 'top_scores([3, 3, 1], 1)'],
  );
  assert.equal(b.docstringDisagreements![0]!.expected, '(95, 80) (tuple)');
  assert.equal(b.docstringDisagreements![0]!.got, '[80, 95] (list)');
  assert.match(b.note!, /4 held-out inputs \(2 from doctests, 4 from the explorer; 1 left out as shown to the agent\)/);
  assert.match(b.implementations!.inferred!, /# impl: desc-tuple/);

  // Each implementation ran in its own worker, from source, under the session's limits, and was stopped.
  assert.equal(started.length, 2);
  for (const s of started) {
    assert.ok('source' in s.options.target && /^# impl: /.test(s.options.target.source));
    assert.equal(s.options.target.qualname, 'f');
    assert.deepEqual(s.options.limits, { timeoutMs: 2000, memoryMb: 512 });
    assert.equal(s.stopped, true);
  }
  // Keywords reach the implementations under the names the description used.
  assert.deepEqual(started[0]!.calls[2], { args: ['[4, 9, 2, 7]'], kwargs: { arg1: '2' } });

  assert.deepEqual(report.judge, { score: 2, rationale: 'Order and type differ.', missedByInferred: ['ascending'], missedByDocstring: ['tuple'] });
  assert.equal(report.usage.requests, 3);
  assert.equal(report.usage.promptTokens, 300);
  // The models never see the real name; the inferred side never sees the docstring.
  for (const r of server.requests) assert.doesNotMatch(JSON.stringify(r.body.messages), /top_scores/);
  const inferredPrompt = server.requests.map(lastUser).find((u) => u.includes('from this description alone'))!;
  assert.doesNotMatch(inferredPrompt, /ascending order/);
  assert.match(
    server.requests.map(lastUser).find((u) => u.includes('docstring alone'))!,
    />>> f\(\[70, 95, 80, 60\], 2\)/,
  );
});

test('an accurate docstring is not flagged; a wrong inferred implementation lists its inputs', async (t) => {
  const server = await startScriptedServer((req) =>
    isJudge(req) ? { kind: 'text', content: 'no json' } : code(isDocstringSide(req) ? 'desc-tuple' : 'asc-list'),
  );
  t.after(() => server.close());
  const llm = { baseURL: server.url, model: 'm', apiKey: 'k', maxRetries: 0 };
  const report = await compare(input({ llm, heldOut: [{ args: ['[4, 9, 2, 7]'] }] }), { startWorker: fakeStartWorker([]) });
  const b = report.behavioural!;
  assert.deepEqual(b.docstring, { agree: 3, total: 3 });
  assert.deepEqual(b.inferred, { agree: 0, total: 3 });
  assert.equal(b.stale, false);
  assert.deepEqual(
    b.disagreements.map((d) => d.input),
    ['top_scores([70, 95, 80, 60], 2)', 'top_scores([5, 1, 3])', 'top_scores([4, 9, 2, 7])'],
  );
  assert.equal(report.judge, undefined);
  assert.ok(report.notes!.some((n) => /judge omitted/.test(n)));
});

test('code that does not load or is missing: every input disagrees, with a note, and no stale verdict', async (t) => {
  const server = await startScriptedServer((req) =>
    isJudge(req)
      ? { kind: 'text', content: '{"score": 3, "rationale": "ok"}' }
      : isDocstringSide(req)
        ? code('syntax-error')
        : { kind: 'text', content: 'I cannot.' },
  );
  t.after(() => server.close());
  const llm = { baseURL: server.url, model: 'm', apiKey: 'k', maxRetries: 0 };
  const report = await compare(input({ llm }), { startWorker: fakeStartWorker([]) });
  const b = report.behavioural!;
  assert.deepEqual(b.inferred, { agree: 0, total: 2 });
  assert.deepEqual(b.docstring, { agree: 0, total: 2 });
  assert.equal(b.stale, false);
  assert.match(b.note!, /inferred side: the model reply had no Python code; every input counts as disagreement/);
  assert.match(b.note!, /docstring side: the generated code did not load \(import-failed\): SyntaxError: invalid syntax/);
  assert.match(b.note!, /stale flag not judged/);
  assert.equal(b.docstringDisagreements![0]!.got, 'the generated code did not load (import-failed): SyntaxError: invalid syntax');
});

test('no docstring: the inferred side only, and the note says what was skipped', async (t) => {
  const server = await startScriptedServer(() => code('desc-tuple'));
  t.after(() => server.close());
  const llm = { baseURL: server.url, model: 'm', apiKey: 'k', maxRetries: 0 };
  const report = await compare(input({ llm, info: { ...INFO, docstring: null }, heldOut: [{ args: ['[4, 9, 2, 7]'] }] }), { startWorker: fakeStartWorker([]) });
  assert.deepEqual(report.behavioural!.inferred, { agree: 1, total: 1 });
  assert.equal(report.behavioural!.docstring, undefined);
  assert.equal(report.doctests, undefined);
  assert.equal(report.lexicalF1, undefined);
  assert.equal(report.judge, undefined);
  assert.deepEqual(report.notes, [NO_DOCSTRING_NOTE]);
  assert.equal(server.requests.length, 1);
});

test('instance methods: doctests run, behavioural comparison says it is skipped', async (t) => {
  const server = await startScriptedServer(() => ({ kind: 'text', content: '{"score": 5, "rationale": "same"}' }));
  t.after(() => server.close());
  const method: FunctionInfo = {
    ...INFO,
    name: 'deposit',
    qualname: 'BankAccount.deposit',
    kind: 'method',
    needsReceiver: true,
    ownerClass: 'BankAccount',
    docstring: '>>> BankAccount(1).deposit(2)\n3\n',
  };
  const calls: CallRequest[] = [];
  const worker: Prober = {
    info: method,
    call: async (req) => (
      calls.push(req),
      {
        status: 'returned',
        value: { type: 'int', repr: '3', truncated: false, data: { t: 'int', v: '3' } },
        mutations: [],
        stdout: '',
        stderr: '',
        durationMs: 1,
      }
    ),
    stop: async () => {},
  };
  const llm = { baseURL: server.url, model: 'm', apiKey: 'k', maxRetries: 0 };
  const report = await compare(input({ llm, info: method, worker }), { startWorker: fakeStartWorker([]) });
  assert.deepEqual(calls, [{ args: ['2'], receiver: 'BankAccount(1)' }]);
  assert.equal(report.doctests!.passed, 1);
  assert.equal(report.behavioural, undefined);
  assert.ok(report.notes!.includes(METHOD_NOTE));
  assert.equal(report.judge!.score, 5);
});

test('a model error becomes a note; Stop rejects', async (t) => {
  const server = await startScriptedServer(() => ({ kind: 'error', status: 500 }));
  t.after(() => server.close());
  const llm = { baseURL: server.url, model: 'm', apiKey: 'k', maxRetries: 0 };
  const report = await compare(input({ llm }), { startWorker: fakeStartWorker([]) });
  assert.equal(report.behavioural, undefined);
  assert.ok(report.notes!.some((n) => /behavioural comparison \(inferred side\) skipped: the model request failed/.test(n)));
  assert.ok(report.notes!.some((n) => /^judge skipped: the model request failed/.test(n)));

  const hang = await startScriptedServer(() => ({ kind: 'hang' }));
  t.after(() => hang.close());
  const controller = new AbortController();
  const pending = compare(input({ llm: { ...llm, baseURL: hang.url }, signal: controller.signal }), { startWorker: fakeStartWorker([]) });
  await hang.waitForRequests(1);
  controller.abort();
  await assert.rejects(pending);
});
