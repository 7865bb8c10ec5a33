// Results that depend on what the process did before (fresh draw of library functions: attr's
// counter, difflib's table ids, a Random seeded from the OS, a descriptor number): every call
// runs in a fresh fork of one warm worker, so re-runs there all agree, while a user calling the
// function twice in one interpreter sees another result. The re-runs now run each call twice in
// its process (ProbeResult.again), and such a function is neither "deterministic" nor shown by a value.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { exploreExample, property } from './harness.js';

const FIXTURE = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'fixtures', 'process-history', 'process_history.py');

/** What the description shows of returned values: examples that are no error (nor only a type), and the summary. */
function shownValues(report: Awaited<ReturnType<typeof exploreExample>>['report']): string[] {
  return [
    ...report.description.examples.filter((e) => !e.result.startsWith('Traceback') && !e.call.startsWith('type(')).map((e) => `${e.call} → ${e.result}`),
    report.description.summary,
  ];
}

for (const [qualname, varying] of [
  ['tag', /#\d/],
  ['Table.render', /id="t\d/],
  ['ticket', /-\d/],
  ['Log.fileno', /^\d+$/],
  // gzip's header holds the time of the call: the second run reads a clock moved on (call.py).
  ['packed', /\\x1f\\x8b/],
] as const) {
  test(`${qualname}: another result the second time in one process, so not deterministic and no value shown`, async () => {
    const { report, records } = await exploreExample(FIXTURE, qualname, { maxProbes: 20 });
    assert.ok(
      records.some((r) => r.result.again?.same === false),
      'a re-run saw the second run differ',
    );
    const deterministic = property(report, 'deterministic');
    assert.equal(deterministic?.holds, false, JSON.stringify(deterministic));
    // gzip's time stamp may also change between two re-runs a second apart, under another seed.
    // (Or between two fresh processes a second apart: the counterexample then names no seed.)
    const refutedBy =
      qualname === 'packed'
        ? /when called again in the same process|under random seed|^counterexample: packed\(.*\) gave .*, then /
        : /when called again in the same process/;
    assert.match(deterministic?.evidence ?? '', refutedBy);
    // No value: the call is shown with its type (`type(tag('abc'))` → `<class 'str'>`) at most.
    const examples = report.description.examples.filter((e) => !e.result.startsWith('Traceback') && !/^type\(.*\)$/.test(e.call));
    assert.deepEqual(examples, [], JSON.stringify(examples));
    for (const e of report.description.examples.filter((x) => x.call.startsWith('type('))) assert.match(e.result, /^<class '[\w.]+'>$/, e.result);
    for (const shown of shownValues(report).filter((s) => !/Not the same from run to run/.test(s))) assert.doesNotMatch(shown, varying, shown);
  });
}

test('double: the same the second time, so deterministic, with examples', async () => {
  const { report } = await exploreExample(FIXTURE, 'double', { maxProbes: 20 });
  assert.equal(property(report, 'deterministic')?.holds, true, JSON.stringify(property(report, 'deterministic')));
  assert.ok(
    report.description.examples.some((e) => !e.result.startsWith('Traceback')),
    JSON.stringify(report.description.examples),
  );
});

// random.Random.getstate was called deterministic: its re-runs were all on receivers seeded by
// their argument, and Random() (seeded from the OS, so no two builds agree) was never re-run.
test('Dice.peek: a receiver built with no seed is among the re-runs, so not deterministic', async () => {
  const { report } = await exploreExample(FIXTURE, 'Dice.peek', { maxProbes: 20 });
  const deterministic = property(report, 'deterministic');
  assert.equal(deterministic?.holds, false, JSON.stringify(deterministic));
  assert.match(deterministic?.evidence ?? '', /^counterexample: Dice\(\)\.peek\(\)/);
});

// gettext.bindtextdomain was called deterministic: bindtextdomain(d) twice agrees, and only
// another call, bindtextdomain(d, folder), files what the next bindtextdomain(d) gives.
test('bind: run again after a call with the same arguments and more, so neither deterministic nor free of side effects', async () => {
  const { report } = await exploreExample(FIXTURE, 'bind', { maxProbes: 20 });
  const deterministic = property(report, 'deterministic');
  assert.equal(deterministic?.holds, false, JSON.stringify(deterministic));
  assert.match(deterministic?.evidence ?? '', /when called again in the same process after bind\(/);
  const pure = property(report, 'pure');
  assert.equal(pure?.holds, false, JSON.stringify(pure));
  assert.match(pure?.evidence ?? '', /changed what bind\(.*\) gives next/);
  // Said as state, not as a result that varies by itself.
  assert.match(report.description.summary, /What a call gives depends on the calls made before it: bind\(/, report.description.summary);
  assert.doesNotMatch(report.description.summary, /Not the same from run to run/, report.description.summary);
});
