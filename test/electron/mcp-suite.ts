// Runs in code-server's extension host (extensionTestsPath): the MCP server that the installed
// PAU Probe registers through the MCP server definition provider API (VS Code 1.101+) is started
// by the editor's own MCP client, its tools join vscode.lm.tools, and one of them answers a call.
// test/e2e/mcp-server.test.ts reads the verdict and checks the listing in the UI.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { runChecks, until, type Check } from './checks.js';

const EXTENSION_ID = 'pau-probe.pau-probe';
// How VS Code names a server an extension provides: the extension id (lower case), '/', its label.
const SERVER_ID = `${EXTENSION_ID}/PAU Probe`;

function resultText(result: vscode.LanguageModelToolResult): string {
  return result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
}

const mcpTool = (tool: string) => vscode.lm.tools.find((t) => t.name.endsWith(tool) && !t.name.startsWith('pau_'));

const checks: Check[] = [
  [
    'the editor starts the registered server and lists its three tools in vscode.lm.tools',
    async () => {
      const ext = vscode.extensions.getExtension(EXTENSION_ID);
      assert.ok(ext, `${EXTENSION_ID} is installed`);
      await ext.activate();
      // The editor starts servers on demand (chat.mcp.autostart is "never"): start it as the
      // server list's Start action does.
      await until(`the server ${SERVER_ID} to start and offer its tools`, 60_000, async () => {
        if (mcpTool('call_function')) return true;
        await vscode.commands.executeCommand('workbench.mcp.startServer', SERVER_ID, { autoTrustChanges: true });
        await new Promise((r) => setTimeout(r, 1000));
        return mcpTool('call_function') ? true : undefined;
      });
      const names = ['call_function', 'probe_function', 'compare_docstring'].map((n) => mcpTool(n)?.name);
      console.log(`MCP-TOOLS ${JSON.stringify(names)}`);
      assert.ok(
        names.every((n) => n !== undefined),
        `tools: ${vscode.lm.tools.map((t) => t.name).join(', ')}`,
      );
    },
  ],
  [
    "the server's call_function answers a call made through the editor's MCP client",
    async () => {
      const tool = mcpTool('call_function');
      assert.ok(tool);
      const source = new vscode.CancellationTokenSource();
      const result = await vscode.lm.invokeTool(
        tool.name,
        { input: { file: 'mathx.py', qualname: 'clamp', args: ['15', '0', '10'] }, toolInvocationToken: undefined },
        source.token,
      );
      const text = resultText(result);
      console.log(`MCP-RESULT ${JSON.stringify(text.slice(0, 300))}`);
      // The tool declares an outputSchema, so the editor hands on its structured content: the
      // ProbeResult the worker made. Relative paths resolve in the workspace folder, which the
      // definition gives the server as its cwd.
      const { result: probe } = JSON.parse(text) as { result: { status: string; value?: { type: string; repr: string } } };
      assert.equal(probe.status, 'returned');
      assert.deepEqual([probe.value?.type, probe.value?.repr], ['int', '10']);
    },
  ],
];

/** How long the extension host stays up after the checks: the outer test then opens "MCP: List Servers". */
const HOLD_MS = 90_000;

export async function run(): Promise<void> {
  await runChecks(checks);
  // The editor ends this extension host when run() returns, and the server the provider gave goes
  // with it: a CI run under load opened the list after that and saw only "Add Server". The outer
  // test closes the editor once it has looked.
  await new Promise((r) => setTimeout(r, HOLD_MS));
}
