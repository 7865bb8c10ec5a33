// Where the pytest export writes its module is chosen from the workspace's layout (`tests/`, else
// beside the module), and a workspace one has cloned can hold links (red team, round 7): a link
// named like the module to be written sent the write to wherever it pointed (a file created
// outside the workspace, on the host, with no sandbox around it), a `tests` folder that is a link
// moved the module out of the workspace, and a link to a device or a FIFO held the export (the
// editor's extension host) in a read that never ends. Judged by outcome: nothing is written
// outside the workspace, the export says why, and it does not hang.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { exportCalls } from './run-exported.js';
import { judge, MODE, ROOT } from './readme-table.js';

const PYTHON = '/usr/bin/python3';
const ROW = 'Writes the export makes through links in the workspace (a file or a `tests` folder that leads outside)';
const made: string[] = [];
after(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function folders(): { workspace: string; outside: string; module: string } {
  const workspace = mkdtempSync(join(tmpdir(), 'pau-export-links-'));
  const outside = mkdtempSync(join(tmpdir(), 'pau-export-outside-'));
  made.push(workspace, outside);
  const module = join(workspace, 'linked.py');
  writeFileSync(module, 'def bump(x):\n    return x + 1\n');
  return { workspace, outside, module };
}

test(`[${MODE}] a link named like the exported module does not carry the write outside the workspace`, async () => {
  const { workspace, outside, module } = folders();
  const planted = join(outside, 'planted.py');
  symlinkSync(planted, join(workspace, 'test_linked_bump_pau.py')); // dangling: the export would create it
  const refused = await exportCalls(PYTHON, module, 'bump', [['1']], workspace);
  judge(ROW, !existsSync(planted), { refused, written: existsSync(planted) });
  assert.match(refused ?? '', /link/, String(refused));
});

test(`[${MODE}] a tests folder that is a link out of the workspace is not written into`, async () => {
  const { workspace, outside, module } = folders();
  writeFileSync(join(outside, 'startup.py'), '# a folder whose .py files something runs\n');
  symlinkSync(outside, join(workspace, 'tests'));
  const refused = await exportCalls(PYTHON, module, 'bump', [['1']], workspace);
  const written = readdirSync(outside).filter((name) => name.endsWith('_pau.py'));
  judge(ROW, written.length === 0, { refused, written });
  assert.match(refused ?? '', /outside/, String(refused));
});

test(`[${MODE}] a link to a FIFO where the module goes is refused at once, not read`, () => {
  const { workspace, outside, module } = folders();
  const fifo = join(outside, 'fifo');
  execFileSync('mkfifo', [fifo]);
  mkdirSync(join(workspace, 'tests'));
  writeFileSync(join(workspace, 'tests', 'test_other.py'), '');
  symlinkSync(fifo, join(workspace, 'tests', 'test_linked_bump_pau.py'));
  // In a process of its own: a read of the FIFO blocks its thread, and no timer of this one would fire.
  const script = [
    "import { exportPytest } from './src/export/pytest-export.ts';",
    'const session = { target: { file: process.argv[1], qualname: "bump" }, probes: [], settings: {} };',
    'const fail = () => { throw new Error("not reached"); };',
    'exportPytest({ session, workspaceRoot: process.argv[2], startWorker: fail, runPytest: fail })',
    '  .then(() => console.log("exported"), (err) => console.log(String(err.message)));',
  ].join('\n');
  let said: string;
  try {
    said = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, module, workspace], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 20_000,
    });
  } catch (err) {
    said = `no answer: ${(err as Error).message.slice(0, 200)}`;
  }
  assert.match(said, /test_linked_bump_pau\.py is a (symbolic )?link/, said);
});
