// `pau mcp --sandbox MODE`: every worker the MCP tools start gets the mode (call_function's
// own, probe_function's run), as the workers themselves report what protects them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createMcpServer } from '../../../src/mcp/server.js';
import { services } from '../../../src/session/services.js';
import type { Prober, WorkerOptions } from '../../../src/core/probe-types.js';

const EXAMPLES = join(resolve('.'), 'examples');

test('--sandbox guards reaches the workers of call_function and probe_function', async () => {
  const started: { asked: WorkerOptions['sandbox']; got: Prober['sandbox'] }[] = [];
  const server = createMcpServer({
    version: '0.0.0',
    cwd: EXAMPLES,
    sandbox: 'guards',
    services: {
      ...services,
      startWorker: async (options) => {
        const worker = await services.startWorker(options);
        started.push({ asked: options.sandbox, got: worker.sandbox });
        return worker;
      },
    },
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'pau-test', version: '1.0.0' });
  await client.connect(clientSide);
  try {
    const call = await client.callTool({ name: 'call_function', arguments: { file: 'mathx.py', qualname: 'clamp', args: ['15', '0', '10'] } });
    assert.equal((call.structuredContent as { result: { value: { repr: string } } }).result.value.repr, '10');
    const probe = await client.callTool({
      name: 'probe_function',
      arguments: { file: 'mathx.py', qualname: 'clamp', mode: 'offline', maxProbes: 3, compare: false },
    });
    assert.ok(!probe.isError, JSON.stringify(probe.content).slice(0, 300));
    assert.ok(started.length >= 2, `${started.length} workers`);
    for (const s of started) {
      assert.equal(s.asked, 'guards');
      assert.equal(s.got?.layer, 'guards');
    }
  } finally {
    await client.close();
    await server.close();
  }
});
