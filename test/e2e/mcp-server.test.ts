// The MCP server that the installed .vsix registers (VS Code 1.101+'s MCP server definition
// provider API), seen from the editor: listed by "MCP: List Servers", started by the editor's own
// MCP client, and answering a tool call (test/electron/mcp-suite.ts, in the extension host).
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

test('the MCP server the installed .vsix registers is listed, started, and answers call_function', async (t) => {
  const bundle = join(REPO_ROOT, 'test', 'e2e', '.work', 'mcp-suite', 'index.cjs');
  await bundleForExtensionHost(join(REPO_ROOT, 'test', 'electron', 'mcp-suite.ts'), bundle);
  session = await startEditor({ settings: { 'pau.baseUrl': undefined }, extensionTests: bundle });
  const s = session;
  await withArtifactsOnFailure(s, 'mcp-server', 150_000, async () => {
    const summary = await waitUntil('the suite’s summary line', 140_000, () => s.console.map(clean).find((l) => /^\d+ passed, \d+ failed$/m.test(l)));
    const lines = s.console.map(clean);
    for (const line of lines.filter((l) => /^[✔✖] |MCP-/.test(l))) t.diagnostic(line);
    const [, passed, failed] = /(\d+) passed, (\d+) failed/.exec(summary)!;
    assert.equal(Number(failed), 0, lines.filter((l) => l.startsWith('✖') || l.includes('Error')).join('\n'));
    assert.equal(Number(passed), 2);

    // The user's view: the server is in the editor's MCP server list (while the suite holds its
    // extension host up; test/electron/mcp-suite.ts). The list is a snapshot of the servers known
    // when it opens, so it is opened again until the server is in it.
    const row = s.wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'PAU Probe' }).first();
    for (let attempt = 1; ; attempt++) {
      await s.wb.runCommand('MCP: List Servers');
      try {
        await row.waitFor({ timeout: 10_000 });
        break;
      } catch (e) {
        if (attempt === 4) throw e;
        await s.wb.page.keyboard.press('Escape');
      }
    }
    assert.match((await row.textContent()) ?? '', /PAU Probe/);
  });
});
