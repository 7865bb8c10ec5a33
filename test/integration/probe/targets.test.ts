// Resolving what to call: keyword arguments, every kind of method, packages with relative
// imports, source strings, and clear errors for targets that cannot be imported.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { startWorker } from '../../../src/probe/client.js';
import { ProbeError } from '../../../src/core/probe-types.js';
import { describeResult, fixture, workerFor } from './support.js';

test('keyword arguments are passed by name', async () => {
  const w = await workerFor('basics.py', 'add');
  const result = await w.call({ args: ['1'], kwargs: { b: '3', scale: '10' } });
  assert.equal(result.value?.repr, '40', describeResult(result));
});

test('describe() reports the signature with kinds, annotations and defaults', async () => {
  const w = await workerFor('basics.py', 'add');
  assert.deepEqual(w.describe().params, [
    { name: 'a', kind: 'POSITIONAL_OR_KEYWORD' },
    { name: 'b', kind: 'POSITIONAL_OR_KEYWORD', default: '2' },
    { name: 'scale', kind: 'KEYWORD_ONLY', annotation: 'int', default: '1' },
  ]);
  assert.equal(w.info.kind, 'function');
  assert.equal(w.info.needsReceiver, false);
  assert.match(w.info.pythonVersion, /^3\.\d+\.\d+/);
});

test('annotations are reported as written in the source', async () => {
  const w = await workerFor('shapes.py', 'annotated');
  assert.deepEqual(w.info.params, [
    { name: 'xs', kind: 'POSITIONAL_OR_KEYWORD', annotation: '"list[Point]"' },
    { name: 'limit', kind: 'POSITIONAL_OR_KEYWORD', annotation: 'Optional[int]', default: 'None' },
    { name: 'rest', kind: 'VAR_POSITIONAL', annotation: 'int' },
    { name: 'extra', kind: 'VAR_KEYWORD', annotation: 'Dict[str, int]' },
  ]);
  assert.equal(w.info.returnAnnotation, 'List[int]');
});

test('the docstring is reported to the host and hidden from the function', async () => {
  const w = await workerFor('basics.py', 'own_doc');
  assert.match(w.info.docstring ?? '', /SECRET-DOCSTRING-MARKER/);
  const result = await w.call({ args: [] });
  assert.equal(result.value?.repr, 'None');
});

test('an instance method is called on a receiver built from source', async () => {
  const w = await workerFor('shapes.py', 'Point.norm1');
  assert.equal(w.info.kind, 'method');
  assert.equal(w.info.needsReceiver, true);
  assert.equal(w.info.ownerClass, 'Point');
  assert.deepEqual(w.info.params, []);
  assert.deepEqual(w.info.moduleClasses, ['Point']);
  const result = await w.call({ args: [], receiver: 'Point(3, -4)' });
  assert.equal(result.value?.repr, '7', describeResult(result));
  const missing = await w.call({ args: [] });
  assert.equal(missing.status, 'rejected');
  assert.match(missing.exception!.message, /instance method: give a receiver/);
});

test('a classmethod is called on its class', async () => {
  const w = await workerFor('shapes.py', 'Point.origin');
  assert.equal(w.info.kind, 'classmethod');
  const result = await w.call({ args: [] });
  assert.equal(result.value?.repr, 'Point(0, 0)', describeResult(result));
  assert.equal(result.value?.type, 'shapes.Point');
});

test('a staticmethod takes plain arguments', async () => {
  const w = await workerFor('shapes.py', 'Point.distance');
  assert.equal(w.info.kind, 'staticmethod');
  const result = await w.call({ args: ['Point(0, 0)', 'Point(2, 3)'] });
  assert.equal(result.value?.repr, '5', describeResult(result));
});

test('a method of a nested class', async () => {
  const w = await workerFor('shapes.py', 'Point.Polar.double');
  assert.equal(w.info.ownerClass, 'Point.Polar');
  const result = await w.call({ args: [], receiver: 'Point.Polar(21)' });
  assert.equal(result.value?.repr, '42', describeResult(result));
});

test('a function in a package that uses relative imports', async () => {
  const w = await workerFor('pkg/mod.py', 'quadruple');
  const result = await w.call({ args: ['5'] });
  assert.equal(result.value?.repr, '20', describeResult(result));
});

test('an async function is run to completion', async () => {
  const w = await workerFor('shapes.py', 'later');
  assert.equal(w.info.isAsync, true);
  const result = await w.call({ args: ['21'] });
  assert.equal(result.value?.repr, '42', describeResult(result));
});

