// The claim checker over the whole corpus (test/corpus/explorer): the explorer runs on every
// function through the real worker, then check.py re-runs every claimed property (on every
// call made and on the truth table's own samples), every raise claim and every example
// against the real function, in a separate Python process: zero failures. The truth tables
// themselves are checked the same way first. How much of the corpus the explorer reaches (key
// behaviours, functions with a returned call) is a goal reported by `npm run bench explorer`.
import assert from 'node:assert/strict';
import test from 'node:test';
import { CORPUS } from '../../corpus/explorer/corpus.js';
import { checkClaims, checkTruthTables, exploreCorpus, forbiddenClaims } from '../../corpus/explorer/explore.js';

test('the truth tables hold for the real functions: every "holds" on every sample, every "never" refuted or outside its domain', () => {
  assert.ok(CORPUS.length >= 50, `${CORPUS.length} functions`);
  assert.deepEqual(checkTruthTables(CORPUS), []);
});

test('every claim the explorer makes on the corpus survives re-checking against the real function', { timeout: 10 * 60_000 }, async () => {
  // Three workers at a time: most of a call is waiting on the worker's process, and CI has 2 cores.
  const runs = await exploreCorpus(CORPUS, 40, 3);
  const claims = runs.reduce((n, r) => n + (r.report.description.claims?.filter((c) => c.check).length ?? 0), 0);
  assert.ok(claims > 3 * runs.length, `only ${claims} checkable claims`);
  assert.deepEqual(checkClaims(runs), []);
  assert.deepEqual(runs.flatMap(forbiddenClaims), []);
});
