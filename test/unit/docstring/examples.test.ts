// Doctest output for probe results and the re-run of examples before they are written,
// against a fake Prober (the real worker is used in test/integration/docstring).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { doctestOutput, doctestWant, tracebackWant } from '../../../src/docstring/doctest-lines.js';
import { verifyExamples } from '../../../src/docstring/verify-examples.js';
import type { CallRequest, FunctionInfo, Prober, ProbeResult } from '../../../src/core/probe-types.js';

const returned = (repr: string, extra: Partial<ProbeResult> = {}, type = 'int'): ProbeResult => ({
  status: 'returned',
  value: { type, repr, truncated: false },
  mutations: [],
  stdout: '',
  stderr: '',
  durationMs: 1,
  ...extra,
});
const raised = (type: string, message: string): ProbeResult => ({
  status: 'raised',
  exception: { type, message },
  mutations: [],
  stdout: 'ignored\n',
  stderr: '',
  durationMs: 1,
});

test('doctestOutput: what doctest would print, or why it cannot be a doctest', () => {
  assert.deepEqual(doctestOutput(returned('3')), { ok: true, want: '3' });
  assert.deepEqual(doctestOutput(returned('None', {}, 'NoneType')), { ok: true, want: '' });
  assert.deepEqual(doctestOutput(returned('None', { stdout: 'hello\n\nbye\n' }, 'NoneType')), { ok: true, want: 'hello\n\nbye' });
  assert.deepEqual(doctestOutput(returned("'x'", { stdout: 'log\n' }, 'str')), { ok: true, want: "log\n'x'" });
  assert.deepEqual(doctestOutput(raised('builtins.ValueError', 'bad')), { ok: true, want: 'Traceback (most recent call last):\n    ...\nValueError: bad' });
  assert.deepEqual(doctestOutput(raised('KeyError', '')), { ok: true, want: 'Traceback (most recent call last):\n    ...\nKeyError' });
  const notOk = (r: ProbeResult) => {
    const out = doctestOutput(r);
    assert.equal(out.ok, false);
    return out.ok ? '' : out.reason;
  };
  assert.match(notOk(returned('[1, 2, ...', { value: { type: 'list', repr: '[1, 2, ...', truncated: true } })), /too long/);
  assert.match(
    notOk(returned('<generator object g at 0x7f>', { value: { type: 'generator', repr: '<g>', truncated: false, iteration: { items: ['1'], ended: true } } })),
    /iterator/,
  );
  assert.match(notOk(returned('<Foo object at 0x7f3a2b>')), /memory address/);
  assert.match(
    notOk(
      returned("{'a', 'b'}", {
        value: {
          type: 'set',
          repr: "{'a', 'b'}",
          truncated: false,
          data: {
            t: 'set',
            v: [
              { t: 'str', v: 'a' },
              { t: 'str', v: 'b' },
            ],
          },
        },
      }),
    ),
    /order/,
  );
  assert.equal(
    doctestOutput(
      returned('{1, 2}', {
        value: {
          type: 'set',
          repr: '{1, 2}',
          truncated: false,
          data: {
            t: 'set',
            v: [
              { t: 'int', v: '1' },
              { t: 'int', v: '2' },
            ],
          },
        },
      }),
    ).ok,
    true,
  );
  assert.match(notOk(returned('1', { stdout: 'no newline' })), /final newline/);
  assert.match(notOk(returned('1', { stdout: 'trailing \n' })), /trailing spaces/);
  assert.match(notOk({ status: 'timeout', mutations: [], stdout: '', stderr: '', durationMs: 5000 }), /timed out/);
  assert.match(notOk({ status: 'crashed', crash: { exitCode: null, signal: 'SIGSEGV' }, mutations: [], stdout: '', stderr: '', durationMs: 5 }), /crashed/);
  assert.match(
    notOk({ status: 'rejected', exception: { type: 'ArgumentError', message: 'open() is not allowed' }, mutations: [], stdout: '', stderr: '', durationMs: 0 }),
    /open\(\) is not allowed/,
  );
});

test('doctestWant: short forms of results become doctest wants', () => {
  assert.equal(doctestWant('None'), '');
  assert.equal(doctestWant("'x'  \n"), "'x'");
  assert.equal(doctestWant('ValueError: bad'), tracebackWant('ValueError', 'bad'));
  assert.equal(doctestWant('raises mod.CustomError'), tracebackWant('mod.CustomError', ''));
  assert.equal(doctestWant("ValueError('not raised, returned')"), "ValueError('not raised, returned')");
  assert.equal(doctestWant(tracebackWant('KeyError', "'k'")), tracebackWant('KeyError', "'k'"));
});

