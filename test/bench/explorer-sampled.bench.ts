// The offline explorer on functions no one picked: the seeded draw of test/corpus/sampled
// (draw.py), a development half to tune on and a held-out half seen only as totals. For each
// function, the explorer at 40 probes through the real worker, then in separate processes
// (test/bench/sampled): branch coverage of its probes and of Hypothesis's 40 inputs, measured the
// same way (measure.py), and an independent re-check of every line of its description (recheck.py).
// PAU_SAMPLED_LIMIT=N: the first N functions of each half. PAU_SAMPLED_HALF=dev|held-out|both.
// PAU_SAMPLED_ONLY=id,id: only these functions of the development half (the held-out half has no
// function-by-function view, so it ignores this).
// PAU_SAMPLED_JOBS=<folder>: each development function's re-check job (description and records) is
// written there as <id>.json, to re-check again with recheck.py alone (`sampled/recheck_saved.py <folder>`);
// never a held-out one. PAU_SAMPLED_COVERAGE=0: no coverage measure (its figures read 0).
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { OfflineReport } from '../../src/core/run-types.js';
import type { ProbeRecord } from '../../src/core/session-types.js';
import { PYTHON, exploreTarget } from '../corpus/explorer/explore.js';
import { afterBudget } from '../../src/explorer/property-probes.js';
import type { Goal } from './run.js';

export const name = 'explorer-sampled';

const MAX_PROBES = 40;
const here = (p: string): string => fileURLToPath(new URL(p, import.meta.url));
const DRAW = here('../corpus/sampled/draw.json');
const DRAW_SCRIPT = here('../corpus/sampled/draw.py');
const MEASURE = here('sampled/measure.py');
const RECHECK = here('sampled/recheck.py');
const run2 = promisify(execFile);

type Half = 'dev' | 'held-out';

interface Drawn {
  id: string;
  module: string;
  qualname: string;
  source: string;
  half: Half;
}

/** What one function gave; only `scoreHalf` sees these for the held-out half, and it returns totals. */
interface FunctionResult {
  id: string;
  returned: boolean;
  seconds: number;
  coverage: number;
  hypothesisCoverage: number;
  hypothesisReturned: boolean;
  falseClaims: number;
  contradictions: { part: string; text: string; why: string }[];
  linesStated: number;
  linesChecked: number;
  /** Each line the re-check could not re-run: its kind, and why (recheck.py's reason and its class). */
  notChecked: NotChecked[];
  /** 3 or more distinct results were seen. */
  varied: boolean;
  typeList: boolean;
  summary: string;
  error?: string;
  /** Which step the error stopped: a re-check that did not run leaves the lines it would have checked unchecked. */
  errorStep?: 'exploration' | 'coverage' | 're-check';
}

interface NotChecked {
  kind: string;
  reason: string;
  class: string;
}

export interface HalfTotals {
  functions: number;
  returnedShare: number;
  coverage: number;
  hypothesisCoverage: number;
  hypothesisReturnedShare: number;
  falseClaims: number;
  linesStated: number;
  linesChecked: number;
  varied: number;
  typeListWhereVaried: number;
  medianSeconds: number;
  errors: number;
  /** Of those, the ones whose re-check did not run (their lines count as stated, not checked). */
  recheckErrors: number;
  /** Lines not re-checked, by the line's kind and the class of the reason ("example: its call took more than"). */
  notChecked: Record<string, number>;
}

// Words that speak only of types, calls or how much was learned. A summary made of these, type
// names, numbers and punctuation says nothing about what the function does.
const TYPE_TALK = new Set(
  (
    'takes take returns return returned and or of with the a an no any arguments argument called call calls on type types tried every ' +
    'failed not characterised characterized beyond its it left out may be positive negative zero empty non nonempty nested short long ' +
    'value values object objects instance none nonetype inputs input other some one two three several either also iterator generator ' +
    'yields yielded yielding items item receiver class explored probes probe given'
  ).split(' '),
);
const TYPE_NAMES = new Set(
  (
    'int str float bool list tuple dict set frozenset bytes bytearray complex date datetime time timedelta decimal fraction callable ' +
    'function lambda range ordereddict defaultdict counter deque map filter zip'
  ).split(' '),
);

/**
 * The rule for "only a type list": remove, ignoring case, every type name (the builtin ones above,
 * the types of every value the run returned, its return types, a method's class), every word of TYPE_TALK, numbers,
 * punctuation and words under three letters; a type list is a summary with nothing left.
 */
export function isTypeList(summary: string, typeNames: string[]): boolean {
  const names = new Set([...TYPE_NAMES, ...typeNames.flatMap((t) => t.toLowerCase().split(/[.\s[\],]+/))]);
  const words = summary.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? [];
  return words.every((w) => w.length < 3 || TYPE_TALK.has(w) || names.has(w));
}

