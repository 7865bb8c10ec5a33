// Every repository path a code comment or a document cites exists, so a reader who follows a
// reference finds it. Cited: a path from the repository's root (`src/core/format.ts`, `docs/`),
// a file path below one of the repository's folders or the citing file's (`core/format.ts`,
// `python/pau_probe/guards.py`, `./values.ts`), a TypeScript file by name (`corpus.test.ts`)
// and a document in capitals (`README.md`). Not citations: what .gitignore names (build output
// such as dist/), text in quotes or in a Markdown code block (examples, commands), URLs,
// `.vscode/` (every workspace has one), and a Python, JSON or lower-case Markdown file by bare
// name (standard modules, the user's files and output files take that form). Python docstrings
// are not read.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, resolve } from 'node:path';
import { test } from 'node:test';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');

/** Folder patterns of .gitignore (`dist/`, `test/e2e/.work/`): output, not the repository's. */
function ignoredFolders(root: string): RegExp[] {
  return readFileSync(join(root, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.endsWith('/') && !line.startsWith('#'))
    .map((line) => {
      const folder = line.slice(0, -1).replace(/[.+?^${}()|[\]\\]/g, '\\$&');
      // Without an inner slash a pattern matches the folder at any depth, as git reads it.
      return new RegExp(line.slice(0, -1).includes('/') ? `^${folder}(/|$)` : `(^|/)${folder}(/|$)`);
    });
}

export interface Citation {
  file: string;
  line: number;
  path: string;
}

/** The lines of a file a reader takes as commentary: comments of code, a document's prose. */
function commentary(file: string, text: string): { line: number; text: string }[] {
  const lines = text.split('\n');
  const out: { line: number; text: string }[] = [];
  if (file.endsWith('.md')) {
    let fenced = false;
    lines.forEach((line, i) => {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      else if (!fenced) out.push({ line: i + 1, text: line });
    });
    return out;
  }
  const hash = /\.(py|sh)$/.test(file);
  lines.forEach((line, i) => {
    const trimmed = line.trim();
    const whole = hash ? trimmed.startsWith('#') : /^(\/\/|\/\*|\*)/.test(trimmed);
    const trailing = whole ? undefined : (hash ? /\s#\s.*$/ : /\s\/\/\s.*$/).exec(line)?.[0];
    if (whole || trailing) out.push({ line: i + 1, text: whole ? line : trailing! });
  });
  return out;
}

// A path: segments of word characters, dots and hyphens. Not after a quote (an example value),
// `@` (a package), `$` or another path character (a part of a longer token).
const PATH = /(?<![\w./@$'"-])(?:\.{1,2}\/)*[\w-][\w.-]*(?:\/[\w.-]+)*\/?/g;
const BARE = /^([\w.-]+\.ts|[A-Z][A-Z0-9_-]*\.md)$/;

/** Every path the repository's code comments and documents cite (see the head of this file). */
export function citations(root: string): { cited: Citation[]; exists: (c: Citation) => boolean } {
  const ignored = ignoredFolders(root);
  const entries = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split('\\').join('/'))
    .filter((f) => !/(^|\/)(node_modules|\.git)(\/|$)/.test(f) && !ignored.some((re) => re.test(f)));
  const known = new Set(entries);
  const folders = new Set(entries.flatMap((f) => f.split('/').slice(0, -1)));
  const top = new Set(entries.filter((f) => !f.includes('/') && f !== '.vscode'));
  const sources = entries.filter((f) => /\.(ts|mts|mjs|cjs|js|py|sh|md)$/.test(f) && !/\.d\.ts$/.test(f));

  const cited: Citation[] = [];
  for (const file of sources) {
    for (const { line, text } of commentary(file, readFileSync(join(root, file), 'utf8'))) {
      for (const m of text.replace(/\b[a-z][\w+.-]*:\/\/\S+/gi, '').matchAll(PATH)) {
        const path = m[0].replace(/\.+$/, '');
        const first = path.replace(/^(\.{1,2}\/)+/, '').split('/')[0]!;
        const fromRoot = path.includes('/') && top.has(first);
        const below = path.includes('/') && (folders.has(first) || /^\.{1,2}\//.test(path)) && /\.\w+$/.test(path);
        const bare = !path.includes('/') && BARE.test(path) && !path.endsWith('.d.ts');
        if ((fromRoot || below || bare) && !ignored.some((re) => re.test(path))) cited.push({ file, line, path });
      }
    }
  }
  const exists = ({ file, path }: Citation) => {
    const clean = path.replace(/\/$/, '');
    if (known.has(clean)) return true;
    // A relative path names a file from the citing one's folder.
    if (
      clean.startsWith('.') &&
      known.has(
        normalize(join(dirname(file), clean))
          .split('\\')
          .join('/'),
      )
    )
      return true;
    // A path below a folder names a file wherever that folder is.
    const tail = clean.replace(/^(\.{1,2}\/)+/, '');
    return !top.has(tail.split('/')[0]!) && entries.some((f) => f.endsWith(`/${tail}`));
  };
  return { cited, exists };
}

test('the paths comments and documents cite exist', () => {
  const { cited, exists } = citations(ROOT);
  const paths = new Set(cited.map((c) => c.path));
  for (const sample of ['docs/ui-contract.md', 'core/python-source.ts', 'README.md', 'python/']) {
    assert.ok(paths.has(sample), `the scan finds the kind of reference it checks (${sample})`);
  }
  const dead = cited.filter((c) => !exists(c)).map((c) => `${c.file}:${c.line} cites ${c.path}`);
  assert.deepEqual(dead, [], 'paths that are not in the repository');
});

test('a planted dead citation is found, in each form; examples, output and URLs are not citations', () => {
  const tree = mkdtempSync(join(tmpdir(), 'pau-references-'));
  try {
    const files: Record<string, string> = {
      '.gitignore': 'dist/\n',
      'README.md': '# R\n',
      'src/core/b.ts': '',
      'src/core/a.ts': [
        '// Alive: src/core/b.ts, core/b.ts, b.ts, docs/x.md, README.md, ./b.ts.',
        '// Dead: src/core/gone.ts, core/gone.ts, gone.test.ts, docs/gone.md, NOTES.md, ../core/gone.ts.',
        "// Not citations: 'src/core/quoted.ts', dist/cli.js, https://example.org/src/core/url.ts, json.py, and/or.",
        // Written in two parts, so that this file's own scan sees no comment here.
        "const s = 'src/core/code.ts'; /" + '/ trailing: src/core/trail.ts',
      ].join('\n'),
      'docs/x.md': ['See `src/core/b.ts`.', '```sh', 'cat src/core/fenced.ts', '```', 'And src/core/prose-gone.ts.'].join('\n'),
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(tree, path)), { recursive: true });
      writeFileSync(join(tree, path), text);
    }
    const { cited, exists } = citations(tree);
    const dead = cited.filter((c) => !exists(c)).map((c) => `${c.file}:${c.line} ${c.path}`);
    assert.deepEqual(dead.sort(), [
      'docs/x.md:5 src/core/prose-gone.ts',
      'src/core/a.ts:2 ../core/gone.ts',
      'src/core/a.ts:2 NOTES.md',
      'src/core/a.ts:2 core/gone.ts',
      'src/core/a.ts:2 docs/gone.md',
      'src/core/a.ts:2 gone.test.ts',
      'src/core/a.ts:2 src/core/gone.ts',
      'src/core/a.ts:4 src/core/trail.ts',
    ]);
    assert.equal(cited.filter(exists).length, 7, 'the live citations are found and resolve');
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
});
