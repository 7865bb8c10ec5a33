// What the pytest export pins down: simple mutants (a comparison flipped, a number constant
// changed, a conditional's results swapped, min for max; test/bench/mutation/mutants.py) of the
// demo functions in examples/ and of 20 corpus functions, each run against the tests exported
// from an offline run at the default budget. A mutant is killed when the exported module fails
// on it. The corpus functions are the first 20 of test/corpus/explorer whose module is one plain
// .py file that really runs (no C accelerator), copied under another name so the copy is what
// the tests import. PAU_MUTATION_LIMIT=N takes the first N functions only.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { DEFAULT_MAX_PROBES } from '../../src/core/limits.js';
import { exportPytest } from '../../src/export/pytest-export.js';
import { startWorker } from '../../src/probe/client.js';
import { pytestRunner } from '../../src/probe/pytest-run.js';
import { offlineSession } from '../support/offline-session.js';
import { CORPUS } from '../corpus/explorer/corpus.js';
import type { Goal } from './run.js';

export const name = 'mutation';

const PYTHON = '/usr/bin/python3';
const MUTANTS_PER_FUNCTION = 8;
const CORPUS_FUNCTIONS = 20;
const MUTANTS = resolve('test/bench/mutation/mutants.py');
const PYTEST_TIMEOUT_MS = 15_000;

interface Target {
  label: string;
  source: string;
  qualname: string;
}

interface Mutants {
  sites: number;
  mutants: { what: string; source: string }[];
  skip?: string;
}

