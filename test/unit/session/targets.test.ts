// The one check of an agent's target path (MCP server, language-model tools), on real files:
// roots and library folders compared after realpath; the same rules for the code behind the
// qualname once a worker has imported it, and the start that applies them before any call.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FunctionInfo, Prober, TargetResolution, WorkerOptions } from '../../../src/core/probe-types.js';
import { allowedCode, allowedTarget, checkedStart, interpreterFolders, TargetRefused, type TargetPolicy } from '../../../src/session/targets.js';

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

const info = (resolution?: TargetResolution): FunctionInfo => ({ qualname: 'loads', ...(resolution ? { resolution } : {}) }) as FunctionInfo;
/** policy()'s rules, its folders asked for lazily (and counted). */
function codePolicy(more: Partial<TargetPolicy> = {}) {
  const p = policy(more);
  const asked = { count: 0 };
  return { asked, rules: { allowLibraries: p.allowLibraries, allowHint: p.allowHint, folders: () => (asked.count++, p) } };
}
const codeRefused = (work: Promise<unknown>, reason: RegExp) =>
  assert.rejects(work, (err: unknown) => err instanceof TargetRefused && reason.test(err.message));

test("what runs: the file's own code runs without asking for folders; code from elsewhere meets allowedTarget's rules", async () => {
  const own = codePolicy();
  await allowedCode(info(), own.rules);
  await allowedCode(info({ origin: 'file', runs: 'loads' }), own.rules);
  assert.equal(own.asked.count, 0, 'no folders asked for the file own code');
  await allowedCode(info({ origin: 'elsewhere', runs: 'helper (ok.py:1)', codeFile: join(A, 'ok.py') }), codePolicy().rules);
  await codeRefused(
    allowedCode(info({ origin: 'elsewhere', runs: 'loads (pickle.py:1)', codeFile: join(lib, 'pickle.py') }), codePolicy().rules),
    /Python installation .*--allow-libraries/,
  );
  await codeRefused(allowedCode(info({ origin: 'replaced', runs: 'x (x.py:1)', codeFile: join(B, 'x.py') }), codePolicy().rules), /outside the allowed roots/);
  await codeRefused(
    allowedCode(info({ origin: 'elsewhere', runs: 'x (out.py:1)', codeFile: join(A, 'out.py') }), codePolicy().rules),
    /outside the allowed roots/,
  );
  await codeRefused(
    allowedCode(info({ origin: 'replaced', runs: 'built-in loads' }), codePolicy().rules),
    /'loads' is not the file's own code: it runs built-in loads, and compiled code from elsewhere runs only with --allow-libraries/,
  );
});

test('what runs with allowLibraries: library and compiled code run; code outside the roots that is no library still does not', async () => {
  const allow = { allowLibraries: true };
  await allowedCode(info({ origin: 'replaced', runs: 'built-in loads' }), codePolicy(allow).rules);
  await allowedCode(info({ origin: 'elsewhere', runs: 'loads (pickle.py:1)', codeFile: join(lib, 'pickle.py') }), codePolicy(allow).rules);
  await codeRefused(
    allowedCode(info({ origin: 'elsewhere', runs: 'x (x.py:1)', codeFile: join(B, 'x.py') }), codePolicy(allow).rules),
    /outside the allowed roots/,
  );
});

/** A worker that records what is asked of it. */
function fakeWorker(resolution: TargetResolution) {
  const seen = { calls: 0, stops: 0 };
  const worker: Prober = {
    info: info(resolution),
    call: async () => (seen.calls++, { status: 'returned', durationMs: 1 }) as never,
    stop: async () => void seen.stops++,
  };
  return { seen, start: async (_options: WorkerOptions) => worker };
}

test('checkedStart: a refused worker is stopped and the refusal thrown; an allowed one is handed back running', async () => {
  const check = (i: FunctionInfo) => allowedCode(i, codePolicy().rules);
  const library = fakeWorker({ origin: 'elsewhere', runs: 'loads (pickle.py:1)', codeFile: join(lib, 'pickle.py') });
  await codeRefused(checkedStart(library.start, check)({} as WorkerOptions), /Python installation/);
  assert.deepEqual(library.seen, { calls: 0, stops: 1 });
  const own = fakeWorker({ origin: 'elsewhere', runs: 'helper (ok.py:1)', codeFile: join(A, 'ok.py') });
  const worker = await checkedStart(own.start, check)({} as WorkerOptions);
  await worker.call({ args: [] });
  assert.deepEqual(own.seen, { calls: 1, stops: 0 });
});
