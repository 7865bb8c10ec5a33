// The comparison on the examples/ workspace: doctest counts agree with Python's own doctest
// runner, and the deliberately stale docstring (legacy.top_scores) is flagged while an
// accurate one (legacy.percent_change) is not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { heldOutInputs } from '../../../src/explorer/index.js';
import { compareWithDocstring, runDoctests, type DoctestReport } from '../../../src/compare/index.js';
import { compareInput, realWorker, scriptedModel, sessionFor } from './support.js';

const EXAMPLES = fileURLToPath(new URL('../../../examples/', import.meta.url));
const LEGACY = join(EXAMPLES, 'legacy.py');

// Python's doctest runner, per function or method that has examples.
const PY_DOCTEST = `
import doctest, importlib.util, inspect, json, os, sys
out = []
for path in sys.argv[1:]:
    name = os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    for t in doctest.DocTestFinder().find(mod):
        qual = t.name[len(name) + 1:]
        if not t.examples or not qual:
            continue
        obj = mod
        for part in qual.split('.'):
            obj = getattr(obj, part)
        if not (inspect.isfunction(obj) or inspect.ismethod(obj)):
            continue
        r = doctest.DocTestRunner(verbose=False).run(t, out=lambda s: None)
        out.append({'file': path, 'qualname': qual, 'attempted': r.attempted, 'failed': r.failed})
print(json.dumps(out))
`;

interface PyCount {
  file: string;
  qualname: string;
  attempted: number;
  failed: number;
}

test("doctest counts match Python's doctest runner wherever every example maps to a call", async () => {
  const files = readdirSync(EXAMPLES)
    .filter((f) => f.endsWith('.py'))
    .map((f) => join(EXAMPLES, f));
  const expected = JSON.parse(execFileSync('python3', ['-c', PY_DOCTEST, ...files], { encoding: 'utf8' })) as PyCount[];
  assert.ok(expected.length >= 20, `examples/ has ${expected.length} documented functions with doctests`);
  const ours = new Map<string, DoctestReport>();
  // A few workers at a time: each function needs its own, and starting one is most of the cost.
  const queue = [...expected];
  const runOne = async (py: PyCount) => {
    const worker = await realWorker(py.file, py.qualname);
    try {
      ours.set(`${py.file.slice(EXAMPLES.length)}:${py.qualname}`, await runDoctests(worker.info.docstring!, worker.info, worker));
    } finally {
      await worker.stop();
    }
  };
  await Promise.all(
    [1, 2, 3].map(async () => {
      for (let py = queue.shift(); py; py = queue.shift()) await runOne(py);
    }),
  );
  let fullyMapped = 0;
  for (const py of expected) {
    const id = `${py.file.slice(EXAMPLES.length)}:${py.qualname}`;
    const report = ours.get(id)!;
    assert.equal(report.passed + report.failed + report.notRun, py.attempted, `${id}: every example is accounted for`);
    for (const r of report.results) if (r.notRun) assert.equal(r.ok, false);
    if (report.notRun === 0) {
      fullyMapped++;
      assert.deepEqual([report.passed, report.failed], [py.attempted - py.failed, py.failed], id);
    }
  }
  assert.ok(fullyMapped >= 18, `${fullyMapped} functions had every example run`);
  // The two examples README.md names: the stale docstring fails both, an accurate one passes all.
  assert.deepEqual(ours.get('legacy.py:top_scores'), { ...ours.get('legacy.py:top_scores'), passed: 0, failed: 2, notRun: 0 });
  assert.deepEqual(ours.get('mathx.py:clamp'), { ...ours.get('mathx.py:clamp'), passed: 3, failed: 0, notRun: 0 });
  assert.equal(ours.get('bank.py:BankAccount.deposit')?.passed, 1, 'an instance method example runs with its receiver');
  assert.equal(ours.get('seqs.py:count_up')?.passed, 1, 'list(generator(...)) runs');
  // Examples that need state from an earlier line are reported as not run, never as passed.
  assert.deepEqual(ours.get('seqs.py:normalize_in_place'), { ...ours.get('seqs.py:normalize_in_place'), passed: 0, failed: 0, notRun: 3 });
});

