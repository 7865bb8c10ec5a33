// PAU Probe's language-model tools in code-server (VS Code 1.103): another extension's code in
// the extension host lists them in vscode.lm.tools and calls pau_callFunction through
// vscode.lm.invokeTool, getting a real ProbeResult from the worker. The suite also reports what
// this editor's Language Model API offers (models, provider registration APIs).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { bundleForExtensionHost } from '../electron/bundle.js';
import { REPO_ROOT } from './harness/code-server.js';
import { startEditor, withArtifactsOnFailure, type EditorSession } from './harness/editor-session.js';
import { waitUntil } from './harness/workbench.js';

let session: EditorSession | undefined;
after(async () => {
  await session?.close();
});

const clean = (line: string) => line.replace(/^%c\s*\w+\s+color:\s*#\w+\s*/, '').trim();

test("vscode.lm.invokeTool('pau_callFunction', …) from extension code returns a real ProbeResult", async (t) => {
  const bundle = join(REPO_ROOT, 'test', 'e2e', '.work', 'lm-suite', 'index.cjs');
  await bundleForExtensionHost(join(REPO_ROOT, 'test', 'electron', 'lm-suite.ts'), bundle);
  session = await startEditor({ settings: { 'pau.baseUrl': undefined }, extensionTests: bundle });
  const s = session;
  await withArtifactsOnFailure(s, 'lm-tools', 150_000, async () => {
    const summary = await waitUntil('the suite’s summary line', 140_000, () => s.console.map(clean).find((l) => /^\d+ passed, \d+ failed$/m.test(l)));
    const lines = s.console.map(clean);
    for (const line of lines.filter((l) => /^[✔✖] |LM-REPORT/.test(l))) t.diagnostic(line);
    const [, passed, failed] = /(\d+) passed, (\d+) failed/.exec(summary)!;
    assert.equal(Number(failed), 0, lines.filter((l) => l.startsWith('✖') || l.includes('Error')).join('\n'));
    assert.equal(Number(passed), 4);
  });
});
