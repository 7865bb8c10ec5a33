// `pau mcp` driven by the MCP SDK's own client over stdio: the tools are listed, each one is
// called, bad input gets a clear error, and cancelling a long probe_function stops its run and
// its worker (no worker process is left below the server).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { pathToFileURL } from 'node:url';
import { CHECKS_AFTER_BUDGET } from '../../../src/explorer/explorer.js';
import { pauCli } from '../../support/cli.js';
import { descendants, isAlive } from '../../support/processes.js';

const ROOT = resolve('.');
const EXAMPLES = join(ROOT, 'examples');
const work = mkdtempSync(join(tmpdir(), 'pau-mcp-'));
const slowModule = join(work, 'slow.py');
writeFileSync(slowModule, ['import time', '', 'def slow(n):', '    time.sleep(0.2)', '    return n * 2', ''].join('\n'));

let client: Client;
let transport: StdioClientTransport;

before(async () => {
  transport = new StdioClientTransport({
    command: process.execPath,
    args: [pauCli(), 'mcp', '--cwd', EXAMPLES],
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    stderr: 'pipe',
  });
  // The slow module lives outside the examples: the client declares both folders as its roots.
  client = new Client({ name: 'pau-test', version: '1.0.0' }, { capabilities: { roots: {} } });
  client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [EXAMPLES, work].map((r) => ({ uri: pathToFileURL(r).href })) }));
  await client.connect(transport);
});

after(async () => {
  await client.close();
  rmSync(work, { recursive: true, force: true });
});

/** The Python processes below `root` (the worker and its call processes; tsx's esbuild service is not one). */
function pythonBelow(root: number): number[] {
  return descendants(root)
    .filter((p) => p.cmdline.includes('pau_probe.worker'))
    .map((p) => p.pid);
}

function text(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('\n');
}

test('lists its three tools with their input schemas', async () => {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name).sort(), ['call_function', 'compare_docstring', 'probe_function']);
  const call = tools.find((t) => t.name === 'call_function')!;
  assert.deepEqual([...(call.inputSchema.required ?? [])].sort(), ['file', 'qualname']);
  assert.ok(call.inputSchema.properties && 'args' in call.inputSchema.properties);
});

test('each tool declares its annotations and the shape of its structured result', async () => {
  const { tools } = await client.listTools();
  for (const tool of tools) {
    assert.equal(tool.annotations?.readOnlyHint, true, `${tool.name}: sandboxed, it writes nothing of the client's`);
    assert.equal(tool.annotations?.destructiveHint, false, tool.name);
    assert.equal(tool.outputSchema?.type, 'object', tool.name);
  }
  const byName = new Map(tools.map((t) => [t.name, t]));
  assert.deepEqual([...(byName.get('call_function')!.outputSchema!.required ?? [])].sort(), ['limits', 'result']);
  assert.equal(byName.get('call_function')!.annotations?.openWorldHint, false, 'a call reaches no endpoint');
  assert.ok(byName.get('probe_function')!.outputSchema!.required?.includes('probes'));
});

test('call_function returns a structured ProbeResult', async () => {
  const result = await client.callTool({ name: 'call_function', arguments: { file: 'mathx.py', qualname: 'clamp', args: ['15', '0', '10'] } });
  assert.equal(result.isError, undefined);
  const probe = (result.structuredContent as { result: { status: string; value: { type: string; repr: string } } }).result;
  assert.equal(probe.status, 'returned');
  assert.deepEqual([probe.value.type, probe.value.repr], ['int', '10']);
  assert.match(text(result), /clamp: 10 \(int\)/);

  const raised = await client.callTool({
    name: 'call_function',
    arguments: { file: 'bank.py', qualname: 'BankAccount.deposit', receiver: 'BankAccount(5)', args: ['-1'] },
  });
  const r = (raised.structuredContent as { result: { status: string; exception: { type: string } } }).result;
  assert.equal(r.status, 'raised');
  assert.equal(r.exception.type, 'ValueError');
});

