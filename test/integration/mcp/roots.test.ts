// `pau mcp` acts only inside its allowed roots, by outcome. The targets outside them try to
// write a marker file the moment they run (at import, or through pickle.loads), with libc
// through ctypes, which the guards do not stop (the workers run in guards mode; Landlock, where
// the kernel has it, fences those writes to the worker's folders, so no worker started is the
// proof). A refusal must leave no marker and start no worker. The limits a client asks for are
// capped by the server's flags.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer } from '../../../src/mcp/server.js';
import { services } from '../../../src/session/services.js';
import { pauCli } from '../../support/cli.js';

const ROOT = resolve('.');
const work = realpathSync(mkdtempSync(join(tmpdir(), 'pau-mcp-roots-')));
const A = join(work, 'A');
const B = join(work, 'B');
const C = join(work, 'C');
mkdirSync(A);
mkdirSync(B);
mkdirSync(C);

/** A module that, when imported, creates `marker` with libc (past the guards' audit hook). */
function markerModule(marker: string): string {
  return ['import ctypes', `ctypes.CDLL(None).creat(${JSON.stringify(marker)}.encode(), 0o644)`, '', 'def f():', '    return 1', ''].join('\n');
}
writeFileSync(
  join(A, 'ok.py'),
  [
    'import time',
    '',
    'def inc(x):',
    '    return x + 1',
    '',
    'def nap(s):',
    '    time.sleep(s)',
    '    return s',
    '',
    'def hog(n):',
    '    return len(bytes(n))',
    '',
  ].join('\n'),
);
writeFileSync(join(B, 'evil.py'), markerModule(join(B, 'marker-evil')));
writeFileSync(join(C, 'other.py'), markerModule(join(C, 'marker-other')));
symlinkSync(join(B, 'evil.py'), join(A, 'link.py'));

const PICKLE = execFileSync('/usr/bin/python3', ['-I', '-c', 'import pickle; print(pickle.__file__)'], { encoding: 'utf8' }).trim();
/** A pickle that calls libc's creat(path, 0o644) while it is loaded. */
function pickleSource(marker: string): string {
  const path = Buffer.from(marker);
  assert.ok(path.length < 256);
  const bytes = Buffer.concat([
    Buffer.from("cbuiltins\ngetattr\n(cctypes\nCDLL\n(NtRS'creat'\ntR(C"),
    Buffer.from([path.length]),
    path,
    Buffer.from('I420\ntR.'),
  ]);
  return `b'${[...bytes].map((b) => `\\x${b.toString(16).padStart(2, '0')}`).join('')}'`;
}

after(() => rmSync(work, { recursive: true, force: true }));

type ToolResult = Awaited<ReturnType<Client['callTool']>>;
function text(result: ToolResult): string {
  return (result.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('\n');
}
function probeResult(result: ToolResult): { status: string; value?: { repr: string }; exception?: { type: string } } {
  assert.ok(!result.isError, text(result));
  return (result.structuredContent as { result: { status: string; value?: { repr: string }; exception?: { type: string } } }).result;
}

/** The server in this process (workers in guards mode), its workers counted, and a client that declares `roots`. */
async function inMemory(
  roots: string[],
  extra: Partial<Parameters<typeof createMcpServer>[0]> = {},
  uriOf: (folder: string) => string = (folder) => pathToFileURL(folder).href,
) {
  const started: string[] = [];
  const server = createMcpServer({
    version: '0.0.0',
    cwd: A,
    sandbox: 'guards',
    python: '/usr/bin/python3',
    ...extra,
    services: {
      ...services,
      startWorker: (options) => {
        started.push('file' in options.target ? options.target.file : options.target.qualname);
        return services.startWorker(options);
      },
    },
  });
  let current = roots;
  const client = new Client({ name: 'pau-test', version: '1.0.0' }, { capabilities: { roots: { listChanged: true } } });
  client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: current.map((r) => ({ uri: uriOf(r), name: r })) }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return {
    client,
    started,
    async setRoots(next: string[]) {
      current = next;
      await client.sendRootsListChanged();
    },
    async close() {
      await client.close();
      await server.close();
    },
  };
}

const call = (client: Client, file: string, qualname = 'f', args: string[] = [], more: Record<string, unknown> = {}) =>
  client.callTool({ name: 'call_function', arguments: { file, qualname, args, ...more } });

