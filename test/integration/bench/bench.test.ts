// `pau bench` end to end: the CLI process, the real openai client against the scripted
// server, real Python workers, the out file, the report.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pauCli } from '../../support/cli.js';
import { startScriptedServer } from '../../support/llm-server.js';
import { pauTaskFile, solvePauTasks } from '../../support/pau-tasks.js';

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function pau(args: string[], opts: { killWhen?: () => boolean; env?: Record<string, string> } = {}): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [pauCli(), 'bench', ...args], { env: { ...process.env, OPENAI_API_KEY: 'test-key', ...opts.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = opts.killWhen
      ? setInterval(() => {
          if (opts.killWhen!()) child.kill('SIGKILL');
        }, 50)
      : undefined;
    child.on('close', (code) => {
      clearInterval(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const lines = (path: string) =>
  existsSync(path)
    ? readFileSync(path, 'utf8')
        .split('\n')
        .filter((l) => l.trim())
    : [];

test('a 20-task PAU run completes and every metric matches its hand-computed value', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'pau-bench-'));
  const tasks = join(dir, 'tasks.jsonl');
  writeFileSync(tasks, pauTaskFile(20));
  const server = await startScriptedServer((req) => solvePauTasks(req));
  t.after(() => server.close());
  const out = join(dir, 'out.jsonl');
  const report = join(dir, 'report.md');
  const ran = await pau([tasks, '--base-url', server.url, '--model', 'scripted', '--concurrency', '2', '--out', out, '--report', report, '--json']);
  assert.equal(ran.code, 0, ran.stderr);
  const summary = JSON.parse(ran.stdout);
  assert.equal(summary.tasks, 20);
  assert.equal(summary.completed, 20);
  assert.equal(summary.failed, 0);
  // Judge scores 1..5 four times each: mean 3, population std √2, 12 of 20 at 3 or more.
  assert.equal(summary.judgeMean, 3);
  assert.ok(Math.abs(summary.judgeStd - Math.SQRT2) < 1e-12);
  assert.equal(summary.shareAtLeast3, 0.6);
  assert.equal(summary.conclusionRate, 1);
  // Two seed examples, one probe, four falsification probes.
  assert.equal(summary.meanProbes, 7);
  // Even tasks get a right implementation (4/4 test inputs), odd ones an off-by-one (0/4).
  assert.equal(summary.codeExactMatch, 0.5);
  assert.equal(summary.behaviouralAgreement, 0.5);
  assert.ok(summary.tokens > 0);
  assert.ok(summary.wallSeconds > 0);
  const results = lines(out).map((l) => JSON.parse(l));
  assert.equal(results.length, 20);
  assert.equal(new Set(results.map((r) => r.taskId)).size, 20);
  for (const r of results) {
    assert.equal(r.ok, true);
    assert.deepEqual(
      r.session.probes.slice(0, 2).map((p: { args: string[] }) => p.args),
      [['2'], ['5']],
      'the seed examples are the first observations',
    );
  }
  const md = readFileSync(report, 'utf8');
  assert.match(md, /\| judge mean ± std \(1–5\) \| 3\.00 ± 1\.41 \|/);
  assert.match(md, /\| code exact-match \| 50\.0% \|/);
  assert.match(readFileSync(join(dir, 'report.svg'), 'utf8'), /Judge scores/);
});

test('a killed run, run again with the same --out, finishes only the missing tasks', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'pau-bench-'));
  const tasks = join(dir, 'tasks.jsonl');
  writeFileSync(tasks, pauTaskFile(12));
  const out = join(dir, 'out.jsonl');
  const server = await startScriptedServer((req) => ({ ...solvePauTasks(req), delayMs: 30 }));
  t.after(() => server.close());
  const args = [tasks, '--base-url', server.url, '--model', 'scripted', '--out', out];
  const first = await pau(args, { killWhen: () => lines(out).length >= 5 });
  assert.notEqual(first.code, 0, 'the first run was killed');
  const before = lines(out).length;
  assert.ok(before >= 5 && before < 12, `killed halfway (${before} done)`);
  const firstTurns = (s: typeof server) =>
    s.requests.filter((r) => !(r.body.messages ?? []).some((m) => m.role === 'assistant') && String(r.body.messages?.[0]?.content).startsWith('You are'))
      .length;
  const startedBefore = firstTurns(server);
  const second = await pau([...args, '--json']);
  assert.equal(second.code, 0, second.stderr);
  const ids = lines(out).map((l) => JSON.parse(l).taskId);
  assert.equal(ids.length, 12);
  assert.equal(new Set(ids).size, 12, 'every task exactly once');
  assert.equal(firstTurns(server) - startedBefore, 12 - before, 'only the missing tasks ran');
  assert.equal(JSON.parse(second.stdout).completed, 12);
});

test('--shard 1/2 and --shard 2/2 together cover every task exactly once', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pau-bench-'));
  const tasks = join(dir, 'tasks.jsonl');
  writeFileSync(tasks, pauTaskFile(9));
  const ids: string[] = [];
  for (const shard of ['1/2', '2/2']) {
    const out = join(dir, `shard-${shard[0]}.jsonl`);
    const ran = await pau([tasks, '--offline', '--max-probes', '6', '--shard', shard, '--out', out, '--json']);
    assert.equal(ran.code, 0, ran.stderr);
    ids.push(...lines(out).map((l) => JSON.parse(l).taskId));
  }
  assert.equal(ids.length, 9);
  assert.equal(new Set(ids).size, 9);
});

