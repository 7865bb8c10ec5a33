// The OS layer around the Python worker: on Linux bubblewrap (Debian package `bubblewrap`),
// on macOS a sandbox-exec profile, elsewhere none. The audit hook in the worker
// (python/pau_probe/guards.py) stays as the second layer in every mode.
//
// bubblewrap rather than @anthropic-ai/sandbox-runtime: the worker needs exactly one thing
// from it (start one process in fresh namespaces with a fixed set of read-only binds), the
// Debian package is the same tool Flatpak uses, and the runtime package adds a network proxy
// and a Node dependency tree that a worker with no network at all does not need.
import { execFile, spawn } from 'node:child_process';
import { existsSync, lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';

import type { SandboxMode } from '../core/probe-types.js';
import { DISK_QUOTA_MB } from '../core/limits.js';
import { cgroupSupport, describeCgroups } from './cgroups.js';
import { onPath } from './on-path.js';
import { workerPackageRoot } from './worker-package.js';

export { onPath };

export type { SandboxMode };
/** What actually protects a session's calls. */
export interface SandboxLayer {
  /** `os`: OS sandbox plus guards; `guards`: the audit hook and rlimits only. */
  layer: 'os' | 'guards';
  /** The OS tool in use (`bubblewrap`, `sandbox-exec`) or why there is none. */
  detail: string;
  /** The launcher's executable the OS layer was probed with (Linux: the bwrap found). */
  launcher?: string;
  /** Linux: the seccomp filter bubblewrap loads (a BPF program), when one could be built. */
  seccomp?: SeccompFilter;
}

/** A BPF program for bubblewrap's `--seccomp FD`, and the architectures it covers. */
export interface SeccompFilter {
  bpf: Buffer;
  arches: string[];
}

/** The file descriptor the worker's launcher reads the seccomp program from (after fds 0-4). */
export const SECCOMP_FD = 5;
/** Debian's interpreter: python3-seccomp (libseccomp's binding) is built for it alone. */
const SYSTEM_PYTHON = '/usr/bin/python3';
const NO_FILTER_HINT = 'Debian/Ubuntu: apt install python3-seccomp';

export class SandboxUnavailable extends Error {
  override name = 'SandboxUnavailable';
}

/** The uid (and gid) the worker runs as inside the user namespace: `nobody`. */
export const SANDBOX_UID = 65534;
/** HOME inside the sandbox: an empty read-only folder. */
export const SANDBOX_HOME = '/home/pau-sandbox';

const NAMESPACES = ['--unshare-user', '--unshare-pid', '--unshare-net', '--unshare-ipc', '--unshare-uts', '--unshare-cgroup-try'];
const IDENTITY = ['--uid', String(SANDBOX_UID), '--gid', String(SANDBOX_UID)];
const LIFETIME = ['--die-with-parent', '--new-session'];

/** What the worker may see, besides the system's own libraries. */
export interface SandboxPaths {
  /** Folders the interpreter needs (prefixes, site-packages, the executable's folder). */
  interpreter: string[];
  /** The workspace: the target's package root and the folder given as cwd. */
  workspace: string[];
  /** The worker's own Python modules. */
  workerDir: string;
  /** The session's private folder: the only writable place (calls, generated sources). */
  writable: string;
  /** The working directory inside. */
  chdir: string;
  /** Folders in `writable` (or it itself) that get a tmpfs of DISK_QUOTA_MB: the code's writes are bounded there. */
  quota?: string[];
}

/** System folders bound read-only when they exist (a symlink is recreated as one). */
const SYSTEM = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/opt'];
/** Files of /etc the loader and the C library read; never shadow or anything secret. */
const ETC = [
  '/etc/ld.so.cache',
  '/etc/ld.so.conf',
  '/etc/ld.so.conf.d',
  '/etc/localtime',
  '/etc/alternatives',
  '/etc/passwd',
  '/etc/group',
  '/etc/nsswitch.conf',
];

function systemBinds(): string[] {
  const args: string[] = [];
  for (const path of SYSTEM) {
    let stat;
    try {
      stat = lstatSync(path);
    } catch {
      continue;
    }
    if (stat.isSymbolicLink()) args.push('--symlink', readlinkSync(path), path);
    else args.push('--ro-bind', path, path);
  }
  for (const path of ETC) args.push('--ro-bind-try', path, path);
  return args;
}

/** Outermost folders only: binding a folder inside one already bound adds nothing. */
function outermost(paths: string[]): string[] {
  const real = [...new Set(paths.filter((p) => isAbsolute(p) && existsSync(p)).map((p) => realpathSync(p)))].sort((a, b) => a.length - b.length);
  const kept: string[] = [];
  for (const path of real) {
    if (path === '/') continue; // never the whole filesystem
    if (!kept.some((outer) => path === outer || path.startsWith(outer.endsWith('/') ? outer : outer + '/'))) kept.push(path);
  }
  return kept;
}

/**
 * The read-only folders, outermost first, in two groups: those outside the writable session
 * folder, and those inside it (generated code), kept whatever read-only folder contains them:
 * the writable folder reopens writes below a read-only parent, and they must close them again.
 */
function readOnlyFolders(paths: SandboxPaths): { outside: string[]; inWritable: string[] } {
  const all = [...paths.interpreter, ...paths.workspace, paths.workerDir];
  const under = (path: string) => path.startsWith(paths.writable.endsWith('/') ? paths.writable : paths.writable + '/');
  return { outside: outermost(all.filter((p) => !under(p))), inWritable: outermost(all.filter(under)) };
}

/** The bubblewrap arguments (before the command) for one worker. */
export function bwrapArgs(paths: SandboxPaths): string[] {
  const { outside, inWritable } = readOnlyFolders(paths);
  const readOnly = [...outside, ...inWritable];
  const args = [...NAMESPACES, ...IDENTITY, ...LIFETIME, ...systemBinds()];
  args.push('--proc', '/proc', '--dev', '/dev', '--dir', SANDBOX_HOME);
  // Outer folders first: a later mount hides what was mounted inside its folder, so the
  // writable session folder must not come after a read-only folder inside it (generated code
  // lives in <session>/source, and a call must not plant modules there for the next one).
  const mounts = [...readOnly.map((path) => ({ path, flag: '--ro-bind' })), { path: paths.writable, flag: '--bind' }];
  mounts.sort((a, b) => a.path.length - b.path.length || (a.flag === '--bind' ? 1 : -1));
  for (const { path, flag } of mounts) args.push(flag, path, path);
  // Over the writable binds: what the sandboxed code writes lands in memory of a fixed size,
  // never on the host's disk (bubblewrap makes the mount point when it is missing).
  for (const folder of paths.quota ?? []) args.push('--size', String(DISK_QUOTA_MB * 1024 * 1024), '--tmpfs', folder);
  // Everything else, /dev included (no shared /dev/shm between calls), is read-only.
  args.push('--remount-ro', '/dev', '--remount-ro', '/');
  args.push('--setenv', 'HOME', SANDBOX_HOME, '--chdir', paths.chdir);
  return args;
}

/**
 * The macOS policy with the same intent: no network, no process outside the worker's own
 * tree, reads of the system, the interpreter and the workspace, writes only to the session
 * folder. Not run here (no Mac); the text is unit-tested.
 */
export function sandboxExecProfile(paths: SandboxPaths): string {
  const quote = (path: string) => `"${path.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  const { outside, inWritable } = readOnlyFolders(paths);
  const readable = [...outside, ...inWritable];
  return [
    '(version 1)',
    '(deny default)',
    '(allow process-fork)',
    '(allow process-exec (subpath "/usr") (subpath "/System")' + readable.map((p) => ` (subpath ${quote(p)})`).join('') + ')',
    '(allow signal (target same-sandbox))',
    '(allow sysctl-read)',
    '(allow mach-lookup (global-name "com.apple.system.opendirectoryd.libinfo"))',
    '(allow file-read-metadata)',
    '(allow file-read* (subpath "/usr") (subpath "/System") (subpath "/Library/Frameworks") (subpath "/private/var/db/dyld") (literal "/dev/null") (literal "/dev/urandom") (literal "/dev/random"))',
    ...readable.map((p) => `(allow file-read* (subpath ${quote(p)}))`),
    `(allow file-read* file-write* (subpath ${quote(paths.writable)}))`,
    // Later rules win: generated code inside the session folder stays read-only.
    ...inWritable.map((p) => `(deny file-write* (subpath ${quote(p)}))`),
    '(allow file-write-data (literal "/dev/null"))',
    '(deny network*)',
    '',
  ].join('\n');
}

/** How the worker is started: the launcher's command and arguments before the interpreter. */
export interface Launcher {
  command: string;
  args: string[];
  /** The seccomp program the launcher reads from fd SECCOMP_FD (written there by the host). */
  seccomp?: Buffer;
}

/**
 * Linux: `bwrap ARGS -- python` (with `--seccomp 5` and the program to write on fd 5 when
 * the layer has a filter); macOS: `sandbox-exec -p PROFILE python`.
 */
export function launcherFor(layer: SandboxLayer, paths: SandboxPaths, platform: NodeJS.Platform = process.platform): Launcher | undefined {
  if (layer.layer !== 'os') return undefined;
  if (platform === 'darwin') return { command: '/usr/bin/sandbox-exec', args: ['-p', sandboxExecProfile(paths)] };
  const filter = layer.seccomp ? ['--seccomp', String(SECCOMP_FD)] : [];
  return { command: layer.launcher ?? 'bwrap', args: [...bwrapArgs(paths), ...filter, '--'], ...(layer.seccomp ? { seccomp: layer.seccomp.bpf } : {}) };
}

function run(command: string, args: string[], timeoutMs: number): Promise<{ code: number | null; stderr: string; missing: boolean }> {
  return new Promise((resolveRun) => {
    execFile(command, args, { timeout: timeoutMs, env: {} }, (error, _stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolveRun({ code, stderr: String(stderr), missing: (error as NodeJS.ErrnoException | null)?.code === 'ENOENT' });
    });
  });
}

/** bubblewrap with a seccomp program on fd SECCOMP_FD: does it start `true` under it? */
function runFiltered(command: string, args: string[], bpf: Buffer, timeoutMs: number): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolveRun) => {
    const stdio: ('ignore' | 'pipe')[] = ['ignore', 'ignore', 'pipe', 'ignore', 'ignore', 'pipe'];
    const child = spawn(command, [...args.slice(0, -2), '--seccomp', String(SECCOMP_FD), ...args.slice(-2)], { env: {}, stdio, timeout: timeoutMs });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const fd = (child.stdio as unknown as (NodeJS.WritableStream | null)[])[SECCOMP_FD];
    fd?.on('error', () => undefined);
    fd?.end(bpf);
    child.on('error', () => resolveRun({ code: null, stderr }));
    child.on('close', (code) => resolveRun({ code, stderr }));
  });
}

/** Built filters by generator script: one build per process. */
const filters = new Map<string, Promise<SeccompFilter | string>>();

/**
 * The seccomp program, built once per process by libseccomp (python3-seccomp, run isolated
 * with Debian's interpreter outside the sandbox: `script` is pau_probe/seccomp_bpf.py), or
 * why there is none.
 */
export function seccompFilter(script: string): Promise<SeccompFilter | string> {
  const built = filters.get(script);
  if (built) return built;
  const building = new Promise<SeccompFilter | string>((resolveFilter) => {
    if (!existsSync(SYSTEM_PYTHON)) return resolveFilter(`no ${SYSTEM_PYTHON} to build it with (${NO_FILTER_HINT})`);
    execFile(SYSTEM_PYTHON, ['-I', script], { env: {}, encoding: 'buffer', timeout: 10_000, maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      const said = stderr.toString().trim();
      if (error) {
        const missing = (error as { code?: unknown }).code === 3;
        return resolveFilter(missing ? `python3-seccomp is not installed (${NO_FILTER_HINT})` : `building it failed: ${said.split('\n').pop() ?? ''}`);
      }
      if (stdout.length === 0 || stdout.length % 8 !== 0) return resolveFilter('building it gave no BPF program');
      resolveFilter({
        bpf: stdout,
        arches: said
          .slice(said.lastIndexOf('\n') + 1)
          .split(',')
          .filter(Boolean),
      });
    });
  });
  filters.set(script, building);
  return building;
}

/**
 * Does the OS layer work here? Asked once per process (a session): one `bwrap … true`.
 * `launcher`: the bubblewrap executable to try (default: `bwrap` in the host's PATH).
 */
export async function probeOsLayer(
  platform: NodeJS.Platform = process.platform,
  launcher?: string,
  filterScript: string | null = DEFAULT_FILTER_SCRIPT,
): Promise<SandboxLayer> {
  if (platform === 'win32') return { layer: 'guards', detail: 'Windows has no OS sandbox for the worker: guards only' };
  if (platform === 'darwin') {
    return existsSync('/usr/bin/sandbox-exec') ? { layer: 'os', detail: 'sandbox-exec' } : { layer: 'guards', detail: 'sandbox-exec is missing' };
  }
  if (platform !== 'linux') return { layer: 'guards', detail: `no OS sandbox on ${platform}: guards only` };
  const bwrap = launcher ?? onPath('bwrap');
  const notInstalled = `bubblewrap is not installed (${launcher ? `no ${launcher}` : 'no bwrap in PATH'}; Debian/Ubuntu: apt install bubblewrap)`;
  if (!bwrap) return { layer: 'guards', detail: notInstalled };
  const probeArgs = [...NAMESPACES, ...IDENTITY, ...LIFETIME, ...systemBinds(), '--proc', '/proc', '--dev', '/dev', '--', 'true'];
  const filter = filterScript === null ? Promise.resolve(FILTER_OFF) : seccompFilter(filterScript);
  const probe = await run(bwrap, probeArgs, 5000);
  if (probe.missing) return { layer: 'guards', detail: notInstalled };
  if (probe.code === 0) {
    const seccomp = await filter;
    if (typeof seccomp === 'string') return { layer: 'os', detail: `bubblewrap; no seccomp filter: ${seccomp}`, launcher: bwrap };
    const filtered = await runFiltered(bwrap, probeArgs, seccomp.bpf, 5000);
    if (filtered.code !== 0) {
      const why = filtered.stderr.trim().split('\n').pop() || `exit code ${String(filtered.code)}`;
      return { layer: 'os', detail: `bubblewrap; no seccomp filter: bubblewrap refused it (${why})`, launcher: bwrap };
    }
    return { layer: 'os', detail: `bubblewrap + seccomp (${seccomp.arches.join(', ')})`, launcher: bwrap, seccomp };
  }
  const why = probe.stderr.trim().split('\n').slice(-1)[0] ?? '';
  const hint = /namespace|permission|not permitted/i.test(why)
    ? 'user namespaces are off (sysctl kernel.unprivileged_userns_clone=1, or the AppArmor userns restriction)'
    : 'bubblewrap failed';
  return { layer: 'guards', detail: `${hint}: ${why || `exit code ${String(probe.code)}`}` };
}

/** Probes by launcher ('' for the one in PATH): one per process, whatever number of workers. */
const probed = new Map<string, Promise<SandboxLayer>>();
const DEFAULT_FILTER_SCRIPT = join(workerPackageRoot(), 'pau_probe', 'seccomp_bpf.py');
/** Why there is no filter when a worker asked for none (WorkerOptions.seccomp false). */
const FILTER_OFF = 'turned off for this worker';

/**
 * The layer a mode gets here; `os` without a working OS layer is an error naming what is missing.
 * `launcher`: the bubblewrap executable (WorkerOptions.sandboxLauncher; default `bwrap` in PATH).
 */
export async function resolveSandbox(mode: SandboxMode, launcher?: string, filterScript?: string | null): Promise<SandboxLayer> {
  // The cgroup limits do not depend on the mode: the host sets them up around each call.
  const cgroups = describeCgroups(cgroupSupport());
  if (mode === 'guards') {
    const guards = await withWorkerFilter({ layer: 'guards', detail: 'guards only (chosen)' }, filterScript);
    return { ...guards, detail: `${guards.detail}; ${cgroups}` };
  }
  // null (no filter) is probed on its own; any script is the filter's (tests inject a failing one).
  const key = `${launcher ?? ''}${filterScript === null ? '\0no-filter' : ''}`;
  let probe = probed.get(key);
  if (!probe) probed.set(key, (probe = probeOsLayer(process.platform, launcher, filterScript)));
  const layer = await probe;
  if (mode === 'os' && layer.layer !== 'os') throw new SandboxUnavailable(`the OS sandbox is not available: ${layer.detail}`);
  if (layer.layer !== 'os' && !warnedAuto) {
    warnedAuto = true;
    autoListener?.(autoWithoutOsLayer(layer), layer.detail);
  }
  const filtered = layer.layer === 'os' ? layer : await withWorkerFilter(layer, filterScript);
  return { ...filtered, detail: `${filtered.detail}; ${cgroups}` };
}

/**
 * The guards with the OS layer's seccomp program, which the worker then loads into itself
 * (pau_probe/seccomp_load.py) since no bubblewrap does: plain libc meets the same refusals
 * (keyrings, message queues, unix sockets, ptrace, TIOCSTI…). Linux only, where it can be built.
 */
async function withWorkerFilter(layer: SandboxLayer, filterScript: string | null = DEFAULT_FILTER_SCRIPT): Promise<SandboxLayer> {
  if (process.platform !== 'linux') return layer;
  const seccomp = filterScript === null ? FILTER_OFF : await seccompFilter(filterScript);
  if (typeof seccomp === 'string') return { ...layer, detail: `${layer.detail}; no seccomp filter: ${seccomp}` };
  return { ...layer, detail: `${layer.detail} + seccomp (${seccomp.arches.join(', ')})`, seccomp };
}

let warnedAuto = false;
let autoListener: ((warning: string, detail: string) => void) | undefined;

/** The warning `auto` gives, once per process, when it finds no OS layer: why, and what to install. */
export function autoWithoutOsLayer(layer: SandboxLayer): string {
  const install = process.platform === 'linux' ? ' Install it with `sudo apt install bubblewrap` (Debian/Ubuntu),' : '';
  return (
    `warning: no OS sandbox here (${layer.detail}): calls run with the guards only, which do not stop determined code ` +
    `from reading your files and environment.${install} or pass --sandbox os to refuse to run without it.`
  );
}

/**
 * Who hears that warning before the first call (the CLI prints it on stderr; the editor shows a
 * notification, and the panel its badge): the CLI's wording, and what is missing.
 */
export function onAutoWithoutOsLayer(listener: (warning: string, detail: string) => void): void {
  autoListener = listener;
}

/** One line for the CLI header, the session file and the panel badge. */
export function describeSandbox(layer: SandboxLayer): string {
  return layer.layer === 'os' ? `sandbox: OS (${layer.detail}) + guards` : `sandbox: guards only — ${layer.detail}`;
}

/**
 * The folder of the target the OS layer shows: the file's own folder, or the top package that
 * holds it. Python imports a package from the folder above it, but that folder is not shown
 * (only the package inside it): when a workspace's top folder is itself a package, the folder
 * above it may be the user's home.
 */
export function targetFolder(file: string): string {
  let dir = dirname(file);
  if (!existsSync(join(dir, '__init__.py'))) return dir;
  while (existsSync(join(dirname(dir), '__init__.py')) && dirname(dirname(dir)) !== dirname(dir)) dir = dirname(dir);
  return dir;
}

/** Names whose presence makes a folder too broad to show whole: the user's credentials. */
const CREDENTIALS = ['.ssh', '.gnupg', '.aws', '.netrc', '.npmrc', '.pypirc', '.docker', '.kube', '.git-credentials', '.azure'];
/** Folders that hold the user's or every program's files (with their sockets): never shown whole. */
const BROAD = ['/', '/tmp', '/var/tmp', '/dev/shm'];

function realOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** HOME, `/`, a shared temporary folder, or a folder holding credentials. */
export function tooBroadToShow(folder: string): boolean {
  const real = realOr(folder);
  if (BROAD.includes(real) || real === realOr(process.env.HOME || homedir())) return true;
  return CREDENTIALS.some((name) => existsSync(join(real, name)));
}

/**
 * What the OS layer shows of the target: its folder or top package (targetFolder), else its
 * own folder, else, when both are too broad to show (tooBroadToShow), the file alone.
 */
export function targetBinds(file: string): string[] {
  const shown = [targetFolder(file), dirname(file)].find((folder) => !tooBroadToShow(folder));
  return [shown ?? file];
}