function mutantsOf(file: string, qualname: string): Mutants {
  const run = spawnSync(PYTHON, [MUTANTS, file, qualname, String(MUTANTS_PER_FUNCTION)], { encoding: 'utf8', timeout: 30_000, maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) return { sites: 0, mutants: [], skip: `mutants.py failed: ${run.stderr.trim().split('\n').at(-1) ?? ''}` };
  return JSON.parse(run.stdout) as Mutants;
}

/** Top-level functions and methods of examples/*.py, by a Python listing of their defs. */
function demoTargets(): Target[] {
  const listing = spawnSync(
    PYTHON,
    [
      '-c',
      `import ast, glob, json
out = []
for f in sorted(glob.glob('examples/*.py')):
    for n in ast.parse(open(f).read()).body:
        if isinstance(n, ast.FunctionDef) and not n.name.startswith('_'):
            out.append([f, n.name])
        if isinstance(n, ast.ClassDef):
            out += [[f, n.name + '.' + m.name] for m in n.body if isinstance(m, ast.FunctionDef) and not m.name.startswith('_')]
print(json.dumps(out))`,
    ],
    { encoding: 'utf8' },
  );
  return (JSON.parse(listing.stdout) as [string, string][]).map(([file, qualname]) => ({
    label: `${basename(file)}:${qualname}`,
    source: resolve(file),
    qualname,
  }));
}

/** Corpus functions whose module is one plain .py file (not a package's). */
function corpusTargets(): Target[] {
  const modules = [...new Set(CORPUS.map((f) => f.module))];
  const located = spawnSync(
    PYTHON,
    ['-c', `import importlib.util, json, sys\nprint(json.dumps({m: getattr(importlib.util.find_spec(m), 'origin', None) for m in sys.argv[1:]}))`, ...modules],
    { encoding: 'utf8' },
  );
  const origin = JSON.parse(located.stdout) as Record<string, string | null>;
  return CORPUS.filter((f) => !f.module.includes('.') && origin[f.module]?.endsWith('.py') && !origin[f.module]!.endsWith('__init__.py')).map((f) => ({
    label: `${f.module}.${f.name}`,
    source: origin[f.module]!,
    qualname: f.name,
  }));
}

interface Outcome {
  label: string;
  mutants: number;
  killed: number;
  survivors: string[];
  skip?: string;
}

async function measure(target: Target, work: string, index: number): Promise<Outcome> {
  const folder = join(work, String(index));
  mkdirSync(folder);
  // Another name, so that the copy (not the installed module pytest may import itself) is tested.
  const file = join(folder, `mutation_target_${index}.py`);
  copyFileSync(target.source, file);
  const original = readFileSync(file, 'utf8');
  const found = mutantsOf(file, target.qualname);
  if (found.skip || found.mutants.length === 0) return { label: target.label, mutants: 0, killed: 0, survivors: [], skip: found.skip ?? 'no mutable spot' };
  const session = await offlineSession(file, target.qualname, { python: PYTHON });
  const runPytest = pytestRunner();
  let exported;
  try {
    exported = await exportPytest({ session, startWorker, runPytest, python: PYTHON, workspaceRoot: folder, out: join(folder, 'test_exported.py') });
  } catch (error) {
    return { label: target.label, mutants: 0, killed: 0, survivors: [], skip: `no export: ${String((error as Error).message).split('\n')[0]}` };
  }
  let killed = 0;
  const survivors: string[] = [];
  for (const mutant of found.mutants) {
    writeFileSync(file, mutant.source);
    // A mutant that makes the tests hang (a loop that no longer ends) is caught: killed, as
    // mutation tools count a timeout.
    const run = await runPytest(exported.path, { python: PYTHON, moduleFile: file, timeoutMs: PYTEST_TIMEOUT_MS }).catch(() => ({ ok: false }));
    if (run.ok) survivors.push(mutant.what);
    else killed += 1;
  }
  writeFileSync(file, original);
  return { label: target.label, mutants: found.mutants.length, killed, survivors };
}

export async function run(): Promise<Record<string, unknown>> {
  const limit = Number(process.env.PAU_MUTATION_LIMIT ?? Infinity);
  const groups: [string, Target[]][] = [
    ['demo functions (examples/)', demoTargets()],
    ['corpus functions', corpusTargets()],
  ];
  const work = mkdtempSync(join(tmpdir(), 'pau-mutation-'));
  const figures: Record<string, unknown> = {};
  const goals: Goal[] = [];
  try {
    let index = 0;
    const rows: string[] = [];
    for (const [group, all] of groups) {
      const outcomes: Outcome[] = [];
      // Corpus: the first 20 that yield mutants; demo: every function.
      const wanted = group.startsWith('corpus') ? CORPUS_FUNCTIONS : all.length;
      for (const target of all) {
        if (outcomes.filter((o) => o.mutants > 0).length >= Math.min(wanted, limit)) break;
        const outcome = await measure(target, work, index++);
        outcomes.push(outcome);
        process.stderr.write(`${outcome.label}: ${outcome.skip ? `skipped (${outcome.skip})` : `${outcome.killed}/${outcome.mutants} killed`}\n`);
      }
      const measured = outcomes.filter((o) => o.mutants > 0);
      const mutants = measured.reduce((a, o) => a + o.mutants, 0);
      const killed = measured.reduce((a, o) => a + o.killed, 0);
      const share = mutants ? killed / mutants : NaN;
      rows.push(`| ${group} | ${measured.length} | ${killed}/${mutants} (${Math.round(100 * share)}%) |`);
      for (const o of measured) for (const s of o.survivors) console.log(`survived: ${o.label}: ${s}`);
      for (const o of outcomes.filter((x) => x.skip)) console.log(`skipped: ${o.label}: ${o.skip}`);
      figures[group] = { functions: measured.length, mutants, killed, share, skipped: outcomes.filter((o) => o.skip).map((o) => `${o.label}: ${o.skip}`) };
      goals.push({
        figure: `mutation: mutants killed by the exported tests, ${group}, budget ${DEFAULT_MAX_PROBES}`,
        value: `${killed}/${mutants} (${Math.round(100 * share)}%)`,
        goal: 'reported',
        met: null,
      });
    }
    console.log(`\n| functions | measured | mutants killed |\n|---|---:|---:|\n${rows.join('\n')}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { ...figures, goals };
}
