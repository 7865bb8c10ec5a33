// `auto` without bubblewrap warns in the editor before the first call (issue 21), checked here
// through the engine's own entry points the extension uses (src/extension/backend.ts: the
// listener it registers, startWorker) with real workers, and the notice it then shows
// (NOTICES.autoWithoutOsLayer). A machine without bubblewrap is simulated with a launcher path
// that does not exist, as the OS layer's tests do. The toast itself needs the workbench: not here.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { onAutoWithoutOsLayer, startWorker } from '../../../src/extension/backend.js';
import { NOTICES } from '../../../src/extension/notices.js';

const folder = mkdtempSync(join(tmpdir(), 'pau-auto-warning-'));
const TARGET = join(folder, 'target.py');
writeFileSync(TARGET, 'def bump(n):\n    return n + 1\n');
const MISSING = join(folder, 'no-such-bwrap');
const heard: string[] = [];
onAutoWithoutOsLayer((_warning, detail) => heard.push(`warning: ${detail}`));

after(() => rmSync(folder, { recursive: true, force: true }));

test('auto with bubblewrap here: no warning', async () => {
  const worker = await startWorker({ target: { file: TARGET, qualname: 'bump' }, sandbox: 'auto' });
  try {
    assert.equal(worker.sandbox?.layer, 'os', worker.sandbox?.detail);
    assert.equal((await worker.call({ args: ['1'] })).value?.repr, '2');
    assert.deepEqual(heard, []);
  } finally {
    await worker.stop();
  }
});

test('auto without bubblewrap: one warning, before the first call, naming the install command', async () => {
  for (let i = 0; i < 2; i++) {
    const worker = await startWorker({ target: { file: TARGET, qualname: 'bump' }, sandbox: 'auto', sandboxLauncher: MISSING });
    try {
      assert.equal(worker.sandbox?.layer, 'guards');
      const result = await worker.call({ args: ['1'] });
      heard.push(`call ${i}: ${result.value?.repr ?? result.status}`);
    } finally {
      await worker.stop();
    }
  }
  assert.equal(heard.length, 3, heard.join('\n'));
  assert.match(heard[0]!, /^warning: bubblewrap is not installed \(no .*no-such-bwrap; Debian\/Ubuntu: apt install bubblewrap\)$/);
  assert.deepEqual(heard.slice(1), ['call 0: 2', 'call 1: 2']);
  const notice = NOTICES.autoWithoutOsLayer(heard[0]!.slice('warning: '.length));
  assert.equal(notice.severity, 'warning');
  assert.match(notice.message, /`sudo apt install bubblewrap`/);
  assert.deepEqual(Object.keys(notice.actions), ['setting']);
});
