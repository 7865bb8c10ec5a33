// `pau probe` and `pau replay` as a user runs them: a real process, the scripted server, the
// real worker. Live progress, --json, --out, replay, exit codes, Ctrl-C.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SessionFile } from '../../../src/session/types.js';
import { startScriptedServer, type Script } from '../../support/llm-server.js';
import { call, FIXTURE, submit } from './harness.js';

const MAIN = fileURLToPath(new URL('../../../src/cli/main.ts', import.meta.url));
const TARGET = `${FIXTURE}:shout`;

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `pau …` from source; `onStart` gets the child (to send it a signal). */
function pau(args: string[], opts: { env?: NodeJS.ProcessEnv; onSpawn?: (child: ReturnType<typeof spawn>) => void } = {}): Promise<Result> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.OPENAI_API_KEY;
  delete env.PAU_BASE_URL;
  delete env.PAU_MODEL;
  Object.assign(env, opts.env);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    opts.onSpawn?.(child);
  });
}

const HAPPY: Script = [
  { kind: 'tool-calls', calls: [call(["'abc'"], { hypothesis: 'upper-cases its input' })] },
  { kind: 'tool-calls', calls: [call(['None']), call(["''"]), call(['0'])] },
  { kind: 'tool-calls', calls: [submit('Upper-cases a string.', { examples: [{ call: "f('abc')", result: '' }] })] },
];

async function withServer<T>(script: Script, fn: (url: string) => Promise<T>): Promise<T> {
  const server = await startScriptedServer(script);
  try {
    return await fn(server.url);
  } finally {
    await server.close();
  }
}

