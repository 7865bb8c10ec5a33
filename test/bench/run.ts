// `npm run bench`: runs every test/bench/*.bench.ts in this process, one after the other,
// prints their tables and writes all figures to .bench/results.json.
// A bench module exports `name` and `run(): Promise<Record<string, unknown>>`; it prints its own table.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const only = process.argv[2];
const dir = join(process.cwd(), 'test', 'bench');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)))
  .sort();
const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };
for (const file of files) {
  const mod = (await import(pathToFileURL(join(dir, file)).href)) as {
    name: string;
    run(): Promise<Record<string, unknown>>;
  };
  console.log(`\n## ${mod.name}`);
  results[mod.name] = await mod.run();
}
mkdirSync('.bench', { recursive: true });
writeFileSync(join('.bench', 'results.json'), JSON.stringify(results, null, 2) + '\n');
console.log('\nwrote .bench/results.json');
