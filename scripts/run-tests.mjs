// Runs one test suite (unit | integration | e2e) with Node's test runner and tsx.
//
// Node runs os.availableParallelism() - 1 files at once by default: one at a time on 2 cores,
// which left one core mostly idle while a file waited on its Python processes. Unit and
// integration files run two at a time, except those that time something or say they need the
// machine to themselves (scripts/test-files.mjs: runsAlone); those run one at a time after. e2e
// drives one browser and one editor at a time.
import { spawnSync } from 'node:child_process';
import { byLoad, testFiles } from './test-files.mjs';

const suite = process.argv[2];
if (!['unit', 'integration', 'e2e'].includes(suite)) {
  console.error('usage: node scripts/run-tests.mjs unit|integration|e2e [filter]');
  process.exit(2);
}
const files = testFiles(suite, process.argv[3]);
if (files.length === 0) {
  console.error(`no test files in test/${suite}`);
  process.exit(1);
}

/** Runs `group` at most `concurrency` files at a time; its exit status. */
function run(group, concurrency) {
  const args = ['--import', 'tsx', '--test', '--test-reporter=spec', `--test-concurrency=${concurrency}`, ...group];
  return spawnSync(process.execPath, args, { stdio: 'inherit' }).status ?? 1;
}

const { together, alone } = suite === 'e2e' ? { together: [], alone: files } : byLoad(files);
let status = 0;
if (together.length > 0) status = run(together, 2);
if (alone.length > 0) {
  if (together.length > 0) console.log(`\n${alone.length} files that run alone (they time something), one at a time:`);
  status = run(alone, 1) || status;
}
process.exit(status);
