// The webview is a renderer: it bundles the host⇄webview protocol, not the extension's tables.
// Bundles webview/main.ts as esbuild.mjs does and looks for the host-only copy in it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { COMMANDS } from '../../../src/extension/contributions/commands.js';
import { SETTINGS } from '../../../src/extension/contributions/settings.js';

test('webview.js carries no setting description, no command summary and no Problem wording', async () => {
  const built = await esbuild.build({
    entryPoints: [resolve(import.meta.dirname, '..', '..', '..', 'webview', 'main.ts')],
    bundle: true,
    write: false,
    outfile: join(tmpdir(), 'pau-webview-check.js'),
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'error',
  });
  const js = built.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  assert.ok(js.length > 10_000, 'the bundle was built');
  for (const [key, spec] of Object.entries(SETTINGS)) assert.ok(!js.includes(spec.markdownDescription.slice(0, 40)), `pau.${key}'s description`);
  for (const [key, c] of Object.entries(COMMANDS)) assert.ok(!js.includes(c.summary), `${key}'s summary`);
  assert.ok(!js.includes('The endpoint kept refusing requests'), 'the host words the banners');
});
