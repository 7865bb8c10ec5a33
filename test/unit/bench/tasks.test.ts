import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitArgumentTuple } from '../../../src/bench/arguments.js';
import { parseTasks, shardOf, taskIdFor } from '../../../src/bench/tasks.js';

test('argument tuples split at top-level commas only', () => {
  assert.deepEqual(splitArgumentTuple("(1, 'a, b', [2, 3])"), ['1', "'a, b'", '[2, 3]']);
  assert.deepEqual(splitArgumentTuple('([1, 2],)'), ['[1, 2]'], 'a list argument stays one argument');
  assert.deepEqual(splitArgumentTuple('()'), []);
  assert.deepEqual(splitArgumentTuple('(1)'), ['(1)'], '(1) is not a tuple');
  assert.deepEqual(splitArgumentTuple("('(', \"')\", {'k': (1, 2)})"), ["'('", '"\')"', "{'k': (1, 2)}"]);
  assert.deepEqual(splitArgumentTuple("('''a,\"b''', r'\\d', 'it\\'s, ok', x)"), ["'''a,\"b'''", "r'\\d'", "'it\\'s, ok'", 'x']);
  assert.deepEqual(splitArgumentTuple('(1) + (2)'), ['(1) + (2)']);
  assert.deepEqual(splitArgumentTuple('5'), ['5']);
});

const pauRow = (i: number) =>
  JSON.stringify({
    test_func_validated: `def test_func(arg0, arg1):\n    return arg0 + arg1 + ${i}\n`,
    description: 'Adds two numbers.',
    train_examples: [['(1, 2)', String(3 + i)]],
    test_examples: JSON.stringify([
      ['(2, 2)', String(4 + i)],
      ['([1], [2])', ''],
    ]),
    header: 'def test_func(arg0, arg1):',
  });

test('PAU rows and our rows are read; bad rows are reported with their line number', () => {
  const text = [
    pauRow(0),
    '',
    '{not json',
    JSON.stringify({ qualname: 'slugify', file: 'text.py', gold_description: 'Makes a slug.', test_inputs: ["('A b',)"] }),
    JSON.stringify({ qualname: 'x' }),
    JSON.stringify({ test_func_validated: 'x = 1', description: 'd', test_examples: [] }),
    pauRow(1),
  ].join('\n');
  const { tasks, bad } = parseTasks(text, '/ws');
  assert.equal(tasks.length, 3);
  assert.deepEqual(
    bad.map((b) => b.line),
    [3, 5, 6],
  );
  assert.match(bad[0]!.reason, /not JSON/);
  assert.match(bad[1]!.reason, /'file' or 'source'|gold_description/);
  assert.match(bad[2]!.reason, /defines no function/);
  const [pau, own] = tasks;
  assert.equal(pau!.format, 'pau');
  assert.deepEqual(pau!.target, { source: 'def test_func(arg0, arg1):\n    return arg0 + arg1 + 0\n', qualname: 'test_func', moduleName: 'pau_task_0' });
  assert.deepEqual(pau!.seeds, [{ args: ['1', '2'] }]);
  assert.deepEqual(pau!.testInputs, [{ args: ['2', '2'] }, { args: ['[1]', '[2]'] }]);
  assert.deepEqual(own!.target, { file: '/ws/text.py', qualname: 'slugify' });
  assert.deepEqual(own!.testInputs, [{ args: ["'A b'"] }]);
  // Index counts non-empty lines, so the id of a row does not depend on blank lines.
  assert.equal(tasks[2]!.index, 5);
});

test('task ids are stable and depend on the row', () => {
  assert.equal(taskIdFor(3, pauRow(0)), taskIdFor(3, pauRow(0)));
  assert.notEqual(taskIdFor(3, pauRow(0)), taskIdFor(3, pauRow(1)));
  assert.notEqual(taskIdFor(3, pauRow(0)), taskIdFor(4, pauRow(0)));
});

test('shards are disjoint and together cover every task once', () => {
  const { tasks } = parseTasks(Array.from({ length: 7 }, (_, i) => pauRow(i)).join('\n'), '/');
  const a = shardOf(tasks, { i: 1, n: 2 }).map((t) => t.taskId);
  const b = shardOf(tasks, { i: 2, n: 2 }).map((t) => t.taskId);
  assert.equal(a.length + b.length, 7);
  assert.deepEqual([...a, ...b].sort(), tasks.map((t) => t.taskId).sort());
  assert.equal(a.filter((x) => b.includes(x)).length, 0);
});
