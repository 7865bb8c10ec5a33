// Code a model writes (the comparison's implementations, from a description an agent may
// supply through MCP's compare_docstring) ran in guards mode as a worker with the guards only,
// on the host: libc's connect() reached a TCP port there (red team, round 4). Judged by
// outcome: does a listener on the host receive what the generated code sent.
import assert from 'node:assert/strict';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { compareWithDocstring } from '../../../src/compare/index.js';
import { startWorker } from '../../../src/probe/client.js';
import { compareInput, scriptedModel, sessionFor } from '../compare/support.js';
import { judge, MODE } from './readme-table.js';

const FIXTURE = fileURLToPath(new URL('../../fixtures/compare/numbers.py', import.meta.url));
const SECRET = `pau-generated-${process.pid}`;
let received = '';
const server = createServer((socket) => socket.on('data', (chunk) => (received += chunk.toString())));
before(() => new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen)));
after(() => server.close());

test(`[${MODE}] code a model wrote for the comparison reaches the host's network`, async (t) => {
  const port = (server.address() as AddressInfo).port;
  const code = [
    'import ctypes, socket, struct',
    'def f(arg0):',
    '    libc = ctypes.CDLL(None, use_errno=True)',
    '    fd = libc.socket(2, 1, 0)',
    `    address = struct.pack('<H', 2) + struct.pack('!H', ${port}) + bytes([127, 0, 0, 1]) + bytes(8)`,
    '    if libc.connect(fd, address, 16) == 0:',
    `        libc.write(fd, ${JSON.stringify(SECRET)}.encode(), ${SECRET.length})`,
    '    return 1 if arg0 > 0 else -1 if arg0 < 0 else 0',
  ].join('\n');
  const worker = await startWorker({ target: { file: FIXTURE, qualname: 'sign' }, coverage: false, sandbox: MODE });
  t.after(() => worker.stop());
  const session = sessionFor(worker, FIXTURE);
  session.settings.sandbox = MODE;
  const model = await scriptedModel({ inferred: code });
  t.after(() => model.server.close());
  const report = await compareWithDocstring(compareInput(worker, session, { llm: model.llm, heldOut: [{ args: ['5'] }, { args: ['-3'] }] }));
  await new Promise((r) => setTimeout(r, 200)); // the listener's data event
  if (MODE === 'os') assert.ok(report.behavioural, `the comparison ran in the OS sandbox: ${JSON.stringify(report.notes)}`);
  judge("Code a model writes (the comparison's implementations)", !received.includes(SECRET), {
    received,
    behavioural: report.behavioural,
    notes: report.notes,
  });
});
