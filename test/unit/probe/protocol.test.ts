// The worker protocol is declared once (src/probe/protocol.ts); the Python TypedDicts, the
// worker's field lists and the host's result schema are generated from it. A stale generated
// file fails here; test/python/test_protocol.py checks the real worker's messages against the
// generated types, so both sides agree.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { generate, generateFields, outputs } from '../../../scripts/gen-worker-protocol.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

test('protocol.py, fields.py, result-schema.ts and result-plain-check.ts are what scripts/gen-worker-protocol.mjs makes of the sources', async () => {
  const files = await outputs();
  assert.deepEqual(
    files.map(([path]) => relative(ROOT, path)),
    ['python/pau_probe/protocol.py', 'python/pau_probe/fields.py', 'src/probe/result-schema.ts', 'src/probe/result-plain-check.ts'],
  );
  for (const [path, text] of files) assert.equal(readFileSync(path, 'utf8'), text, `${path} is stale: run node scripts/gen-worker-protocol.mjs`);
});

test('pau_probe/fields.py lists every field of ChildResult: a field added to ProbeResult reaches the worker copy', () => {
  const fields = /^FIELDS_OF_CHILD_RESULT = \((.*)\)$/m.exec(generateFields())?.[1] ?? '';
  const names = new Set([...fields.matchAll(/"(\w+)"/g)].map((m) => m[1]));
  for (const name of ['status', 'value', 'exception', 'mutations', 'durationMs', 'arguments', 'coverageHits']) assert.ok(names.has(name), name);
  for (const added of ['stdout', 'stderr', 'outputTruncated', 'coverage', 'crash']) assert.ok(!names.has(added), `${added} is the worker's own`);
});

test('every host and worker message has its TypedDict, with required and optional fields as declared', () => {
  const python = generate();
  for (const name of ['StartMessage', 'CallMessage', 'StopMessage', 'ReadyEvent', 'ErrorEvent', 'ForkedEvent', 'StartedEvent', 'ResultEvent']) {
    assert.match(python, new RegExp(`^class ${name}\\(`, 'm'), name);
  }
  assert.match(python, /^HostMessage = Union\["StartMessage", "CallMessage", "StopMessage"\]$/m);
  assert.match(python, /^WorkerMessage = Union\["ReadyEvent", "ErrorEvent", "ForkedEvent", "StartedEvent", "ResultEvent"\]$/m);
  // Optional in TypeScript (`cwd?`) is total=False in Python; required fields stay in the base.
  const start = python.slice(python.indexOf('class _StartMessageRequired'), python.indexOf('class _WorkerLimitsRequired'));
  assert.match(start, /class StartMessage\(_StartMessageRequired, total=False\):[\s\S]*\n {4}cwd: str/);
  assert.match(start, /class _StartMessageRequired\(TypedDict\):[\s\S]*\n {4}renderGraceMs: float/);
});
