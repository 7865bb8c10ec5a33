// A call that opened or looked up a number as a file it had not opened (the worker's
// `namedDescriptors`: pycodestyle's input_file(3), mimetypes' init([3, 1, 2])) found there what the
// worker's process held; the reader's process holds something else at 3 (or its stderr is a file),
// so no line may rest on such a call, and the summary says they were left out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import { DEFAULT_STRICTNESS } from '../../../src/core/limits.js';
import type { ProbeFn } from '../../../src/core/run-types.js';
import { parseSource } from '../../../src/explorer/parse.js';
import { int } from '../../../src/explorer/values.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, fakeProbe, info, param } from './fake-python.js';

// A checker that counts the lines of a file given by name, or of the descriptor given by number
// (nothing open there in the worker: it reports one error, E902); no number below 0 is one.
const inputFile: FakeFunction = {
  params: [param('filename')],
  body: ([name]) => {
    if (name?.k === 'int' && Number(name.v) < 0) throw new PyError('ValueError', 'negative file descriptor');
    if (name?.k === 'int') return int(1);
    if (name?.k === 'str') return int(name.v.length % 7);
    throw new PyError('TypeError', 'expected str, bytes or os.PathLike object');
  },
};

/** The fake worker's probe, with the descriptor an int argument names, as the worker reports it. */
function naming(probe: ProbeFn): ProbeFn {
  return async (request, note, options) => {
    const record = await probe(request, note, options);
    const given = [...request.args, ...Object.values(request.kwargs ?? {})].map((s) => parseSource(s)).find((v) => v?.k === 'int');
    return given?.k === 'int' && given.v >= 0 ? { ...record, result: { ...record.result, namedDescriptors: [Number(given.v)] } } : record;
  };
}

test('calls that named a descriptor by number are left out of every line, and the summary says so', async () => {
  const { probe, records } = fakeProbe(inputFile, { cache: false });
  const report = await exploreOffline(info('input_file', inputFile), naming(probe), { maxProbes: 30, strictness: DEFAULT_STRICTNESS });
  const d = report.description;
  // How many calls it leaves out, re-runs of them too: every one that named a descriptor here.
  const left = /used a number as a file descriptor .* the lines here leave out those (\d+) calls( \(\d+ of them re-runs? of the others\))?\./.exec(d.summary);
  assert.ok(left, d.summary);
  const named = records.filter((r) => {
    const given = [...r.args, ...Object.values(r.kwargs ?? {})].map((a) => parseSource(a)).find((v) => v?.k === 'int');
    return given?.k === 'int' && given.v >= 0;
  });
  assert.equal(Number(left[1]), named.length, d.summary);
  assert.doesNotMatch(d.parameters.filename ?? '', /int/, d.parameters.filename);
  const withInt = new Set((d.claims ?? []).flatMap((c) => (c.text.includes('file descriptor') && c.support.length === 0 ? c.tested : [])));
  assert.ok(withInt.size > 0, 'the sentence names the calls it leaves out');
  for (const c of d.claims ?? []) for (const i of c.support) assert.ok(!withInt.has(i), `${c.part}: ${c.text} rests on call #${i}, which named a descriptor`);
  for (const e of d.examples) assert.doesNotMatch(e.call, /input_file\(\d+\)/, e.call);
});

test('without a named descriptor the same calls are described as before', async () => {
  const { probe } = fakeProbe(inputFile, { cache: false });
  const report = await exploreOffline(info('input_file', inputFile), probe, { maxProbes: 30, strictness: DEFAULT_STRICTNESS });
  assert.doesNotMatch(report.description.summary, /file descriptor/, report.description.summary);
  assert.match(report.description.parameters.filename ?? '', /int/, report.description.parameters.filename);
});