test('probe_function runs the offline explorer and reports each probe as progress', async () => {
  const progress: number[] = [];
  const result = await client.callTool({ name: 'probe_function', arguments: { file: 'text.py', qualname: 'slugify', maxProbes: 8 } }, undefined, {
    onprogress: (p) => progress.push(p.progress),
  });
  assert.equal(result.isError, undefined, text(result));
  const s = result.structuredContent as { concluded: boolean; description: { summary: string }; probes: unknown[] };
  assert.equal(s.concluded, true);
  assert.ok(s.description.summary.length > 0);
  // The budget of 8, then at most CHECKS_AFTER_BUDGET re-runs of earlier calls checking examples and raises.
  assert.ok(s.probes.length >= 1 && s.probes.length <= 8 + CHECKS_AFTER_BUDGET, String(s.probes.length));
  assert.equal(progress.length, s.probes.length, 'one progress notification per probe');
  assert.deepEqual(
    progress,
    [...progress].sort((a, b) => a - b),
    'progress increases',
  );
});

test('compare_docstring checks a description against the docstring (doctests and word overlap offline)', async () => {
  const result = await client.callTool({
    name: 'compare_docstring',
    arguments: { file: 'mathx.py', qualname: 'clamp', summary: 'Limit x to the closed range from lo to hi.', raises: 'ValueError when lo > hi' },
  });
  assert.equal(result.isError, undefined, text(result));
  const c = (result.structuredContent as { comparison: { doctests: { passed: number; failed: number }; lexicalF1: number } }).comparison;
  assert.ok(c.doctests.passed >= 1);
  assert.equal(c.doctests.failed, 0);
  assert.ok(c.lexicalF1 > 0 && c.lexicalF1 <= 1);
  assert.match(text(result), /doctests: \d+ passed, 0 failed/);
});

test('bad input gets a clear error naming the problem', async () => {
  const badName = await client.callTool({ name: 'call_function', arguments: { file: 'mathx.py', qualname: '1clamp' } });
  assert.equal(badName.isError, true);
  assert.match(text(badName), /qualname/);
  assert.match(text(badName), /dotted Python name/);

  const missing = await client.callTool({ name: 'probe_function', arguments: { file: 'nope.py', qualname: 'f' } });
  assert.equal(missing.isError, true);
  assert.match(text(missing), /file not found: .*nope\.py/);

  const noEndpoint = await client.callTool({ name: 'probe_function', arguments: { file: 'mathx.py', qualname: 'clamp', mode: 'llm' } });
  assert.equal(noEndpoint.isError, true);
  assert.match(text(noEndpoint), /needs an endpoint/);

  const unknown = await client.callTool({ name: 'call_function', arguments: { file: 'mathx.py', qualname: 'nosuch' } });
  assert.equal(unknown.isError, true);
  assert.match(text(unknown), /nosuch/);

  const wrongType = await client.callTool({ name: 'probe_function', arguments: { file: 'mathx.py', qualname: 'clamp', maxProbes: 'many' } });
  assert.equal(wrongType.isError, true);
  assert.match(text(wrongType), /maxProbes/);
});

test('cancelling a long probe_function stops its run and its worker', async () => {
  const server = transport.pid!;
  assert.ok(server > 0);
  const controller = new AbortController();
  let workersSeen: number[] = [];
  const call = client.callTool({ name: 'probe_function', arguments: { file: slowModule, qualname: 'slow', maxProbes: 500 } }, undefined, {
    signal: controller.signal,
    timeout: 120_000,
    onprogress: (p) => {
      if (p.progress >= 2 && !controller.signal.aborted) {
        workersSeen = pythonBelow(server);
        controller.abort('enough');
      }
    },
  });
  await assert.rejects(call, /enough|abort/i);
  assert.ok(workersSeen.length >= 1, 'the run had a worker process below the server');
  const deadline = Date.now() + 10_000;
  while (workersSeen.some(isAlive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  assert.deepEqual(workersSeen.filter(isAlive), [], 'a worker process outlived the cancelled run');
  assert.deepEqual(pythonBelow(server).filter(isAlive), []);
  // The server is still serving.
  const again = await client.callTool({ name: 'call_function', arguments: { file: slowModule, qualname: 'slow', args: ['4'] } });
  assert.equal((again.structuredContent as { result: { value: { repr: string } } }).result.value.repr, '8');
});
