// The terminal printer (a session subscriber): probe lines, hypotheses, summary; colour rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPrinter, wantsColor } from '../../../src/cli/print.js';
import { doctestMismatch } from '../../../src/core/format.js';
import { sessionEvents } from '../../../src/core/replay.js';
import { sampleSession } from './sample.js';

function print(color: boolean, file = sampleSession(), showErrors = true): string {
  let out = '';
  const printer = createPrinter({ write: (t) => (out += t), color, showErrors });
  for (const e of sessionEvents(file)) printer(e);
  return out;
}

test('each probe on one line with outcome, type, duration, coverage and origin', () => {
  const out = print(false);
  const lines = out.split('\n');
  assert.match(lines[0]!, /^pau probe \/w\/text\.py:shout {2}LLM agent m · anonymized · max 5 probes · coverage feedback on$/);
  assert.equal(lines[1], 'shown to the agent as f(arg0, arg1)');
  assert.ok(lines.includes("#1 shout('ab') → 'AB'  str  1.3 ms  lines 2/4 (+2)  [offline]"), out);
  assert.ok(lines.includes("#2 shout(None) → raises AttributeError: 'NoneType' object has no attribute 'upper'  1.3 ms"), out);
  assert.ok(lines.includes('    stdout: "hi\\n"'), out);
  assert.ok(lines.includes('    hypothesis: upper-cases'), out);
  assert.ok(lines.includes("#3 shout('ab') → 'AB'  str  1.3 ms  [cache]"), out);
  assert.ok(lines.includes('Description: Upper-cases a string.'), out);
  // The head's one-line example, then the doctest form below it, under the real name as a
  // doctest of the function would read (issue 22).
  assert.ok(
    lines.some((l) => l.startsWith("  Example: shout('ab') → ")),
    out,
  );
  assert.ok(lines.includes("      >>> shout('ab')"), out);
  assert.ok(!out.includes('>>> f('), out);
  assert.ok(lines.includes('  Confidence: 80%'), out);
  assert.ok(lines.includes('  lexical F1: 0.50'), out);
  assert.ok(lines.includes('3 LLM requests, 300 prompt + 60 completion tokens'), out);
  assert.ok(!out.includes('\x1b['));
});

test('colour codes only when asked; NO_COLOR wins over a terminal', () => {
  assert.ok(print(true).includes('\x1b[33mraises AttributeError'));
  assert.equal(wantsColor({ isTTY: true }, {}), true);
  assert.equal(wantsColor({ isTTY: true }, { NO_COLOR: '1' }), false);
  assert.equal(wantsColor({ isTTY: false }, {}), false);
});

test('a failed run prints its error (replay) and its best hypothesis', () => {
  const file = { ...sampleSession(), error: { kind: 'stopped' as const, message: 'stopped before the end' } };
  file.final = { ...file.final, concluded: false };
  const out = print(false, file);
  assert.match(out, /Run failed \(stopped\): stopped before the end/);
  assert.match(out, /Best hypothesis \(not concluded\): Upper-cases a string\./);
  assert.doesNotMatch(print(false, file, false), /Run failed/);
});

test('stopped before any probe: it says nothing was probed, and nothing else', () => {
  const file = {
    ...sampleSession(),
    comparison: undefined,
    error: { kind: 'stopped' as const, message: 'stopped before the end' },
    probes: [],
    hypotheses: [],
  };
  file.usage = { ...file.usage, requests: 0 };
  // What the explorer describes after no call (explorer/describe.ts).
  file.final = { ...file.final, concluded: false, description: { ...file.final.description!, summary: 'Not explored: no probe was made.', examples: [] } };
  assert.equal(print(false, file, false), 'Nothing was probed.\n');
});

