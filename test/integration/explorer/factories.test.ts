// A receiver its constructor cannot build from plain values (test/fixtures/discovery/factories.py):
// built through a classmethod of its class instead (FunctionInfo.ownerFactories).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { exploreExample } from './harness.js';

const FIXTURE = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'fixtures', 'discovery', 'factories.py');

test('a Span only Span.between builds: width is called on a receiver the classmethod made, and returns', async () => {
  const { records, info } = await exploreExample(FIXTURE, 'Span.width', { maxProbes: 20, strictness: 'signature' });
  assert.deepEqual(
    info.ownerFactories?.map((f) => [f.name, f.params.map((p) => p.name)]),
    [['between', ['lo', 'hi']]],
  );
  const shown = records.map((r) => `${r.receiver ?? ''} -> ${r.result.status}`).join('\n');
  assert.ok(
    records.some((r) => r.result.status === 'returned' && r.receiver?.startsWith('Span.between(')),
    shown,
  );
});
