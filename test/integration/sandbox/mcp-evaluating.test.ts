// An MCP client's model chooses the arguments (red-team round 4, left documented in round 3):
// a workspace function that evaluates its input hands the client code that runs as the calls
// do. On a machine without bubblewrap, `pau mcp` in its default `auto` ran it under the guards
// only, and the client read a file outside the workspace. Now the tools need the OS layer
// unless the user started the server with --sandbox guards; without it they run nothing and
// say how to get it. The machine without bubblewrap is simulated with a launcher that does not
// exist, as the OS layer's own tests do.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer } from '../../../src/mcp/server.js';
import { services } from '../../../src/session/services.js';
import type { SandboxMode } from '../../../src/core/probe-types.js';
import { judge } from './readme-table.js';

const workspace = mkdtempSync(join(tmpdir(), 'pau-mcp-eval-'));
copyFileSync(join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'evaluates.py'), join(workspace, 'evaluates.py'));
const SECRET_FILE = join(mkdtempSync(join(tmpdir(), 'pau-mcp-secret-')), 'token');
const SECRET = `pau-mcp-secret-${randomBytes(6).toString('hex')}`;
writeFileSync(SECRET_FILE, SECRET);
const PAYLOAD = JSON.stringify(`open(${JSON.stringify(SECRET_FILE)}).read()`);

/** A server whose workers find no bubblewrap, `--sandbox` as given, and a client without roots (--cwd is the root). */
async function withoutBubblewrap(sandbox: SandboxMode | undefined, work: (client: Client) => Promise<void>): Promise<void> {
  const server = createMcpServer({
    version: '0.0.0',
    cwd: workspace,
    ...(sandbox ? { sandbox } : {}),
    services: { ...services, startWorker: (options) => services.startWorker({ ...options, sandboxLauncher: join(workspace, 'no-bwrap') }) },
  });
  const client = new Client({ name: 'pau-test', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    await work(client);
  } finally {
    await client.close();
    await server.close();
  }
}

const text = (result: unknown) => (result as CallToolResult).content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

test('pau mcp in auto without bubblewrap: an evaluating function runs nothing the client sends', async () => {
  await withoutBubblewrap(undefined, async (client) => {
    const called = await client.callTool({ name: 'call_function', arguments: { file: 'evaluates.py', qualname: 'run', args: [PAYLOAD] } });
    judge('A workspace function that evaluates what an MCP client sends, with no bubblewrap (`auto`)', !text(called).includes(SECRET), text(called));
    assert.equal(called.isError, true);
    assert.match(text(called), /bubblewrap is not installed.*--sandbox guards/s);
    const probed = await client.callTool({ name: 'probe_function', arguments: { file: 'evaluates.py', qualname: 'run', mode: 'offline', maxProbes: 3 } });
    assert.equal(probed.isError, true, text(probed));
    assert.match(text(probed), /--sandbox guards/);
  });
});

test('pau mcp --sandbox guards: the user accepted the guards only, and the call runs', async () => {
  await withoutBubblewrap('guards', async (client) => {
    const called = await client.callTool({ name: 'call_function', arguments: { file: 'evaluates.py', qualname: 'run', args: ["'1 + 1'"] } });
    assert.ok(!called.isError, text(called));
    assert.match(text(called), /-> 2|2\b/);
  });
});
