// The language-model tools' rules of what runs (extension/tool-targets.ts), by outcome, with
// real workers (guards mode) composed as pau_callFunction and pau_probeFunction compose them:
// a workspace module's `from pickle import loads` makes `loads` the library's, so calling it is
// refused unless pau.allowLibraryTargets is on; the refusal comes before any call, names the
// setting, and leaves no worker process. A re-export from the same workspace folder runs.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Prober, WorkerOptions } from '../../../src/core/probe-types.js';
import { readSettings, sessionSettings } from '../../../src/extension/contributions/settings.js';
import { callInFreshWorker } from '../../../src/extension/one-off-workers.js';
import { toolTargets } from '../../../src/extension/tool-targets.js';
import { startWorker } from '../../../src/probe/client.js';
import { runSession } from '../../../src/session/run.js';
import { allowedCode, allowedTarget, checkedStart, interpreterFolders, TargetRefused } from '../../../src/session/targets.js';

const PYTHON = '/usr/bin/python3';
const work = realpathSync(mkdtempSync(join(tmpdir(), 'pau-tool-targets-')));
after(() => rmSync(work, { recursive: true, force: true }));
const workspace = join(work, 'workspace');
const outside = join(work, 'outside');
mkdirSync(workspace);
mkdirSync(outside);
writeFileSync(join(workspace, 'usepickle.py'), 'from pickle import loads\n');
writeFileSync(join(workspace, 'usetextwrap.py'), 'from textwrap import dedent\n');
writeFileSync(join(workspace, 'helpers.py'), 'def twice(x):\n    return 2 * x\n');
writeFileSync(join(workspace, 'reexport.py'), 'from helpers import twice\n');
const secret = join(outside, 'secret.txt');
writeFileSync(secret, 'TOPSECRET-outside');
// pickle.loads of this opens the file outside the workspace and returns its text.
const payload = `b"cbuiltins\\ngetattr\\n(cbuiltins\\nopen\\n(S'${secret}'\\ntRS'read'\\ntR)R."`;

const settings = readSettings((key) => ({ sandbox: 'guards' })[key]);
const engine = { allowedTarget, allowedCode, checkedStart };
const targets = async (allowLibraries: boolean) => toolTargets(engine, { roots: [workspace], libraries: await interpreterFolders(PYTHON), allowLibraries });

/** The real start, its workers' calls counted. */
function counted() {
  const seen = { started: 0, calls: 0 };
  const start = async (options: WorkerOptions): Promise<Prober> => {
    const worker = await startWorker(options);
    seen.started++;
    return {
      info: worker.info,
      call: (req, opts) => (seen.calls++, worker.call(req, opts)),
      stop: () => worker.stop(),
    };
  };
  return { seen, start };
}

/** This process's live Python child processes (the workers it started and did not stop; tsx's esbuild is not one). */
function children(): number[] {
  const mine = String(process.pid);
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        const python = basename(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '').startsWith('python');
        return python && /^PPid:\s*(\d+)$/m.exec(status)?.[1] === mine && !/^State:\s*Z/m.test(status);
      } catch {
        return false;
      }
    })
    .map(Number);
}

const refusal = (err: unknown) => err instanceof TargetRefused && /the setting pau\.allowLibraryTargets/.test(err.message);

async function callLoads(allowLibraries: boolean) {
  const rules = await targets(allowLibraries);
  const { seen, start } = counted();
  const target = { file: rules.file(join(workspace, 'usepickle.py')), qualname: 'loads' };
  const result = callInFreshWorker(
    { startWorker: rules.checked(start) },
    { target, python: PYTHON, settings },
    { args: [payload] },
    new AbortController().signal,
  );
  return { seen, result };
}

test('pau_callFunction: `loads` a workspace module imports from pickle is refused before any call, leaving no worker', async () => {
  const { seen, result } = await callLoads(false);
  await assert.rejects(result, refusal);
  assert.deepEqual(seen, { started: 1, calls: 0 }, 'the worker imported the target and was never called');
  assert.deepEqual(children(), [], 'no worker process is left');
});

test("pau_callFunction: a stdlib function written in Python (textwrap.dedent, imported by a workspace module) is refused as the installation's", async () => {
  const rules = await targets(false);
  const { seen, start } = counted();
  const target = { file: rules.file(join(workspace, 'usetextwrap.py')), qualname: 'dedent' };
  await assert.rejects(
    callInFreshWorker({ startWorker: rules.checked(start) }, { target, python: PYTHON, settings }, { args: ["'  x'"] }, new AbortController().signal),
    (err: unknown) => refusal(err) && /textwrap\.py is in the Python installation/.test((err as Error).message),
  );
  assert.deepEqual(seen, { started: 1, calls: 0 });
  assert.deepEqual(children(), []);
});

test('pau_callFunction with pau.allowLibraryTargets on: the same call runs pickle.loads (the payload reads the file outside)', async () => {
  const { seen, result } = await callLoads(true);
  const probe = await result;
  assert.equal(probe.status, 'returned', JSON.stringify(probe));
  assert.match(probe.value?.repr ?? '', /TOPSECRET-outside/);
  assert.deepEqual(seen, { started: 1, calls: 1 });
});

test('pau_callFunction: a re-export from the same workspace folder runs', async () => {
  const rules = await targets(false);
  const target = { file: rules.file(join(workspace, 'reexport.py')), qualname: 'twice' };
  const probe = await callInFreshWorker(
    { startWorker: rules.checked(startWorker) },
    { target, python: PYTHON, settings },
    { args: ['21'] },
    new AbortController().signal,
  );
  assert.equal(probe.value?.repr, '42');
  assert.equal(rules.refused, undefined);
});

test("pau_probeFunction's run: refused at its first worker, with no probe made and no worker left", async () => {
  const rules = await targets(false);
  const { seen, start } = counted();
  const session = await runSession(
    {
      target: { file: rules.file(join(workspace, 'usepickle.py')), qualname: 'loads' },
      settings: sessionSettings({ ...settings, maxProbes: 4 }, 'offline'),
      python: PYTHON,
      compare: false,
    },
    { startWorker: rules.checked(start) },
  );
  assert.match(session.error?.message ?? '', /the setting pau\.allowLibraryTargets/);
  assert.ok(refusal(rules.refused), 'the tool has the refusal to report');
  assert.equal(session.probes.length, 0);
  assert.deepEqual(seen, { started: 1, calls: 0 });
  assert.deepEqual(children(), []);
  assert.doesNotMatch(JSON.stringify(session), /TOPSECRET/);
});