function distinctResults(records: ProbeRecord[]): number {
  const seen = new Set<string>();
  for (const r of records) {
    const v = r.result.status === 'returned' ? r.result.value : undefined;
    if (v) seen.add(v.iteration ? v.iteration.items.join(', ') : v.repr);
  }
  return seen.size;
}

function request(r: ProbeRecord): { args: string[]; kwargs: Record<string, string>; receiver?: string } {
  return { args: r.args, kwargs: r.kwargs ?? {}, ...(r.receiver !== undefined ? { receiver: r.receiver } : {}) };
}

async function python<T>(script: string, input: unknown): Promise<T> {
  const child = run2(PYTHON, [script], { timeout: 240_000, maxBuffer: 64 << 20 });
  child.child.stdin!.end(JSON.stringify(input));
  return JSON.parse((await child).stdout) as T;
}

interface Explored {
  fn: Drawn;
  report?: OfflineReport;
  records: ProbeRecord[];
  params: string[];
  seconds: number;
  error?: string;
}

/** Measures one function after its exploration: coverage of both sides and the re-check. */
async function score(e: Explored, half: Half): Promise<FunctionResult> {
  const { fn, report, records } = e;
  // Beside Hypothesis's `budget` inputs, the explorer's calls within its budget: its re-runs after it
  // (afterBudget: an example under another hash seed, a raise after its contrast) try no new input.
  const calls = records.filter((r) => r.origin !== 'cache' && !afterBudget(r.note)).map(request);
  const job = { module: fn.module, qualname: fn.qualname, source: fn.source, budget: MAX_PROBES, calls };
  const noCoverage = process.env.PAU_SAMPLED_COVERAGE === '0';
  const cov = noCoverage
    ? { explorer: { percent: 0 }, hypothesis: { percent: 0, returned: 0 } }
    : await python<{ explorer: { percent: number }; hypothesis: { percent: number; returned: number }; error?: string }>(MEASURE, job).catch((err: Error) => ({
        explorer: { percent: 0 },
        hypothesis: { percent: 0, returned: 0 },
        error: err.message.split('\n')[0],
      }));
  type Checked = {
    stated: number;
    checked: number;
    contradictions: FunctionResult['contradictions'];
    notChecked?: NotChecked[];
    error?: string;
  };
  const recheckJob = { module: fn.module, qualname: fn.qualname, report, records, params: e.params };
  const jobs = process.env.PAU_SAMPLED_JOBS;
  if (jobs && half === 'dev' && report) {
    mkdirSync(jobs, { recursive: true });
    writeFileSync(join(jobs, `${fn.id.replace(/[^\w.-]/g, '_')}.json`), JSON.stringify({ id: fn.id, ...recheckJob }));
  }
  const raw: Partial<Checked> = report
    ? await python<Partial<Checked>>(RECHECK, recheckJob).catch((err: Error) => ({
        error: err.message.split('\n')[0],
      }))
    : {};
  // A re-check that could not run checked nothing: its lines count as stated, not checked.
  const stated = (report?.properties.filter((p) => p.holds).length ?? 0) + (report?.description.claims ?? []).filter((c) => c.part !== 'property').length;
  const check: Checked = {
    stated: raw.stated ?? stated,
    checked: raw.checked ?? 0,
    contradictions: raw.contradictions ?? [],
    notChecked: raw.notChecked ?? [],
    ...(raw.error ? { error: raw.error } : {}),
  };
  // Lines a re-check that did not run at all left without a reason of their own: counted, with its error.
  for (let k = check.checked + (check.notChecked?.length ?? 0); k < check.stated; k++)
    check.notChecked?.push({ kind: 'any line', reason: check.error ?? 'the re-check gave no answer', class: 'the re-check did not run' });
  // The method's own class too: a receiver is named by it ("Called on a ParseResults instance").
  const typeNames = [
    ...fn.qualname.split('.').slice(0, -1),
    ...(report?.returnTypes ?? []),
    ...records.flatMap((r) => (r.result.value ? [r.result.value.type] : [])),
  ];
  const summary = report?.description.summary ?? '';
  const varied = distinctResults(records) >= 3;
  const error = e.error ?? cov.error ?? check.error;
  const errorStep = e.error ? 'exploration' : cov.error ? 'coverage' : check.error ? 're-check' : undefined;
  return {
    id: fn.id,
    returned: records.some((r) => r.result.status === 'returned'),
    seconds: e.seconds,
    coverage: cov.explorer.percent,
    hypothesisCoverage: cov.hypothesis.percent,
    hypothesisReturned: cov.hypothesis.returned > 0,
    falseClaims: check.contradictions.length,
    contradictions: check.contradictions,
    linesStated: check.stated,
    linesChecked: check.checked,
    notChecked: check.notChecked ?? [],
    varied,
    typeList: varied && isTypeList(summary, typeNames),
    summary,
    ...(error ? { error } : {}),
    ...(errorStep ? { errorStep } : {}),
  };
}

