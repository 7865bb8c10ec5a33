// One composition point for workers (src/core/worker-options.ts): every entry point that starts
// a Python worker hands it the user's limits, sandbox and interpreter. Each entry point is driven
// here with a fake startWorker that records what it was given (and refuses to start, so nothing
// runs), under settings no default has (1234 ms, 321 MiB, guards); and no code in src/ but the
// builder writes a WorkerOptions object.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { runTask } from '../../../src/bench/evaluate.js';
import { run as pauCall } from '../../../src/cli/call.js';
import { compare } from '../../../src/compare/compare.js';
import { ProbeError, type FunctionInfo, type Prober, type ProbeResult, type WorkerOptions } from '../../../src/core/probe-types.js';
import type { SessionFile, SessionSettings } from '../../../src/core/session-types.js';
import { exportPytest } from '../../../src/export/pytest-export.js';
import { LIMIT_SETTING_KEYS, LIMIT_SETTINGS, userLimits, type UserLimits } from '../../../src/core/limits.js';
import { workerOptions } from '../../../src/core/worker-options.js';
import { readSettings, sessionSettings } from '../../../src/extension/contributions/settings.js';
import { callInFreshWorker } from '../../../src/extension/one-off-workers.js';
import { verifyInFreshWorker } from '../../../src/docstring/verify-examples.js';
import { createMcpServer } from '../../../src/mcp/server.js';
import { runSession } from '../../../src/session/run.js';
import { startScriptedServer } from '../../support/llm-server.js';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const LIMITS = { timeoutMs: 1234, memoryMb: 321 };
const SANDBOX = 'guards' as const;
/** Never started (the fake refuses first); for MCP, an interpreter that is not there has no library folders. */
const PYTHON = '/nonexistent/pau-test/python3';
const SETTINGS: SessionSettings = { mode: 'offline', maxProbes: 3, ...LIMITS, strictness: 'signature', coverageFeedback: true, sandbox: SANDBOX };

/** What the user chose, as the worker got it. */
function userPart(options: WorkerOptions) {
  return { limits: options.limits, sandbox: options.sandbox, python: options.python };
}
// A limit no entry point here sets (one added to LIMIT_SETTINGS with no CLI flag) gets its default.
const EXPECTED = { limits: { ...userLimits({}), ...LIMITS }, sandbox: SANDBOX, python: PYTHON };

/** A startWorker that records its options and refuses to start (an import failure), so the entry point stops there. */
function recorder() {
  const seen: WorkerOptions[] = [];
  const startWorker = async (options: WorkerOptions): Promise<Prober> => {
    seen.push(options);
    throw new ProbeError('import-failed', 'recorded; not started');
  };
  return { seen, startWorker };
}

/** The entry point's own outcome does not matter here, only what it asked for. */
const settle = (pending: Promise<unknown>) =>
  pending.then(
    () => undefined,
    () => undefined,
  );

const work = mkdtempSync(join(tmpdir(), 'pau-worker-options-'));
const module = join(work, 'mod.py');
writeFileSync(module, 'def double(x):\n    """Twice x."""\n    return x * 2\n');
after(() => rmSync(work, { recursive: true, force: true }));

const INFO: FunctionInfo = {
  qualname: 'double',
  name: 'double',
  kind: 'function',
  needsReceiver: false,
  params: [{ name: 'x', kind: 'POSITIONAL_OR_KEYWORD' }],
  isGenerator: false,
  isAsync: false,
  docstring: 'Twice x.',
  moduleClasses: [],
  pythonVersion: '3.11.2',
};
const RETURNED: ProbeResult = {
  status: 'returned',
  value: { type: 'int', repr: '2', truncated: false, data: { t: 'int', v: '2' } },
  mutations: [],
  stdout: '',
  stderr: '',
  durationMs: 1,
};
const DESCRIPTION = { summary: 'Doubles.', details: '', parameters: {}, returns: 'int', raises: '', examples: [], confidence: 0.9 };

