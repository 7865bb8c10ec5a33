// The sampled measure (test/bench/explorer-sampled.bench.ts): the committed draw has the shape
// the issue asks for and the halves draw.py's seed gives, the type-list rule, and the
// independent re-check (recheck.py) finds false lines against the real function.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isTypeList } from '../../bench/explorer-sampled.bench.js';
import { PYTHON } from '../../corpus/explorer/explore.js';

interface Draw {
  seed: number;
  functions: { id: string; module: string; qualname: string; source: string; kind: 'package' | 'stdlib'; half: 'dev' | 'held-out' }[];
  skips: { id: string; reason: string }[];
}
const draw = JSON.parse(readFileSync('test/corpus/sampled/draw.json', 'utf8')) as Draw;

test('the draw: 300+ functions from 30+ Debian packages and 20+ stdlib modules, each once, every skip with an allowed reason', () => {
  assert.ok(draw.functions.length >= 300, `${draw.functions.length} functions`);
  assert.ok(new Set(draw.functions.filter((f) => f.kind === 'package').map((f) => f.source)).size >= 30);
  assert.ok(new Set(draw.functions.filter((f) => f.kind === 'stdlib').map((f) => f.source)).size >= 20);
  assert.equal(new Set(draw.functions.map((f) => f.id)).size, draw.functions.length);
  for (const f of draw.functions) {
    assert.equal(f.id, `${f.module}:${f.qualname}`);
    assert.ok(!f.qualname.split('.').some((p) => p.startsWith('_')), `${f.id} is not public`);
  }
  const allowed = /^(needs the network|needs a GUI|files outside a scratch folder|no Python source|signature cannot be read|cannot be imported)/;
  for (const s of draw.skips) assert.match(s.reason, allowed, `${s.id}: ${s.reason}`);
});

test('the halves are the ones the seed gives, of equal size, and dev.txt lists the development half', () => {
  const halves = JSON.parse(execFileSync(PYTHON, ['test/corpus/sampled/draw.py', '--split'], { encoding: 'utf8' })) as Record<string, string>;
  for (const f of draw.functions) assert.equal(f.half, halves[f.id], f.id);
  const dev = draw.functions.filter((f) => f.half === 'dev').map((f) => f.id);
  assert.ok(Math.abs(2 * dev.length - draw.functions.length) <= 1);
  assert.deepEqual(readFileSync('test/corpus/sampled/dev.txt', 'utf8').trim().split('\n'), dev);
});

test('a summary is a type list when, type names and type talk removed, nothing is left', () => {
  assert.equal(isTypeList('Takes a str, an int and an int and returns a dict. Not characterised beyond its types.', []), true);
  assert.equal(isTypeList('Takes an int or None and returns an attr.validators._OptionalValidator.', ['attr.validators._OptionalValidator']), true);
  assert.equal(isTypeList("Takes a str and returns a str. Lower-cases the text and joins the words with '-'.", []), false);
  assert.equal(isTypeList('Takes a str and returns a str; the output is the input wrapped in quotes.', []), false);
});

function recheck(report: unknown, records: unknown[]): { stated: number; checked: number; contradictions: { part: string; why: string }[] } {
  const input = JSON.stringify({ module: 'shlex', qualname: 'quote', report, records, params: ['s'] });
  return JSON.parse(execFileSync(PYTHON, ['test/bench/sampled/recheck.py'], { input, encoding: 'utf8', timeout: 120_000 })) as never;
}

// shlex.quote leaves a plain word as it is: on these calls alone, its output is as long as its
// input. A fresh input with a space in it (the re-check's own) shows it is not.
const records = [
  { index: 1, args: ["'plain'"], kwargs: {}, origin: 'offline', result: { status: 'returned', value: { type: 'str', repr: "'plain'" }, durationMs: 1 } },
  { index: 2, args: ['3'], kwargs: {}, origin: 'offline', result: { status: 'raised', exception: { type: 'TypeError', message: 'x' }, durationMs: 1 } },
  { index: 3, args: ["'abc'"], kwargs: {}, origin: 'offline', result: { status: 'returned', value: { type: 'str', repr: "'abc'" }, durationMs: 1 } },
  {
    index: 4,
    args: ["'a'", "'b'"],
    kwargs: {},
    origin: 'offline',
    result: { status: 'raised', exception: { type: 'TypeError', message: 'x' }, durationMs: 1 },
  },
];

function reportOf(o: { lengthPreserving: boolean; raises: string; contrast: number; example: string }): unknown {
  return {
    returnTypes: ['str'],
    exceptions: {},
    properties: [
      { name: 'deterministic', holds: true, evidence: '' },
      { name: 'length-preserving', holds: o.lengthPreserving, evidence: '' },
    ],
    ioTable: '',
    description: {
      summary: 'Takes a str and returns a str.',
      details: '',
      parameters: { s: 'str' },
      returns: 'A str.',
      raises: '',
      confidence: 0.5,
      examples: [{ call: "f('plain')", result: o.example, probe: 1 }],
      claims: [
        { part: 'summary', text: 'takes a str and returns a str', support: [1, 3], tested: [] },
        { part: 'summary', text: 'what it computes was not worked out', support: [], tested: [] },
        { part: 'parameter', text: 's: str', support: [1, 3], tested: [] },
        { part: 'raises', text: `${o.raises} for f(3)`, support: [2], tested: [], check: { kind: 'raises', type: o.raises, probe: 2, contrast: o.contrast } },
        { part: 'example', text: 'example', support: [1], tested: [], check: { kind: 'example', probe: 1 } },
      ],
    },
  };
}

