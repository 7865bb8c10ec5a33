// The host's current folder is the user's project when the CLI runs (`pau probe f.py:f`).
// Modules there named like the ones the host's own Python runs import (json, site,
// compileall, the worker's package) must run nowhere: before the fix, the interpreter
// question (outside any sandbox) ran a json.py there, and in guards mode the worker imported
// it before any guard was up. Judged by outcome: no file appears.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { startWorker, workerPackageRoot } from '../../../src/probe/client.js';
import { workerEnvironment } from '../../../src/probe/environment.js';
import { interpreterPaths } from '../../../src/probe/interpreter.js';
import { MODE, judge } from './readme-table.js';

const root = mkdtempSync(join(tmpdir(), 'pau-current-folder-'));
const project = join(root, 'project');
const target = join(root, 'target');
mkdirSync(project);
mkdirSync(target);
mkdirSync(join(project, 'pau_probe'));
const planted = (name: string) => `open(${JSON.stringify(join(project, `RAN-${name}`))}, "w").write("x")\n`;
for (const name of ['json', 'site', 'compileall', 'select', 'signal']) writeFileSync(join(project, `${name}.py`), planted(name));
writeFileSync(join(project, 'pau_probe', '__init__.py'), planted('pau_probe'));
writeFileSync(join(project, 'pau_probe', 'worker.py'), planted('pau_probe.worker'));
const TARGET = join(target, 'target.py');
writeFileSync(TARGET, 'import json\n\ndef dump(n):\n    return json.dumps([n])\n');
const python = execFileSync('python3', ['-I', '-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();

after(() => rmSync(root, { recursive: true, force: true }));

function ran(): string[] {
  return readdirSync(project).filter((f) => f.startsWith('RAN-'));
}

test(`${MODE} mode: modules in the host's current folder shadow nothing, there or in the worker`, async () => {
  const saved = process.cwd();
  process.chdir(project);
  try {
    const worker = await startWorker({ target: { file: TARGET, qualname: 'dump' }, sandbox: MODE, python });
    try {
      assert.equal((await worker.call({ args: ['7'] })).value?.repr, "'[7]'");
    } finally {
      await worker.stop();
    }
  } finally {
    process.chdir(saved);
  }
  judge('Modules in the folder PAU Probe was started from', ran().length === 0, ran());
});

test("asking an interpreter compiles the worker's bytecode for it (the worker runs with -B)", async () => {
  const tag = execFileSync(python, ['-I', '-c', 'import sys; print(sys.implementation.cache_tag)'], { encoding: 'utf8' }).trim();
  const pyc = join(workerPackageRoot(), 'pau_probe', '__pycache__', `protocol.${tag}.pyc`);
  if (existsSync(pyc)) unlinkSync(pyc);
  const before = Date.now();
  // A folder not asked before in this process: the answer is cached by interpreter and folder.
  const fresh = mkdtempSync(join(root, 'fresh-'));
  const paths = await interpreterPaths(python, workerEnvironment(), fresh, workerPackageRoot());
  assert.ok(paths && !('failed' in paths), `the interpreter answered: ${JSON.stringify(paths)}`);
  assert.ok(existsSync(pyc), `${pyc} was written`);
  assert.ok(statSync(pyc).mtimeMs >= before - 1000, 'and written now');
});
