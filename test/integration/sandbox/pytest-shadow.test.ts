// The export's own pytest run starts in the test module's folder, which is the workspace's (red
// team, round 7). In guards mode the run loads the guards first, then pytest; but `python -c`
// puts the current folder first on sys.path, so a `ctypes.py` there (the guards' Landlock needs
// ctypes) was imported before any guard was armed, and wrote on the host. Judged by outcome:
// the planted module tries to write outside the run's folder, and no file appears; the run
// itself still finds the module beside the test, as `python -m pytest` does.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { pytestRunner } from '../../../src/probe/pytest-run.js';
import { judge, MODE } from './readme-table.js';

const workspace = mkdtempSync(join(tmpdir(), 'pau-pytest-shadow-'));
const outside = mkdtempSync(join(tmpdir(), 'pau-pytest-outside-'));
after(() => {
  rmSync(workspace, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

test(`[${MODE}] a module in the test's folder named like one the guards import runs no code before them`, async () => {
  const tag = randomBytes(6).toString('hex');
  const marker = join(outside, `shadowed-${tag}.txt`);
  // Named as a standard module: it writes, then hands over to the real one so nothing breaks.
  const plant = [
    'import os, sys',
    'try:',
    `    with open(${JSON.stringify(marker)}, "w") as f:`,
    '        f.write("written by a module of the workspace, pid %d" % os.getpid())',
    'except OSError:',
    '    pass',
    'del sys.modules[__name__]',
    'sys.path[:] = [p for p in sys.path if p not in ("", os.getcwd())]',
    'sys.modules[__name__] = __import__(__name__)',
    '',
  ].join('\n');
  writeFileSync(join(workspace, 'ctypes.py'), plant);
  const module = join(workspace, `shadowed_${tag}.py`);
  writeFileSync(module, 'def one():\n    return 1\n');
  const tests = join(workspace, `test_shadowed_${tag}_pau.py`);
  writeFileSync(tests, [`import shadowed_${tag} as m`, '', 'def test_one():', '    assert m.one() == 1', ''].join('\n'));
  const run = await pytestRunner({ sandbox: MODE })(tests, { python: '/usr/bin/python3', moduleFile: module, timeoutMs: 60_000 });
  // The run happened, and found the module beside the test.
  assert.match(run.output, /1 passed/, run.output);
  judge("The export's own pytest run (the module's code under pytest)", !existsSync(marker), {
    written: existsSync(marker),
    output: run.output.slice(-400),
  });
});
