// An error message that says what the call must carry is followed at once (test/fixtures/discovery/told_fixes.py):
// an option a library requires in its own words, a text of the format it says the input is not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { ProbeRecord } from '../../../src/core/session-types.js';
import { exploreExample } from './harness.js';

const FIXTURE = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'fixtures', 'discovery', 'told_fixes.py');
const BUDGET = 20;

const shown = (r: ProbeRecord): string => `(${[...r.args, ...Object.entries(r.kwargs ?? {}).map(([k, v]) => `${k}=${v}`)].join(', ')})`;
const calls = (records: ProbeRecord[]): string => records.map((r) => `${shown(r)} -> ${r.result.status}`).join('\n');
/** The call right after the first one that raised with a message matching `said`. */
function nextAfter(records: ProbeRecord[], said: RegExp): ProbeRecord | undefined {
  const k = records.findIndex((r) => said.test(r.result.exception?.message ?? ''));
  return k < 0 ? undefined : records[k + 1];
}

test('"pass in a value for the "methods" argument": the next call gives methods, and it returns', async () => {
  const { records } = await exploreExample(FIXTURE, 'allowed_methods', { maxProbes: BUDGET });
  const next = nextAfter(records, /value for the "methods" argument/);
  assert.ok(next?.kwargs?.methods !== undefined && next.result.status === 'returned', calls(records));
  // The option's name is no value to pass.
  assert.ok(!records.some((r) => r.args[0] === "'methods'"), calls(records));
});

test('"Settings are not valid JSON": the next call gives a JSON text, and it returns', async () => {
  const { records } = await exploreExample(FIXTURE, 'settings_version', { maxProbes: BUDGET });
  const next = nextAfter(records, /not valid JSON/);
  assert.ok(next?.result.status === 'returned' && next.args[0]?.startsWith("'{"), calls(records));
});

test('a required last parameter is not left out while assignments are searched: blend(begin_hsl, end_hsl, steps) is told "missing" at most once', async () => {
  const { records } = await exploreExample(FIXTURE, 'blend', { maxProbes: 40 });
  const missing = records.filter((r) => /missing 1 required positional argument: 'steps'/.test(r.result.exception?.message ?? ''));
  assert.ok(missing.length <= 1, calls(records));
});