/** A Prober that answers from a table keyed by the first argument and records the calls. */
function fakeProber(answers: Record<string, ProbeResult | Error>): Prober & { calls: CallRequest[] } {
  const calls: CallRequest[] = [];
  return {
    info: {} as FunctionInfo,
    calls,
    async call(req: CallRequest) {
      calls.push(req);
      const answer = answers[req.args[0]!];
      if (answer === undefined) throw new Error(`no answer for ${req.args[0]}`);
      if (answer instanceof Error) throw answer;
      return answer;
    },
    async stop() {},
  };
}

test('verifyExamples keeps the examples that give the same result again and drops the rest with reasons', async () => {
  const prober = fakeProber({
    '1': returned('2'),
    '2': returned('5'), // was 4: not deterministic, or the file changed
    '3': raised('ValueError', 'negative'),
    '4': returned('None', {}, 'NoneType'),
    '5': { status: 'timeout', mutations: [], stdout: '', stderr: '', durationMs: 5000 },
    '6': new Error('worker died'),
    '7': raised('TypeError', 'other message'),
  });
  const result = await verifyExamples(prober, [
    { call: { args: ['1'] }, shown: 'f(1)', expected: '2' },
    { call: { args: ['2'] }, shown: 'f(2)', expected: '4' },
    { call: { args: ['3'] }, shown: 'f(3)', expected: 'ValueError: negative' },
    { call: { args: ['4'] }, shown: 'f(4)', expected: '' },
    { call: { args: ['5'] }, shown: 'f(5)', expected: '1' },
    { call: { args: ['6'] }, shown: 'f(6)', expected: '1' },
    { call: { args: ['7'] }, shown: 'f(7)', expected: tracebackWant('TypeError', 'message') },
  ]);
  assert.deepEqual(
    prober.calls.map((c) => c.args[0]),
    ['1', '2', '3', '4', '5', '6', '7'],
    'each example re-run once, in order',
  );
  assert.deepEqual(result.kept, [
    { call: 'f(1)', result: '2', request: { args: ['1'] } },
    { call: 'f(3)', result: tracebackWant('ValueError', 'negative'), request: { args: ['3'] } },
    { call: 'f(4)', result: '', request: { args: ['4'] } },
  ]);
  assert.deepEqual(
    result.dropped.map((d) => [d.call, d.got, d.reason]),
    [
      ['f(2)', '5', 'the result changed when the example was run again'],
      ['f(5)', 'timeout', 'the call timed out'],
      ['f(6)', '', 'the call failed: worker died'],
      ['f(7)', tracebackWant('TypeError', 'other message'), 'the result changed when the example was run again'],
    ],
  );
});

test('verifyExamples stops when aborted', async () => {
  const controller = new AbortController();
  const prober = fakeProber({ '1': returned('1') });
  const original = prober.call.bind(prober);
  prober.call = async (req) => {
    const r = await original(req);
    controller.abort(new Error('stopped by the user'));
    return r;
  };
  await assert.rejects(
    verifyExamples(
      prober,
      [
        { call: { args: ['1'] }, shown: 'f(1)', expected: '1' },
        { call: { args: ['1'] }, shown: 'f(1)', expected: '1' },
      ],
      { signal: controller.signal },
    ),
    /stopped by the user/,
  );
  assert.equal(prober.calls.length, 1);
});

test('verifyExamples drops an example that builds a package class the module does not import, without running it', async () => {
  // The worker builds TokenList by name (an argument class); a doctest in the module would raise NameError.
  const prober = fakeProber({ '[1]': returned('1'), 'TokenList([])': returned('0'), "'TokenList'": returned('9') });
  const info = { moduleClasses: ['Token'], argumentClasses: [{ name: 'TokenList', attributes: [] }] } as unknown as FunctionInfo;
  const result = await verifyExamples({ ...prober, info }, [
    { call: { args: ['TokenList([])'] }, shown: 'f(TokenList([]))', expected: '0' },
    { call: { args: ['[1]'], receiver: 'TokenList()' }, shown: 'TokenList().f([1])', expected: '1' },
    { call: { args: ["'TokenList'"] }, shown: "f('TokenList')", expected: '9' },
  ]);
  assert.deepEqual(
    result.kept.map((k) => k.call),
    ["f('TokenList')"],
  );
  assert.deepEqual(
    result.dropped.map((d) => [d.call, d.reason]),
    [
      ['f(TokenList([]))', 'it builds a TokenList, which the module does not import: its doctest would raise NameError'],
      ['TokenList().f([1])', 'it builds a TokenList, which the module does not import: its doctest would raise NameError'],
    ],
  );
});