// Each test spawns processes that mostly wait: run them side by side.
describe('pau probe and pau replay', { concurrency: 3 }, () => {
  test('pau probe prints each probe as it happens, the hypothesis and the result; exit 0', async () => {
    const r = await withServer(HAPPY, (url) => pau(['probe', TARGET, '--base-url', url, '--model', 'scripted', '--max-probes', '6']));
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
    const lines = r.stdout.split('\n');
    assert.match(lines[0]!, /^pau probe .*strings\.py:shout {2}LLM agent scripted · anonymized · max 6 probes · coverage feedback on$/);
    assert.ok(lines.includes('    hypothesis: upper-cases its input'), r.stdout);
    assert.ok(lines.some((l) => /^#1 f\('abc'\) → 'ABC' {2}str {2}\d+\.\d ms {2}lines 3\/5 \(\+3\)$/.test(l)), r.stdout);
    assert.ok(lines.some((l) => /^#2 f\(None\) → raises TypeError: text must be a str {2}\d+\.\d ms {2}lines 4\/5 \(\+1\)$/.test(l)), r.stdout);
    assert.ok(lines.includes('Description: Upper-cases a string.'), r.stdout);
    assert.ok(lines.includes("    >>> f('abc')") && lines.includes("    'ABC'"), r.stdout);
    assert.match(r.stdout, /3 LLM requests, 300 prompt \+ 60 completion tokens\n$/);
  });

  test('--json prints only the session; --out saves it; pau replay prints it like the live run', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pau-cli-'));
    const out = join(dir, 'session.json');
    const r = await withServer(HAPPY, (url) => pau(['probe', TARGET, '--base-url', url, '--model', 'scripted', '--json', '--out', out, '--strictness', 'signature']));
    assert.equal(r.code, 0, r.stderr);
    const printed = JSON.parse(r.stdout) as SessionFile;
    assert.equal(printed.version, 1);
    assert.equal(printed.target.qualname, 'shout');
    assert.equal(printed.target.shownAs.signature, 'shout(text, *, times=1)');
    assert.equal(printed.settings.strictness, 'signature');
    assert.equal(printed.probes.length, 4);
    assert.equal(printed.final.concluded, true);
    assert.deepEqual(printed.usage, { requests: 3, promptTokens: 300, completionTokens: 60 });
    assert.deepEqual(JSON.parse(await readFile(out, 'utf8')), printed);

    const replay = await pau(['replay', out]);
    assert.equal(replay.code, 0, replay.stderr);
    assert.match(replay.stdout, /^#1 shout\('abc'\) → 'ABC' {2}str {2}\d+\.\d ms {2}lines 3\/5 \(\+3\)$/m);
    assert.match(replay.stdout, /^Description: Upper-cases a string\.$/m);

    const bad = await pau(['replay', join(dir, 'missing.json')]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /^pau replay: .*missing\.json: no such file\n$/);
  });

  test('a bad target exits 2 with the reason on one line', async () => {
    const unknown = await pau(['probe', `${FIXTURE}:nope`, '--offline']);
    assert.equal(unknown.code, 2);
    assert.equal(unknown.stderr, "pau probe: no function 'nope' in strings.py (available: shout, noisy, Tally.add)\n");
    assert.equal(unknown.stdout, '');
    const missing = await pau(['probe', 'no/such/file.py:f', '--offline']);
    assert.equal(missing.code, 2);
    assert.equal(missing.stderr, 'pau probe: no/such/file.py: no such file\n');
  });

  test('no LLM configured and no --offline: exit 2 suggesting --offline', async () => {
    const r = await pau(['probe', TARGET]);
    assert.equal(r.code, 2);
    assert.equal(r.stderr, 'pau probe: no LLM configured: pass --base-url (or set PAU_BASE_URL) and set OPENAI_API_KEY, or run the offline explorer with --offline\n');
    const flag = await pau(['probe', TARGET, '--offline', '--strictness', 'loose']);
    assert.equal(flag.code, 2);
    assert.match(flag.stderr, /--strictness takes anonymized or signature, got 'loose'/);
  });

  test('a rejected key: exit 1 naming the variable to set; the partial session is saved', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pau-cli-'));
    const out = join(dir, 's.json');
    const r = await withServer([{ kind: 'error', status: 401, body: { error: { message: 'bad key' } } }], (url) =>
      pau(['probe', TARGET, '--base-url', url, '--model', 'm', '--api-key-env', 'MY_KEY', '--out', out], { env: { MY_KEY: 'wrong' } }),
    );
    assert.equal(r.code, 1);
    assert.equal(r.stderr, `pau probe: the LLM endpoint refused the API key (401: bad key); set MY_KEY (partial session saved to ${out})\n`);
    const saved = JSON.parse(await readFile(out, 'utf8')) as SessionFile;
    assert.equal(saved.error?.kind, 'llm-auth');
    assert.equal(saved.final.concluded, false);
  });

  test('Ctrl-C stops cleanly: exit 1, partial session saved', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pau-cli-'));
    const out = join(dir, 's.json');
    const server = await startScriptedServer([{ kind: 'tool-calls', calls: [call(["'a'"])] }, { kind: 'hang' }]);
    try {
      let child: ReturnType<typeof spawn> | undefined;
      const running = pau(['probe', TARGET, '--base-url', server.url, '--model', 'm', '--out', out], { onSpawn: (c) => (child = c) });
      await server.waitForRequests(2);
      const sentAt = Date.now();
      child!.kill('SIGINT');
      const r = await running;
      assert.ok(Date.now() - sentAt < 3000);
      assert.equal(r.code, 1);
      assert.match(r.stderr, /pau probe: stopping…\npau probe: stopped \(partial session saved to .*s\.json\)\n$/);
      assert.match(r.stdout, /^#1 f\('a'\) → 'A'/m);
      const saved = JSON.parse(await readFile(out, 'utf8')) as SessionFile;
      assert.equal(saved.error?.kind, 'stopped');
      assert.equal(saved.probes.length, 1);
      assert.ok(server.requests[1]!.abortedAt !== undefined);
    } finally {
      await server.close();
    }
    assert.ok(existsSync(out));
  });
});
