// Which targets the MCP server runs: its roots and library rules (session/targets.ts's
// allowedTarget, shared with the editor's language-model tools) applied in one place, twice
// over. First to the file the client names, before a worker starts; then to the file of the
// code behind the qualname, once the worker has imported it, since a qualname a root's module
// only imports (`pickle.loads` through `import pickle`) runs the library's code.
import { isAbsolute, resolve } from 'node:path';
import type { FunctionInfo } from '../core/probe-types.js';
import { allowedTarget, TargetRefused } from '../session/targets.js';

export interface McpTargetRules {
  /** The client's roots (or --cwd), asked when a check needs them. */
  roots: () => Promise<string[]>;
  /** The interpreter's folders (`interpreterFolders`). */
  libraries: () => Promise<string[]>;
  /** `--allow-libraries`: library code may run, from a named file or behind a qualname. */
  allowLibraries: boolean;
  /** Relative `file` arguments are resolved here. */
  cwd: string;
}

export interface McpTargetPolicy {
  /** The real path of the Python file the client names, or TargetRefused. */
  file(path: string): Promise<string>;
  /** Resolves when what runs under the qualname is the file's own code or allowed code; else TargetRefused. */
  whatRuns(info: FunctionInfo): Promise<void>;
}

const ALLOW_HINT = '`pau mcp --allow-libraries`';

export function mcpTargetPolicy(rules: McpTargetRules): McpTargetPolicy {
  const allowed = async (path: string): Promise<string> => {
    const [roots, libraries] = await Promise.all([rules.roots(), rules.libraries()]);
    return allowedTarget(path, { roots, libraries, allowLibraries: rules.allowLibraries, allowHint: ALLOW_HINT });
  };
  return {
    async file(file) {
      const path = isAbsolute(file) ? file : resolve(rules.cwd, file);
      if (!path.endsWith('.py')) throw new TargetRefused(`not a Python file: ${path}`);
      return allowed(path);
    },
    async whatRuns(info) {
      const resolution = info.resolution;
      if (!resolution || resolution.origin === 'file' || rules.allowLibraries) return;
      if (!resolution.codeFile) {
        throw new TargetRefused(
          `'${info.qualname}' is not the file's own code: it runs ${resolution.runs}, and compiled code from elsewhere runs only with ${ALLOW_HINT}`,
        );
      }
      await allowed(resolution.codeFile);
    },
  };
}
