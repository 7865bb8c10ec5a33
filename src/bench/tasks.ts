// Task sets for `pau bench`: the PAU dataset's rows and our own, read from JSONL.
// A bad row is reported with its line number and skipped; the run goes on.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { CallRequest, ProbeTarget } from '../core/probe-types.js';
import { splitArgumentTuple } from './arguments.js';

export interface BenchTask {
  /** Stable across runs and shards: row index plus a hash of the row. */
  taskId: string;
  /** 0-based index among the file's non-empty lines (what --shard splits on). */
  index: number;
  line: number;
  format: 'pau' | 'pau-probe';
  target: ProbeTarget;
  gold: string;
  /** Seed observations shown to the agent before it starts (PAU's train examples). */
  seeds: CallRequest[];
  /** Held-out inputs for the code task and the behavioural agreement. */
  testInputs: CallRequest[];
}

export interface BadRow {
  line: number;
  reason: string;
}

export interface TaskSet {
  tasks: BenchTask[];
  bad: BadRow[];
}

export function taskIdFor(index: number, raw: string): string {
  const hash = createHash('sha256').update(raw.trim()).digest('hex').slice(0, 10);
  return `${index}-${hash}`;
}

export function loadTasks(path: string): TaskSet {
  const text = readFileSync(path, 'utf8');
  return parseTasks(text, dirname(resolve(path)));
}

/** `baseDir` resolves our format's relative `file` paths (relative to the JSONL file). */
export function parseTasks(text: string, baseDir: string): TaskSet {
  const tasks: BenchTask[] = [];
  const bad: BadRow[] = [];
  let index = 0;
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    if (!raw.trim()) return;
    const rowIndex = index++;
    let row: unknown;
    try {
      row = JSON.parse(raw);
    } catch (err) {
      bad.push({ line, reason: `not JSON: ${(err as Error).message}` });
      return;
    }
    try {
      tasks.push(toTask(row, rowIndex, line, taskIdFor(rowIndex, raw), baseDir));
    } catch (err) {
      bad.push({ line, reason: (err as Error).message });
    }
  });
  return { tasks, bad };
}

type Row = Record<string, unknown>;

function toTask(row: unknown, index: number, line: number, taskId: string, baseDir: string): BenchTask {
  if (!row || typeof row !== 'object' || Array.isArray(row)) throw new Error('a row must be a JSON object');
  const r = row as Row;
  if ('test_func_validated' in r) return pauTask(r, index, line, taskId);
  if ('qualname' in r) return ownTask(r, index, line, taskId, baseDir);
  throw new Error('unknown row format: expected PAU fields (test_func_validated, description, …) or ours (file|source, qualname, gold_description)');
}

function str(r: Row, key: string): string {
  const v = r[key];
  if (typeof v !== 'string' || !v.trim()) throw new Error(`field '${key}' must be a non-empty string`);
  return v;
}

/** PAU examples: `[[input_source, output], …]`, possibly JSON-encoded as a string. */
function examples(r: Row, key: string, required: boolean): CallRequest[] {
  let v = r[key];
  if (v === undefined || v === null) {
    if (required) throw new Error(`field '${key}' is missing`);
    return [];
  }
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      throw new Error(`field '${key}' is a string that is not JSON`);
    }
  }
  if (!Array.isArray(v)) throw new Error(`field '${key}' must be a list of [input_source, output] pairs`);
  return (v as unknown[]).map((pair, i) => {
    const input: unknown = Array.isArray(pair) ? pair[0] : pair;
    if (typeof input !== 'string') throw new Error(`${key}[${i}]: the input must be the Python source of the argument tuple`);
    return { args: splitArgumentTuple(input) };
  });
}

function pauTask(r: Row, index: number, line: number, taskId: string): BenchTask {
  const source = str(r, 'test_func_validated');
  const name = /^\s*def\s+([A-Za-z_]\w*)\s*\(/m.exec(source)?.[1];
  if (!name) throw new Error("field 'test_func_validated' defines no function");
  return {
    taskId,
    index,
    line,
    format: 'pau',
    target: { source, qualname: name, moduleName: `pau_task_${index}` },
    gold: str(r, 'description'),
    seeds: examples(r, 'train_examples', false),
    testInputs: examples(r, 'test_examples', true),
  };
}

function ownTask(r: Row, index: number, line: number, taskId: string, baseDir: string): BenchTask {
  const qualname = str(r, 'qualname');
  let target: ProbeTarget;
  if (typeof r.file === 'string' && r.file) target = { file: resolve(baseDir, r.file), qualname };
  else if (typeof r.source === 'string' && r.source) target = { source: r.source, qualname, moduleName: `pau_task_${index}` };
  else throw new Error("a row needs 'file' or 'source'");
  const inputs = r.test_inputs ?? [];
  if (!Array.isArray(inputs)) throw new Error("field 'test_inputs' must be a list");
  const testInputs = inputs.map((input, i): CallRequest => {
    if (typeof input === 'string') return { args: splitArgumentTuple(input) };
    if (input && typeof input === 'object' && Array.isArray((input as CallRequest).args)) return input as CallRequest;
    throw new Error(`test_inputs[${i}] must be an argument-tuple source or {args, kwargs}`);
  });
  return { taskId, index, line, format: 'pau-probe', target, gold: str(r, 'gold_description'), seeds: [], testInputs };
}

/** `--shard i/n` (1-based): every n-th task, so shards are disjoint and together complete. */
export function shardOf(tasks: BenchTask[], shard: { i: number; n: number } | undefined): BenchTask[] {
  if (!shard) return tasks;
  return tasks.filter((t) => t.index % shard.n === shard.i - 1);
}
