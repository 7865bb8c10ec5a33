// From probes to doctests, with the real worker: examples are re-run in the sandbox, the
// unreliable ones dropped, the rest written into the file's docstrings, and then Python's own
// doctest runs the file: every written example must pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { applyEdits, computeDocstringEdits } from '../../../src/docstring/edit.js';
import { doctestOutput } from '../../../src/docstring/doctest-lines.js';
import { renderDocstring } from '../../../src/docstring/render.js';
import { verifyExamples, type VerifiedExamples } from '../../../src/docstring/verify-examples.js';
import { startWorker } from '../../../src/probe/client.js';
import type { CallRequest } from '../../../src/core/probe-types.js';
import { renderCall } from '../../../src/core/format.js';
import type { Description } from '../../../src/core/session-types.js';

const FIXTURE = fileURLToPath(new URL('../../fixtures/docstring/textutil.py', import.meta.url));

interface Target {
  qualname: string;
  /** Requests as the worker takes them (real keyword names); the agent saw `f(arg0, arg1=…)`. */
  calls: CallRequest[];
}

/** The call as the agent wrote it: anonymous name and parameter names. */
function shownCall(name: string, call: CallRequest): string {
  const kwargs = call.kwargs ? Object.fromEntries(Object.entries(call.kwargs).map(([k, v]) => [k === 'sep' ? 'arg1' : k, v])) : undefined;
  return renderCall(name, { ...call, ...(kwargs ? { kwargs } : {}) });
}

const TARGETS: Target[] = [
  { qualname: 'slugify', calls: [{ args: ["'Hello World!'"] }, { args: ["'a b'"], kwargs: { sep: "'_'" } }] },
  { qualname: 'parse_pair', calls: [{ args: ["' k = v '"] }, { args: ["'ab'"] }] },
  { qualname: 'shout', calls: [{ args: ["'hi'"] }] },
  { qualname: 'escape_path', calls: [{ args: ["'a\\\\b'"] }] },
  { qualname: 'letters', calls: [{ args: ["'abc'"] }, { args: ["''"] }] },
  { qualname: 'stamp', calls: [{ args: [] }] },
  { qualname: 'Counter.add', calls: [{ args: ['2'], receiver: 'Counter(3)' }] },
];

const describeAs = (summary: string): Description => ({
  summary,
  details: '',
  parameters: { arg0: 'the input' },
  returns: '',
  raises: '',
  examples: [],
  confidence: 0.8,
});

test('examples are re-run, unreliable ones dropped, and the written docstrings pass doctest', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'pau-docstring-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'textutil.py');
  copyFileSync(FIXTURE, file);

  const verified = new Map<string, VerifiedExamples>();
  for (const target of TARGETS) {
    const worker = await startWorker({ target: { file, qualname: target.qualname }, coverage: false });
    try {
      const method = worker.info.needsReceiver;
      const examples = [];
      for (const call of target.calls) {
        const first = await worker.call(call);
        const output = doctestOutput(first);
        const shown = shownCall(method ? worker.info.name : 'f', call);
        examples.push({ call, shown, expected: output.ok ? output.want : (first.value?.repr ?? '') });
      }
      verified.set(target.qualname, await verifyExamples(worker, examples));
    } finally {
      await worker.stop();
    }
  }

  const kept = (q: string) => verified.get(q)!.kept.map((k) => k.call);
  const dropped = (q: string) => verified.get(q)!.dropped.map((d) => d.reason);
  assert.deepEqual(kept('slugify'), ["f('Hello World!')", "f('a b', arg1='_')"]);
  assert.deepEqual(kept('parse_pair'), ["f(' k = v ')", "f('ab')"]);
  assert.equal(verified.get('parse_pair')!.kept[1]!.result, "Traceback (most recent call last):\n    ...\ntextutil.ParseError: no '=' in 'ab'");
  assert.deepEqual(kept('shout'), ["f('hi')"]);
  assert.equal(verified.get('shout')!.kept[0]!.result, 'HI\n\ndone');
  assert.deepEqual(kept('escape_path'), ["f('a\\\\b')"]);
  // A set of strings prints in hash order, which changes between runs; the empty set does not.
  assert.deepEqual(kept('letters'), ["f('')"]);
  assert.deepEqual(dropped('letters'), ['a set of strings prints in a different order in each run']);
  assert.deepEqual(kept('stamp'), []);
  assert.deepEqual(dropped('stamp'), ['the result changed when the example was run again']);
  assert.deepEqual(kept('Counter.add'), ['Counter(3).add(2)']);

  const source = (await import('node:fs')).readFileSync(file, 'utf8');
  const batch = await computeDocstringEdits(
    source,
    TARGETS.map((target) => {
      const name = target.qualname.split('.').pop()!;
      const body = renderDocstring(describeAs(`does what ${name} does`), 'google', {
        examples: verified.get(target.qualname)!.kept,
        functionName: name,
        shownName: 'f',
        paramNames: { arg0: 'text', arg1: 'sep' },
      });
      return { qualname: target.qualname, body };
    }),
  );
  assert.deepEqual(batch.refused, []);
  assert.equal(batch.edits.length, TARGETS.length);
  writeFileSync(file, applyEdits(source, batch.edits));

  const total = [...verified.values()].reduce((n, v) => n + v.kept.length, 0);
  const run = await execa('python3', ['-m', 'doctest', '-v', 'textutil.py'], { cwd: dir, reject: false, env: { PYTHONHASHSEED: 'random' } });
  assert.equal(run.exitCode, 0, run.stdout.slice(-3000) + run.stderr);
  assert.match(run.stdout, new RegExp(`^${total} passed and 0 failed\\.$`, 'm'));
  // The keyword argument was written with the real parameter name.
  assert.match(run.stdout, /Trying:\n\s+slugify\('a b', sep='_'\)/);
});
