// A workspace whose top folder is itself a package (it has __init__.py): Python imports it from
// the folder above, which may be the user's home. The OS layer shows the package, not that
// folder (red-team finding: `../.ssh/id_rsa` was readable); the import and the call still work.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { startWorker, type ProbeWorker } from '../../../src/probe/client.js';
import { judge, MODE } from './readme-table.js';

const home = mkdtempSync(join(tmpdir(), 'pau-home-'));
const SECRET = 'BEGIN FAKE KEY pau-package-parent';
let worker: ProbeWorker | undefined;

after(async () => {
  await worker?.stop();
  rmSync(home, { recursive: true, force: true });
});

test(`[${MODE}] the folder above a top-level package stays hidden`, async () => {
  mkdirSync(join(home, '.ssh'));
  writeFileSync(join(home, '.ssh', 'id_rsa'), SECRET);
  const project = join(home, 'proj');
  mkdirSync(join(project, 'sub'), { recursive: true });
  writeFileSync(join(project, '__init__.py'), '');
  writeFileSync(join(project, 'sub', '__init__.py'), '');
  writeFileSync(join(project, 'data.txt'), 'inside the package');
  writeFileSync(
    join(project, 'sub', 'mod.py'),
    [
      'import os',
      '',
      'def peek(path):',
      '    here = os.path.dirname(os.path.abspath(__file__))',
      '    try:',
      '        return open(os.path.join(here, path)).read()',
      '    except OSError as exc:',
      '        return type(exc).__name__',
      '',
    ].join('\n'),
  );
  worker = await startWorker({ target: { file: join(project, 'sub', 'mod.py'), qualname: 'peek' }, sandbox: MODE });
  const own = await worker.call({ args: ["'../data.txt'"] });
  assert.equal(own.value?.repr, "'inside the package'", JSON.stringify(own).slice(0, 400));
  const stolen = await worker.call({ args: ["'../../.ssh/id_rsa'"] });
  assert.equal(stolen.status, 'returned', JSON.stringify(stolen).slice(0, 400));
  judge('Secrets (parent environment, files outside the workspace)', !JSON.stringify(stolen).includes(SECRET), stolen);
});
