// Receivers and arguments a plain value cannot stand for: a receiver its constructor cannot build
// from plain values, built through a classmethod of its class (FunctionInfo.ownerFactories,
// fixtures/discovery/factories.py), and a match of the receiver's own pattern (own-pattern.ts, own_pattern.py).
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

const OWN_PATTERN = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'fixtures', 'discovery', 'own_pattern.py');

test("a match of the receiver's own pattern: Inline.handle_match gets re.match of the pattern Inline was built from, and returns", async () => {
  const { records } = await exploreExample(OWN_PATTERN, 'Inline.handle_match', { maxProbes: 20, strictness: 'signature' });
  const shown = records.map((r) => `${r.receiver ?? ''}(${r.args.join(', ')}) -> ${r.result.status}`).join('\n');
  assert.ok(
    records.some((r) => r.result.status === 'returned' && r.result.value?.repr.includes('<')),
    shown,
  );
});
