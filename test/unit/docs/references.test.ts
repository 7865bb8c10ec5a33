// Every document a code comment cites exists in the repository (under docs/, the README, …), so a
// reader who follows a reference finds it.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { test } from 'node:test';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const CODE = /\.(ts|mjs|cjs|js|py|sh)$/;

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => CODE.test(f) && !f.includes('node_modules'))
    .map((f) => join(dir, f));
}

test('the documents code cites exist', () => {
  const cited = new Map<string, string>();
  for (const file of [...files('src'), ...files('webview'), ...files('test'), ...files('scripts')]) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    // A Markdown file under docs/, or one named in capitals like the README; a lower-case name
    // in a usage line is an output file, not a citation.
    for (const m of text.matchAll(/(?<![\w/.-])(docs\/[\w-]+\.md|[A-Z][A-Z0-9_-]+\.md)\b/g)) {
      const doc = m[1]!;
      if (!cited.has(doc)) cited.set(doc, relative(ROOT, join(ROOT, file)));
    }
  }
  assert.ok(cited.has('docs/ui-contract.md'), 'the scan finds the references it checks');
  for (const [doc, where] of cited) assert.ok(existsSync(join(ROOT, doc)), `${where} cites ${doc}, which is not in the repository`);
});