function session(): SessionFile {
  return {
    version: 1,
    target: { file: module, qualname: 'double', shownAs: { name: 'double', params: ['x'] } },
    settings: SETTINGS,
    probes: [{ index: 1, args: ['1'], origin: 'offline', result: RETURNED }],
    hypotheses: [],
    final: { concluded: true, description: DESCRIPTION },
    usage: { requests: 0, promptTokens: 0, completionTokens: 0 },
  };
}

test('a run (runSession) starts its worker with the run settings and interpreter', async () => {
  const { seen, startWorker } = recorder();
  const file = await runSession({ target: { file: module, qualname: 'double' }, settings: SETTINGS, python: PYTHON, compare: false }, { startWorker });
  assert.equal(file.error?.kind, 'import');
  assert.equal(seen.length, 1);
  assert.deepEqual(userPart(seen[0]!), EXPECTED);
  assert.equal(seen[0]!.coverage, true);
});

test("the behaviour comparison runs each implementation under the session's limits and sandbox", async (t) => {
  const llm = await startScriptedServer(() => ({ kind: 'text', content: '```python\ndef double(x):\n    return x + x\n```' }));
  t.after(() => llm.close());
  const { seen, startWorker } = recorder();
  const reference: Prober = { info: INFO, call: async () => RETURNED, stop: async () => {} };
  await compare(
    {
      worker: reference,
      info: INFO,
      target: { file: module, qualname: 'double' },
      session: session(),
      description: DESCRIPTION,
      llm: { baseURL: llm.url, model: 'm', apiKey: 'k', maxRetries: 0 },
      python: PYTHON,
      heldOut: [{ args: ['3'] }, { args: ['5'] }],
    },
    { startWorker },
  );
  assert.ok(seen.length >= 1, 'an implementation worker was asked for');
  for (const options of seen) {
    assert.deepEqual(userPart(options), EXPECTED);
    assert.ok('source' in options.target);
  }
});

/** The extension's settings as the host reads them (readSettings), with the distinctive limits. */
const editorSettings = readSettings((key) => ({ timeoutMs: LIMITS.timeoutMs, memoryMb: LIMITS.memoryMb, sandbox: SANDBOX })[key]);

test("Insert Docstring re-runs the examples under the file's settings", async () => {
  const { seen, startWorker } = recorder();
  const examples = [{ call: { args: ['1'] }, shown: 'double(1)', expected: '2' }];
  await settle(
    verifyInFreshWorker(
      startWorker,
      { target: { file: module, qualname: 'double' }, python: PYTHON, settings: editorSettings },
      examples,
      new AbortController().signal,
    ),
  );
  assert.equal(seen.length, 1);
  assert.deepEqual(userPart(seen[0]!), EXPECTED);
  assert.equal(seen[0]!.coverage, false);
});

test("the language-model tool pau_callFunction calls under the file's settings", async () => {
  const { seen, startWorker } = recorder();
  await settle(
    callInFreshWorker(
      { startWorker },
      { target: { file: module, qualname: 'double' }, python: PYTHON, settings: editorSettings },
      { args: ['1'] },
      new AbortController().signal,
    ),
  );
  assert.equal(seen.length, 1);
  assert.deepEqual(userPart(seen[0]!), EXPECTED);
});

test("the pytest export re-runs under the session's limits and the sandbox asked for now", async () => {
  const { seen, startWorker } = recorder();
  const runPytest = async () => assert.fail('pytest is not reached');
  await settle(exportPytest({ session: session(), startWorker, sandbox: SANDBOX, runPytest, python: PYTHON, out: join(work, 'test_mod_pau.py') }));
  assert.equal(seen.length, 1);
  assert.deepEqual(userPart(seen[0]!), EXPECTED);
});

