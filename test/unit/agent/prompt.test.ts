// What the model reads of a result: scrubbed of real names where Python would reveal them,
// stderr without file paths or source lines, refusals with their reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeShownAs } from '../../../src/core/shown.js';
import { ModelView, renderProbeCompact, renderProbeVerbatim, scrubStderr } from '../../../src/agent/prompt.js';
import type { ProbeResult } from '../../../src/core/probe-types.js';
import type { ProbeRecord } from '../../../src/core/session-types.js';
import { SHOUT_INFO } from './fake-prober.js';

const view = (strictness: 'anonymized' | 'signature') => new ModelView(SHOUT_INFO, computeShownAs(SHOUT_INFO, strictness), strictness);
const base = { mutations: [], stdout: '', stderr: '', durationMs: 1 };
const record = (result: ProbeResult, extra: Partial<ProbeRecord> = {}): ProbeRecord => ({ index: 4, args: ["'a'"], origin: 'llm', result, ...extra });

test('anonymized: Python binding errors lose the real names; the function own messages stay', () => {
  const v = view('anonymized');
  const typeError: ProbeResult = {
    ...base,
    status: 'raised',
    exception: { type: 'TypeError', message: "shout() got an unexpected keyword argument 'x'; missing 'text', 'times'" },
  };
  assert.equal(v.outcome(typeError), "raises TypeError: f() got an unexpected keyword argument 'x'; missing 'arg0', 'arg1'");
  const own: ProbeResult = { ...base, status: 'raised', exception: { type: 'ValueError', message: "'text' is too long" } };
  assert.equal(v.outcome(own), "raises ValueError: 'text' is too long");
  const rejected: ProbeResult = { ...base, status: 'rejected', exception: { type: 'ArgumentRejected', message: 'kwargs.times: `os` is not an allowed name' } };
  assert.match(
    renderProbeVerbatim(record(rejected, { kwargs: { times: 'os' } }), { view: v, coverageFeedback: true }),
    /^#4 f\('a', arg1=os\) → rejected, nothing ran\n {2}reason: kwargs\.arg1: `os` is not an allowed name$/,
  );
  // signature strictness shows the real names as they are
  assert.equal(view('signature').outcome(typeError), "raises TypeError: shout() got an unexpected keyword argument 'x'; missing 'text', 'times'");
});

test('verbatim results: mutations, output, generators, coverage; compact ones: one line', () => {
  const v = view('anonymized');
  const r: ProbeResult = {
    ...base,
    status: 'returned',
    value: { type: 'generator', repr: '<generator>', truncated: false, iteration: { items: ['1', '2'], ended: true } },
    mutations: [{ arg: 'kwargs.times', repr: '[9]' }],
    stdout: 'hi\n',
    stderr: '/home/u/secret_module.py:3: UserWarning: careful\n  warnings.warn("careful")\n',
    coverage: { lines: { hit: 2, total: 5, new: 1 }, arcs: { hit: 1, total: 4, new: 0 } },
  };
  const text = renderProbeVerbatim(record(r), {
    view: v,
    coverageFeedback: true,
    coverageSoFar: { lines: 3, linesTotal: 5, arcs: 2, arcsTotal: 4 },
    duplicateOf: 2,
  });
  assert.equal(
    text,
    [
      "#4 f('a') → <generator> (generator)",
      '  yields: 1, 2 (then ends)',
      '  mutated kwargs.arg1 → [9]',
      '  stdout: "hi\\n"',
      '  stderr: "UserWarning: careful"',
      '  coverage: this call reached 1 new line, 0 new branches; session so far 3/5 lines, 2/4 branches',
      '  (same as #2: answered from the cache, not counted against the budget)',
    ].join('\n'),
  );
  assert.equal(renderProbeCompact(record(r), v), "#4 f('a') → <generator> (generator)");
});

test('stderr: warning locations and quoted source lines and traceback frames are dropped', () => {
  const stderr = [
    '/x/mod.py:12: DeprecationWarning: old',
    '  return legacy(x)',
    'Traceback (most recent call last):',
    '  File "/x/mod.py", line 3, in f',
    '    secret = compute()',
    'RuntimeError: boom',
  ].join('\n');
  assert.equal(scrubStderr(stderr), 'DeprecationWarning: old\nTraceback (most recent call last):\nRuntimeError: boom');
});