test('the re-check passes true lines and counts what it could not check', () => {
  const out = recheck(reportOf({ lengthPreserving: false, raises: 'TypeError', contrast: 1, example: "'plain'" }), records);
  assert.deepEqual(out.contradictions, []);
  // Stated: 1 property (deterministic) + 5 ledger lines. The first summary line rests on calls 1 and
  // 3, which return again; the second rests on no call, so it has no checkable form.
  assert.equal(out.stated, 6);
  assert.equal(out.checked, 5);
});

test('the re-check refutes a false property on fresh inputs, a wrong raise, a bad contrast call and a wrong example', () => {
  const out = recheck(reportOf({ lengthPreserving: true, raises: 'ValueError', contrast: 4, example: "'wrong'" }), records);
  assert.deepEqual(out.contradictions.map((c) => c.part).sort(), ['example', 'property', 'raises', 'raises', 'raises']);
  assert.match(out.contradictions.map((c) => c.why).join('\n'), /contrast call raised TypeError[^]*differs in [^]*not one argument/);
});

function recheckOf(
  module: string,
  qualname: string,
  params: string[],
  report: unknown,
  records: unknown[],
): { contradictions: { part: string; why: string }[] } {
  const input = JSON.stringify({ module, qualname, report, records, params });
  return JSON.parse(execFileSync(PYTHON, ['test/bench/sampled/recheck.py'], { input, encoding: 'utf8', timeout: 120_000 })) as never;
}

const returnedRecord = (index: number, args: string[], repr: string, type: string): unknown => ({
  index,
  args,
  kwargs: {},
  origin: 'offline',
  result: { status: 'returned', value: { type, repr }, mutations: [], durationMs: 1 },
});

function bareReport(o: { returnTypes: string[]; properties?: unknown[]; examples?: unknown[]; claims?: unknown[] }): unknown {
  return {
    returnTypes: o.returnTypes,
    exceptions: {},
    properties: o.properties ?? [],
    ioTable: '',
    description: { summary: '', details: '', parameters: {}, returns: '', raises: '', confidence: 0.5, examples: o.examples ?? [], claims: o.claims ?? [] },
  };
}

test('the re-check reads the type of an exception whose message spans several lines from the line after the header, as doctest does', () => {
  // zoneinfo.reset_tzpath refuses relative paths, listing them one per line; it raises before it changes anything.
  const raised = {
    index: 1,
    args: ["['b']"],
    kwargs: {},
    origin: 'offline',
    result: { status: 'raised', exception: { type: 'ValueError', message: 'x' }, durationMs: 1 },
  };
  const result = 'Traceback (most recent call last):\n    ...\nValueError: Paths should be absolute but found the following relative paths:\n    b';
  const report = bareReport({
    returnTypes: [],
    examples: [{ call: "reset_tzpath(['b'])", result, probe: 1 }],
    claims: [{ part: 'example', text: 'example', support: [1], tested: [], check: { kind: 'example', probe: 1 } }],
  });
  assert.deepEqual(recheckOf('zoneinfo', 'reset_tzpath', ['to'], report, [raised]).contradictions, []);
  // A wrong type on that line is still refuted.
  const wrong = bareReport({
    returnTypes: [],
    examples: [{ call: "reset_tzpath(['b'])", result: result.replace('ValueError', 'KeyError'), probe: 1 }],
    claims: [{ part: 'example', text: 'example', support: [1], tested: [], check: { kind: 'example', probe: 1 } }],
  });
  assert.equal(recheckOf('zoneinfo', 'reset_tzpath', ['to'], wrong, [raised]).contradictions.length, 1);
});

test("the re-check's monotonicity ladder gives each call fresh arguments: a call that pushes onto its heap does not feed the next", () => {
  // heappushpop(heap, item) is min(item, heap[0]) for a fresh heap: increasing in item. Re-using the
  // first call's heap (it now holds 7) made the ladder read 2.5, 3, 1, 2.
  const records = [returnedRecord(1, ['[3, 1, 2]', '2.5'], '2.5', 'float'), returnedRecord(2, ['[3, 1, 2]', '7'], '3', 'int')];
  const report = bareReport({ returnTypes: ['int', 'float'], properties: [{ name: 'monotonic-increasing', holds: true, evidence: '', param: 'item' }] });
  assert.deepEqual(recheckOf('heapq', 'heappushpop', ['heap', 'item'], report, records).contradictions, []);
  // A trend the function does not have is still refuted on the same calls.
  const down = bareReport({ returnTypes: ['int', 'float'], properties: [{ name: 'monotonic-decreasing', holds: true, evidence: '', param: 'item' }] });
  assert.equal(recheckOf('heapq', 'heappushpop', ['heap', 'item'], down, records).contradictions.length, 1);
});