test("MCP: every tool's worker gets the server's limits (--max-timeout-ms, --max-memory-mb), sandbox and interpreter", async () => {
  const { seen, startWorker } = recorder();
  const server = createMcpServer({
    version: '0.0.0',
    cwd: work,
    python: PYTHON,
    sandbox: SANDBOX,
    maxTimeoutMs: LIMITS.timeoutMs,
    maxMemoryMb: LIMITS.memoryMb,
    services: { startWorker, compare: async () => assert.fail('the comparison is not reached') },
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'pau-test', version: '1.0.0' });
  await client.connect(clientSide);
  try {
    const target = { file: 'mod.py', qualname: 'double' };
    await client.callTool({ name: 'call_function', arguments: { ...target, args: ['1'] } });
    await client.callTool({ name: 'probe_function', arguments: { ...target, mode: 'offline', maxProbes: 3 } });
    await client.callTool({ name: 'compare_docstring', arguments: { ...target, summary: 'Doubles.' } });
  } finally {
    await client.close();
    await server.close();
  }
  assert.equal(seen.length, 3, 'one worker per tool');
  for (const options of seen) assert.deepEqual(userPart(options), EXPECTED);
});

test('`pau call` starts its worker with --timeout-ms, --memory-mb, --sandbox and --python', async () => {
  const { seen, startWorker } = recorder();
  const argv = [`${module}:double`, '1', '--timeout-ms', '1234', '--memory-mb', '321', '--sandbox', SANDBOX, '--python', PYTHON];
  await settle(pauCall(argv, startWorker));
  assert.equal(seen.length, 1);
  assert.deepEqual(userPart(seen[0]!), EXPECTED);
});

test("the bench runs each task's session under the bench's settings", async () => {
  const { seen, startWorker } = recorder();
  const task = {
    taskId: 't1',
    index: 0,
    line: 1,
    format: 'pau-probe' as const,
    target: { file: module, qualname: 'double' },
    gold: 'Doubles x.',
    seeds: [],
    testInputs: [],
  };
  await runTask(task, { strictness: 'signature', coverageFeedback: true }, { settings: SETTINGS, startWorker, python: PYTHON });
  assert.equal(seen.length, 1);
  assert.deepEqual(userPart(seen[0]!), EXPECTED);
});

/** The builder's own file: the one place a WorkerOptions object is written. */
const BUILDER = 'src/core/worker-options.ts';

/** Object literals in src/ (outside the builder) whose type comes from WorkerOptions: `startWorker({...})`, `const o: WorkerOptions = {...}`. */
function handBuiltWorkerOptions(): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
  const files = config.fileNames.filter((f) => relative(ROOT, f).startsWith('src/'));
  const program = ts.createProgram(files, config.options);
  const checker = program.getTypeChecker();
  const isWorkerOptions = (type: ts.Type | undefined): boolean =>
    !!type &&
    (type.isUnion() ? type.types.some(isWorkerOptions) : type.getSymbol()?.getName() === 'WorkerOptions' || type.aliasSymbol?.getName() === 'WorkerOptions');
  const found: string[] = [];
  for (const source of program.getSourceFiles()) {
    const path = relative(ROOT, source.fileName);
    if (!path.startsWith('src/') || path === BUILDER) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isObjectLiteralExpression(node) && isWorkerOptions(checker.getContextualType(node))) {
        found.push(`${path}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

test('no code in src/ but the builder writes a WorkerOptions object', () => {
  assert.deepEqual(handBuiltWorkerOptions(), []);
});

test('every limit of LIMIT_SETTINGS set in the editor is in package.json, recorded by the session and given to the worker', () => {
  // A value no default has, inside each limit's range.
  const chosen = Object.fromEntries(
    LIMIT_SETTING_KEYS.map((key) => {
      const spec = LIMIT_SETTINGS[key];
      return [key, spec.default < spec.maximum ? spec.default + 1 : spec.minimum];
    }),
  ) as UserLimits;
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, unknown> } } };
  const settings = readSettings((key) => (key in chosen ? chosen[key as keyof UserLimits] : undefined));
  const recorded = sessionSettings(settings, 'offline');
  const target = { file: module, qualname: 'double' };
  for (const key of LIMIT_SETTING_KEYS) {
    assert.ok(`pau.${key}` in manifest.contributes.configuration.properties, `pau.${key} is a setting`);
    assert.equal(recorded[key], chosen[key], `the session records ${key}`);
  }
  assert.deepEqual(workerOptions({ target, settings }).limits, chosen);
  assert.deepEqual(workerOptions({ target, settings: recorded }).limits, chosen);
});
