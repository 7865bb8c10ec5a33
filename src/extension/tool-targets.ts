// The language-model tools' target rules (session/targets.ts): the workspace folders are the
// roots and pau.allowLibraryTargets the allowance, for the file the agent names and for the code
// behind its qualname once the worker has imported it. No vscode import, so that
// test/integration/extension/tool-targets.test.ts drives it with the real engine.
import type { FunctionInfo } from '../core/probe-types.js';
import type { StartWorker } from '../core/worker-options.js';
import type { Backend } from './context.js';
import { qualifiedKey } from './contributions/settings.js';

export interface ToolTargetRules {
  /** The workspace folders on disk. */
  roots: string[];
  /** The interpreter's folders (`interpreterFolders`). */
  libraries: string[];
  /** pau.allowLibraryTargets for the file. */
  allowLibraries: boolean;
}

export interface ToolTargets {
  /** The real path of the file, or TargetRefused. */
  file(path: string): string;
  /** `start`, refusing (and stopping) a worker whose qualname runs code the rules refuse. */
  checked(start: StartWorker): StartWorker;
  /** The first refusal `checked` threw: a run ends on it in the panel, and the tool reports it. */
  readonly refused: Error | undefined;
}

export function toolTargets(engine: Pick<Backend, 'allowedTarget' | 'allowedCode' | 'checkedStart'>, rules: ToolTargetRules): ToolTargets {
  const policy = { ...rules, allowHint: `the setting ${qualifiedKey('allowLibraryTargets')}` };
  let refused: Error | undefined;
  const whatRuns = (info: FunctionInfo) =>
    engine.allowedCode(info, { ...policy, folders: () => policy }).catch((err: unknown) => {
      if (err instanceof Error) refused ??= err;
      throw err;
    });
  return {
    file: (path) => engine.allowedTarget(path, policy),
    checked: (start) => engine.checkedStart(start, whatRuns),
    get refused() {
      return refused;
    },
  };
}
