// Runs one test suite (unit | integration | e2e) with Node's test runner and tsx.
// Node 20's --test takes no globs, so the files are listed here.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const suite = process.argv[2];
if (!['unit', 'integration', 'e2e'].includes(suite)) {
  console.error('usage: node scripts/run-tests.mjs unit|integration|e2e [filter]');
  process.exit(2);
}
const filter = process.argv[3];

function find(dir) {
  let out = [];
  let entries = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out = out.concat(find(path));
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

const files = find(join('test', suite))
  .filter((f) => !filter || f.includes(filter))
  .sort();
if (files.length === 0) {
  console.error(`no test files in test/${suite}`);
  process.exit(1);
}
// e2e drives one browser and one editor at a time; the others run files in parallel.
const concurrency = suite === 'e2e' ? ['--test-concurrency=1'] : [];
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...concurrency, ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);
