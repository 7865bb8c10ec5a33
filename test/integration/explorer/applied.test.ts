// A function that returns a function: the explorer calls what it returned (CallRequest.apply), with
// arguments its signature suggests, and the description says what that gave, as a reader would
// call it (`g = make_adder(3); g(3)`), once a re-run in another interpreter gave the same.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { exploreExample } from './harness.js';

const FIXTURE = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'fixtures', 'applied', 'factories.py');
const BUDGET = 20;

test('a closure factory: what it returned is called, and the summary says what that gave', async () => {
  const { report, records } = await exploreExample(FIXTURE, 'make_adder', { maxProbes: BUDGET, strictness: 'signature' });
  const applied = records.filter((r) => r.apply && r.result.applied?.status === 'returned');
  assert.ok(applied.length >= 2, records.map((r) => JSON.stringify([r.args, r.apply, r.result.applied])).join('\n'));
  const m = /Returns a function of `\(x\)`: `g = make_adder\((-?\d+)\); g\((-?\d+)\)` gave `(-?\d+)`\./.exec(report.description.summary);
  assert.ok(m, report.description.summary);
  assert.equal(Number(m[1]) + Number(m[2]), Number(m[3]));
  const claim = report.description.claims?.find((c) => c.check?.kind === 'applied');
  assert.ok(claim && claim.support.length === 2, JSON.stringify(report.description.claims));
});

test('a partial and a decorator: called with arguments their signature names', async () => {
  const partial = await exploreExample(FIXTURE, 'scale_by', { maxProbes: BUDGET, strictness: 'signature' });
  assert.match(partial.report.description.summary, /Returns a function of `\(b, \/\)`: `g = scale_by\(.+\); g\(.+\)` gave `.+`\./);
  const decorator = await exploreExample(FIXTURE, 'logged', { maxProbes: BUDGET, strictness: 'signature' });
  assert.match(decorator.report.description.summary, /Returns a function .*: `g = logged\(.+\); g\(.+\)` gave `.+`\./);
});

test('a decorator factory: the function its decorator made is called in turn, and the summary says what that gave', async () => {
  const { report, records } = await exploreExample(FIXTURE, 'memoized', { maxProbes: BUDGET, strictness: 'signature' });
  const shown = records.map((r) => JSON.stringify([r.args, r.apply, r.result.applied])).join('\n');
  assert.ok(
    records.some((r) => r.apply?.then && r.result.applied?.status === 'returned'),
    shown,
  );
  const summary = report.description.summary;
  assert.match(summary, /Returns a function of `\(func\)`: `g = memoized\(.*\); g\(.+\)\(.+\)` gave `[^`]+`\./, `${summary}\n${shown}`);
  const claim = report.description.claims?.find((c) => c.check?.kind === 'applied');
  assert.ok(claim && claim.support.length === 2, JSON.stringify(report.description.claims));
});

test("an agent's seeds never apply: its calls cannot", async () => {
  const { records } = await exploreExample(FIXTURE, 'make_adder', { maxProbes: BUDGET, seeding: true });
  assert.ok(records.every((r) => r.apply === undefined));
});