async function explore(fn: Drawn): Promise<Explored> {
  const top = fn.qualname.split('.')[0]!;
  const target = { source: `from ${fn.module} import ${top}\n`, qualname: fn.qualname, moduleName: `sampled_${fn.id.replace(/\W/g, '_')}` };
  const started = performance.now();
  try {
    return { fn, ...(await exploreTarget(target, MAX_PROBES)) };
  } catch (err) {
    return { fn, records: [], params: [], seconds: (performance.now() - started) / 1000, error: String((err as Error).message).split('\n')[0] };
  }
}

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const share = (xs: boolean[]): number => xs.filter(Boolean).length / Math.max(1, xs.length);

export function totalsOf(rs: FunctionResult[]): HalfTotals {
  const seconds = rs.map((r) => r.seconds).sort((a, b) => a - b);
  return {
    functions: rs.length,
    returnedShare: share(rs.map((r) => r.returned)),
    coverage: mean(rs.map((r) => r.coverage)),
    hypothesisCoverage: mean(rs.map((r) => r.hypothesisCoverage)),
    hypothesisReturnedShare: share(rs.map((r) => r.hypothesisReturned)),
    falseClaims: rs.reduce((a, r) => a + r.falseClaims, 0),
    linesStated: rs.reduce((a, r) => a + r.linesStated, 0),
    linesChecked: rs.reduce((a, r) => a + r.linesChecked, 0),
    varied: rs.filter((r) => r.varied).length,
    typeListWhereVaried: rs.filter((r) => r.typeList).length,
    medianSeconds: seconds.length ? seconds[Math.floor(seconds.length / 2)]! : NaN,
    errors: rs.filter((r) => r.error).length,
    recheckErrors: rs.filter((r) => r.errorStep === 're-check').length,
    notChecked: rs
      .flatMap((r) => r.notChecked)
      .reduce<Record<string, number>>((by, n) => {
        const key = `${n.kind}: ${n.class}`;
        by[key] = (by[key] ?? 0) + 1;
        return by;
      }, {}),
  };
}

/**
 * A half, measured. The explorer runs one function at a time (its seconds are the figure); the
 * measuring runs two at a time after it. Per-function results reach `onFunction` only for the
 * development half: for the held-out half this returns totals and nothing else leaves it.
 */
async function scoreHalf(half: Half, fns: Drawn[], onFunction?: (r: FunctionResult) => void): Promise<HalfTotals> {
  const explored: Explored[] = [];
  for (const [k, fn] of fns.entries()) {
    explored.push(await explore(fn));
    // A named development function: its description too, to read while tuning.
    if (half === 'dev' && process.env.PAU_SAMPLED_ONLY) {
      const d = explored[k]!.report?.description;
      if (d)
        console.log(
          `\n#### ${fn.id}\n${[d.summary, ...Object.entries(d.parameters).map(([p, t]) => `${p}: ${t}`), `returns: ${d.returns}`, `raises: ${d.raises}`, ...d.examples.map((e) => `${e.call} -> ${e.result}`), ...(d.properties ?? [])].join('\n')}`,
        );
    }
    process.stderr.write(half === 'dev' ? `dev ${k + 1}/${fns.length} ${fn.id}: ${explored[k]!.seconds.toFixed(1)} s\n` : `held-out ${k + 1}/${fns.length}\n`);
  }
  const results: FunctionResult[] = new Array<FunctionResult>(explored.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < explored.length) {
      const k = next++;
      results[k] = await score(explored[k]!, half);
    }
  };
  await Promise.all([lane(), lane()]);
  if (half === 'dev' && onFunction) for (const r of results) onFunction(r);
  return totalsOf(results);
}

const pct = (x: number): string => `${(100 * x).toFixed(0)}%`;

function totalsRows(t: HalfTotals): string[] {
  return [
    `| functions | ${t.functions} |`,
    `| with a call that returned (Hypothesis) | ${pct(t.returnedShare)} (${pct(t.hypothesisReturnedShare)}) |`,
    `| mean branch coverage (Hypothesis) | ${t.coverage.toFixed(1)}% (${t.hypothesisCoverage.toFixed(1)}%) |`,
    `| false claims (independent re-check) | ${t.falseClaims} |`,
    `| description lines checked / stated | ${t.linesChecked} / ${t.linesStated} |`,
    `| type-list summaries where ≥ 3 distinct results | ${t.typeListWhereVaried} of ${t.varied} |`,
    `| median seconds per function | ${t.medianSeconds.toFixed(2)} |`,
    `| functions with a measuring error (of them, re-check not run) | ${t.errors} (${t.recheckErrors}) |`,
    ...Object.entries(t.notChecked)
      .sort((a, b) => b[1] - a[1])
      .map(([kind, n]) => `| lines not re-checked: ${kind} | ${n} |`),
  ];
}