test('a client with roots [A]: a file in B, a symlink in A to B, and A/../B are refused; A runs', async () => {
  const s = await inMemory([A]);
  try {
    for (const file of [join(B, 'evil.py'), join(A, 'link.py'), `${A}/../B/evil.py`, '../B/evil.py']) {
      const result = await call(s.client, file);
      assert.equal(result.isError, true, `${file}: ${text(result)}`);
      assert.match(text(result), /outside the allowed roots/, file);
      assert.ok(text(result).includes(A), `the error names the root: ${text(result)}`);
    }
    for (const tool of ['probe_function', 'compare_docstring']) {
      const result = await s.client.callTool({ name: tool, arguments: { file: join(B, 'evil.py'), qualname: 'f', summary: 'x' } });
      assert.equal(result.isError, true, `${tool}: ${text(result)}`);
      assert.match(text(result), /outside the allowed roots/);
    }
    assert.deepEqual(s.started, [], 'no worker started for a refused target');
    assert.equal(existsSync(join(B, 'marker-evil')), false, 'the refused target ran');
    assert.equal(probeResult(await call(s.client, join(A, 'ok.py'), 'inc', ['41'])).value?.repr, '42');
  } finally {
    await s.close();
  }
});

test("a remote window's roots (vscode-remote://, as code-server sends them) confine calls as file roots do", async () => {
  // Found by the editor test on code-server 4.103: the SDK's own roots schema takes file:// only,
  // so one remote root made the whole list fail and every file was refused.
  const remote = (folder: string) => (folder.startsWith('/https') ? `https://example.com${folder}` : `vscode-remote://127.0.0.1:8080${encodeURI(folder)}`);
  const s = await inMemory([A, '/https-root'], {}, remote);
  try {
    assert.equal(probeResult(await call(s.client, join(A, 'ok.py'), 'inc', ['41'])).value?.repr, '42');
    const outside = await call(s.client, join(B, 'evil.py'));
    assert.equal(outside.isError, true, text(outside));
    assert.match(text(outside), /outside the allowed roots/);
    assert.ok(!text(outside).includes('https-root'), `a web root names no local folder: ${text(outside)}`);
    assert.equal(existsSync(join(B, 'marker-evil')), false, 'the refused target ran');
  } finally {
    await s.close();
  }
});

test('roots/list_changed: the new roots apply to the next call', async () => {
  const s = await inMemory([A]);
  try {
    assert.equal((await call(s.client, join(C, 'other.py'))).isError, true);
    assert.equal(existsSync(join(C, 'marker-other')), false);
    await s.setRoots([A, C]);
    // The notification is handled before the next request is answered (one ordered channel).
    assert.equal(probeResult(await call(s.client, join(C, 'other.py'))).value?.repr, '1');
    assert.ok(
      s.started.some((file) => file.endsWith('other.py')),
      'a worker ran the target in the new root',
    );
    await s.setRoots([C]);
    const result = await call(s.client, join(A, 'ok.py'), 'inc', ['1']);
    assert.equal(result.isError, true, text(result));
    assert.match(text(result), /outside the allowed roots/);
  } finally {
    await s.close();
  }
});

test('a stdlib module (the real pickle.py) is refused without --allow-libraries, even inside a root', async () => {
  const marker = join(B, 'marker-pickle');
  // The interpreter's own folder declared as a root: a library is still a library.
  const s = await inMemory([A, realpathSync(join(PICKLE, '..'))]);
  try {
    const result = await call(s.client, PICKLE, 'loads', [pickleSource(marker)]);
    assert.equal(result.isError, true, text(result));
    assert.match(text(result), /librar/);
    assert.match(text(result), /--allow-libraries/);
    assert.deepEqual(s.started, []);
    assert.equal(existsSync(marker), false, 'pickle.loads ran the payload');
  } finally {
    await s.close();
  }
  const allowed = await inMemory([A], { allowLibraries: true });
  try {
    assert.equal(probeResult(await call(allowed.client, PICKLE, 'loads', ["b'\\x80\\x04K\\x05.'"])).value?.repr, '5');
    // Allowing libraries does not open the rest of the disk.
    const outside = await call(allowed.client, join(B, 'evil.py'));
    assert.equal(outside.isError, true, text(outside));
    assert.equal(existsSync(join(B, 'marker-evil')), false);
  } finally {
    await allowed.close();
  }
});

