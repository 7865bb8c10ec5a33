// Starts and stops code-server (installed by scripts/setup-e2e.sh into .cache/code-server)
// with a private user-data-dir, extensions dir and config file, bound to 127.0.0.1 on a
// port the OS picks. The server runs in a process group of its own so that stopping it
// takes its extension host and everything that host started along.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { killTree, killTreeNow } from '../../support/processes.js';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..', '..');
export const CODE_SERVER_ENTRY = join(REPO_ROOT, '.cache', 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js');
/** The Node 22 that runs code-server 4.103 (a link scripts/setup-e2e.sh makes), not the tests' own Node. */
export const CODE_SERVER_NODE = join(REPO_ROOT, '.cache', 'code-server', 'node');

function requireInstalled() {
  if (!existsSync(CODE_SERVER_ENTRY) || !existsSync(CODE_SERVER_NODE)) {
    throw new Error(`code-server is not installed at ${CODE_SERVER_ENTRY}; run \`bash scripts/setup-e2e.sh\` first`);
  }
}

/** Installs a .vsix the way a user would (`code-server --install-extension`), offline. */
export function installExtension(vsix: string, extensionsDir: string, userDataDir: string): void {
  requireInstalled();
  const result = spawnSync(
    CODE_SERVER_NODE,
    [CODE_SERVER_ENTRY, '--extensions-dir', extensionsDir, '--user-data-dir', userDataDir, '--install-extension', vsix, '--force'],
    { encoding: 'utf8', timeout: 60_000 },
  );
  if (result.status !== 0 || !/successfully installed/i.test(result.stdout)) {
    throw new Error(`code-server --install-extension ${vsix} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

export interface CodeServerOptions {
  workspace: string;
  userDataDir: string;
  extensionsDir: string;
  /** Where code-server's own log goes (stdout and stderr). */
  logFile: string;
  env?: NodeJS.ProcessEnv;
  /** More command-line options (e.g. --enable-proposed-api for a test extension). */
  extraArgs?: string[];
}

export interface CodeServer {
  /** e.g. http://127.0.0.1:40123 */
  origin: string;
  /** The workbench opened on the workspace folder. */
  url: string;
  pid: number;
  output(): string;
  stop(): Promise<void>;
}

const live = new Set<number>();
// A test process that ends for any reason (a failed hook, a timeout, Ctrl-C) takes its
// editors down with it.
process.on('exit', () => {
  for (const pid of live) killTreeNow(pid);
});
// code-server is in a process group of its own, which a Ctrl-C at the terminal does not
// reach, and Node skips 'exit' handlers when a signal kills it: exit properly instead
// (Playwright's own 'exit' handler then closes Chromium).
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(sig, () => {
    for (const pid of live) killTreeNow(pid);
    process.exit(128 + (sig === 'SIGINT' ? 2 : sig === 'SIGTERM' ? 15 : 1));
  });
}

export async function startCodeServer(options: CodeServerOptions): Promise<CodeServer> {
  requireInstalled();
  mkdirSync(options.userDataDir, { recursive: true });
  mkdirSync(options.extensionsDir, { recursive: true });
  // Its own config file: code-server would otherwise write ~/.config/code-server/config.yaml.
  const config = join(options.userDataDir, 'code-server.yaml');
  writeFileSync(config, 'auth: none\ncert: false\n');
  const args = [
    CODE_SERVER_ENTRY,
    '--config',
    config,
    '--auth',
    'none',
    '--bind-addr',
    '127.0.0.1:0',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-getting-started-override',
    '--extensions-dir',
    options.extensionsDir,
    '--user-data-dir',
    options.userDataDir,
    ...(options.extraArgs ?? []),
    options.workspace,
  ];
  const child = spawn(CODE_SERVER_NODE, args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  const pid = child.pid!;
  live.add(pid);
  let output = '';
  const { createWriteStream } = await import('node:fs');
  const log = createWriteStream(options.logFile);
  const onData = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    log.write(chunk);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);

  const stop = async () => {
    if (!live.has(pid)) return;
    await killTree(pid);
    live.delete(pid);
    log.end();
  };

  try {
    const origin = await new Promise<string>((resolvePort, reject) => {
      const timer = setTimeout(() => reject(new Error(`code-server did not start listening within 30 s:\n${output}`)), 30_000);
      const check = () => {
        const m = /HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (m?.[1]) {
          clearTimeout(timer);
          resolvePort(m[1]);
        }
      };
      child.stdout.on('data', check);
      child.stderr.on('data', check);
      child.on('exit', (code, sig) => {
        clearTimeout(timer);
        reject(new Error(`code-server exited (${code ?? sig}) before listening:\n${output}`));
      });
    });
    return {
      origin,
      url: `${origin}/?folder=${encodeURIComponent(options.workspace)}`,
      pid,
      output: () => output,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
