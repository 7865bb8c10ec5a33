// Offers `pau mcp` to VS Code's own agent through the MCP server definition provider API
// (VS Code 1.101+). The API is newer than this extension's engines (^1.100), so it is looked up
// at run time and skipped where it does not exist; `contributes.mcpServerDefinitionProviders`
// declares the provider id.
import * as vscode from 'vscode';
import type { PauContext } from './context.js';

export const MCP_PROVIDER_ID = 'pau-probe.mcp';

/** The parts of the 1.101 API used here, as they are declared there. */
interface McpApi {
  registerMcpServerDefinitionProvider(id: string, provider: { provideMcpServerDefinitions(): unknown[] }): vscode.Disposable;
}
type StdioDefinition = new (
  label: string,
  command: string,
  args?: string[],
  env?: Record<string, string | number | null>,
  version?: string,
) => { cwd?: vscode.Uri };

/** The server definition: this editor's Node (Electron run as Node) running dist/cli.js mcp. */
export function mcpServerCommand(ctx: PauContext): { command: string; args: string[]; env: Record<string, string> } {
  const cli = vscode.Uri.joinPath(ctx.extensionUri, 'dist', 'cli.js').fsPath;
  const { pythonPath: python, sandbox, allowLibraryTargets, timeoutMs, memoryMb, maxProbes } = ctx.settings();
  // The user's limits cap what the agent may ask for; libraries only when the user allows them.
  return {
    command: process.execPath,
    args: [
      cli,
      'mcp',
      ...(python ? ['--python', python] : []),
      '--sandbox',
      sandbox,
      '--max-timeout-ms',
      String(timeoutMs),
      '--max-memory-mb',
      String(memoryMb),
      '--max-probes',
      String(maxProbes),
      ...(allowLibraryTargets ? ['--allow-libraries'] : []),
    ],
    env: { ELECTRON_RUN_AS_NODE: '1' },
  };
}

/** Registers the provider where the API exists; returns whether it did. */
export function registerMcpServer(ctx: PauContext): boolean {
  const lm = vscode.lm as unknown as Partial<McpApi>;
  const Definition = (vscode as unknown as { McpStdioServerDefinition?: StdioDefinition }).McpStdioServerDefinition;
  if (typeof lm.registerMcpServerDefinitionProvider !== 'function' || typeof Definition !== 'function') {
    ctx.log.info('This editor has no MCP server definition API (VS Code 1.101+); `pau mcp` can still be configured by hand (see the README).');
    return false;
  }
  const version = String((ctx.extension.extension.packageJSON as { version: unknown }).version);
  try {
    ctx.push(
      lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, {
        provideMcpServerDefinitions() {
          const { command, args, env } = mcpServerCommand(ctx);
          const definition = new Definition('PAU Probe', command, args, env, version);
          const folder = vscode.workspace.workspaceFolders?.[0];
          if (folder) definition.cwd = folder.uri;
          return [definition];
        },
      }),
    );
  } catch (err) {
    // VS Code 1.100 has the function but wants another contribution (modelContextServerCollections)
    // and throws: activation goes on without it.
    ctx.log.info(
      `The MCP server definition API is not usable here (${err instanceof Error ? err.message : String(err)}); configure \`pau mcp\` by hand (see the README).`,
    );
    return false;
  }
  return true;
}
