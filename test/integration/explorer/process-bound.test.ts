// Results a reader cannot repeat as shown (claims found on a fresh draw of library functions):
// a value that names the worker process, and a coroutine function's call shown as if it returned
// its awaited value.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { exploreExample } from './harness.js';

const FIXTURE = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'fixtures', 'process-bound', 'process_bound.py');

test("a result that names the worker's script (usage: worker.py …) is no example", async () => {
  const { report, records } = await exploreExample(FIXTURE, 'usage_line', { maxProbes: 12 });
  assert.ok(
    records.some((r) => r.result.value?.repr.includes('worker.py')),
    'the fixture shows the script name',
  );
  const examples = report.description.examples.map((e) => `${e.call} → ${e.result}`);
  assert.ok(!examples.some((e) => e.includes('worker.py')), examples.join('\n'));
});

test('a coroutine function is shown awaited: await doubled(3) → 6, and its returns line says it is awaited', async () => {
  const { report } = await exploreExample(FIXTURE, 'doubled', { maxProbes: 12 });
  const { examples, returns } = report.description;
  assert.ok(examples.length > 0, 'an example');
  for (const e of examples) assert.match(e.call, /^await doubled\(|^list\(await doubled\(/, e.call);
  assert.match(returns, /^A coroutine; awaited, /, returns);
});

test('a result that lists the caller\'s stack frames (File "<frozen runpy>", line …) is no example', async () => {
  const { report, records } = await exploreExample(FIXTURE, 'caller_frames', { maxProbes: 12 });
  assert.ok(
    records.some((r) => /File "[^"]+", line \d+, in /.test(r.result.value?.repr ?? '')),
    'the fixture shows stack lines',
  );
  const shown = [...report.description.examples.map((e) => `${e.call} → ${e.result}`), report.description.summary];
  assert.ok(!shown.some((e) => /File \\?"[^"]+\\?", line \d+/.test(e)), shown.join('\n'));
});

test("a result that names the worker's modules (<class 'pau_probe.target.abc'>) is no example", async () => {
  // typing.TypedDict puts the class it makes in its caller's module: in the worker, pau_probe's own.
  const { report, records } = await exploreExample(FIXTURE, 'made_class', { maxProbes: 12 });
  assert.ok(
    records.some((r) => r.result.value?.repr.includes('pau_probe.')),
    'the fixture shows the calling module',
  );
  const shown = [...report.description.examples.map((e) => `${e.call} → ${e.result}`), report.description.summary];
  assert.ok(!shown.some((e) => e.includes('pau_probe.')), shown.join('\n'));
});

test('a raise for a descriptor the worker has not opened (Bad file descriptor) is no raise line or example', async () => {
  // os.stat(3) in the worker's call process: descriptor 3 is closed there, in the user's program it may be open.
  const { report, records } = await exploreExample(FIXTURE, 'size_of', { maxProbes: 16 });
  assert.ok(
    records.some((r) => r.result.exception?.message.includes('Bad file descriptor')),
    'a call gave a descriptor number',
  );
  const { raises, examples } = report.description;
  const shown = [raises, ...examples.map((e) => `${e.call} → ${e.result}`)];
  assert.ok(!shown.some((e) => e.includes('Bad file descriptor')), shown.join('\n'));
});
