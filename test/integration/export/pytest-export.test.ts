// `pau export --pytest`: the module exported from offline probes of three examples/ functions
// passes under Debian's pytest (/usr/bin/python3, python3-pytest from scripts/setup-system.sh)
// and fails once the function is changed; probes that do not reproduce are left out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after } from 'node:test';
import { execFileSync } from 'node:child_process';
import { exportPytest, ExportError } from '../../../src/export/pytest-export.js';
import { startWorker } from '../../../src/probe/client.js';
import { pytestRunner } from '../../../src/probe/pytest-run.js';
import { DEBIAN_PYTHON, offlineSession as exportableSession } from '../../support/offline-session.js';
import type { SessionFile } from '../../../src/core/session-types.js';

const runPytest = pytestRunner();
const EXAMPLES = resolve('examples');
const work = mkdtempSync(join(tmpdir(), 'pau-export-'));
after(() => rmSync(work, { recursive: true, force: true }));

async function offlineSession(file: string, qualname: string, maxProbes?: number): Promise<SessionFile> {
  const session = await exportableSession(file, qualname, maxProbes === undefined ? {} : { maxProbes });
  assert.equal(session.error, undefined, session.error?.message);
  return session;
}

test("Debian's pytest is the one this test runs", () => {
  const version = execFileSync(DEBIAN_PYTHON, ['-c', 'import pytest; print(pytest.__file__)'], { encoding: 'utf8' });
  assert.match(version, /^\/usr\/lib\/python3\/dist-packages\/pytest\//);
});

const cases = [
  {
    file: 'mathx.py',
    qualname: 'clamp',
    kinds: ['test_returns', 'test_raises'],
    // The bug: the upper bound is no longer applied.
    change: ['    return max(lo, min(x, hi))', '    return max(lo, x)'],
  },
  {
    file: 'seqs.py',
    qualname: 'normalize_in_place',
    kinds: ['test_mutates', 'test_raises'],
    change: ['        values[i] = v / total', '        values[i] = v / total * 2'],
  },
  {
    file: 'bank.py',
    qualname: 'BankAccount.deposit',
    kinds: ['test_returns', 'test_raises'],
    change: ['        self._balance += amount\n', '        self._balance += amount + 1\n'],
  },
];

for (const c of cases) {
  test(`${c.file}:${c.qualname}: the exported module passes, then fails when the function changes`, async () => {
    const dir = mkdtempSync(join(work, 'ws-'));
    cpSync(EXAMPLES, dir, { recursive: true });
    const module = join(dir, c.file);
    const session = await offlineSession(module, c.qualname);
    const exported = await exportPytest({ session, startWorker, runPytest, python: DEBIAN_PYTHON, workspaceRoot: dir });

    assert.equal(exported.path, join(dir, `test_${c.file.replace('.py', '')}_${c.qualname.replace('.', '_')}_pau.py`), 'no tests/ folder: next to the module');
    assert.ok(exported.verified.ok);
    assert.equal(exported.verified.failed, 0);
    assert.ok(exported.verified.passed >= 5, `only ${exported.verified.passed} cases passed`);
    assert.equal(exported.verified.passed, exported.cases);
    for (const kind of c.kinds) assert.match(exported.source, new RegExp(`def ${kind}\\(`));
    assert.equal(readFileSync(exported.path, 'utf8'), exported.source);

    const source = readFileSync(module, 'utf8');
    assert.ok(source.includes(c.change[0]!), `examples/${c.file} no longer has the line this test changes`);
    writeFileSync(module, source.replace(c.change[0]!, c.change[1]!));
    const after = await runPytest(exported.path, { python: DEBIAN_PYTHON, moduleFile: module, timeoutMs: 60_000 });
    assert.equal(after.ok, false, after.output);
    assert.ok(after.failed >= 1);
  });
}

test('tests/ of the workspace is used when it has tests', async () => {
  const dir = mkdtempSync(join(work, 'ws-'));
  cpSync(join(EXAMPLES, 'text.py'), join(dir, 'text.py'));
  execFileSync('mkdir', [join(dir, 'tests')]);
  writeFileSync(join(dir, 'tests', 'test_existing.py'), 'def test_nothing():\n    pass\n');
  const session = await offlineSession(join(dir, 'text.py'), 'slugify', 10);
  const exported = await exportPytest({ session, startWorker, runPytest, python: DEBIAN_PYTHON, workspaceRoot: dir });
  assert.equal(exported.path, join(dir, 'tests', 'test_text_slugify_pau.py'));
  assert.ok(exported.verified.ok, exported.verified.output);
});

test('probes whose results change when re-run are left out; the reproducible ones stay', async () => {
  const dir = mkdtempSync(join(work, 'ws-'));
  const module = join(dir, 'noisy.py');
  writeFileSync(
    module,
    ['import random', '', 'def roll(n):', '    if n < 0:', '        raise ValueError("negative")', '    return random.random() * (n + 1)', ''].join('\n'),
  );
  const session = await offlineSession(module, 'roll', 12);
  const returned = session.probes.filter((p) => p.result.status === 'returned').map((p) => p.index);
  const raised = session.probes.filter((p) => p.result.status === 'raised');
  assert.ok(returned.length > 0 && raised.length > 0, 'the explorer found both behaviours');
  const exported = await exportPytest({ session, startWorker, runPytest, python: DEBIAN_PYTHON, workspaceRoot: dir });
  const skipped = new Set(exported.skipped.filter((s) => s.reason.startsWith('not reproducible')).map((s) => s.probe));
  for (const index of returned) assert.doesNotMatch(exported.source, new RegExp(`id='p${index}:`), `probe ${index} returned a random number and was kept`);
  assert.ok(skipped.size > 0);
  assert.doesNotMatch(exported.source, /def test_returns\(/);
  assert.match(exported.source, /def test_raises\(/);
  assert.match(exported.source, /Probes left out:\n {2}probe \d+: not reproducible/);
  assert.ok(exported.verified.ok);
});

test('a session with nothing that returned or raised is a clear error', async () => {
  const session = await offlineSession(join(EXAMPLES, 'mathx.py'), 'clamp', 3);
  const rejected = { ...session, probes: session.probes.map((p) => ({ ...p, result: { ...p.result, status: 'rejected' as const } })) };
  await assert.rejects(exportPytest({ session: rejected, startWorker, runPytest, python: DEBIAN_PYTHON, out: join(work, 'none.py') }), (err: unknown) => {
    assert.ok(err instanceof ExportError);
    assert.match(err.message, /nothing to characterize/);
    return true;
  });
});

test('an existing file not written by PAU Probe is never overwritten', async () => {
  const session = await offlineSession(join(EXAMPLES, 'mathx.py'), 'clamp', 3);
  const mine = join(work, 'test_mine.py');
  writeFileSync(mine, 'def test_mine():\n    pass\n');
  await assert.rejects(exportPytest({ session, startWorker, runPytest, python: DEBIAN_PYTHON, out: mine }), /was not written by PAU Probe/);
  assert.equal(readFileSync(mine, 'utf8'), 'def test_mine():\n    pass\n');
});

test('the re-runs use the limits the session was probed with', async () => {
  const session = await offlineSession(join(EXAMPLES, 'mathx.py'), 'clamp', 4);
  const probed = { ...session, settings: { ...session.settings, timeoutMs: 1234, memoryMb: 321 } };
  const asked: unknown[] = [];
  const exported = await exportPytest({
    session: probed,
    startWorker: (options) => {
      asked.push(options.limits);
      return startWorker(options);
    },
    runPytest,
    python: DEBIAN_PYTHON,
    out: join(work, 'test_limits_pau.py'),
  });
  assert.ok(exported.verified.ok, exported.verified.output);
  assert.deepEqual(asked, [{ timeoutMs: 1234, memoryMb: 321 }]);
});

test('a method whose calls returned only on a receiver filled by another method: those cases are exported, through _after', async () => {
  // The new-user trial's TodoList.complete: every call that returned had s = TodoList(); s.add(…) first,
  // and each was left out ("its receiver was not built as Class(...) of plain values").
  const dir = mkdtempSync(join(work, 'ws-'));
  const module = join(dir, 'todo.py');
  const done = '        self.done.append(title)\n        return len(self.open)\n';
  writeFileSync(
    module,
    'class TodoList:\n    def __init__(self):\n        self.open = []\n        self.done = []\n\n' +
      '    def add(self, title):\n        self.open.append(title)\n        return len(self.open)\n\n' +
      `    def complete(self, title):\n        if title not in self.open:\n            raise KeyError(title)\n        self.open.remove(title)\n${done}`,
  );
  const session = await offlineSession(module, 'TodoList.complete');
  const exported = await exportPytest({ session, startWorker, runPytest, python: DEBIAN_PYTHON, workspaceRoot: dir });
  assert.ok(exported.verified.ok, exported.source);
  assert.match(exported.source, /def test_returns\(/, exported.source);
  assert.match(exported.source, /pytest\.param\(lambda: \(_after\(TodoList\(\), \('add', \[/, exported.source);
  assert.match(exported.source, /\ndef _after\(receiver, \*calls\):/);
  writeFileSync(module, readFileSync(module, 'utf8').replace(done, done.replace('len(self.open)', 'len(self.open) + 1')));
  const after = await runPytest(exported.path, { python: DEBIAN_PYTHON, moduleFile: module, timeoutMs: 60_000 });
  assert.equal(after.ok, false, after.output);
});
