// `pau probe --offline --docstring`: prints the docstring Insert Docstring would write (the one
// builder, src/docstring/for-run.ts), and only that; the file itself is left as it was.
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, test } from 'node:test';
import { pauCli } from '../../support/cli.js';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const work = mkdtempSync(join(tmpdir(), 'pau-cli-docstring-'));
after(() => rmSync(work, { recursive: true, force: true }));

const SOURCE = `def clamp(x, lo, hi):
    if lo > hi:
        raise ValueError(f"empty interval: lo={lo} is greater than hi={hi}")
    return max(lo, min(x, hi))
`;

function pau(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [pauCli(), 'probe', ...args], { cwd: ROOT, timeout: 120_000 }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

test('--docstring prints only the docstring, whose examples pass as doctests once written into the file', async () => {
  const file = join(work, 'mathy.py');
  writeFileSync(file, SOURCE);
  const run = await pau([`${file}:clamp`, '--offline', '--docstring', '--docstring-style', 'google']);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(readFileSync(file, 'utf8'), SOURCE, 'the file is not written');
  const printed = run.stdout;
  // The literal at the body's indentation, nothing before or after it.
  assert.match(printed, /^ {4}"""[^\n]/, printed);
  assert.match(printed, /"""\n$/, printed);
  assert.match(printed, /\n {4}Args:\n/, printed);
  assert.match(printed, />>> clamp\(/, printed);
  // No evidence in source: no probe counts, no verdicts.
  assert.doesNotMatch(printed, /\d+ of \d+ calls|calls tried \(|probes?\b/, printed);
  // Written where Insert would write it, its examples run as doctests and pass.
  const lines = SOURCE.split('\n');
  const withDoc = [lines[0], printed.trimEnd(), ...lines.slice(1)].join('\n');
  const target = join(work, 'mathy_doc.py');
  writeFileSync(target, withDoc);
  const out = execFileSync('python3', ['-m', 'doctest', '-v', target], { cwd: work, encoding: 'utf8' });
  assert.match(out, /[1-9]\d* passed and 0 failed/, out);
});

test('--docstring and --json each print alone', async () => {
  const run = await pau([`${join(work, 'mathy.py')}:clamp`, '--offline', '--docstring', '--json']);
  assert.equal(run.code, 2, run.stderr);
  assert.match(run.stderr, /--json and --docstring each print alone/);
});
