// The .vsix as users install it: `npm run package` built, unpacked, and read. It holds what
// package.json and the code start (the bundles, the CLI the MCP server definition launches, the
// Python worker's sources) and nothing built for one machine (bytecode), no tests and no source
// maps; started from the unpacked folder, `dist/cli.js mcp` answers an MCP client.
// In the e2e step because it rebuilds dist/ (the integration tests run in parallel and read it).
// Runs alone: it rebuilds dist/, from which the .vsix the other e2e files install is packed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { REPO_ROOT } from './harness/code-server.js';

const work = mkdtempSync(join(tmpdir(), 'pau-vsix-'));
let files: string[] = [];

before(() => {
  const built = spawnSync('npm', ['run', '--silent', 'package'], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 300_000 });
  assert.equal(built.status, 0, `npm run package failed:\n${built.stdout}\n${built.stderr}`);
  const unzipped = spawnSync('unzip', ['-q', join(REPO_ROOT, 'dist', 'pau-probe.vsix'), '-d', work], { encoding: 'utf8' });
  assert.equal(unzipped.status, 0, unzipped.stderr);
  const listed = spawnSync('unzip', ['-Z1', join(REPO_ROOT, 'dist', 'pau-probe.vsix')], { encoding: 'utf8' });
  files = listed.stdout.split('\n').filter(Boolean);
});

after(() => rmSync(work, { recursive: true, force: true }));

test('the .vsix holds no bytecode, tests or source maps', () => {
  const unwanted = files.filter((f) => /__pycache__|\.pyc$|\.map$|(^|\/)tests?\/|\.test\.|(^|\/)test_[^/]*\.py$/.test(f));
  assert.deepEqual(unwanted, []);
});

test('the .vsix holds every file package.json or the code starts', () => {
  const ext = join(work, 'extension');
  const pkg = JSON.parse(readFileSync(join(ext, 'package.json'), 'utf8')) as { main: string; bin: Record<string, string> };
  const launched = [
    pkg.main,
    ...Object.values(pkg.bin),
    // context.ts requires the backend bundle; tools-mcp.ts launches dist/cli.js mcp.
    'dist/backend.js',
    'dist/cli.js',
    'dist/webview.js',
    'dist/webview.css',
  ];
  // The worker is started as `python -m pau_probe.worker` from dist/python: every module of the source package.
  const sources = spawnSync('git', ['ls-files', 'python/pau_probe'], { cwd: REPO_ROOT, encoding: 'utf8' })
    .stdout.split('\n')
    .filter((f) => f.endsWith('.py'));
  assert.ok(sources.some((f) => f.endsWith('/worker.py')));
  for (const source of sources) launched.push(source.replace(/^python\//, 'dist/python/'));
  const missing = [...new Set(launched)].map((f) => f.replace(/^\.\//, '')).filter((f) => !existsSync(join(ext, f)));
  assert.deepEqual(missing, []);
});

test("the README, the extension's page, links only to the web or to images the .vsix holds", () => {
  // The Marketplace and the Extensions view show the packed README with no repository to
  // resolve a relative link against: a link to docs/ would be dead there.
  const readme = readFileSync(join(work, 'extension', 'readme.md'), 'utf8');
  const targets = [...readme.matchAll(/(!?)\[[^\]]*\]\(([^)\s]+)[^)]*\)/g)].map((m) => ({ image: m[1] === '!', target: m[2]! }));
  assert.ok(
    targets.some((t) => t.image),
    'the page shows a screenshot',
  );
  const dead = targets.filter(({ image, target }) => {
    if (/^https:\/\//.test(target) || target.startsWith('#')) return false;
    return !(image && existsSync(join(work, 'extension', target)));
  });
  assert.deepEqual(dead, []);
});

test('started from the unpacked folder, dist/cli.js mcp answers tools/list', async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(work, 'extension', 'dist', 'cli.js'), 'mcp', '--cwd', join(REPO_ROOT, 'examples')],
    cwd: work,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'pau-packaging-test', version: '1.0.0' });
  try {
    await client.connect(transport);
    const { tools } = await client.listTools();
    assert.ok(
      tools.some((t) => t.name === 'probe_function'),
      JSON.stringify(tools.map((t) => t.name)),
    );
    // The worker starts from the package too: one call through it.
    const result = await client.callTool({ name: 'call_function', arguments: { file: 'mathx.py', qualname: 'clamp', args: ['15', '0', '10'] } });
    assert.equal(result.isError, undefined, JSON.stringify(result.content));
  } finally {
    await client.close();
  }
});
