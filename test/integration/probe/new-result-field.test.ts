// A field added to ProbeResult reaches every reader once the generator has run, and is lost
// (with `--check` saying which file is stale) when it has not. The change is made as a developer
// makes it, in a copy of the source tree: the field in src/core/probe-types.ts, a line of worker
// code that fills it, `node scripts/gen-worker-protocol.mjs`. Then one real call goes through
// the worker, the host's result check, the session recorder, the session file and the panel's
// model (one-call-to-panel.ts).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fixture, ROOT } from './support.js';

const work = mkdtempSync(join(tmpdir(), 'pau-new-field-'));
after(() => rmSync(work, { recursive: true, force: true }));

const DRIVER = 'test/integration/probe/one-call-to-panel.ts';
const SCHEMA = 'src/probe/result-schema.ts';
const PLAIN_CHECK = 'src/probe/result-plain-check.ts';
const FIELDS = 'python/pau_probe/fields.py';

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: work, timeout: 120_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

/** Replaces the one occurrence of `anchor` in the copy's `file` (the test breaks loudly when the anchor moves). */
function edit(file: string, anchor: string, replacement: string): void {
  const path = join(work, file);
  const text = readFileSync(path, 'utf8');
  assert.equal(text.split(anchor).length, 2, `${file} has ${anchor} once`);
  writeFileSync(path, text.replace(anchor, replacement));
}

type Readers = Record<'event' | 'sessionFile' | 'panelLive' | 'panelReplayed', Record<string, unknown>>;

async function oneCall(): Promise<Readers> {
  const result = await run(['--import', 'tsx', DRIVER, fixture('basics.py'), 'add', '2', '3']);
  assert.equal(result.code, 0, result.stderr);
  return JSON.parse(result.stdout) as Readers;
}

const check = () => run(['scripts/gen-worker-protocol.mjs', '--check']);

test('a field added to ProbeResult and filled by the worker reaches the event, the session file and the panel; stale generated files lose it', async () => {
  cpSync(join(ROOT, 'src'), join(work, 'src'), { recursive: true, filter: (path) => !path.includes('__pycache__') });
  cpSync(join(ROOT, 'python'), join(work, 'python'), { recursive: true, filter: (path) => !path.includes('__pycache__') });
  cpSync(join(ROOT, 'webview'), join(work, 'webview'), { recursive: true });
  for (const file of ['scripts/gen-worker-protocol.mjs', 'scripts/gen-result-schema.mjs', DRIVER, 'package.json', 'tsconfig.json', '.prettierrc.json']) {
    mkdirSync(dirname(join(work, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(work, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(work, 'node_modules'));
  const staleSchema = readFileSync(join(work, SCHEMA), 'utf8');
  const stalePlainCheck = readFileSync(join(work, PLAIN_CHECK), 'utf8');
  const staleFields = readFileSync(join(work, FIELDS), 'utf8');

  // The change: the type, the worker code that fills it, the generator.
  edit(
    'src/core/probe-types.ts',
    '  durationMs: number;\n',
    '  durationMs: number;\n  /** The type of each positional argument. */\n  echo?: { words: string[]; count: number };\n',
  );
  edit(
    'python/pau_probe/call.py',
    '    out["mutations"] = _mutations(renderer, labelled, changed)\n',
    '    out["mutations"] = _mutations(renderer, labelled, changed)\n    out["echo"] = {"words": [type(a).__name__ for a in args], "count": len(args)}\n',
  );
  const generated = await run(['scripts/gen-worker-protocol.mjs']);
  assert.equal(generated.code, 0, generated.stderr);
  assert.equal((await check()).code, 0);
  const fresh = {
    schema: readFileSync(join(work, SCHEMA), 'utf8'),
    plainCheck: readFileSync(join(work, PLAIN_CHECK), 'utf8'),
    fields: readFileSync(join(work, FIELDS), 'utf8'),
  };
  assert.notEqual(fresh.schema, staleSchema);
  assert.notEqual(fresh.plainCheck, stalePlainCheck);
  assert.notEqual(fresh.fields, staleFields);

  const echo = { words: ['int', 'int'], count: 2 };
  const readers = await oneCall();
  for (const [reader, result] of Object.entries(readers)) {
    assert.deepEqual(result.echo, echo, `${reader}: ${JSON.stringify(result)}`);
    assert.deepEqual(result.value, { type: 'int', repr: '5', truncated: false, data: { t: 'int', v: '5' } }, reader);
  }

  // The host's plain check not regenerated: the worker sends the field, the result check drops it.
  writeFileSync(join(work, PLAIN_CHECK), stalePlainCheck);
  for (const [reader, result] of Object.entries(await oneCall())) {
    assert.equal(result.echo, undefined, reader);
    assert.equal(result.status, 'returned', reader);
  }
  assert.match((await check()).stderr, /src\/probe\/result-plain-check\.ts is stale/);
  writeFileSync(join(work, PLAIN_CHECK), fresh.plainCheck);
  // The zod schema reads only what the plain check refuses (to name the problem): stale, it is found by --check.
  writeFileSync(join(work, SCHEMA), staleSchema);
  assert.match((await check()).stderr, /src\/probe\/result-schema\.ts is stale/);
  writeFileSync(join(work, SCHEMA), fresh.schema);

  // The worker's field list not regenerated: the worker drops it.
  writeFileSync(join(work, FIELDS), staleFields);
  for (const [reader, result] of Object.entries(await oneCall())) assert.equal(result.echo, undefined, reader);
  assert.match((await check()).stderr, /fields\.py is stale/);
});
