// The one check of an agent's target path (MCP server, language-model tools), on real files:
// roots and library folders compared after realpath.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allowedTarget, interpreterFolders, TargetRefused, type TargetPolicy } from '../../../src/session/targets.js';

const work = realpathSync(mkdtempSync(join(tmpdir(), 'pau-targets-')));
after(() => rmSync(work, { recursive: true, force: true }));
const A = join(work, 'A');
const A2 = join(work, 'A2');
const B = join(work, 'B');
const venv = join(A, '.venv', 'lib', 'site-packages');
const lib = join(work, 'lib');
for (const dir of [A, A2, B, venv, lib]) mkdirSync(dir, { recursive: true });
for (const file of [join(A, 'ok.py'), join(A2, 'x.py'), join(B, 'x.py'), join(venv, 'pkg.py'), join(lib, 'pickle.py')]) writeFileSync(file, '');
symlinkSync(join(B, 'x.py'), join(A, 'out.py'));
symlinkSync(join(A, 'ok.py'), join(B, 'in.py'));
symlinkSync(A, join(work, 'A-link'));

const policy = (more: Partial<TargetPolicy> = {}): TargetPolicy => ({
  roots: [A],
  libraries: [join(A, '.venv'), lib],
  allowLibraries: false,
  allowHint: '--allow-libraries',
  ...more,
});
const refused = (path: string, p: TargetPolicy, reason: RegExp) =>
  assert.throws(
    () => allowedTarget(path, p),
    (err: unknown) => err instanceof TargetRefused && reason.test(err.message),
    path,
  );

test('a file inside a root is allowed, as its real path', () => {
  assert.equal(allowedTarget(join(A, 'ok.py'), policy()), join(A, 'ok.py'));
  assert.equal(allowedTarget(join(B, 'in.py'), policy()), join(A, 'ok.py'), 'a link from outside to a file inside is the file inside');
  assert.equal(allowedTarget(join(work, 'A-link', 'ok.py'), policy()), join(A, 'ok.py'));
  assert.equal(allowedTarget(join(A, 'ok.py'), policy({ roots: [join(work, 'A-link')] })), join(A, 'ok.py'), 'a root named by a link');
});

test('outside the roots is refused, naming them: another folder, a symlink, .., a sibling with the same prefix', () => {
  for (const path of [join(B, 'x.py'), join(A, 'out.py'), `${A}/../B/x.py`, join(A2, 'x.py')]) refused(path, policy(), /outside the allowed roots \(.*\/A\)/);
  refused(join(A, 'ok.py'), policy({ roots: [] }), /outside the allowed roots \(none\)/);
  refused(join(B, 'x.py'), policy({ allowLibraries: true }), /outside the allowed roots/);
});

test('a library file is refused without allowLibraries, inside a root or not; allowed with it', () => {
  refused(join(venv, 'pkg.py'), policy(), /in the Python installation .*--allow-libraries/);
  refused(join(lib, 'pickle.py'), policy(), /in the Python installation/);
  refused(join(lib, 'pickle.py'), policy({ roots: [lib] }), /in the Python installation/);
  assert.equal(allowedTarget(join(venv, 'pkg.py'), policy({ allowLibraries: true })), join(venv, 'pkg.py'));
  assert.equal(allowedTarget(join(lib, 'pickle.py'), policy({ allowLibraries: true })), join(lib, 'pickle.py'));
  // "/" as a folder (a prefix of /) would make every file a library file: it is ignored.
  assert.equal(allowedTarget(join(A, 'ok.py'), policy({ libraries: ['/'] })), join(A, 'ok.py'));
});

test('a missing file is "file not found"', () => {
  refused(join(A, 'nope.py'), policy(), /file not found: .*nope\.py/);
});

test("the interpreter's folders hold its standard library", async () => {
  const folders = await interpreterFolders('/usr/bin/python3');
  const pickle = execFileSync('/usr/bin/python3', ['-I', '-c', 'import pickle; print(pickle.__file__)'], { encoding: 'utf8' }).trim();
  refused(pickle, policy({ libraries: folders, roots: ['/'] }), /in the Python installation/);
});
