// Which targets the MCP server runs: its roots and library rules (session/targets.ts's
// allowedTarget and allowedCode, shared with the editor's language-model tools) applied in one
// place, twice over. First to the file the client names, before a worker starts; then to the file of the
// code behind the qualname, once the worker has imported it, since a qualname a root's module
// only imports (`pickle.loads` through `import pickle`) runs the library's code.
import { isAbsolute, resolve } from 'node:path';
import type { FunctionInfo } from '../core/probe-types.js';
import { allowedCode, allowedTarget, TargetRefused } from '../session/targets.js';

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
  const folders = async () => {
    const [roots, libraries] = await Promise.all([rules.roots(), rules.libraries()]);
    return { roots, libraries };
  };
  const rulesOf = { allowLibraries: rules.allowLibraries, allowHint: ALLOW_HINT };
  return {
    async file(file) {
      const path = isAbsolute(file) ? file : resolve(rules.cwd, file);
      if (!path.endsWith('.py')) throw new TargetRefused(`not a Python file: ${path}`);
      return allowedTarget(path, { ...(await folders()), ...rulesOf });
    },
    whatRuns: (info) => allowedCode(info, { ...rulesOf, folders }),
  };
}
