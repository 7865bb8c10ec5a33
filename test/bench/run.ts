// `npm run bench`: runs every test/bench/*.bench.ts in this process, one after the other,
// prints their tables and writes all figures to .bench/results.json.
// A bench module exports `name` and `run(): Promise<Record<string, unknown>>`; it prints its own table.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const only = process.argv[2];
const dir = join(process.cwd(), 'test', 'bench');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)))
  .sort();
const out = join('.bench', 'results.json');
// A filtered run updates its own entries and keeps the others' last figures.
const previous = only && existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>) : {};
const results: Record<string, unknown> = { ...previous, date: new Date().toISOString(), node: process.version };
for (const file of files) {
  const mod = (await import(pathToFileURL(join(dir, file)).href)) as {
    name: string;
    run(): Promise<Record<string, unknown>>;
  };
  console.log(`\n## ${mod.name}`);
  results[mod.name] = await mod.run();
}
mkdirSync('.bench', { recursive: true });
writeFileSync(out, JSON.stringify(results, null, 2) + '\n');
console.log('\nwrote .bench/results.json');
