// The AST helper answers each request of a batch; one that answers fewer is a helper failure
// with a message, never an undefined answer read as a scan.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PythonSourceError, checkDocstringEdits, listFunctions } from '../../../src/docstring/python-ast.js';

/** An interpreter that reads its request and answers a batch with no answers. */
function silentHelper(): { python: string; dispose: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'pau-ast-'));
  const python = join(dir, 'python');
  writeFileSync(python, '#!/bin/sh\ncat >/dev/null\necho \'{"answers": []}\'\n');
  chmodSync(python, 0o755);
  return { python, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

test('a helper that answers fewer requests than it was asked is a helper-failed error', async () => {
  const { python, dispose } = silentHelper();
  try {
    const failed = (e: unknown): boolean => e instanceof PythonSourceError && e.kind === 'helper-failed' && /answered 0 requests/.test(e.message);
    await assert.rejects(listFunctions('def f():\n    pass\n', python), failed);
    await assert.rejects(checkDocstringEdits([{ before: 'x = 1\n', after: 'x = 1\n', targets: [] }], { python }), failed);
  } finally {
    dispose();
  }
});