test('an async generator gives its first items', async () => {
  const w = await workerFor('shapes.py', 'countdown');
  assert.equal(w.info.isGenerator, true);
  const result = await w.call({ args: ['3'] });
  assert.deepEqual(result.value?.iteration, { items: ['3', '2', '1'], ended: true }, describeResult(result));
});

test('a target given as source text', async () => {
  const w = await startWorker({
    target: { source: 'def f(xs):\n    return sorted(xs)[::-1]\n', qualname: 'f', moduleName: 'impl' },
  });
  try {
    const result = await w.call({ args: ['[2, 3, 1]'] });
    assert.equal(result.value?.repr, '[3, 2, 1]', describeResult(result));
  } finally {
    await w.stop();
  }
});

async function startError(file: string, qualname = 'f'): Promise<ProbeError> {
  try {
    const w = await startWorker({ target: { file: fixture(file), qualname } });
    await w.stop();
  } catch (err) {
    assert.ok(err instanceof ProbeError, String(err));
    return err;
  }
  assert.fail('the worker started');
}

test('a syntax error at import names the cause', async () => {
  const err = await startError('broken_syntax.py');
  assert.equal(err.kind, 'import-failed');
  assert.match(err.message, /^import of broken_syntax\.py failed: SyntaxError: /);
});

test('a missing dependency names the module', async () => {
  const err = await startError('broken_missing.py');
  assert.equal(err.kind, 'import-failed');
  assert.equal(err.message, "import of broken_missing.py failed: ModuleNotFoundError: No module named 'numpyx'");
});

test('an exception at import names it', async () => {
  const err = await startError('broken_raises.py');
  assert.equal(err.message, 'import of broken_raises.py failed: RuntimeError: refusing to import');
});

test('a missing file is an import failure', async () => {
  const err = await startError('no_such_file.py');
  assert.equal(err.kind, 'import-failed');
  assert.match(err.message, /no such file/);
});

test('an unknown qualname lists every function available, most similar first', async () => {
  const err = await startError('shapes.py', 'Point.nope');
  assert.equal(err.kind, 'unknown-qualname');
  assert.match(err.message, /no function 'Point\.nope' in shapes\.py/);
  assert.equal(err.available?.[0], 'Point.norm1');
  assert.deepEqual(
    [...(err.available ?? [])].sort(),
    ['Point.norm1', 'Point.shift', 'Point.origin', 'Point.distance', 'Point.Polar.double', 'describe', 'apply', 'later', 'countdown', 'annotated'].sort(),
  );
});

test('a missing interpreter is a no-python error', async () => {
  await assert.rejects(
    startWorker({ target: { file: fixture('basics.py'), qualname: 'identity' }, python: '/nonexistent/python3' }),
    (err: unknown) => err instanceof ProbeError && err.kind === 'no-python',
  );
});

test('an interpreter too old for -I (Python 2) is a no-python error that says why, not "not found"', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pau-old-python-'));
  try {
    const old = join(dir, 'python');
    // What Python 2.7 does with -I.
    writeFileSync(old, '#!/bin/sh\necho "Unknown option: -I" >&2\necho "usage: python [option] ..." >&2\nexit 2\n', { mode: 0o755 });
    await assert.rejects(
      startWorker({ target: { file: fixture('basics.py'), qualname: 'identity' }, python: old }),
      (err: unknown) =>
        err instanceof ProbeError && err.kind === 'no-python' && err.message.includes('Unknown option: -I') && /3\.9 or newer/.test(err.message),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the worker's own package is on no path user code sees, in forked and spawned calls", async (t) => {
  // Neither sys.path nor PYTHONPATH leads to pau_probe: a user module named like one of the
  // worker's cannot be shadowed by it, nor import it by accident.
  const source = [
    'import os, sys',
    'def own_paths():',
    "    found = [p for p in sys.path if os.path.isdir(os.path.join(p or '.', 'pau_probe'))]",
    "    return found, os.environ.get('PYTHONPATH')",
    '',
  ].join('\n');
  for (const isolation of ['fork', 'spawn'] as const) {
    const worker = await startWorker({ target: { source, qualname: 'own_paths' }, isolation });
    t.after(() => worker.stop());
    const result = await worker.call({ args: [] });
    assert.equal(result.value?.repr, '([], None)', `${isolation}: ${describeResult(result)}`);
  }
});
