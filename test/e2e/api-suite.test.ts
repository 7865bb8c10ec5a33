// The API-level suite written for @vscode/test-electron (test/electron/suite.ts), run here in
// code-server's extension host instead, since this machine cannot download desktop VS Code:
// the web workbench takes `extensionTestsPath` from its URL payload, and the suite's
// console output reaches the browser console, where this test reads the verdict.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { bundleApiSuite } from '../electron/bundle.js';
import { REPO_ROOT } from './harness/code-server.js';
import { startEditor, withArtifactsOnFailure, type EditorSession } from './harness/editor-session.js';
import { waitUntil } from './harness/workbench.js';

let session: EditorSession | undefined;

after(async () => {
  await session?.close();
});

/** "%c INFO color: #33f   ✔ name (12 ms)" → "✔ name (12 ms)" */
const clean = (line: string) => line.replace(/^%c\s*\w+\s+color:\s*#\w+\s*/, '').trim();

test('the API-level suite passes in code-server’s extension host (no endpoint configured)', async (t) => {
  const bundle = await bundleApiSuite(join(REPO_ROOT, 'test', 'e2e', '.work', 'api-suite', 'index.cjs'));
  session = await startEditor({ settings: { 'pau.baseUrl': undefined }, extensionTests: bundle });
  const s = session;
  await withArtifactsOnFailure(s, 'api-suite', 150_000, async () => {
    const summary = await waitUntil('the suite’s summary line ("N passed, M failed")', 140_000, () =>
      s.console.map(clean).find((l) => /^\d+ passed, \d+ failed$/m.test(l)),
    );
    const results = s.console.map(clean).filter((l) => /^[✔✖] /.test(l));
    for (const line of results) t.diagnostic(line);
    const [, passed, failed] = /(\d+) passed, (\d+) failed/.exec(summary)!;
    assert.equal(Number(failed), 0, `failed checks:\n${results.filter((l) => l.startsWith('✖')).join('\n')}`);
    assert.ok(Number(passed) >= 6, `all checks ran:\n${results.join('\n')}`);
  });
});
