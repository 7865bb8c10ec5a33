// CallOptions.hashSeed: a call in an interpreter of another PYTHONHASHSEED than the worker's 0,
// run by a second worker that starts on first use and stops with the first.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { freshWorker } from './support.js';

const WORDS = "'alpha beta gamma delta epsilon zeta eta theta'";

/** Processes of this user whose environment holds PYTHONHASHSEED=seed. */
function withHashSeed(seed: number): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/environ`, 'latin1').split('\0').includes(`PYTHONHASHSEED=${seed}`)) pids.push(Number(name));
    } catch {
      // gone, or not ours
    }
  }
  return pids;
}

test('a call under another hash seed sees another set order; the plain call keeps seed 0', async () => {
  const worker = await freshWorker('hash_order.py', 'unique_words');
  const plain = await worker.call({ args: [WORDS] });
  const again = await worker.call({ args: [WORDS] });
  const other = await worker.call({ args: [WORDS] }, { hashSeed: 4242 });
  assert.equal(plain.status, 'returned');
  assert.equal(other.status, 'returned');
  assert.equal(again.value?.repr, plain.value?.repr, 'the worker keeps one hash seed');
  assert.notEqual(other.value?.repr, plain.value?.repr, `same order under both seeds: ${plain.value?.repr}`);
  // The same words either way: only the order moved.
  const words = (repr = ''): string[] => [...repr.matchAll(/'(\w+)'/g)].map((m) => m[1]!).sort();
  assert.deepEqual(words(other.value?.repr), words(plain.value?.repr));
});

test('the worker of the other hash seed stops with the worker that started it', async () => {
  const seed = 5151;
  const worker = await freshWorker('hash_order.py', 'word_count');
  assert.deepEqual(withHashSeed(seed), [], 'none before the first call under it');
  const result = await worker.call({ args: [WORDS] }, { hashSeed: seed });
  assert.equal(result.value?.repr, '8');
  assert.ok(withHashSeed(seed).length > 0, 'a worker runs under the other hash seed');
  await worker.stop();
  const end = Date.now() + 3000;
  while (withHashSeed(seed).length && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(withHashSeed(seed), [], 'left running after stop()');
  await assert.rejects(worker.call({ args: [WORDS] }, { hashSeed: seed }), /stopped/);
});

test("a call under another hash seed reaches no line new to the session: the session's sum of new lines stays within the target's", async () => {
  const worker = await freshWorker('hash_order.py', 'unique_words');
  const plain = await worker.call({ args: [WORDS] });
  const other = await worker.call({ args: [WORDS] }, { hashSeed: 4343 });
  assert.ok(plain.coverage && other.coverage, 'coverage measured');
  assert.ok(other.coverage.lines.hit > 0, 'the re-run ran the lines');
  assert.equal(other.coverage.lines.new + other.coverage.arcs.new, 0);
  assert.ok(plain.coverage.lines.new + other.coverage.lines.new <= plain.coverage.lines.total);
});
