// An MCP client's model chooses every field of a tool call (red-team round 8). Fields without a
// bound went through: ten thousand keyword arguments ran in the sandbox until the call's time
// was up and came back as "timed out"; a megabyte of qualname kept a worker ranking look-alike
// names for 30 s, then said the import did not finish; a megabyte of file name came back as a
// megabyte of "file not found"; compare_docstring took any number of parameters. Now each is
// refused at once by the tool's schema, with the bound named and the value not repeated.
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer } from '../../../src/mcp/server.js';
import { services } from '../../../src/session/services.js';
import { MODE, ROOT } from './readme-table.js';

const workspace = mkdtempSync(join(tmpdir(), 'pau-mcp-bounds-'));
copyFileSync(join(ROOT, 'examples', 'mathx.py'), join(workspace, 'mathx.py'));

const text = (result: unknown) => (result as CallToolResult).content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
const many = (n: number, value: string) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, value]));

test(`[${MODE}] tool input past its bounds is refused at once, naming the bound, not echoing the value`, async () => {
  const server = createMcpServer({ version: '0.0.0', cwd: workspace, sandbox: MODE, services });
  const client = new Client({ name: 'pau-test', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  const clamp = { file: 'mathx.py', qualname: 'clamp' };
  const attacks: [string, string, Record<string, unknown>, RegExp][] = [
    ['10,000 keyword arguments', 'call_function', { ...clamp, args: ['15', '0', '10'], kwargs: many(10_000, '1') }, /at most 50 keyword arguments/],
    ['a megabyte of qualname', 'call_function', { file: 'mathx.py', qualname: 'a'.repeat(1_000_000), args: ['1'] }, /1000 characters at qualname/],
    ['a megabyte of file name', 'call_function', { file: `${'a'.repeat(1_000_000)}.py`, qualname: 'clamp' }, /4096 characters at file/],
    ['a megabyte of qualname to probe', 'probe_function', { file: 'mathx.py', qualname: 'b'.repeat(1_000_000), maxProbes: 1 }, /qualname/],
    ['10,000 parameters to compare', 'compare_docstring', { ...clamp, summary: 'Clamps.', parameters: many(10_000, 'x') }, /at most 100 parameters/],
  ];
  try {
    for (const [what, name, args, expected] of attacks) {
      const started = Date.now();
      const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 });
      const took = Date.now() - started;
      assert.equal(result.isError, true, `${what}: ${text(result).slice(0, 300)}`);
      assert.match(text(result), expected, what);
      assert.ok(text(result).length < 2000, `${what}: the answer repeats the value (${text(result).length} characters)`);
      assert.ok(took < 10_000, `${what}: refused after ${took} ms`);
    }
    // And the server still answers an ordinary call.
    const ordinary = await client.callTool({ name: 'call_function', arguments: { ...clamp, args: ['15', '0', '10'] } });
    assert.match(text(ordinary), /clamp: 10 \(int\)/);
  } finally {
    await client.close();
    await server.close();
  }
});