export async function run(): Promise<Record<string, unknown>> {
  const other = process.env.PAU_SAMPLED_DRAW;
  const draw = JSON.parse(readFileSync(other ?? DRAW, 'utf8')) as { seed: number; functions: Drawn[] };
  if (other) console.log(`the draw of ${other} (seed ${draw.seed}, ${draw.functions.length} functions), not the committed one`);
  else
    try {
      console.log(execFileSync(PYTHON, [DRAW_SCRIPT, '--check'], { encoding: 'utf8', timeout: 120_000 }).trim());
    } catch {
      console.log('the committed draw differs from what draw.py draws here (other package versions?): the figures are of the committed draw');
    }
  const limit = Number(process.env.PAU_SAMPLED_LIMIT ?? '') || Infinity;
  const which = process.env.PAU_SAMPLED_HALF ?? 'both';
  const halves: Half[] = which === 'dev' ? ['dev'] : which === 'held-out' ? ['held-out'] : ['dev', 'held-out'];
  const out: Record<string, unknown> = { seed: draw.seed, maxProbes: MAX_PROBES, ...(other ? { draw: other } : {}) };
  const goals: Goal[] = [];
  for (const half of halves) {
    const only = half === 'dev' && process.env.PAU_SAMPLED_ONLY ? new Set(process.env.PAU_SAMPLED_ONLY.split(',')) : undefined;
    const fns = draw.functions.filter((f) => f.half === half && (!only || only.has(f.id))).slice(0, limit);
    const devRows: string[] = [];
    const devClaims: string[] = [];
    const t = await scoreHalf(half, fns, (r) => {
      for (const c of r.contradictions) devClaims.push(`false claim: ${r.id}: ${c.part}: ${c.text}: ${c.why}`);
      // The re-check's own failures, to be told from the function's (their count is a total below).
      for (const n of r.notChecked) if (n.reason.startsWith('the re-check failed')) devClaims.push(`not re-checked: ${r.id}: ${n.kind}: ${n.reason}`);
      devRows.push(
        `| ${r.id} | ${r.returned ? 'yes' : 'no'} | ${r.coverage.toFixed(0)}% | ${r.hypothesisCoverage.toFixed(0)}% | ${r.falseClaims} | ` +
          `${r.linesChecked}/${r.linesStated} | ${r.typeList ? 'YES' : r.varied ? 'no' : '—'} | ${r.seconds.toFixed(2)} | ${r.error ?? ''} |`,
      );
    });
    if (devRows.length) {
      console.log(`\n### development half, function by function (${fns.length})`);
      console.log('| function | returned | coverage | Hypothesis | false claims | lines checked | type list | s | error |');
      console.log('|---|---|---:|---:|---:|---|---|---:|---|');
      for (const row of devRows) console.log(row);
      for (const c of devClaims) console.log(c);
    }
    console.log(`\n### ${half === 'dev' ? 'development' : 'held-out'} half, totals (explorer at ${MAX_PROBES} probes; Hypothesis at ${MAX_PROBES} inputs)`);
    console.log('| measure | result |\n|---|---|');
    for (const row of totalsRows(t)) console.log(row);
    out[half] = t;
    if (half === 'held-out') {
      goals.push(
        { figure: 'sampled held-out: false claims (re-check)', value: `${t.falseClaims}`, goal: '0', met: t.falseClaims === 0 },
        {
          figure: 'sampled held-out: functions with a returned call',
          value: pct(t.returnedShare),
          goal: '≥ 90%',
          met: t.returnedShare >= 0.9,
          baseline: `Hypothesis ${pct(t.hypothesisReturnedShare)}`,
        },
        {
          figure: 'sampled held-out: mean branch coverage',
          value: `${t.coverage.toFixed(1)}%`,
          goal: `≥ Hypothesis + 10 (${(t.hypothesisCoverage + 10).toFixed(1)}%)`,
          met: t.coverage >= t.hypothesisCoverage + 10,
          baseline: `Hypothesis ${t.hypothesisCoverage.toFixed(1)}%`,
        },
        {
          figure: 'sampled held-out: type-list summaries (≥ 3 distinct results)',
          value: `${t.typeListWhereVaried} of ${t.varied}`,
          goal: '0',
          met: t.typeListWhereVaried === 0,
        },
        {
          figure: `sampled held-out: median seconds per function, ${MAX_PROBES} probes`,
          value: t.medianSeconds.toFixed(2),
          goal: '≤ 1',
          met: t.medianSeconds <= 1,
        },
      );
    }
  }
  return { ...out, goals };
}
