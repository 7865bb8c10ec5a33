// A target right at the root of HOME (or of `/`, `/tmp`, or a folder holding credentials) must
// not bind that whole folder into the OS sandbox (issue 21: `~/.ssh` was readable). Judged by
// outcome against a fake HOME with a key in `.ssh`: the call reads its own file, not the key.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { startWorker, type ProbeWorker } from '../../../src/probe/client.js';
import { judge, MODE } from './readme-table.js';

const home = mkdtempSync(join(tmpdir(), 'pau-fake-home-'));
const SECRET = 'BEGIN FAKE KEY pau-home-root';
const realHome = process.env.HOME;
let worker: ProbeWorker | undefined;

after(async () => {
  await worker?.stop();
  process.env.HOME = realHome;
  rmSync(home, { recursive: true, force: true });
});

test(`[${MODE}] a target at the root of HOME cannot read HOME/.ssh/id_rsa`, async () => {
  mkdirSync(join(home, '.ssh'));
  writeFileSync(join(home, '.ssh', 'id_rsa'), SECRET);
  writeFileSync(join(home, 'notes.txt'), 'a file beside the target');
  writeFileSync(
    join(home, 'peek.py'),
    [
      'import os',
      '',
      'def peek(path):',
      '    try:',
      '        return open(os.path.join(os.path.dirname(__file__), path)).read()',
      '    except OSError as exc:',
      '        return type(exc).__name__',
      '',
    ].join('\n'),
  );
  process.env.HOME = home; // what the host takes for the user's home
  worker = await startWorker({ target: { file: join(home, 'peek.py'), qualname: 'peek' }, sandbox: MODE });
  const own = await worker.call({ args: ["'peek.py'"] });
  assert.match(own.value?.repr ?? '', /def peek/, JSON.stringify(own).slice(0, 400));
  const stolen = await worker.call({ args: ["'.ssh/id_rsa'"] });
  const beside = await worker.call({ args: ["'notes.txt'"] });
  assert.equal(stolen.status, 'returned', JSON.stringify(stolen).slice(0, 400));
  judge(
    'Files beside a target at the root of HOME, `/` or `/tmp` (credentials, sockets)',
    !JSON.stringify([stolen, beside]).includes(SECRET) && !JSON.stringify(beside).includes('beside'),
    {
      stolen,
      beside,
    },
  );
});

test(`[${MODE}] a target directly in /tmp does not show the rest of /tmp`, async () => {
  const tag = randomBytes(6).toString('hex');
  const target = join('/tmp', `pau-tmp-root-${tag}.py`);
  const beside = join('/tmp', `pau-tmp-beside-${tag}.txt`);
  writeFileSync(beside, `beside-${tag}`);
  writeFileSync(
    target,
    ['def peek(path):', '    try:', '        return open(path).read()', '    except OSError as exc:', '        return type(exc).__name__', ''].join('\n'),
  );
  const own = await startWorker({ target: { file: target, qualname: 'peek' }, sandbox: MODE });
  try {
    const read = await own.call({ args: [JSON.stringify(beside)] });
    assert.equal(read.status, 'returned', JSON.stringify(read).slice(0, 400));
    judge('Files beside a target at the root of HOME, `/` or `/tmp` (credentials, sockets)', !JSON.stringify(read).includes(`beside-${tag}`), read);
  } finally {
    await own.stop();
    rmSync(target, { force: true });
    rmSync(beside, { force: true });
  }
});
