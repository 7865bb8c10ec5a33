// Edge classes read from argument source, and the gate that refuses early submissions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { edgeClassesOf, FalsificationGate, sourceKind } from '../../../src/agent/falsification.js';

test('edge classes of argument sources', () => {
  const cases: [string, string[]][] = [
    ["''", ['empty']],
    ['[ ]', ['empty']],
    ['set()', ['empty']],
    ['0', ['zero']],
    ['0.0', ['zero']],
    ['-3', ['negative']],
    ['[1, -2]', ['negative']],
    ["'a-1'", []],
    ["'héllo'", ['unicode']],
    ["'\\u00e9'", ['unicode']],
    ['None', ['None']],
    ["'None'", []],
    ['10**9', []],
    ['12345678', ['large']],
    ['1e300', ['large']],
    ["'" + 'x'.repeat(150) + "'", ['large']],
    ['7', []],
  ];
  for (const [src, want] of cases) assert.deepEqual(edgeClassesOf(src), want, src);
});

test('source kinds tell types apart', () => {
  assert.equal(sourceKind('3'), 'int');
  assert.equal(sourceKind('-3.5'), 'float');
  assert.equal(sourceKind("'x'"), 'str');
  assert.equal(sourceKind("b'x'"), 'bytes');
  assert.equal(sourceKind('[1]'), 'list');
  assert.equal(sourceKind('(1,)'), 'tuple');
  assert.equal(sourceKind('{}'), 'dict');
  assert.equal(sourceKind("{'a': 1}"), 'dict');
  assert.equal(sourceKind('{1, 2}'), 'set');
  assert.equal(sourceKind('{(1, 2)}'), 'set');
  assert.equal(sourceKind('lambda x: x'), 'function');
  assert.equal(sourceKind('Stack([1])'), 'Stack');
});

test('the gate wants a hypothesis, then enough probes over enough edge classes', () => {
  const gate = new FalsificationGate();
  gate.probe({ args: ["'abc'"] });
  const before = gate.verdict();
  assert.equal(before.ok, false);
  assert.match(before.ok ? '' : before.reason, /state your hypothesis first/);
  gate.hypothesis();
  gate.probe({ args: ["'xyz'"] });
  gate.probe({ args: ["''"] });
  const short = gate.verdict();
  assert.match(short.ok ? '' : short.reason, /made 2 new probe\(s\) covering empty; at least 3 probes covering at least 2 edge classes/);
  gate.probe({ args: ['5'] }); // a new type at position 0: "wrong type"
  assert.deepEqual(gate.verdict(), { ok: true });
});

test('a function of no arguments only needs a hypothesis', () => {
  const gate = new FalsificationGate(true);
  assert.equal(gate.verdict().ok, false);
  gate.hypothesis();
  assert.equal(gate.verdict().ok, true);
});
