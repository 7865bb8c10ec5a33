// The worker protocol is declared once (src/probe/protocol.ts); the Python TypedDicts are
// generated from it. A stale protocol.py fails here; test/python/test_protocol.py checks the
// real worker's messages against the generated types, so both sides agree.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { FIELDS_PY, generate, generateFields, PROTOCOL_PY } from '../../../scripts/gen-worker-protocol.mjs';

test('pau_probe/protocol.py is what scripts/gen-worker-protocol.mjs makes of src/probe/protocol.ts', () => {
  assert.equal(readFileSync(PROTOCOL_PY, 'utf8'), generate(), 'stale: run node scripts/gen-worker-protocol.mjs');
});

test('pau_probe/fields.py lists every field of ChildResult: a field added to ProbeResult reaches the worker copy', () => {
  assert.equal(readFileSync(FIELDS_PY, 'utf8'), generateFields(), 'stale: run node scripts/gen-worker-protocol.mjs');
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
