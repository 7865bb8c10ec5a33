// Lints Python files with ruff's WebAssembly build (@astral-sh/ruff-wasm-nodejs, from npm; Debian 12
// packages no ruff), configured by [tool.ruff] of python/pyproject.toml.
// Usage: node scripts/ruff.mjs <file or folder>...   Exits 1 when it reports anything.
import { PositionEncoding, Workspace } from '@astral-sh/ruff-wasm-nodejs';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PYPROJECT = join(dirname(fileURLToPath(import.meta.url)), '..', 'python', 'pyproject.toml');

/** [tool.ruff] as JSON, read by Python's own TOML parser (3.11+; the worker's interpreter may be older). */
export function ruffSettings(pyproject = PYPROJECT) {
  const script = 'import json, sys, tomllib; print(json.dumps(tomllib.load(open(sys.argv[1], "rb"))["tool"]["ruff"]))';
  return JSON.parse(execFileSync('python3', ['-c', script, pyproject], { encoding: 'utf8' }));
}

function pythonFiles(path) {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.name !== '__pycache__' && !entry.name.startsWith('.'))
    .flatMap((entry) => (entry.isDirectory() ? pythonFiles(join(path, entry.name)) : entry.name.endsWith('.py') ? [join(path, entry.name)] : []));
}

/** Each problem as `file:row:column: code message`. The wasm build checks text with no path, so per-file-ignores (paths relative to pyproject.toml's folder) are applied here. */
export function lint(paths, settings = ruffSettings(), root = dirname(PYPROJECT)) {
  const { 'per-file-ignores': ignores = {}, ...lintSettings } = settings.lint ?? {};
  const workspace = new Workspace({ ...settings, lint: lintSettings }, PositionEncoding.Utf16);
  const problems = [];
  for (const file of paths.flatMap((path) => pythonFiles(resolve(path)))) {
    const ignored = new Set(ignores[relative(root, file)] ?? []);
    for (const found of workspace.check(readFileSync(file, 'utf8'))) {
      if (found.code && ignored.has(found.code)) continue;
      problems.push(`${relative(process.cwd(), file)}:${found.start_location.row}:${found.start_location.column}: ${found.code ?? 'syntax'} ${found.message}`);
    }
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = lint(process.argv.slice(2));
  for (const problem of problems) console.log(problem);
  console.log(`ruff ${Workspace.version()}: ${problems.length} problem(s)`);
  process.exitCode = problems.length ? 1 : 0;
}
