// `npm run bench`: runs every test/bench/*.bench.ts in this process, one after the other,
// prints their tables, then one table of every figure with its goal and the baseline
// measured in the same run, and writes all figures to .bench/results.json.
// A bench module exports `name` and `run(): Promise<Record<string, unknown>>`; it prints its own
// table, and may return `goals: Goal[]` for the summary. A part that cannot run here (say, no
// code-server for the editor bench) is reported in one line and the others still run.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** One figure of the summary table. */
export interface Goal {
  figure: string;
  value: string;
  goal: string;
  met: boolean | null;
  baseline?: string;
}

const only = process.argv[2];
const dir = join(process.cwd(), 'test', 'bench');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)))
  .sort();
const out = join('.bench', 'results.json');
// A filtered run updates its own entries and keeps the others' last figures.
const previous = only && existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>) : {};
const results: Record<string, unknown> = { ...previous, date: new Date().toISOString(), node: process.version };
const goals: Goal[] = [];
const skipped: string[] = [];
for (const file of files) {
  const mod = (await import(pathToFileURL(join(dir, file)).href)) as {
    name: string;
    run(): Promise<Record<string, unknown>>;
  };
  console.log(`\n## ${mod.name}`);
  try {
    const figures = await mod.run();
    results[mod.name] = figures;
    if (figures.goals !== undefined && !Array.isArray(figures.goals)) throw new Error(`${mod.name}: goals must be a list of Goal rows`);
    goals.push(...((figures.goals as Goal[] | undefined) ?? []));
  } catch (error) {
    const why = String((error as Error).message ?? error).split('\n')[0];
    console.log(`could not run: ${why}`);
    skipped.push(`${mod.name}: ${why}`);
    results[mod.name] = { skipped: why };
  }
}
mkdirSync('.bench', { recursive: true });
writeFileSync(out, JSON.stringify(results, null, 2) + '\n');

console.log('\n## summary (one run, one machine)');
console.log('| figure | value | goal | met | baseline (same run) |');
console.log('|---|---:|---|---|---|');
for (const g of goals) console.log(`| ${g.figure} | ${g.value} | ${g.goal} | ${g.met === null ? '—' : g.met ? 'yes' : 'NO'} | ${g.baseline ?? ''} |`);
for (const s of skipped) console.log(`| ${s.split(':')[0]} | not run | | | ${s.slice(s.indexOf(':') + 2)} |`);
console.log('\nwrote .bench/results.json');
