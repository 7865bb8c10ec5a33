// A raise that is the sandbox's (a guard's refusal, or a library's error that quotes one: click's
// edit wraps it in a ClickException) is no example and no raise line: outside the sandbox the call
// would have acted, so a reader's doctest of it would not raise (click's edit() was shown raising
// SandboxViolation, the one false claim of draw teach15 before).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Observation, Position } from '../../../src/explorer/inputs.js';
import { buildReport } from '../../../src/explorer/describe.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { info, pyStr, returnedObservation } from './fake-python.js';

const editor: Position = { name: 'editor', role: 'positional', positionalOnly: false, candidates: ['str'] };

function raised(index: number, value: PyValue, type: string, message: string): Observation {
  const o = returnedObservation([editor], index, [value], pyStr(''));
  const result = { ...o.record.result, status: 'raised' as const, exception: { type, message, traceback: '' } };
  delete (result as { value?: unknown }).value;
  return { ...o, record: { ...o.record, result } };
}

const report = (observations: Observation[]) =>
  buildReport({
    info: info('edit', { params: [{ name: 'editor', kind: 'POSITIONAL_OR_KEYWORD' }], body: () => pyStr('') }),
    positions: [editor],
    observations,
    accepted: [new Set()],
    maxProbes: 20,
  });

test("a guard's refusal, or an error quoting one, is neither the example of an error nor a raise line", () => {
  const d = report([
    raised(1, pyStr('vi'), 'pau_probe.guards.SandboxViolation', 'starting processes (os.system) is not allowed in a probe call'),
    raised(2, pyStr('nano'), 'click.exceptions.ClickException', 'nano: Editing failed: starting processes (subprocess) is not allowed in a probe call'),
    raised(3, pyStr('ed'), 'OSError', "opening for writing '/etc/x' is not allowed: calls may only write inside their own temporary working directory"),
  ]).description;
  assert.deepEqual(
    d.examples.map((e) => e.call),
    [],
    JSON.stringify(d.examples),
  );
  assert.equal(d.raises, '', d.raises);
});

test("the function's own error is still the example beside them", () => {
  const d = report([
    raised(1, pyStr('vi'), 'pau_probe.guards.SandboxViolation', 'starting processes (os.system) is not allowed in a probe call'),
    raised(2, pyStr(''), 'ValueError', 'no editor named'),
  ]).description;
  assert.deepEqual(
    d.examples.map((e) => e.result.split('\n').at(-1)),
    ['ValueError: no editor named'],
  );
  assert.match(d.raises, /^ValueError in edit\(''\): no editor named\.$/, d.raises);
});
