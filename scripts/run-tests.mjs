// Runs one test suite (unit | integration | e2e) with Node's test runner and tsx.
//
// Node runs os.availableParallelism() - 1 files at once by default: one at a time on 2 cores,
// which left one core mostly idle while a file waited on its Python processes (or, in e2e, on
// its editor). Files run two at a time, except those that time something or say they need the
// machine to themselves (scripts/test-files.mjs: runsAlone); those run one at a time after.
// Each e2e file drives an editor and a browser of its own; the .vsix they all install is packed
// once before they start.
//
// --mode-dependent leaves out the files that say they run the same in either sandbox mode
// (scripts/test-files.mjs: sameInEitherMode): the second pass of the sandbox suite, in guards
// mode, need not run them again.
import { spawnSync } from 'node:child_process';
import { byLoad, modeDependent, testFiles } from './test-files.mjs';

const [suite, ...rest] = process.argv.slice(2);
const flags = rest.filter((a) => a.startsWith('--'));
const [filter] = rest.filter((a) => !a.startsWith('--'));
if (!['unit', 'integration', 'e2e'].includes(suite) || flags.some((f) => f !== '--mode-dependent')) {
  console.error('usage: node scripts/run-tests.mjs unit|integration|e2e [filter] [--mode-dependent]');
  process.exit(2);
}
let files = testFiles(suite, filter);
if (flags.includes('--mode-dependent')) {
  const { kept, leftOut } = modeDependent(files);
  if (leftOut.length > 0) console.log(`${leftOut.length} files left out, the same in either sandbox mode: ${leftOut.join(', ')}\n`);
  files = kept;
}
if (files.length === 0) {
  console.error(`no test files in test/${suite}`);
  process.exit(1);
}

/** Runs `group` at most `concurrency` files at a time; its exit status. */
function run(group, concurrency) {
  const args = ['--import', 'tsx', '--test', '--test-reporter=spec', `--test-concurrency=${concurrency}`, ...group];
  return spawnSync(process.execPath, args, { stdio: 'inherit' }).status ?? 1;
}

const { together, alone } = byLoad(files);
let status = 0;
if (suite === 'e2e' && together.length > 0) {
  status = spawnSync(process.execPath, ['--import', 'tsx', 'test/e2e/harness/pack-vsix.ts'], { stdio: 'inherit' }).status ?? 1;
  if (status !== 0) process.exit(status);
}
if (together.length > 0) status = run(together, 2);
if (alone.length > 0) {
  if (together.length > 0) console.log(`\n${alone.length} files that run alone (they time something), one at a time:`);
  status = run(alone, 1) || status;
}
process.exit(status);