test("a function a root's module only imports (pickle.loads through `import pickle`) is the library's: refused; a re-export from the same root runs", async () => {
  const secret = join(B, 'secret.txt');
  writeFileSync(secret, 'TOPSECRET-outside');
  writeFileSync(join(A, 'usepickle.py'), 'import pickle\n');
  writeFileSync(join(A, 'helpers.py'), 'def twice(x):\n    return 2 * x\n');
  writeFileSync(join(A, 'reexport.py'), 'from helpers import twice\n');
  // pickle.loads of this reads the file outside the roots and returns its text.
  const payload = `b"cbuiltins\\ngetattr\\n(cbuiltins\\nopen\\n(S'${secret}'\\ntRS'read'\\ntR)R."`;
  const s = await inMemory([A]);
  try {
    const result = await call(s.client, join(A, 'usepickle.py'), 'pickle.loads', [payload]);
    assert.equal(result.isError, true, text(result));
    assert.match(text(result), /--allow-libraries/);
    assert.doesNotMatch(JSON.stringify(result), /TOPSECRET/);
    assert.equal(probeResult(await call(s.client, join(A, 'reexport.py'), 'twice', ['21'])).value?.repr, '42');
  } finally {
    await s.close();
  }
});

/** `pau mcp` itself over stdio, with a client that has no roots capability. */
async function stdio(flags: string[]) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [pauCli(), 'mcp', '--sandbox', 'guards', '--python', '/usr/bin/python3', ...flags],
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'pau-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

let plain: Client;
before(async () => {
  plain = await stdio(['--cwd', A]);
});
after(async () => {
  await plain.close();
});

test('pau mcp without client roots: --cwd is the root, and the stdlib is refused', async () => {
  assert.equal(probeResult(await call(plain, 'ok.py', 'inc', ['1'])).value?.repr, '2');
  const outside = await call(plain, join(B, 'evil.py'));
  assert.equal(outside.isError, true, text(outside));
  assert.match(text(outside), /outside the allowed roots/);
  assert.equal(existsSync(join(B, 'marker-evil')), false);

  const marker = join(B, 'marker-stdio-pickle');
  const lib = await call(plain, PICKLE, 'loads', [pickleSource(marker)]);
  assert.equal(lib.isError, true, text(lib));
  assert.match(text(lib), /--allow-libraries/);
  assert.equal(existsSync(marker), false, 'pickle.loads ran the payload');
});

test('pau mcp: 64 GB and 10 minutes asked are capped to the defaults', async () => {
  // 2 GiB fits in 64 GB but not in the default cap of 1024 MiB.
  const hog = await call(plain, 'ok.py', 'hog', [String(2 * 1024 ** 3)], { memoryMb: 65_536, timeoutMs: 600_000 });
  const r = probeResult(hog);
  assert.equal(r.exception?.type, 'MemoryError', JSON.stringify(r).slice(0, 300));
  assert.deepEqual((hog.structuredContent as { limits?: unknown }).limits, { timeoutMs: 5000, memoryMb: 1024 });
  assert.match(text(hog), /capped/);
});

test('pau mcp --allow-libraries --max-timeout-ms 1000: pickle runs; 10 minutes asked is cut at 1 s', async () => {
  const client = await stdio(['--cwd', A, '--allow-libraries', '--max-timeout-ms', '1000', '--max-memory-mb', '512']);
  try {
    assert.equal(probeResult(await call(client, PICKLE, 'loads', ["b'\\x80\\x04K\\x05.'"])).value?.repr, '5');
    const began = Date.now();
    const nap = await call(client, 'ok.py', 'nap', ['4'], { timeoutMs: 600_000, memoryMb: 65_536 });
    const took = Date.now() - began;
    assert.equal(probeResult(nap).status, 'timeout');
    assert.ok(took < 3500, `the call took ${took} ms`);
    assert.deepEqual((nap.structuredContent as { limits?: unknown }).limits, { timeoutMs: 1000, memoryMb: 512 });
  } finally {
    await client.close();
  }
});

test("pau mcp --max-probes 3: probe_function's 1000 asked is cut at 3 (each probe may be a request to the user's endpoint)", async () => {
  const client = await stdio(['--cwd', A, '--max-probes', '3']);
  try {
    const result = await client.callTool({ name: 'probe_function', arguments: { file: 'ok.py', qualname: 'inc', maxProbes: 1000 } });
    assert.notEqual(result.isError, true, text(result));
    const probes = (result.structuredContent as { probes: unknown[] }).probes;
    assert.ok(probes.length > 0 && probes.length <= 3, `${probes.length} probes`);
  } finally {
    await client.close();
  }
});
