// The exported test modules in a folder, run as the user's own test suite would run them
// later: plain pytest on the host, no sandbox, from that folder. What they did there is what
// the export tests judge; a failing case is fine.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Runs every `*_pau.py` in `dir` with `python -m pytest`; returns their names. */
export function runExportedOnHost(python: string, dir: string): string[] {
  const written = readdirSync(dir).filter((name) => name.endsWith('_pau.py'));
  for (const file of written) {
    try {
      execFileSync(python, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', join(dir, file)], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '' },
        stdio: 'pipe',
      });
    } catch {
      // failing cases, or a module that does not import: what ran before is the question
    }
  }
  return written;
}
