// What root may do to the host from a call with no namespaces around it (red-team round 4):
// guards mode run as root, as in CI and containers. Before the fix a call made a device node
// for /dev/kmsg in its own folder (Landlock let it make nodes there) and wrote to the kernel
// log through it; it renamed the machine, changed the flags of the host's network interfaces,
// took a real-time scheduling policy and made new namespaces. Judged by the kernel's answers:
// each call writes back what was there, so the host is left as it was.
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startWorker, type ProbeWorker } from '../../../src/probe/client.js';
import { judge, MODE } from './readme-table.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'root_powers.py');
let nodes: ProbeWorker;
let settings: ProbeWorker;

before(async () => {
  nodes = await startWorker({ target: { file: FIXTURE, qualname: 'device_node' }, sandbox: MODE });
  settings = await startWorker({ target: { file: FIXTURE, qualname: 'host_settings' }, sandbox: MODE });
});

after(async () => {
  await Promise.all([nodes?.stop(), settings?.stop()]);
});

test(`[${MODE}] a device node made in the call's own folder`, async () => {
  const result = await nodes.call({ args: [JSON.stringify(`pau-probe root-powers test (${MODE} mode)\n`)] });
  assert.equal(result.status, 'returned', JSON.stringify(result).slice(0, 400));
  const seen = result.value?.repr ?? '';
  judge("Device nodes made in the call's folder (as root)", !seen.includes("'mknod': 'allowed'"), seen);
});

test(`[${MODE}] the hostname, network interfaces, real-time priority and namespaces`, async () => {
  const result = await settings.call({ args: [] });
  assert.equal(result.status, 'returned', JSON.stringify(result).slice(0, 400));
  const seen = result.value?.repr ?? '';
  judge('Host settings root may change (hostname, network interfaces, real-time priority, namespaces)', !seen.includes("'allowed'"), seen);
});
