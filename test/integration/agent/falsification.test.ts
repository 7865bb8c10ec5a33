// The falsification rule with the real worker: a model that submits after one probe is refused
// and has to attack its hypothesis before its description is accepted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FALSIFICATION_CLASSES, FALSIFICATION_PROBES } from '../../../src/agent/falsification.js';
import { call, runReal, submit, toolReplies } from './harness.js';

test('submitting after one probe is refused; after probes that try to break it, accepted', async () => {
  const { file, server, events } = await runReal([
    { kind: 'tool-calls', calls: [call(["'hello'"], { hypothesis: 'returns the text upper-cased' })] },
    { kind: 'tool-calls', calls: [submit('Upper-cases the text.')] },
    // one more probe of the same kind: still not enough
    { kind: 'tool-calls', calls: [call(["'again'"]), submit('Upper-cases the text.')] },
    { kind: 'tool-calls', calls: [call(['None'], { note: 'wrong type' }), call(["''"], { note: 'empty' })] },
    { kind: 'tool-calls', calls: [submit('Upper-cases a str; anything else raises TypeError.', { raises: 'TypeError' })] },
  ]);
  const first = toolReplies(server, 2).at(-1)!;
  assert.match(first, /^Refused: not yet — since your first hypothesis you made 1 new probe\(s\) covering no edge classes/);
  assert.match(first, new RegExp(`at least ${FALSIFICATION_PROBES} probes covering at least ${FALSIFICATION_CLASSES} edge classes`));
  assert.match(first, /You have 7 probes left\.$/);
  const second = toolReplies(server, 3).at(-1)!;
  assert.match(second, /^Refused: not yet — since your first hypothesis you made 2 new probe\(s\)/);
  assert.equal(file.final.concluded, true);
  assert.equal(file.final.description?.summary, 'Upper-cases a str; anything else raises TypeError.');
  assert.deepEqual(
    file.probes.map((p) => p.result.status),
    ['returned', 'returned', 'raised', 'returned'],
  );
  assert.equal(events.filter((e) => e.type === 'concluded').length, 1);
});
