// Kernel interfaces bubblewrap's namespaces leave open (issue 21), tried through libc so the
// audit hook sees nothing: keyrings, POSIX message queues, unix sockets in a bound folder, new
// user namespaces and io_uring, a signal that stops the fork server. The OS layer's seccomp
// filter and Landlock's scopes must stop each; guards mode must match the README's table.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startWorker, type ProbeWorker } from '../../../src/probe/client.js';
import { describeSandbox, probeOsLayer } from '../../../src/probe/sandbox.js';
import type { ProbeResult } from '../../../src/core/probe-types.js';
import { judge, MODE, SECCOMP } from './readme-table.js';

const HERE = dirname(fileURLToPath(import.meta.url));
// The target in a folder of its own (bound into the sandbox), with a listening socket beside it.
const folder = mkdtempSync(join(tmpdir(), 'pau-kernel-'));
const TARGET = join(folder, 'kernel.py');
const SOCKET = join(folder, 'agent.sock');
const SECRET = `pau-socket-secret-${randomBytes(6).toString('hex')}`;
let worker: ProbeWorker;
let server: Server;

function attack(name: string, ...args: unknown[]): Promise<ProbeResult> {
  return worker.call({ args: [JSON.stringify(name), ...args.map((a) => JSON.stringify(a))] });
}

function returned(result: ProbeResult): string {
  assert.equal(result.status, 'returned', JSON.stringify(result).slice(0, 600));
  return result.value?.repr ?? '';
}

before(async () => {
  copyFileSync(join(HERE, 'fixtures', 'kernel.py'), TARGET);
  server = createServer((connection) => connection.end(SECRET));
  await new Promise<void>((r) => server.listen(SOCKET, r));
  worker = await startWorker({ target: { file: TARGET, qualname: 'attack' }, sandbox: MODE });
  assert.equal(worker.sandbox?.layer, MODE);
});

after(async () => {
  await worker?.stop();
  server?.close();
  rmSync(folder, { recursive: true, force: true });
});

test(`[${MODE}] kernel keyrings: neither the session keyring read nor a key added`, async () => {
  const seen = returned(await attack('keyrings', `pau-key-${randomBytes(6).toString('hex')}`));
  judge('Kernel keyrings', /'session': None/.test(seen) && /'added': False/.test(seen), seen);
});

test(`[${MODE}] POSIX message queues carry nothing to the next call`, async () => {
  const marker = `pau-mq-${randomBytes(6).toString('hex')}`;
  const planted = returned(await attack('mq_plant', marker));
  const read = returned(await attack('mq_read', marker));
  judge('POSIX message queues left for the next call', !read.includes(marker), { planted, read });
});

test(`[${MODE}] unix sockets in a bound folder cannot be connected to`, async () => {
  const got = returned(await attack('unix_socket', SOCKET));
  judge('Unix sockets in bound folders', !got.includes(SECRET), got);
});

test(`[${MODE}] a unix socket opened with the family's high bits set cannot be connected to either`, async () => {
  const got = returned(await attack('raw_unix_socket', SOCKET));
  judge('Unix sockets in bound folders', !got.includes(SECRET), got);
});

test(`[${MODE}] no socket family but IPv4 and IPv6 opens (vsock reaches the hypervisor, netlink the kernel)`, async () => {
  const opened = returned(await attack('socket_families'));
  judge('Socket families other than IPv4/IPv6 (vsock, netlink, packet)', opened === '[]', opened);
});

test(`[${MODE}] no new user namespace, io_uring, ptrace of the fork server, userfaultfd, perf_event_open or bpf`, async () => {
  const worked = returned(await attack('namespaces'));
  judge('New user namespaces, io_uring, ptrace, userfaultfd, perf_event_open, bpf', worked === '[]', worked);
});

test(`[${MODE}] a call that stops the process that forked it does not hang the next call`, async () => {
  const stopped = await attack('stop_parent');
  const started = Date.now();
  // Three calls: a process forked ahead before the stop can serve the first one by itself.
  const next: string[] = [];
  for (let i = 0; i < 3; i++) next.push((await worker.call({ args: ["'ordinary'", '21'] }, { limits: { timeoutMs: 3000 } })).status);
  // Blocked: the signal is refused (kill answers -1) and the calls after it are served. In guards
  // mode the signal gets through; whether the worker then recovers depends on which process it
  // stopped and when, so the judgement rests on the signal, not on the recovery.
  const refused = stopped.value?.repr === '-1';
  judge('Signals to the fork server', refused && next.every((status) => status === 'returned'), {
    stopped: stopped.value?.repr,
    next,
    ms: Date.now() - started,
  });
});

test(`[${MODE}] the OS layer names its seccomp filter and its architectures, or says plainly it has none`, async () => {
  if (MODE === 'guards') {
    // Without bubblewrap the worker loads the same program itself (pau_probe/seccomp_load.py).
    assert.match(describeSandbox(worker.sandbox!), SECCOMP ? /guards only \(chosen\) \+ seccomp \(/ : /guards only .*no seccomp filter/);
    const fds = returned(await attack('open_fds'));
    return assert.ok(!/\b5\b/.test(fds), `the program's descriptor reached the call: ${fds}`);
  }
  assert.match(describeSandbox(worker.sandbox!), process.arch === 'x64' ? /seccomp \(x86_64, x86, x32\)/ : /seccomp \(/);
  // Without python3-seccomp (a generator that cannot import it exits 3) the layer still runs.
  const missing = join(folder, 'no_seccomp.py');
  writeFileSync(missing, 'import sys\nsys.exit(3)\n');
  const layer = await probeOsLayer('linux', undefined, missing);
  assert.equal(layer.layer, 'os');
  assert.equal(layer.seccomp, undefined);
  assert.match(describeSandbox(layer), /no seccomp filter: python3-seccomp is not installed \(Debian\/Ubuntu: apt install python3-seccomp\)/);
  // The program's descriptor is read and closed by bubblewrap: the call does not inherit it.
  const fds = returned(await attack('open_fds'));
  assert.ok(!/\b5\b/.test(fds), fds);
});
