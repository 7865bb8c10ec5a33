// The extension's context object: owns the log, the engine (loaded lazily), the panel, the
// current run and every disposable. Commands, CodeLens and the panel reach each other
// through it, never through globals.
import * as vscode from 'vscode';
import type { StartWorker } from '../core/worker-options.js';
import { CONTEXT_KEYS } from './contributions/commands.js';
import { qualifiedKey, type Settings } from './contributions/settings.js';
import { Endpoint } from './endpoint.js';
import { errorMessage, Log } from './log.js';
import { NOTICES } from './notices.js';
import { notify } from './notify.js';
import { PythonResolver } from './python.js';
import { getSettings } from './settings.js';

export type Backend = typeof import('./backend.js');

export class PauContext implements vscode.Disposable {
  readonly log = new Log();
  readonly python: PythonResolver;
  readonly endpoint: Endpoint;
  private backendLoad: Promise<Backend> | undefined;
  private warmPool: InstanceType<Backend['WarmPool']> | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(readonly extension: vscode.ExtensionContext) {
    this.python = new PythonResolver(this.log);
    this.endpoint = new Endpoint(extension.secrets, this.log, extension.globalState);
    this.disposables.push(this.log, this.python);
  }

  get extensionUri(): vscode.Uri {
    return this.extension.extensionUri;
  }

  /** The engine, imported on first use. A failure is reported once per attempt and retried next time. */
  backend(): Promise<Backend> {
    // dist/backend.js is a bundle of its own (see esbuild.mjs), loaded with require so the
    // extension host reads it as the CommonJS module it is, with its named exports.
    this.backendLoad ??= Promise.resolve()
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      .then(() => require('./backend.js') as Backend)
      .then((backend) => {
        // Before the first call of a run in `auto` on a machine without the OS layer: once.
        backend.onAutoWithoutOsLayer((_warning, detail) => {
          this.log.warn(`no OS sandbox: ${detail}`);
          void notify(NOTICES.autoWithoutOsLayer(detail)).then((chosen) => {
            if (chosen === 'setting') void vscode.commands.executeCommand('workbench.action.openSettings', qualifiedKey('sandbox'));
          });
        });
        return backend;
      })
      .catch((err: unknown) => {
        this.backendLoad = undefined;
        this.log.error(err instanceof Error ? err : String(err));
        throw new Error(NOTICES.engineNotLoaded(errorMessage(err)));
      });
    return this.backendLoad;
  }

  /**
   * startWorker for jobs of many targets (Generate Docstrings for File, the language-model
   * tools): forked from a warm parent of the target's folder once one is up (probe/warm-pool.ts).
   * A parent starts only in a trusted workspace, and is stopped when idle and with the extension.
   */
  async warmStart(): Promise<StartWorker> {
    const backend = await this.backend();
    this.warmPool ??= new backend.WarmPool({ mayStart: () => vscode.workspace.isTrusted });
    return this.warmPool.startWorker;
  }

  settings(resource?: vscode.Uri): Settings {
    return getSettings(resource);
  }

  push(...disposables: vscode.Disposable[]): void {
    this.disposables.push(...disposables);
  }

  setContext(key: keyof typeof CONTEXT_KEYS, value: boolean): void {
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS[key], value);
  }

  dispose(): void {
    void this.warmPool?.dispose();
    for (const d of this.disposables.splice(0).reverse()) {
      try {
        d.dispose();
      } catch (err) {
        console.error(err);
      }
    }
  }
}

/** Running the workspace's code needs a trusted workspace; explains and offers to manage trust. */
export async function ensureTrusted(): Promise<boolean> {
  if (vscode.workspace.isTrusted) return true;
  if ((await notify(NOTICES.untrustedWorkspace())) === 'manage') await vscode.commands.executeCommand('workbench.trust.manage');
  return false;
}