test('legacy.top_scores is flagged stale; legacy.percent_change is not', async (t) => {
  const heldOut = [
    { args: ['[3, 1, 2]'] },
    { args: ['[10, 20]', '1'] },
    { args: ['[]'] },
    { args: ['[5, 5, 5, 1]'], kwargs: { k: '2' } },
    { args: ['[4, 8, 6, 2]'], kwargs: { k: '10' } },
  ];
  const topWorker = await realWorker(LEGACY, 'top_scores');
  t.after(() => topWorker.stop());
  const top = await scriptedModel(
    {
      // What the code does (as an agent would infer it), and what the docstring promises.
      inferred: 'def f(arg0, arg1=3):\n    return tuple(sorted(arg0, reverse=True)[:arg1])',
      docstring: 'def f(arg0, arg1=3):\n    return sorted(sorted(arg0, reverse=True)[:arg1])',
    },
    '{"score": 2, "rationale": "The inferred description returns a descending tuple; the docstring promises an ascending list."}',
  );
  t.after(() => top.server.close());
  const stale = await compareWithDocstring(compareInput(topWorker, sessionFor(topWorker, LEGACY), { llm: top.llm, heldOut }));
  const b = stale.behavioural!;
  assert.deepEqual(b.inferred, { agree: 7, total: 7 });
  assert.ok(b.docstring!.agree / b.docstring!.total < 0.8);
  assert.equal(b.stale, true);
  assert.ok(
    b.docstringDisagreements!.some((d) => d.input === 'top_scores([70, 95, 80, 60], 2)' && d.expected === '(95, 80) (tuple)' && d.got === '[80, 95] (list)'),
  );
  assert.deepEqual([stale.doctests?.passed, stale.doctests?.failed], [0, 2]);
  assert.equal(stale.judge?.score, 2);
  assert.ok(typeof stale.lexicalF1 === 'number');
  // The docstring's model read the docstring under the shown name, never the real one.
  for (const r of top.server.requests) assert.doesNotMatch(JSON.stringify(r.body.messages), /top_scores/);

  const pctWorker = await realWorker(LEGACY, 'percent_change');
  t.after(() => pctWorker.stop());
  const pctCode = 'def f(arg0, arg1):\n    return (arg1 - arg0) / arg0 * 100';
  const pct = await scriptedModel({ inferred: pctCode, docstring: pctCode });
  t.after(() => pct.server.close());
  const pctHeldOut = [{ args: ['10', '15'] }, { args: ['4', '1'] }, { args: ['0', '5'] }, { args: ['2.5', '2.5'] }];
  const fine = await compareWithDocstring(compareInput(pctWorker, sessionFor(pctWorker, LEGACY), { llm: pct.llm, heldOut: pctHeldOut }));
  assert.deepEqual(fine.behavioural?.inferred, { agree: 6, total: 6 });
  assert.deepEqual(fine.behavioural?.docstring, { agree: 6, total: 6 });
  assert.equal(fine.behavioural?.stale, false);
  assert.deepEqual([fine.doctests?.passed, fine.doctests?.failed], [2, 0]);
});

test("with the offline explorer's held-out inputs, as a session passes them", async (t) => {
  const shown = [{ args: ['[70, 95, 80, 60]'] }];
  const worker = await realWorker(LEGACY, 'top_scores');
  t.after(() => worker.stop());
  const heldOut = heldOutInputs(worker.info, shown, 8);
  const model = await scriptedModel({
    inferred: 'def f(arg0, arg1=3):\n    return tuple(sorted(arg0, reverse=True)[:arg1])',
    docstring: 'def f(arg0, arg1=3):\n    return sorted(sorted(arg0, reverse=True)[:arg1])',
  });
  t.after(() => model.server.close());
  const report = await compareWithDocstring(compareInput(worker, sessionFor(worker, LEGACY, { probes: shown }), { llm: model.llm, heldOut }));
  const b = report.behavioural!;
  assert.ok(b.inferred.total >= 8, `${b.inferred.total} inputs compared`);
  assert.equal(b.inferred.agree, b.inferred.total, JSON.stringify(b.disagreements));
  assert.ok(b.docstring!.agree / b.docstring!.total < 0.5, JSON.stringify(b.docstring));
  assert.equal(b.stale, true);
});
