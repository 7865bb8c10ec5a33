// The host trusts nothing from the worker's channel that it has not bounded (issue 21): a
// target whose import writes 150,000 forged `forked` lines to the channel made a 0.8 s
// start + call + stop take 34 s (one /proc walk per forged pid). Judged by outcome: the whole
// round ends within a few seconds, and the flooding worker ends as a failure, not a hang.
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startWorker } from '../../../src/probe/client.js';
import type { ProbeResult } from '../../../src/core/probe-types.js';
import { judge, MODE } from './readme-table.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

async function flooded(fixture: string, why: RegExp): Promise<void> {
  const started = performance.now();
  let outcome: ProbeResult | string;
  try {
    const worker = await startWorker({ target: { file: join(FIXTURES, fixture), qualname: 'echo' }, sandbox: MODE });
    try {
      outcome = await worker.call({ args: ['1'] });
    } finally {
      await worker.stop();
    }
  } catch (error) {
    outcome = String(error);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`${fixture}: start + call + stop took ${seconds.toFixed(2)} s: ${JSON.stringify(outcome).slice(0, 300)}`);
  judge('A worker flooding its channel', seconds < 5, { seconds, outcome: JSON.stringify(outcome).slice(0, 300) });
  // The worker is ended at once, and says why: the start fails (or, flooded later, the call crashes).
  assert.match(typeof outcome === 'string' ? outcome : outcome.status, why);
}

test(`[${MODE}] 150,000 forged 'forked' lines at import: start, call and stop take seconds, not minutes`, () =>
  flooded('flood.py', /more than 8 waiting call processes/));

test(`[${MODE}] 150,000 forged 'started' lines at import: the bound on lines per request ends the worker`, () =>
  flooded('flood_started.py', /flooded its channel: more than 64 messages for one request/));
