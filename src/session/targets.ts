// Which files an agent may name as a target: the one check used by the MCP server and the
// editor's language-model tools. An agent chooses its tools' arguments, so without it any .py
// on disk is a target, and library functions that run what they are given (pickle.loads)
// hand the agent arbitrary code. A target must be inside the allowed roots (the MCP client's
// roots or the workspace folders) and not in the interpreter's own folders, unless the user
// allows library targets. Paths are compared after realpath, so neither a symlink nor `..`
// leads out. The same rules apply to what runs under the qualname once the worker has imported
// it (allowedCode): a qualname a workspace module only imports (`pickle.loads` through
// `import pickle`) runs the library's code, whatever file was named.
import { realpathSync } from 'node:fs';
import { sep } from 'node:path';
import type { FunctionInfo, Prober } from '../core/probe-types.js';
import type { StartWorker } from '../core/worker-options.js';
import { insideFolder } from '../core/path-inside.js';
// The folders for `libraries`, for the layers that cannot import the probe's.
export { interpreterFolders } from '../probe/client.js';

export class TargetRefused extends Error {
  override name = 'TargetRefused';
}

export interface TargetPolicy {
  /** Folders a target must be inside. */
  roots: readonly string[];
  /** The interpreter's prefixes, site-packages and sys.path (`interpreterFolders`). */
  libraries: readonly string[];
  allowLibraries: boolean;
  /** How the user allows library targets, for the refusal (e.g. "pau mcp --allow-libraries"). */
  allowHint: string;
}

function real(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/**
 * The target's real path when the policy allows it, else TargetRefused saying why and naming
 * the roots. A library file is refused without `allowLibraries` wherever it is, a root included
 * (a client may declare a virtualenv's folder); with it, library files run even outside the
 * roots, and any other file outside them is still refused.
 */
export function allowedTarget(path: string, policy: TargetPolicy): string {
  const target = real(path);
  if (!target) throw new TargetRefused(`file not found: ${path}`);
  const roots = policy.roots.map(real).filter((r): r is string => r !== undefined);
  const named = roots.length > 0 ? roots.join(', ') : 'none';
  const library = policy.libraries.map(real).find((folder) => folder !== undefined && folder !== sep && insideFolder(target, folder, sep));
  if (library) {
    if (policy.allowLibraries) return target;
    throw new TargetRefused(
      `${target} is in the Python installation (${library}): standard-library and installed packages' functions run only with ${policy.allowHint}, ` +
        `since some run any code they are given; allowed roots: ${named}`,
    );
  }
  if (roots.some((root) => insideFolder(target, root, sep))) return target;
  throw new TargetRefused(`${target} is outside the allowed roots (${named}): PAU Probe calls only functions in them`);
}

/** The rules of a TargetPolicy, with its folders asked for only when there is code from elsewhere to check. */
export interface CodePolicy extends Pick<TargetPolicy, 'allowLibraries' | 'allowHint'> {
  folders: () => Pick<TargetPolicy, 'roots' | 'libraries'> | Promise<Pick<TargetPolicy, 'roots' | 'libraries'>>;
}

/**
 * Resolves when what runs under the qualname (the worker's `resolution`) may run: the file's own
 * code always does (its file passed allowedTarget); code from elsewhere has its own file put
 * through allowedTarget, library rules included; compiled code from elsewhere (no file to
 * check) only with `allowLibraries`. Otherwise TargetRefused.
 */
export async function allowedCode(info: Pick<FunctionInfo, 'qualname' | 'resolution'>, policy: CodePolicy): Promise<void> {
  const resolution = info.resolution;
  if (!resolution || resolution.origin === 'file') return;
  if (!resolution.codeFile) {
    if (policy.allowLibraries) return;
    throw new TargetRefused(
      `'${info.qualname}' is not the file's own code: it runs ${resolution.runs}, and compiled code from elsewhere runs only with ${policy.allowHint}`,
    );
  }
  allowedTarget(resolution.codeFile, { ...(await policy.folders()), allowLibraries: policy.allowLibraries, allowHint: policy.allowHint });
}

/**
 * `start` with `check` applied to each worker once it has imported the target, before anything
 * can call it: a refused worker is stopped before the refusal is thrown, so none is left running.
 */
export function checkedStart(start: StartWorker, check: (info: FunctionInfo) => Promise<void>): StartWorker {
  return async (options) => {
    const worker: Prober = await start(options);
    try {
      await check(worker.info);
    } catch (err) {
      await worker.stop().catch(() => {});
      throw err;
    }
    return worker;
  };
}
