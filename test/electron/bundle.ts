// Bundles the API-level suite (test/electron/suite.ts) into one CommonJS file, the form an
// extension host loads as `extensionTestsPath`: for desktop VS Code (test/electron/run.ts)
// and for code-server's extension host (test/e2e/api-suite.test.ts).
import { resolve } from 'node:path';
import * as esbuild from 'esbuild';

export async function bundleApiSuite(outfile: string): Promise<string> {
  await esbuild.build({
    entryPoints: [resolve(import.meta.dirname, 'suite.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    logLevel: 'warning',
  });
  return outfile;
}
