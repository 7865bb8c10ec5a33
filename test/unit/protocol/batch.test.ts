import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Batcher, type Scheduler } from '../../../src/core/batch.js';

/** A scheduler the test runs by hand. */
function manual() {
  const tasks: (() => void)[] = [];
  const scheduler: Scheduler = (task) => {
    tasks.push(task);
    return () => tasks.splice(tasks.indexOf(task), 1);
  };
  return { scheduler, tasks, run: () => tasks.splice(0).forEach((t) => t()) };
}

test('a burst becomes one delivery on the next tick, in order', () => {
  const clock = manual();
  const out: number[][] = [];
  const b = new Batcher<number>((items) => out.push(items), clock.scheduler);
  for (let i = 0; i < 5; i++) b.push(i);
  assert.equal(clock.tasks.length, 1, 'one tick scheduled for the burst');
  assert.deepEqual(out, []);
  clock.run();
  assert.deepEqual(out, [[0, 1, 2, 3, 4]]);
  b.push(5);
  clock.run();
  assert.deepEqual(out, [[0, 1, 2, 3, 4], [5]]);
});

test('maxItems delivers at once; flush delivers early and cancels the tick; dispose drops', () => {
  const clock = manual();
  const out: number[][] = [];
  const b = new Batcher<number>((items) => out.push(items), clock.scheduler, 3);
  b.push(1);
  b.push(2);
  b.push(3);
  assert.deepEqual(out, [[1, 2, 3]]);
  assert.equal(clock.tasks.length, 0, 'the tick was cancelled');
  b.push(4);
  b.flush();
  assert.deepEqual(out, [[1, 2, 3], [4]]);
  assert.equal(clock.tasks.length, 0);
  b.push(5);
  b.dispose();
  clock.run();
  b.push(6);
  clock.run();
  assert.deepEqual(out, [[1, 2, 3], [4]]);
});
