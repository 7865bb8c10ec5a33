// The export's own pytest run binds what the worker binds (red team, round 3). The worker shows
// only the target's file when its folder is HOME, `/`, `/tmp` or holds credentials, but the
// pytest run bound the module's folder and the test's folder whole: a module directly in /tmp
// read the rest of /tmp there, and its failing test put what it read in the export's error.
// Judged by outcome: the test module reads a file beside it, and the run's output lacks its text.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { pytestRunner } from '../../../src/probe/pytest-run.js';
import { judge, MODE } from './readme-table.js';

test(`[${MODE}] the export's pytest run of a module directly in /tmp does not show the rest of /tmp`, async () => {
  const tag = randomBytes(6).toString('hex');
  const module = join('/tmp', `pau_pytest_root_${tag}.py`);
  const tests = join('/tmp', `test_pau_pytest_root_${tag}.py`);
  const beside = join('/tmp', `pau-pytest-beside-${tag}.txt`);
  writeFileSync(beside, `secret-content-${tag}`);
  writeFileSync(module, 'def one():\n    return 1\n');
  writeFileSync(
    tests,
    [
      `import pau_pytest_root_${tag} as m`,
      '',
      'def test_peek():',
      '    try:',
      `        seen = open(${JSON.stringify(beside)}).read()`,
      '    except OSError as exc:',
      '        seen = type(exc).__name__',
      "    assert m.one() == 1 and seen == '', seen",
      '',
    ].join('\n'),
  );
  try {
    const run = await pytestRunner({ sandbox: MODE })(tests, { python: '/usr/bin/python3', moduleFile: module, timeoutMs: 60_000 });
    assert.match(run.output, /test_peek|passed|failed/, run.output);
    judge(
      'Files beside a target at the root of HOME, `/` or `/tmp` (credentials, sockets)',
      !run.output.includes(`secret-content-${tag}`),
      run.output.slice(-600),
    );
  } finally {
    for (const file of [module, tests, beside]) rmSync(file, { force: true });
  }
});
