// What names the probing process rather than the function (src/explorer/worker-identity.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { showsTheWorker } from '../../../src/explorer/worker-identity.js';

test("the frame exc_info(…) and traceback_of(…) raise in is the worker's (traceback.walk_tb yields it); a text that names no such thing is not", () => {
  assert.equal(showsTheWorker("(<frame at 0x2, file '<exc_info>', line 5, code exc_info>, 3)"), true);
  assert.equal(showsTheWorker('\'<p class="x">Tom &amp; Jerry</p>\''), false);
  assert.equal(showsTheWorker("(<frame at 0x2, file 'app.py', line 5, code main>, 3)"), false);
});
