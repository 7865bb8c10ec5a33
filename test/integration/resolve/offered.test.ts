// The CodeLens and the quick pick offer a def only when probing its qualname runs it: checked
// against the worker's own resolution (pau_probe.target) on every def of the fixtures.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { judgeDefs } from '../../../src/extension/python-defs.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

// Loads each qualname as the worker does and reports how it resolved.
const RESOLVE = `
import json, sys
from pau_probe import target
out = {}
for q in json.loads(sys.argv[2]):
    try:
        t = target.load(sys.argv[1], q)
        out[q] = {"origin": t.resolution["origin"], "line": t.code.co_firstlineno if t.code else None}
    except target.TargetError as exc:
        out[q] = {"error": exc.kind}
print(json.dumps(out))
`;

type Resolved = { origin: 'file' | 'elsewhere' | 'replaced'; line: number | null } | { error: string };

function resolveAll(file: string, qualnames: string[]): Promise<Record<string, Resolved>> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, PYTHONPATH: join(ROOT, 'python'), PYTHONDONTWRITEBYTECODE: '1' };
    execFile('python3', ['-c', RESOLVE, file, JSON.stringify(qualnames)], { env, timeout: 60_000 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${err.message}\n${stderr}`));
      else resolve(JSON.parse(stdout) as Record<string, Resolved>);
    });
  });
}

const FILES = [
  'test/fixtures/resolve/offered/traps.py',
  'test/fixtures/resolve/nested/shapes.py',
  'test/fixtures/resolve/decorated/__init__.py',
  'test/fixtures/resolve/speedups/__init__.py',
  'test/fixtures/resolve/rebound/__init__.py',
  'test/fixtures/resolve/proxied/__init__.py',
  'test/fixtures/probe/shapes.py',
];

for (const relative of FILES) {
  test(`every def offered in ${relative} resolves to that def (or the run says what replaced it); none of the others does`, async () => {
    const file = join(ROOT, relative);
    const verdicts = judgeDefs(readFileSync(file, 'utf8'));
    const resolved = await resolveAll(file, [...new Set(verdicts.map((v) => v.def.qualname))]);
    for (const { def, offered } of verdicts) {
      const r = resolved[def.qualname]!;
      const runsThisDef = 'origin' in r && r.origin === 'file' && (r.line === def.line || r.line === def.decoratorLine);
      const label = `${def.qualname} (line ${def.line}): ${JSON.stringify(r)}`;
      if (offered) assert.ok(runsThisDef || ('origin' in r && r.origin === 'replaced'), `offered but does not resolve to it: ${label}`);
      else assert.ok(!runsThisDef, `not offered although it resolves to it: ${label}`);
    }
  });
}

test('the defs rebound at import time are offered, and their resolution says they are replaced', async () => {
  const file = join(ROOT, 'test/fixtures/resolve/speedups/__init__.py');
  const resolved = await resolveAll(file, ['smallest', 'largest']);
  assert.deepEqual(resolved, { smallest: { origin: 'replaced', line: null }, largest: { origin: 'file', line: 13 } });
});
