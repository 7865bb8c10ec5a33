// Which test files a suite holds, and which of them must run alone (scripts/run-tests.mjs).
// Node 20's --test takes no globs, so the files are listed here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

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

/** The test files of `suite` (unit | integration | e2e) under `root`, those whose path holds `filter` when given, sorted. */
export function testFiles(suite, filter, root = '.') {
  return find(join(root, 'test', suite))
    .filter((f) => !filter || f.includes(filter))
    .sort();
}

/** A file that takes the time of something (`Date.now() - t`, `performance.now() - t`) asserts on it, or reports it. */
const TIMES = /\b(?:Date|performance)\.now\(\)\s*-/;
/** A file that needs the machine to itself for another reason says why in a comment starting so. */
const MARKED = /^\/\/ Runs alone: /m;

/** Does this test file's text time something, or say it runs alone? Then no other file runs beside it. */
export function runsAlone(text) {
  return TIMES.test(text) || MARKED.test(text);
}

/** `files` split into those that may run beside another file and those that run alone. */
export function byLoad(files) {
  const alone = [];
  const together = [];
  for (const file of files) (runsAlone(readFileSync(file, 'utf8')) ? alone : together).push(file);
  return { together, alone };
}

/**
 * A sandbox test file that runs the same in either sandbox mode (it picks its own modes, or
 * starts no worker) says why in a comment starting so: the guards pass leaves it out.
 */
const SAME_IN_EITHER_MODE = /^\/\/ Runs the same in either sandbox mode: /m;

/** Does this test file's text say that PAU_SANDBOX_MODE changes nothing in it? */
export function sameInEitherMode(text) {
  return SAME_IN_EITHER_MODE.test(text);
}

/** `files` less those that run the same in either sandbox mode, and those left out. */
export function modeDependent(files) {
  const kept = [];
  const leftOut = [];
  for (const file of files) (sameInEitherMode(readFileSync(file, 'utf8')) ? leftOut : kept).push(file);
  return { kept, leftOut };
}
