// Which Python runs the user's functions: `pau.pythonPath` when set (an explicit choice wins),
// else the Python extension's active environment for the file, else python3 / python on PATH.
// Each candidate is checked by running it once (version ≥ 3.9); answers are cached until the
// setting or the active environment changes.
import { execFile } from 'node:child_process';
import { homedir } from 'node:os';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import { qualifiedKey } from './contributions/settings.js';
import type { Log } from './log.js';

export const MIN_PYTHON: [number, number] = [3, 9];

export interface Interpreter {
  path: string;
  version: string;
  /** Where it came from, for the log and for messages. */
  source: 'setting' | 'python-extension' | 'path';
}

export class PythonNotFound extends Error {
  override name = 'PythonNotFound';
  constructor(
    message: string,
    /** The setting is what is wrong (vs. nothing found at all). */
    readonly fromSetting: boolean,
  ) {
    super(message);
  }
}

interface PythonApi {
  environments: {
    getActiveEnvironmentPath(resource?: vscode.Uri): { path: string };
    resolveEnvironment(env: { path: string } | string): Promise<{ executable: { uri?: vscode.Uri } } | undefined>;
    onDidChangeActiveEnvironmentPath: vscode.Event<unknown>;
  };
}

const PYTHON_EXTENSION = 'ms-python.python';

/** `python -I -c` that prints major.minor.micro (isolated: nothing from the current folder runs). */
async function probeVersion(path: string): Promise<string> {
  const script = 'import sys; print("%d.%d.%d" % sys.version_info[:3])';
  const { stdout } = await promisify(execFile)(path, ['-I', '-c', script], { timeout: 15_000, windowsHide: true });
  return stdout.trim();
}

function versionOk(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > MIN_PYTHON[0] || (major === MIN_PYTHON[0] && minor >= MIN_PYTHON[1]);
}

/** `${workspaceFolder}`, `${workspaceFolder:name}`, `${userHome}` and a leading `~`. */
export function expandPath(value: string, folder: vscode.WorkspaceFolder | undefined): string {
  let out = value.replace(/^~(?=$|[\\/])/, homedir()).replace(/\$\{userHome\}/g, homedir());
  out = out.replace(/\$\{workspaceFolder(?::([^}]+))?\}/g, (whole, name: string | undefined) => {
    const f = name ? vscode.workspace.workspaceFolders?.find((w) => w.name === name) : (folder ?? vscode.workspace.workspaceFolders?.[0]);
    return f ? f.uri.fsPath : whole;
  });
  return out;
}

export class PythonResolver implements vscode.Disposable {
  private readonly checked = new Map<string, Promise<string>>();
  private api: Promise<PythonApi | undefined> | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly log: Log) {
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(qualifiedKey('pythonPath'))) this.checked.clear();
      }),
    );
  }

  /** The Python extension's API, when it is installed (activated on first use, never at our activation). */
  private pythonApi(): Promise<PythonApi | undefined> {
    this.api ??= (async () => {
      if (!vscode.extensions.getExtension(PYTHON_EXTENSION)) return undefined;
      try {
        const { PythonExtension } = await import('@vscode/python-extension');
        const api = (await PythonExtension.api()) as unknown as PythonApi;
        this.disposables.push(api.environments.onDidChangeActiveEnvironmentPath(() => this.checked.clear()));
        return api;
      } catch (err) {
        this.log.warn(`The Python extension is installed but its API is unavailable: ${(err as Error).message}`);
        return undefined;
      }
    })();
    return this.api;
  }

  private check(path: string): Promise<string> {
    let pending = this.checked.get(path);
    if (!pending) {
      pending = probeVersion(path);
      this.checked.set(path, pending);
      pending.catch(() => this.checked.delete(path));
    }
    return pending;
  }

  async resolve(resource: vscode.Uri | undefined, configured: string): Promise<Interpreter> {
    const folder = resource ? vscode.workspace.getWorkspaceFolder(resource) : undefined;
    if (configured) {
      const path = expandPath(configured, folder);
      let version: string;
      try {
        version = await this.check(path);
      } catch (err) {
        throw new PythonNotFound(`${qualifiedKey('pythonPath')} is “${configured}”, which does not run: ${(err as Error).message}`, true);
      }
      if (!versionOk(version)) {
        throw new PythonNotFound(`${qualifiedKey('pythonPath')} is Python ${version}; PAU Probe needs Python ${MIN_PYTHON.join('.')} or newer.`, true);
      }
      return { path, version, source: 'setting' };
    }

    const fromExtension = await this.fromPythonExtension(resource);
    if (fromExtension) return fromExtension;

    const tried: string[] = [];
    for (const candidate of ['python3', 'python']) {
      try {
        const version = await this.check(candidate);
        if (versionOk(version)) return { path: candidate, version, source: 'path' };
        tried.push(`${candidate} is ${version}`);
      } catch {
        tried.push(`${candidate} not found`);
      }
    }
    throw new PythonNotFound(
      `No Python ${MIN_PYTHON.join('.')}+ found (${tried.join(', ')}). Select an interpreter in the Python extension or set ${qualifiedKey('pythonPath')}.`,
      false,
    );
  }

  private async fromPythonExtension(resource: vscode.Uri | undefined): Promise<Interpreter | undefined> {
    const api = await this.pythonApi();
    if (!api) return undefined;
    try {
      const active = api.environments.getActiveEnvironmentPath(resource);
      const env = await api.environments.resolveEnvironment(active);
      const path = env?.executable.uri?.fsPath;
      if (!path) return undefined;
      const version = await this.check(path);
      if (!versionOk(version)) {
        this.log.warn(`The Python extension's environment ${path} is Python ${version}; looking for Python ${MIN_PYTHON.join('.')}+ on PATH.`);
        return undefined;
      }
      return { path, version, source: 'python-extension' };
    } catch (err) {
      this.log.warn(`The Python extension's active environment does not run: ${(err as Error).message}`);
      return undefined;
    }
  }

  /** Whether "Select Interpreter" can be offered. */
  hasPythonExtension(): boolean {
    return vscode.extensions.getExtension(PYTHON_EXTENSION) !== undefined;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
