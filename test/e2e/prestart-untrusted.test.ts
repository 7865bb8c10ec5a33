// No worker is started ahead in an untrusted workspace (issue 23): with workspace trust on and
// this workspace not trusted (Restricted Mode), the cursor resting in a def, as in
// prestart.test.ts where that starts a worker within a second, starts no Python process.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { editorForFile, withArtifactsOnFailure, workerProcesses, type EditorSession } from './harness/editor-session.js';
import { waitUntil } from './harness/workbench.js';

const editor = editorForFile({
  theme: 'dark',
  settings: {
    'pau.baseUrl': undefined,
    'pau.prestartWorker': true,
    'security.workspace.trust.enabled': true,
    'security.workspace.trust.startupPrompt': 'never',
    'security.workspace.trust.untrustedFiles': 'open',
  },
});

const workers = (s: EditorSession) => workerProcesses(s).map((p) => p.pid);

test('in an untrusted workspace the cursor resting in a def starts no worker', async () => {
  const s = editor();
  await withArtifactsOnFailure(s, 'prestart-untrusted', 60_000, async () => {
    // The precondition: the window is in Restricted Mode, so this is the untrusted case.
    await waitUntil('the Restricted Mode indicator', 20_000, async () => (await s.wb.page.getByText('Restricted Mode').count()) > 0);
    await s.wb.openFile('mathx.py');
    const lines = readFileSync(join(s.workspace, 'mathx.py'), 'utf8').split('\n');
    for (const name of ['clamp', 'gcd']) {
      await s.wb.goToLine(lines.findIndex((l) => l.startsWith(`def ${name}(`)) + 2);
      // The trusted case starts one 0.7 s after the cursor rests; wait well past that.
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline) {
        assert.deepEqual(workers(s), [], `a worker started ahead for ${name} in an untrusted workspace`);
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    assert.doesNotMatch(s.extensionLog(), /Started a worker ahead/);
  });
});