test('reprs, messages, output and model text with terminal controls are printed as escapes; colours are the printer own', () => {
  const hostile = '\x1b]0;TITLE\x07\x1b]52;c;cHduZWQ=\x07\x1b[2J\r\x1b[Kfake: returned int: 42\x9b';
  const file = sampleSession();
  file.probes[0]!.result = { ...file.probes[0]!.result, value: { type: `T${hostile}`, repr: hostile, truncated: false }, stdout: hostile };
  file.probes[1]!.result = { ...file.probes[1]!.result, exception: { type: 'ValueError', message: hostile } };
  file.final = { ...file.final, description: { ...file.final.description!, summary: hostile, details: hostile } };
  for (const color of [false, true]) {
    const out = print(color, file);
    assert.ok(out.includes('\\x1b]0;TITLE\\x07'), out);
    assert.ok(out.includes('\\x0d\\x1b[Kfake'), out);
    // eslint-disable-next-line no-control-regex -- the controls are what it matches
    assert.doesNotMatch(out, /[\x00-\x09\x0b-\x1a\x1c-\x1f\x7f-\x9f]/, 'no control but newlines (and ESC of colours)');
    // The only escape sequences left are the printer's own SGR colours.
    // eslint-disable-next-line no-control-regex -- the controls are what it matches
    assert.doesNotMatch(out.replace(/\x1b\[[0-9;]*m/g, ''), /\x1b/);
  }
});

test('the final block as doctests read it: no None line, the agent notes apart from evidence, no second table of probes (issue 22)', () => {
  const file = sampleSession();
  file.final = {
    ...file.final,
    description: {
      ...file.final.description!,
      examples: [
        { call: "f('ab')", result: "'AB'" },
        { call: "f('')", result: 'None' },
      ],
    },
    ioTable: "| # | call | result | type |\n|---|---|---|---|\n| 1 | shout('ab') | 'AB' | str |\n",
  };
  const lines = print(false, file).split('\n');
  const at = lines.indexOf("      >>> shout('')");
  assert.ok(at > 0, lines.join('\n'));
  assert.notEqual(lines[at + 1]!.trim(), 'None');
  assert.ok(lines.includes('  Notes:') && !lines.includes('  Evidence:'), lines.join('\n'));
  assert.ok(!lines.some((l) => l.startsWith('| # |')), lines.join('\n'));
});

test("an example on a receiver prepared by other calls is a doctest that passes: the preparing calls' results bound to _", () => {
  // The new-user trial's TodoList.complete: `s = TodoList(); s.add('hello'); s.add('x'); s.complete('hello')` /
  // `1` failed under doctest, which echoes every expression statement of the line (add returns a count: 1, 2, 1).
  const file = sampleSession();
  const call = "s = TodoList(); s.add('hello'); s.add('x'); s.complete('hello')";
  file.final = { ...file.final, description: { ...file.final.description!, examples: [{ call, result: '1' }] } };
  const lines = print(false, file).split('\n');
  const at = lines.indexOf("      >>> s = TodoList(); _ = s.add('hello'); _ = s.add('x'); s.complete('hello')");
  assert.ok(at > 0, lines.join('\n'));
  assert.equal(lines[at + 1], '      1');
});

test('the comparison prints expected and got of each disagreement and failing doctest, not only counts (issue 22)', () => {
  const file = sampleSession();
  file.comparison = {
    behavioural: {
      inferred: { agree: 1, total: 2 },
      docstring: { agree: 0, total: 2 },
      stale: true,
      disagreements: [{ input: "shout('x')", expected: "'X!'", got: "'X'" }],
      docstringDisagreements: [{ input: "shout('y')", expected: "'y'", got: "'Y'" }],
    },
    doctests: { passed: 0, failed: 1, results: [{ source: "shout('z')", want: "'z'", got: "'Z'", ok: false }] },
  };
  const out = print(false, file);
  assert.match(out, /shout\('x'\): expected 'X!', got 'X'/);
  assert.match(out, /shout\('y'\): expected 'y', got 'Y'/);
  assert.match(out, />>> shout\('z'\): expected 'z', got 'Z'/);
});

test("a failed doctest's expected and got stay on one line, in the terminal as in the panel (issue 22)", () => {
  const file = sampleSession();
  // doctest's want and got end with a newline; written as they came, each was followed by ' ⏎ '.
  file.comparison = { doctests: { passed: 0, failed: 1, results: [{ source: 'shout("z")', want: "'z'\n", got: "'Z'\n", ok: false }] } };
  const line = print(false, file)
    .split('\n')
    .find((l) => l.includes('>>> shout("z")'));
  assert.equal(line, `    >>> shout("z"): expected 'z', got 'Z'`);
  assert.equal(doctestMismatch('[1,\n 2]\n', '\n'), 'expected [1, ⏎ 2], got nothing');
});

test('an offline run that learned little says what is unknown and offers the LLM agent when one is set up', async () => {
  const { agentOffer } = await import('../../../src/cli/probe.js');
  const offline = (summary: string) => {
    const file = sampleSession();
    file.settings = { ...file.settings, mode: 'offline' };
    file.final = { ...file.final, description: { ...file.final.description!, summary, claims: [] } };
    return file;
  };
  const printed = (file: ReturnType<typeof sampleSession>, offer: { agentOffer?: string }) => {
    let out = '';
    const printer = createPrinter({ write: (t) => (out += t), color: false, ...offer });
    for (const e of sessionEvents(file)) printer(e);
    return out;
  };
  const offer = agentOffer({ offline: true }, { PAU_BASE_URL: 'http://localhost:11434/v1' });
  assert.match(offer.agentOffer ?? '', /LLM agent .* without --offline \(http:\/\/localhost:11434\/v1\)/);
  assert.deepEqual(agentOffer({ offline: true }, {}), {}, 'no agent set up: nothing offered');
  assert.deepEqual(agentOffer({ offline: false }, { PAU_BASE_URL: 'http://x' }), {}, 'an LLM run is not offered the agent');
  assert.match(agentOffer({ offline: true }, { OPENAI_API_KEY: 'k' }).agentOffer ?? '', /OPENAI_API_KEY is set/);
  const unknown = printed(offline('What it computes was not worked out from 20 calls: the 14 that returned gave an int.'), offer);
  assert.match(unknown, /^ {2}Next: the LLM agent may work out what it computes/m);
  assert.doesNotMatch(printed(offline('Clamps `x` into the range from `lo` to `hi`.'), offer), /Next:/, 'a description that says what it does');
});

test("the evidence's doctest examples import the standard modules their calls name, first", () => {
  // yaml.load_all and CrystalLexer.heredoc_callback (new-user trial, seed 24680): io.StringIO(…)
  // and re.match(…) in a module that imports neither failed with NameError under doctest.
  const file = sampleSession();
  const examples = [
    { call: "shout(io.StringIO('a'))", result: "'A'" },
    { call: "shout(re.match('a', 'a'))", result: "'A'" },
  ];
  file.final = { ...file.final, description: { ...file.final.description!, examples } };
  const lines = print(false, file).split('\n');
  const first = lines.indexOf('      >>> import io');
  assert.ok(first > 0, lines.join('\n'));
  assert.deepEqual(lines.slice(first, first + 4), ['      >>> import io', '      >>> import re', "      >>> shout(io.StringIO('a'))", "      'A'"]);
});

test('a call made again says which probe it repeats and why; a cached answer and a first call do not', () => {
  // DefaultSelector.close (new-user trial, draw_F): 4 of its 8 lines were the same call, the
  // explorer's determinism re-runs, with nothing to say so.
  const file = sampleSession();
  const first = file.probes[0]!;
  file.probes.push({ ...first, index: 4, origin: 'offline', note: 'determinism: the same call under random seed 12345' });
  const lines = print(false, file).split('\n');
  const at = lines.findIndex((l) => l.startsWith("#4 shout('ab') → 'AB'"));
  assert.ok(at > 0, lines.join('\n'));
  assert.equal(lines[at + 1], '    re-run of #1 (determinism: the same call under random seed 12345)');
  assert.equal(lines.filter((l) => l.includes('re-run of')).length, 1, 'only #4: #3 is from the cache, #1 and #2 are first calls');
});

test('parameters the head shortened are printed in full under the evidence', () => {
  const file = sampleSession();
  const long = (n: number) => `changing it alone (among \`${'x'.repeat(40)}\`, \`3\` and \`0\`) made no difference in the ${n} calls that did`;
  const parameters = Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((k, i) => [k, long(i + 2)]));
  file.final = { ...file.final, description: { ...file.final.description!, parameters } };
  const lines = print(false, file).split('\n');
  const head = lines.find((l) => l.startsWith('  Parameters: ')) ?? '';
  assert.doesNotMatch(head, /`/, head);
  assert.ok(lines.includes(`    Parameter a: ${long(2)}`), lines.join('\n'));
  assert.ok(lines.indexOf(`    Parameter a: ${long(2)}`) > lines.indexOf('  Evidence:'));
});
