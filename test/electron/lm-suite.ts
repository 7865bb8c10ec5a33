// Runs in code-server's extension host (extensionTestsPath): PAU Probe's language-model tools
// reached the way another extension reaches them, through vscode.lm, and what this editor's
// Language Model API offers, reported for test/e2e/lm-tools.test.ts to read.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { runChecks, until, type Check } from './checks.js';

const EXTENSION_ID = 'pau-probe.pau-probe';

function resultText(result: vscode.LanguageModelToolResult): string {
  return result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
}

const checks: Check[] = [
  [
    'the tools are in vscode.lm.tools once the extension is active',
    async () => {
      const ext = vscode.extensions.getExtension(EXTENSION_ID);
      assert.ok(ext);
      await ext.activate();
      const names = await until('pau tools in vscode.lm.tools', 20_000, () => {
        const found = vscode.lm.tools.map((t) => t.name).filter((n) => n.startsWith('pau_'));
        return found.length === 2 ? found.sort() : undefined;
      });
      assert.deepEqual(names, ['pau_callFunction', 'pau_probeFunction']);
    },
  ],
  [
    "vscode.lm.invokeTool('pau_callFunction') returns a real ProbeResult",
    async () => {
      const source = new vscode.CancellationTokenSource();
      const result = await vscode.lm.invokeTool(
        'pau_callFunction',
        { input: { file: 'mathx.py', qualname: 'clamp', args: ['15', '0', '10'] }, toolInvocationToken: undefined },
        source.token,
      );
      const probe = JSON.parse(resultText(result)) as { status: string; value?: { type: string; repr: string }; durationMs: number; coverage?: unknown };
      assert.equal(probe.status, 'returned');
      assert.deepEqual([probe.value?.type, probe.value?.repr], ['int', '10']);
      assert.ok(probe.durationMs > 0 && probe.coverage, 'timed and covered by the worker');
      const raised = JSON.parse(
        resultText(
          await vscode.lm.invokeTool(
            'pau_callFunction',
            { input: { file: 'mathx.py', qualname: 'clamp', args: ['1', '5', '0'] }, toolInvocationToken: undefined },
            source.token,
          ),
        ),
      ) as { status: string; exception?: { type: string } };
      assert.equal(raised.status, 'raised');
      assert.equal(raised.exception?.type, 'ValueError');
    },
  ],
  [
    'bad tool input is a clear error',
    async () => {
      const source = new vscode.CancellationTokenSource();
      await assert.rejects(
        Promise.resolve(
          vscode.lm.invokeTool('pau_callFunction', { input: { file: 'mathx.py', qualname: '1x' }, toolInvocationToken: undefined }, source.token),
        ),
        /qualname must be a dotted Python name/,
      );
    },
  ],
  [
    "report: this editor's Language Model API",
    async () => {
      const models = await vscode.lm.selectChatModels();
      const lm = vscode.lm as unknown as Record<string, unknown>;
      const proposed = ['registerChatModelProvider', 'registerLanguageModelChatProvider'].filter((k) => typeof lm[k] === 'function');
      console.log(`LM-REPORT ${JSON.stringify({ version: vscode.version, models: models.length, providerApis: proposed })}`);
    },
  ],
];

export async function run(): Promise<void> {
  await runChecks(checks);
}
