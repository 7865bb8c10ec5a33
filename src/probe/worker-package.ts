// Where the Python worker's files are: next to the bundles, or in the source tree.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ProbeError } from '../core/probe-types.js';

function moduleDir(): string {
  // CommonJS bundle (dist/cli.js, dist/extension.cjs) or ESM source run by tsx.
  if (typeof __dirname === 'string') return __dirname;
  return dirname(fileURLToPath(import.meta.url));
}

/** The folder holding the pau_probe package: python/ from source, dist/python/ when bundled. */
export function workerPackageRoot(): string {
  const here = moduleDir();
  // dist/python beside a bundle; python/ at the repository's root from src/probe/ under tsx.
  const candidates = [join(here, 'python'), join(here, '..', 'python'), join(here, '..', '..', 'python')];
  const found = candidates.find((path) => existsSync(join(path, 'pau_probe', 'worker.py')));
  if (!found) throw new ProbeError('protocol', `the Python worker is missing (looked for pau_probe/worker.py in ${candidates.join(', ')})`);
  return found;
}
