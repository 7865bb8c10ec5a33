// Bundles code that runs in an extension host into one CommonJS file with `vscode` left to the
// host: the API-level suites (test/electron/suite.ts, lm-suite.ts), loaded as
// `extensionTestsPath` by desktop VS Code (test/electron/run.ts) and code-server's extension host
// (test/e2e/*), and the test extension test/e2e/scripted-model.
import { resolve } from 'node:path';
import * as esbuild from 'esbuild';

export async function bundleForExtensionHost(entry: string, outfile: string): Promise<string> {
  await esbuild.build({
    entryPoints: [entry],
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

export function bundleApiSuite(outfile: string): Promise<string> {
  return bundleForExtensionHost(resolve(import.meta.dirname, 'suite.ts'), outfile);
}
