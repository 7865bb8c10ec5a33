// The worker protocol is declared once (src/probe/protocol.ts); the Python TypedDicts are
// generated from it. A stale protocol.py fails here; test/python/test_protocol.py checks the
// real worker's messages against the generated types, so both sides agree.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { generate, PROTOCOL_PY } from '../../../scripts/gen-worker-protocol.mjs';

test('pau_probe/protocol.py is what scripts/gen-worker-protocol.mjs makes of src/probe/protocol.ts', () => {
  assert.equal(readFileSync(PROTOCOL_PY, 'utf8'), generate(), 'stale: run node scripts/gen-worker-protocol.mjs');
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
