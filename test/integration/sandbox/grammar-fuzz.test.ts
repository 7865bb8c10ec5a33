// The argument grammar, closed: 100,000 generated sources mixing allowed names with every
// known route to code or private attributes never reach a name or attribute outside the
// allowed set (grammar_fuzz.py holds the generator and the oracle).
// Runs the same in either sandbox mode: it starts no worker (the generator and the oracle are one Python process).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { workerPackageRoot } from '../../../src/probe/client.js';

const HERE = dirname(fileURLToPath(import.meta.url));

test('100,000 generated argument sources reach nothing outside the allowed set', () => {
  let out: string;
  try {
    out = execFileSync('python3', ['-B', join(HERE, 'grammar_fuzz.py'), workerPackageRoot(), '100000', '20261201'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      timeout: 600_000,
    });
  } catch (error) {
    const stdout = String((error as { stdout?: string }).stdout ?? '');
    assert.fail(`the fuzz found an escape: ${stdout.trim().split('\n').pop()}`);
  }
  const counts = JSON.parse(out.trim().split('\n').pop()!) as { sources: number; accepted: number; rejected: number };
  assert.equal(counts.sources, 100_000);
  assert.ok(counts.accepted > 1000 && counts.rejected > 1000, `the generator exercises both sides: ${JSON.stringify(counts)}`);
});
