// `pau probe` and `pau replay` as a user runs them: a real process, the scripted server, the
// real worker. Live progress, --json, --out, replay, exit codes, Ctrl-C.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SessionFile } from '../../../src/core/session-types.js';
import { CHECKS_AFTER_BUDGET } from '../../../src/explorer/explorer.js';
import { startScriptedServer, type Script } from '../../support/llm-server.js';
import { pauCli } from '../../support/cli.js';
import { call, FIXTURE, submit } from './harness.js';

const TARGET = `${FIXTURE}:shout`;
const EXAMPLES = fileURLToPath(new URL('../../../examples', import.meta.url));

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `pau …` (bundled, test/support/cli.ts); `onSpawn` gets the child (to send it a signal). */
function pau(args: string[], opts: { env?: NodeJS.ProcessEnv; onSpawn?: (child: ReturnType<typeof spawn>) => void } = {}): Promise<Result> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.OPENAI_API_KEY;
  delete env.PAU_BASE_URL;
  delete env.PAU_MODEL;
  Object.assign(env, opts.env);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [pauCli(), ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
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
  { kind: 'tool-calls', calls: [call(["'probe me'"], { hypothesis: 'upper-cases its input' })] },
  // inputs the offline explorer's seeds will not have tried (a cached call does not count)
  { kind: 'tool-calls', calls: [call(['[None]']), call(['-7']), call(["'été'"])] },
  { kind: 'tool-calls', calls: [submit('Upper-cases a string.', { examples: [{ call: "f('probe me')", result: '' }] })] },
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
// The timeout only catches a hang: each test starts `pau` and real workers, which takes
// seconds on a loaded 2-core machine.
describe('pau probe and pau replay', { concurrency: 3, timeout: 180_000 }, () => {
  test('pau probe prints each probe as it happens, the hypothesis and the result; exit 0', async () => {
    const r = await withServer(HAPPY, (url) => pau(['probe', TARGET, '--base-url', url, '--model', 'scripted', '--max-probes', '6']));
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
    const lines = r.stdout.split('\n');
    assert.match(lines[0]!, /^pau probe .*strings\.py:shout {2}LLM agent scripted · anonymized · max 6 probes · coverage feedback on$/);
    assert.equal(lines[1], 'shown to the agent as f(arg0, arg1)');
    // what protects the calls (issue 10: a line in the CLI header)
    assert.match(lines[2]!, /^sandbox: (OS \(bubblewrap[^\n]*\) \+ guards|guards only.*)$/);
    // the offline explorer's seed probes come first, then the agent's
    assert.match(lines[3]!, /^#1 shout\(.*\) → .* {2}\d+\.\d ms {2}lines \d\/5( \(\+\d\))? {2}\[offline\]$/);
    const hypothesis = lines.indexOf('    hypothesis: upper-cases its input');
    assert.ok(hypothesis > 3, r.stdout);
    assert.match(lines[hypothesis + 1]!, /^#\d+ shout\('probe me'\) → 'PROBE ME' {2}str {2}\d+\.\d ms {2}lines \d\/5( \(\+\d\))?$/);
    assert.ok(
      lines.some((l) => /^#\d+ shout\(\[None\]\) → raises TypeError: text must be a str {2}\d+\.\d ms/.test(l)),
      r.stdout,
    );
    assert.ok(lines.includes('Description: Upper-cases a string.'), r.stdout);
    assert.ok(lines.includes("      >>> shout('probe me')") && lines.includes("      'PROBE ME'"), r.stdout);
    assert.match(r.stdout, /3 LLM requests, 300 prompt \+ 60 completion tokens\n$/);
  });

  test('--json prints only the session; --out saves it; pau replay prints exactly what the live run printed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pau-cli-'));
    const json = await withServer(HAPPY, (url) => pau(['probe', TARGET, '--base-url', url, '--model', 'scripted', '--json', '--strictness', 'signature']));
    assert.equal(json.code, 0, json.stderr);
    const printed = JSON.parse(json.stdout) as SessionFile;
    assert.equal(printed.version, 1);
    assert.equal(printed.target.qualname, 'shout');
    assert.equal(printed.target.shownAs.signature, 'shout(text, *, times=1)');
    assert.equal(printed.settings.strictness, 'signature');
    assert.equal(printed.probes.filter((p) => p.origin === 'llm').length, 4);
    assert.ok(printed.probes.some((p) => p.origin === 'offline'));
    assert.equal(printed.final.concluded, true);
    assert.deepEqual(printed.usage, { requests: 3, promptTokens: 300, completionTokens: 60 });

    const out = join(dir, 'session.json');
    const live = await withServer(HAPPY, (url) => pau(['probe', TARGET, '--base-url', url, '--model', 'scripted', '--out', out]));
    assert.equal(live.code, 0, live.stderr);
    const saved = JSON.parse(await readFile(out, 'utf8')) as SessionFile;
    assert.equal(saved.probes.length, printed.probes.length);
    const replay = await pau(['replay', out]);
    assert.equal(replay.code, 0, replay.stderr);
    assert.equal(replay.stdout, live.stdout);

    const bad = await pau(['replay', join(dir, 'missing.json')]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /^pau replay: .*missing\.json: no such file\n$/);
  });

  test('pau probe --offline on an example prints live progress and the report; exit 0', async () => {
    const r = await pau(['probe', `${EXAMPLES}/text.py:slugify`, '--offline', '--max-probes', '8']);
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.split('\n');
    assert.match(lines[0]!, /^pau probe .*examples\/text\.py:slugify {2}offline explorer · anonymized · max 8 probes/);
    const probes = lines.filter((l) => /^#\d+ slugify\(.*\) → .* ms .*\[(offline|cache)\]$/.test(l));
    // Re-runs of earlier calls that check an example or a raise line come after the budget of 8.
    const checks = lines.filter((l) => /re-run of #\d+ \((example|raise) check/.test(l)).length;
    assert.ok(checks <= CHECKS_AFTER_BUDGET, r.stdout);
    assert.equal(probes.length - checks, 8, r.stdout);
    assert.ok(
      lines.some((l) => l.startsWith('Description: ')),
      r.stdout,
    );
    // The probes were printed as they ran: no second table of them (issue 22).
    assert.doesNotMatch(r.stdout, /^\| # \| call \|/m);
    assert.doesNotMatch(r.stdout, /LLM request/);
  });

  test('a reader that goes away (| head) stops the run quietly, without an EPIPE crash', async () => {
    const r = await pau(['probe', `${EXAMPLES}/text.py:slugify`, '--offline', '--max-probes', '30'], {
      onSpawn: (child) => child.stdout!.once('data', () => child.stdout!.destroy()),
    });
    assert.equal(r.code, 1);
    assert.equal(r.stderr, 'pau probe: stopped\n');
  });

  test('a bad target exits 2 with the reason on one line', async () => {
    const unknown = await pau(['probe', `${FIXTURE}:nope`, '--offline']);
    assert.equal(unknown.code, 2);
    assert.equal(unknown.stderr, "pau probe: no function 'nope' in strings.py (available: noisy, shout, Tally.add)\n");
    assert.equal(unknown.stdout, '');
    const missing = await pau(['probe', 'no/such/file.py:f', '--offline']);
    assert.equal(missing.code, 2);
    assert.equal(missing.stderr, 'pau probe: no/such/file.py: no such file\n');
  });

  test('no LLM configured and no --offline: exit 2 suggesting --offline', async () => {
    // Ollama asked where nobody listens (LM Studio's port is fixed: nothing runs there on a test machine).
    const r = await pau(['probe', TARGET], { env: { OLLAMA_HOST: '127.0.0.1:9' } });
    assert.equal(r.code, 2);
    assert.equal(
      r.stderr,
      'pau probe: no LLM configured and no local model server (Ollama, LM Studio) found: pass --base-url (or set PAU_BASE_URL) and set OPENAI_API_KEY, or run the offline explorer with --offline\n',
    );
    const flag = await pau(['probe', TARGET, '--offline', '--strictness', 'loose']);
    assert.equal(flag.code, 2);
    assert.match(flag.stderr, /--strictness takes anonymized or signature, got 'loose'/);
  });

  test('with no endpoint and no key, a local Ollama is used before asking for OPENAI_API_KEY (issue 22)', async () => {
    const server = await startScriptedServer(HAPPY, { ollamaModels: ['qwen-local', 'llama-local'] });
    try {
      const origin = new URL(server.url).host;
      const r = await pau(['probe', TARGET, '--max-probes', '6'], { env: { OLLAMA_HOST: origin } });
      assert.equal(r.code, 0, r.stderr);
      assert.match(
        r.stderr,
        /^pau probe: using Ollama at http:\/\/127\.0\.0\.1:\d+\/v1, model llama-local \(also there: qwen-local; pick one with --model\)\n$/,
      );
      assert.equal(server.requests[0]?.body.model, 'llama-local');
      assert.ok(r.stdout.includes('Description: Upper-cases a string.'), r.stdout);
      const picked = await pau(['probe', TARGET, '--max-probes', '6', '--model', 'qwen-local', '--json'], { env: { OLLAMA_HOST: origin } });
      assert.equal(picked.code, 1); // the script is used up: what matters is whom it asked
      assert.equal(server.requests[3]?.body.model, 'qwen-local');
    } finally {
      await server.close();
    }
  });

  test('an anonymized run prints its examples under the real name, no None line, and the agent notes apart (issue 22)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pau-cli-'));
    const module = join(dir, 'words.py');
    await writeFile(module, 'def first_word(text):\n    if not text.strip():\n        return None\n    return text.split()[0]\n');
    const script: Script = [
      { kind: 'tool-calls', calls: [call(["'hi there'"], { hypothesis: 'the first word' })] },
      // inputs meant to break it, of the edge classes the falsification gate asks for
      { kind: 'tool-calls', calls: [call(["'  '"]), call(['[None]']), call(["'été ici'"]), call(['-7'])] },
      {
        kind: 'tool-calls',
        calls: [
          submit('The first word of a text, or None for a blank one.', {
            details: 'Only letters change.',
            examples: [
              { call: "f('hi there')", result: "'hi'" },
              { call: "f('  ')", result: 'None' },
            ],
          }),
        ],
      },
    ];
    const r = await withServer(script, (url) => pau(['probe', `${module}:first_word`, '--base-url', url, '--model', 'scripted', '--max-probes', '6']));
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.split('\n');
    assert.ok(lines.includes("      >>> first_word('hi there')"), r.stdout);
    assert.ok(!r.stdout.includes('>>> f('), r.stdout);
    const empty = lines.indexOf("      >>> first_word('  ')");
    assert.ok(empty > 0, r.stdout);
    assert.notEqual(lines[empty + 1]?.trim(), 'None');
    assert.ok(lines.includes('  Notes:') && !lines.includes('  Evidence:'), r.stdout);
    assert.ok(lines.includes('    Only letters change.'), r.stdout);
    assert.doesNotMatch(r.stdout, /^\| # \| call \|/m);
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

  test('Ctrl-C stops cleanly: exit 130, partial session saved', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pau-cli-'));
    const out = join(dir, 's.json');
    // An argument the offline seeds do not use: a seed would answer the model's call from the cache.
    const server = await startScriptedServer([{ kind: 'tool-calls', calls: [call(["'zq'"])] }, { kind: 'hang' }]);
    try {
      let child: ReturnType<typeof spawn> | undefined;
      const running = pau(['probe', TARGET, '--base-url', server.url, '--model', 'm', '--out', out], { onSpawn: (c) => (child = c) });
      const early = await Promise.race([server.waitForRequests(2).then(() => undefined), running]);
      if (early) assert.fail(`pau ended before its second LLM request: ${JSON.stringify(early)}`);
      const sentAt = Date.now();
      child!.kill('SIGINT');
      const r = await running;
      assert.ok(Date.now() - sentAt < 3000);
      assert.equal(r.code, 130);
      assert.match(r.stderr, /pau probe: stopping…\npau probe: stopped \(partial session saved to .*s\.json\)\n$/);
      assert.match(r.stdout, /^#\d+ shout\('zq'\) → 'ZQ'/m);
      const saved = JSON.parse(await readFile(out, 'utf8')) as SessionFile;
      assert.equal(saved.error?.kind, 'stopped');
      assert.equal(saved.probes.filter((p) => p.origin === 'llm').length, 1);
      assert.ok(server.requests[1]!.abortedAt !== undefined);
    } finally {
      await server.close();
    }
    assert.ok(existsSync(out));
  });
});
