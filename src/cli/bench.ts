// `pau bench <tasks.jsonl>`: runs a PAU-format or PAU Probe task set, concurrently and
// resumably, and reports the PAU metrics plus ours. See the README, "pau bench".
import {
  DEFAULT_COVERAGE_FEEDBACK,
  DEFAULT_MAX_PROBES,
  DEFAULT_MEMORY_MB,
  DEFAULT_STRICTNESS,
  DEFAULT_TIMEOUT_MS,
  MAX_PROBES_RANGE,
  MEMORY_MB_RANGE,
  TIMEOUT_MS_RANGE,
  type LimitRange,
} from '../core/limits.js';
import type { Pricing } from '../core/cost.js';
import { STRICTNESS_LEVELS } from '../core/session-types.js';
import { writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { summarize, type Variant } from '../bench/metrics.js';
import { renderChart, renderReport } from '../bench/report.js';
import { runBench, type Progress } from '../bench/runner.js';
import { loadTasks, shardOf } from '../bench/tasks.js';
import { mergeShards, shardFromEnvironment } from '../bench/merge.js';
import { existingFile, type Flag, flagLines, intFlag, LLM_OPTIONS, llmFromFlags, onOff, parse, SANDBOX_OPTIONS, sandboxFlag, UsageError } from './args.js';
import { resolveSandbox, SandboxUnavailable } from '../probe/sandbox.js';
import { onStopSignals } from './stop-signals.js';

/** Tasks run at once: each has its own worker (tens of MB), so thousands would exhaust the machine. */
const CONCURRENCY_RANGE = { min: 1, max: 64 } as const satisfies LimitRange;

/** The flags of `pau bench <tasks.jsonl>`: what the parser reads and what --help prints. */
export const BENCH_FLAGS = {
  offline: { type: 'boolean', help: 'use the offline explorer (no LLM, no key)' },
  ...LLM_OPTIONS,
  concurrency: {
    type: 'string',
    value: 'N',
    help: `tasks run at once, each with its own worker (default 1, ${CONCURRENCY_RANGE.min}-${CONCURRENCY_RANGE.max})`,
  },
  shard: { type: 'string', value: 'i/n|auto', help: 'run only the i-th of n parts; auto: the part of a Kubernetes Indexed Job (see below)' },
  out: { type: 'string', value: 'FILE', help: 'append each finished task (JSONL); the same file again resumes the run' },
  report: { type: 'string', value: 'FILE', help: 'write a Markdown report, and an SVG chart beside it' },
  json: { type: 'boolean', help: 'print the summary as one JSON object' },
  strictness: {
    type: 'string',
    value: 'LEVELS',
    help: `what the agent sees of the signature: ${STRICTNESS_LEVELS.join(', ')}, or both comma-separated as variants (default ${DEFAULT_STRICTNESS})`,
  },
  'coverage-feedback': {
    type: 'string',
    value: 'on|off',
    help: `tell the agent what its calls reached; on,off runs both as variants (default ${onOff(DEFAULT_COVERAGE_FEEDBACK)})`,
  },
  'max-probes': { type: 'string', value: 'N', help: `probe budget of each task (default ${DEFAULT_MAX_PROBES})` },
  ...SANDBOX_OPTIONS,
  'prompt-price': { type: 'string', value: 'USD', help: 'dollars per million prompt tokens: the running cost on a terminal, and costUsd' },
  'completion-price': { type: 'string', value: 'USD', help: 'dollars per million completion tokens, likewise' },
  help: { type: 'boolean', short: 'h', help: 'this text' },
} as const satisfies Record<string, Flag>;

const HELP = `usage: pau bench <tasks.jsonl> [options]
       pau bench merge <shard.jsonl>... [--report report.md] [--json]

${flagLines(BENCH_FLAGS)}

--shard auto takes the shard from a Kubernetes Indexed Job: JOB_COMPLETION_INDEX (0-based) of JOB_COMPLETIONS.
merge combines the --out files of the shards of one run into one summary and report.`;

export async function run(argv: string[]): Promise<number> {
  if (argv[0] === 'merge') return merge(argv.slice(1));
  const { values, positionals } = parse(argv, BENCH_FLAGS);
  if (values.help) {
    process.stdout.write(HELP + '\n');
    return 0;
  }
  const [file, ...extra] = positionals;
  if (!file) throw new UsageError('missing the task file: pau bench <tasks.jsonl>');
  if (extra.length) throw new UsageError(`unexpected argument '${extra[0]}'`);

  const endpoint = values.offline ? undefined : llmFromFlags(values);
  const pricing = parsePricing(values['prompt-price'], values['completion-price']);
  if (endpoint && pricing) endpoint.llm = { ...endpoint.llm, pricing };
  if (!values.offline && !endpoint) throw new UsageError('no endpoint: pass --base-url and --model (or set PAU_BASE_URL, PAU_MODEL), or use --offline');
  const variants = parseVariants(values.strictness, values['coverage-feedback']);
  const shard = parseShard(values.shard);
  const concurrency = intFlag('concurrency', values.concurrency, 1, CONCURRENCY_RANGE);
  const sandbox = sandboxFlag(values.sandbox);
  // `os` where there is no OS sandbox: one clear refusal, not every task failing the same way.
  if (sandbox === 'os') {
    try {
      await resolveSandbox('os');
    } catch (err) {
      throw err instanceof SandboxUnavailable ? new UsageError(err.message) : err;
    }
  }

  existingFile(file);
  let set;
  try {
    set = loadTasks(file);
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${(err as Error).message}`);
  }
  for (const b of set.bad) process.stderr.write(`pau bench: ${file}:${b.line}: skipped: ${b.reason}\n`);
  // A file of no task is a wrong file, not a run of nothing (a shard may be empty: that is a run).
  if (set.tasks.length === 0) throw new UsageError(`${file}: no task to run`);
  const tasks = shardOf(set.tasks, shard);
  const tty = process.stderr.isTTY && !values.json;

  // Ctrl-C or SIGTERM (a pod's end) stops the tasks; the warm parent and the workers remove their folders.
  const controller = new AbortController();
  const signals = onStopSignals(() => controller.abort());
  // One warm parent forks every task's workers (src/probe/warm.ts); where it cannot start, each starts cold.
  const client = await import('../probe/client.js');
  const warm = await (
    await import('../probe/warm.js')
  ).WarmParent.start({ sandbox, ...(values.python ? { python: values.python } : {}) }).catch(() => undefined);
  let outcome;
  try {
    outcome = await runBench({
      tasks,
      variants,
      settings: {
        mode: values.offline ? 'offline' : 'llm',
        maxProbes: intFlag('max-probes', values['max-probes'], DEFAULT_MAX_PROBES, MAX_PROBES_RANGE),
        timeoutMs: intFlag('timeout-ms', values['timeout-ms'], DEFAULT_TIMEOUT_MS, TIMEOUT_MS_RANGE),
        memoryMb: intFlag('memory-mb', values['memory-mb'], DEFAULT_MEMORY_MB, MEMORY_MB_RANGE),
        sandbox,
        ...(endpoint ? { model: endpoint.llm.model, baseURL: endpoint.llm.baseURL } : {}),
      },
      ...(endpoint ? { llm: endpoint.llm } : {}),
      ...(endpoint?.judge ? { judge: endpoint.judge } : {}),
      ...(values.python ? { python: values.python } : {}),
      concurrency,
      ...(values.out ? { out: values.out } : {}),
      signal: controller.signal,
      onProgress: (p) => progressLine(p, tty),
      startWorker: (options) => client.startWorker(options, warm),
      runTask: async (...args) => (await import('../bench/evaluate.js')).runTask(...args),
    });
  } finally {
    await warm?.stop();
    signals.dispose();
    if (tty) process.stderr.write('\n');
  }

  const summary = summarize(outcome.results, tasks.length * variants.length, outcome.wallSeconds);
  if (values.report) {
    const chartFile = basename(values.report).replace(/\.md$/i, '') + '.svg';
    writeFileSync(join(dirname(values.report), chartFile), renderChart(outcome.results));
    writeFileSync(
      values.report,
      renderReport({
        title: `pau bench: ${basename(file)}`,
        results: outcome.results,
        tasks: tasks.length,
        wallSeconds: outcome.wallSeconds,
        bad: set.bad,
        chartFile,
      }),
    );
  }
  if (values.json) process.stdout.write(JSON.stringify(summary) + '\n');
  else process.stdout.write(humanSummary(summary) + '\n');
  if (signals.code !== undefined) {
    process.stderr.write('pau bench: stopped; run the same command again to finish the remaining tasks\n');
    return signals.code;
  }
  return 0;
}

function parseVariants(strictness: string = DEFAULT_STRICTNESS, coverage: string = onOff(DEFAULT_COVERAGE_FEEDBACK)): Variant[] {
  const levels = strictness.split(',').map((s) => s.trim());
  for (const s of levels)
    if (!(STRICTNESS_LEVELS as readonly string[]).includes(s)) throw new UsageError(`--strictness takes anonymized and/or signature, got '${s}'`);
  const feedback = coverage.split(',').map((s) => s.trim());
  for (const c of feedback) if (c !== 'on' && c !== 'off') throw new UsageError(`--coverage-feedback takes on and/or off, got '${c}'`);
  return levels.flatMap((s) => feedback.map((c) => ({ strictness: s as Variant['strictness'], coverageFeedback: c === 'on' })));
}

function parsePricing(prompt: string | undefined, completion: string | undefined): Pricing | undefined {
  if (prompt === undefined && completion === undefined) return undefined;
  const p = Number(prompt ?? 0);
  const c = Number(completion ?? 0);
  if (!Number.isFinite(p) || !Number.isFinite(c) || p < 0 || c < 0)
    throw new UsageError('--prompt-price and --completion-price take dollars per million tokens, e.g. 0.15');
  return { prompt: p, completion: c };
}

function parseShard(spec: string | undefined): { i: number; n: number } | undefined {
  if (spec === undefined) return undefined;
  if (spec === 'auto') {
    try {
      return shardFromEnvironment(process.env);
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
  }
  const m = /^(\d+)\/(\d+)$/.exec(spec);
  const i = Number(m?.[1]);
  const n = Number(m?.[2]);
  if (!m || n < 1 || i < 1 || i > n) throw new UsageError(`--shard takes i/n with 1 ≤ i ≤ n, e.g. 1/4; got '${spec}'`);
  return { i, n };
}

/** `pau bench merge a.jsonl b.jsonl … [--report r.md] [--json]`. */
function merge(argv: string[]): number {
  const { values, positionals } = parse(argv, { report: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    process.stdout.write(HELP + '\n');
    return 0;
  }
  if (positionals.length === 0) throw new UsageError('missing the shard files: pau bench merge <shard.jsonl>...');
  for (const file of positionals) existingFile(file);
  const { results, duplicates, wallSeconds } = mergeShards(positionals);
  for (const d of duplicates) process.stderr.write(`pau bench merge: ${d}: already in an earlier shard, kept the first\n`);
  const tasks = new Set(results.map((r) => r.taskId)).size;
  const variants = new Set(results.map((r) => JSON.stringify(r.variant))).size;
  const summary = summarize(results, tasks * Math.max(1, variants), wallSeconds);
  if (values.report) {
    const chartFile = basename(values.report).replace(/\.md$/i, '') + '.svg';
    writeFileSync(join(dirname(values.report), chartFile), renderChart(results));
    const title = `pau bench: ${positionals.length} shards merged`;
    writeFileSync(values.report, renderReport({ title, results, tasks, wallSeconds, bad: [], chartFile }));
  }
  process.stdout.write((values.json ? JSON.stringify(summary) : humanSummary(summary)) + '\n');
  return 0;
}

function progressLine(p: Progress, tty: boolean) {
  if (!tty) return;
  const eta = p.etaSeconds === null ? '?' : `${Math.round(p.etaSeconds)}s`;
  const resumed = p.skipped ? `, ${p.skipped} already done` : '';
  const cost = p.costUsd === null ? '' : `  $${p.costUsd.toFixed(4)}`;
  process.stderr.write(`\r\x1b[K${p.done}/${p.total} tasks (${p.failed} failed, ${p.running} running${resumed})  ETA ${eta}  ${p.tokens} tokens${cost}`);
}

function humanSummary(s: ReturnType<typeof summarize>): string {
  const f = (x: number | null, d = 2) => (x === null ? '—' : x.toFixed(d));
  return [
    `tasks ${s.tasks}: ${s.completed} completed, ${s.failed} failed`,
    `judge ${f(s.judgeMean)} ± ${f(s.judgeStd)}, ≥3: ${f(s.shareAtLeast3)}, concluded: ${f(s.conclusionRate)}, probes: ${f(s.meanProbes, 1)}`,
    `code exact-match ${f(s.codeExactMatch)}, behavioural agreement ${f(s.behaviouralAgreement)}, coverage ${f(s.coverage)}`,
    `${s.tokens} tokens, ${f(s.wallSeconds, 1)} s`,
  ].join('\n');
}
