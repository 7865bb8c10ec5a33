// MCP's target rules, on real files: the named file and the code behind the qualname go
// through the same roots and library rules.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FunctionInfo, TargetResolution } from '../../../src/core/probe-types.js';
import { mcpTargetPolicy } from '../../../src/mcp/target-policy.js';
import { TargetRefused } from '../../../src/session/targets.js';

const work = realpathSync(mkdtempSync(join(tmpdir(), 'pau-mcp-policy-')));
after(() => rmSync(work, { recursive: true, force: true }));
const root = join(work, 'root');
const lib = join(work, 'lib');
const outside = join(work, 'outside');
for (const dir of [root, lib, outside]) mkdirSync(dir);
for (const file of [join(root, 'mod.py'), join(root, 'notes.txt'), join(lib, 'pickle.py'), join(outside, 'other.py')]) writeFileSync(file, '');

const policy = (allowLibraries = false) => mcpTargetPolicy({ roots: async () => [root], libraries: async () => [lib], allowLibraries, cwd: root });
const info = (resolution?: TargetResolution) => ({ qualname: 'loads', ...(resolution ? { resolution } : {}) }) as FunctionInfo;
const refused = async (work: Promise<unknown>, reason: RegExp) =>
  assert.rejects(work, (err: unknown) => err instanceof TargetRefused && reason.test(err.message));

test('the named file: a .py inside a root, relative to cwd; libraries only when allowed', async () => {
  assert.equal(await policy().file('mod.py'), join(root, 'mod.py'));
  await refused(policy().file('notes.txt'), /not a Python file/);
  await refused(policy().file(join(outside, 'other.py')), /outside the allowed roots/);
  await refused(policy().file(join(lib, 'pickle.py')), /Python installation .*--allow-libraries/);
  assert.equal(await policy(true).file(join(lib, 'pickle.py')), join(lib, 'pickle.py'));
});

test('what runs: the file own code passes; code from elsewhere meets the same rules', async () => {
  await policy().whatRuns(info());
  await policy().whatRuns(info({ origin: 'file', runs: 'loads' }));
  await policy().whatRuns(info({ origin: 'elsewhere', runs: 'helper (mod.py:1)', codeFile: join(root, 'mod.py') }));
  await refused(policy().whatRuns(info({ origin: 'elsewhere', runs: 'loads (pickle.py:1)', codeFile: join(lib, 'pickle.py') })), /Python installation/);
  await refused(policy().whatRuns(info({ origin: 'replaced', runs: 'x (other.py:1)', codeFile: join(outside, 'other.py') })), /outside the allowed roots/);
  await refused(
    policy().whatRuns(info({ origin: 'replaced', runs: 'built-in loads' })),
    /compiled code from elsewhere runs only with `pau mcp --allow-libraries`/,
  );
  await policy(true).whatRuns(info({ origin: 'replaced', runs: 'built-in loads' }));
  await policy(true).whatRuns(info({ origin: 'elsewhere', runs: 'loads', codeFile: join(lib, 'pickle.py') }));
  // --allow-libraries allows libraries, not any file: as for the named file, other code outside the roots is refused.
  await refused(policy(true).whatRuns(info({ origin: 'replaced', runs: 'x (other.py:1)', codeFile: join(outside, 'other.py') })), /outside the allowed roots/);
});
