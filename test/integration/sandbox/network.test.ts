// The network, through libc (red team, round 3): the audit hook refuses Python's sockets, but a
// call that calls libc's connect() directly reaches a TCP port on the host's loopback when
// there is no OS layer (Landlock fences no network here). In the OS layer the call's network
// namespace has only its own loopback. Judged by outcome: does a listener on the host receive
// what the call sent.
import assert from 'node:assert/strict';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startWorker } from '../../../src/probe/client.js';
import { judge, MODE } from './readme-table.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'network.py');
const SECRET = `pau-network-${process.pid}`;
let received = '';
const server = createServer((socket) => socket.on('data', (chunk) => (received += chunk.toString())));
before(() => new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen)));
after(() => server.close());

test(`[${MODE}] a call's libc connect() to a TCP port on the host`, async () => {
  const port = (server.address() as AddressInfo).port;
  const worker = await startWorker({ target: { file: FIXTURE, qualname: 'connect_and_send' }, sandbox: MODE });
  let result;
  try {
    result = await worker.call({ args: [String(port), JSON.stringify(SECRET)] });
  } finally {
    await worker.stop();
  }
  assert.equal(result.status, 'returned', JSON.stringify(result).slice(0, 400));
  await new Promise((r) => setTimeout(r, 200)); // the listener's data event
  judge('Network through libc (a TCP port on the host)', !received.includes(SECRET), { received, connect: result.value?.repr });
});