test('--shard auto in a Kubernetes Indexed Job, then pau bench merge: the same summary, metrics and report as one run', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pau-bench-'));
  const tasks = join(dir, 'tasks.jsonl');
  writeFileSync(tasks, pauTaskFile(5));
  const common = [tasks, '--offline', '--max-probes', '6', '--json'];
  const single = await pau([...common, '--out', join(dir, 'single.jsonl'), '--report', join(dir, 'single.md')]);
  assert.equal(single.code, 0, single.stderr);
  const shards: string[] = [];
  for (const index of ['0', '1']) {
    const out = join(dir, `shard-${index}.jsonl`);
    const ran = await pau([...common, '--shard', 'auto', '--out', out], { env: { JOB_COMPLETION_INDEX: index, JOB_COMPLETIONS: '2' } });
    assert.equal(ran.code, 0, ran.stderr);
    assert.equal(JSON.parse(ran.stdout).tasks, index === '0' ? 3 : 2, `shard ${index} holds its share of the 5 tasks`);
    shards.push(out);
  }
  const merged = await pau(['merge', ...shards, '--json', '--report', join(dir, 'merged.md')]);
  assert.equal(merged.code, 0, merged.stderr);
  const withoutWall = (summary: Record<string, unknown>) => ({ ...summary, wallSeconds: undefined });
  assert.deepEqual(withoutWall(JSON.parse(merged.stdout)), withoutWall(JSON.parse(single.stdout)));
  const metrics = (file: string) =>
    lines(file)
      .map((l) => JSON.parse(l) as { taskId: string; ok: boolean; metrics: Record<string, unknown> })
      .map((r) => ({ taskId: r.taskId, ok: r.ok, metrics: { ...r.metrics, wallSeconds: undefined } }))
      .sort((a, b) => a.taskId.localeCompare(b.taskId));
  assert.deepEqual(
    shards.flatMap(metrics).sort((a, b) => a.taskId.localeCompare(b.taskId)),
    metrics(join(dir, 'single.jsonl')),
  );
  // The reports agree on every row but the title, the wall time and the chart's file name; the charts are the same.
  const rows = (file: string) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => !l.startsWith('# ') && !l.includes('wall time') && !l.startsWith('!['));
  assert.deepEqual(rows(join(dir, 'merged.md')), rows(join(dir, 'single.md')));
  assert.equal(readFileSync(join(dir, 'merged.svg'), 'utf8'), readFileSync(join(dir, 'single.svg'), 'utf8'));
});

test('--concurrency has a range, with an error naming it (issue 22)', async () => {
  for (const value of ['100000', '0']) {
    const ran = await pau(['x.jsonl', '--offline', '--concurrency', value]);
    assert.equal(ran.code, 2, ran.stderr);
    assert.equal(ran.stderr, `pau bench: --concurrency takes a whole number from 1 to 64, got '${value}'\n`);
  }
});

test('--shard auto outside an Indexed Job says what it reads', async () => {
  const ran = await pau(['x.jsonl', '--offline', '--shard', 'auto'], { env: { JOB_COMPLETION_INDEX: '', JOB_COMPLETIONS: '' } });
  assert.notEqual(ran.code, 0);
  assert.match(ran.stderr, /JOB_COMPLETION_INDEX/);
});

test('a task file that is not there, or holds no task, exits 2 saying so', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pau-bench-'));
  const missing = await pau([join(dir, 'none.jsonl'), '--offline']);
  assert.deepEqual([missing.code, missing.stderr, missing.stdout], [2, `pau bench: ${join(dir, 'none.jsonl')}: no such file\n`, '']);
  writeFileSync(join(dir, 'notes.jsonl'), 'not a task\n');
  const empty = await pau([join(dir, 'notes.jsonl'), '--offline']);
  assert.equal(empty.code, 2, empty.stderr);
  assert.match(empty.stderr, /notes\.jsonl:1: skipped: not JSON.*\npau bench: .*notes\.jsonl: no task to run\n$/);
  assert.equal(empty.stdout, '');
});

test('malformed rows and tasks that fail to import are reported, not fatal', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pau-bench-'));
  const tasks = join(dir, 'tasks.jsonl');
  const good = pauTaskFile(2).trim().split('\n');
  const rows = [
    good[0],
    '{"test_func_validated": "def test_func(arg0):\\n    return (\\n", "description": "broken", "test_examples": []}',
    '{oops',
    '{"test_func_validated": "import not_a_module_anywhere\\ndef test_func(arg0):\\n    return arg0\\n", "description": "d", "test_examples": []}',
    '{"qualname": "x"}',
    good[1],
  ];
  writeFileSync(tasks, rows.join('\n') + '\n');
  const out = join(dir, 'out.jsonl');
  const report = join(dir, 'report.md');
  const ran = await pau([tasks, '--offline', '--max-probes', '5', '--out', out, '--report', report, '--json']);
  assert.equal(ran.code, 0, ran.stderr);
  assert.match(ran.stderr, /tasks\.jsonl:3: skipped: not JSON/);
  assert.match(ran.stderr, /tasks\.jsonl:5: skipped: a row needs 'file' or 'source'/);
  const summary = JSON.parse(ran.stdout);
  assert.equal(summary.tasks, 4);
  assert.equal(summary.completed, 2);
  assert.equal(summary.failed, 2);
  const failed = lines(out)
    .map((l) => JSON.parse(l))
    .filter((r) => !r.ok);
  assert.equal(failed.length, 2);
  assert.ok(
    failed.some((r) => /SyntaxError|syntax/i.test(r.error)),
    failed.map((r) => r.error).join('\n'),
  );
  assert.ok(failed.some((r) => /not_a_module_anywhere/.test(r.error)));
  const md = readFileSync(report, 'utf8');
  assert.match(md, /## Failed tasks/);
  assert.match(md, /\| 3 \| not JSON/);
});
