// PAU Probe's language-model tools for agents in VS Code (Copilot agent mode and any extension
// calling vscode.lm.invokeTool): pau_callFunction makes one sandboxed call and returns the
// ProbeResult; pau_probeFunction runs a whole probe, shown live in the panel as usual, and
// returns the description. Both say what will run before it runs (prepareInvocation).
// The agent chooses the file, so both act only on files in the workspace folders, and on the
// interpreter's own libraries only when pau.allowLibraryTargets is on; the same rules apply to
// the code behind the qualname once the worker has imported it, before the first call
// (tool-targets.ts), since a workspace module's `from pickle import loads` makes `loads` the
// library's.
import { isAbsolute } from 'node:path';
import { QUALNAME } from '../core/python-source.js';
import * as vscode from 'vscode';
import { renderCall } from '../core/format.js';
import type { CallRequest } from '../core/probe-types.js';
import { callRequest } from '../core/probe-types.js';
import type { PauContext } from './context.js';
import { callInFreshWorker } from './one-off-workers.js';
import type { Interpreter } from './python.js';
import type { Runs } from './run-record.js';
import type { Settings } from './contributions/settings.js';
import { toolTargets, type ToolTargets } from './tool-targets.js';
import { callConfirmation, probeConfirmation } from './tool-confirmations.js';
import { PROBE_MODES, TOOL_NAMES } from './contributions/tools.js';
import { overBounds, type CallFunctionInput } from '../core/call-tool.js';

type Target = Pick<CallFunctionInput, 'file' | 'qualname'>;
type CallInput = CallFunctionInput;
interface ProbeInput extends Target {
  mode?: (typeof PROBE_MODES)[number];
}

/**
 * The file (absolute, or relative to the first workspace folder) as the URI of its real path,
 * with the settings and interpreter it runs with and the rules its workers start under; a clear
 * error when it may not run.
 */
async function checkTarget(ctx: PauContext, input: Target): Promise<{ uri: vscode.Uri; settings: Settings; python: Interpreter; targets: ToolTargets }> {
  const over = overBounds(input);
  if (over) throw new Error(over);
  if (typeof input.qualname !== 'string' || !QUALNAME.test(input.qualname)) {
    throw new Error(`qualname must be a dotted Python name such as clamp or BankAccount.deposit, got ${JSON.stringify(input.qualname)}`);
  }
  if (typeof input.file !== 'string' || !input.file.endsWith('.py')) throw new Error(`file must be the path of a .py file, got ${JSON.stringify(input.file)}`);
  const folders = vscode.workspace.workspaceFolders ?? [];
  const uri = isAbsolute(input.file) ? vscode.Uri.file(input.file) : folders[0] ? vscode.Uri.joinPath(folders[0].uri, input.file) : undefined;
  if (!uri) throw new Error(`file not found: ${input.file} (no workspace folder to find it in)`);
  if (!vscode.workspace.isTrusted) throw new Error('PAU Probe runs Python functions only in a trusted workspace; trust this workspace first');
  const settings = ctx.settings(uri);
  const python = await ctx.python.resolve(uri, settings.pythonPath);
  const backend = await ctx.backend();
  const targets = toolTargets(backend, {
    roots: folders.filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath),
    libraries: await backend.interpreterFolders(python.path),
    allowLibraries: settings.allowLibraryTargets,
  });
  return { uri: vscode.Uri.file(targets.file(uri.fsPath)), settings, python, targets };
}

function checkCall(input: CallInput): CallRequest {
  const over = overBounds(input);
  if (over) throw new Error(over);
  const isSources = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');
  if (input.args !== undefined && !isSources(input.args))
    throw new Error('args must be a list of Python expressions given as strings, e.g. ["[3, 1, 2]", "\'text\'"]');
  if (input.kwargs !== undefined && (typeof input.kwargs !== 'object' || !isSources(Object.values(input.kwargs)))) {
    throw new Error('kwargs must map names to Python expressions given as strings');
  }
  if (input.receiver !== undefined && typeof input.receiver !== 'string') throw new Error('receiver must be a Python expression given as a string');
  return callRequest(input);
}

const text = (value: unknown) =>
  new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(typeof value === 'string' ? value : JSON.stringify(value))]);

function callFunctionTool(ctx: PauContext): vscode.LanguageModelTool<CallInput> {
  return {
    prepareInvocation({ input }) {
      // Input over the bounds is not rendered into the dialog (a megabyte of it would be shown); invoke refuses it.
      const over = overBounds(input);
      if (over) return { invocationMessage: `PAU Probe refuses the call: ${over}` };
      const call = renderCall(input.qualname.slice(input.qualname.lastIndexOf('.') + 1), callRequest(input));
      return {
        invocationMessage: `Calling ${call} in the PAU Probe sandbox`,
        confirmationMessages: {
          title: 'Run a Python function?',
          message: new vscode.MarkdownString(callConfirmation(String(input.file), call)),
        },
      };
    },
    async invoke({ input }, token) {
      const request = checkCall(input);
      const { uri, settings, python, targets } = await checkTarget(ctx, input);
      const controller = new AbortController();
      const cancel = token.onCancellationRequested(() => controller.abort());
      try {
        const target = { file: uri.fsPath, qualname: input.qualname };
        const result = await callInFreshWorker(
          // Forked from a warm parent of the file's folder once one is up (the agent calls many).
          { startWorker: targets.checked(await ctx.warmStart()) },
          { target, python: python.path, settings },
          request,
          controller.signal,
        );
        ctx.log.info(`Tool ${TOOL_NAMES.callFunction}: ${input.qualname} → ${result.status}.`);
        return text(result);
      } finally {
        cancel.dispose();
      }
    },
  };
}

function probeFunctionTool(ctx: PauContext, runs: Runs): vscode.LanguageModelTool<ProbeInput> {
  return {
    prepareInvocation({ input }) {
      const over = overBounds(input);
      if (over) return { invocationMessage: `PAU Probe refuses the probe: ${over}` };
      const how = input.mode === 'llm' ? 'the LLM agent' : 'the offline explorer';
      const budget = ctx.settings().maxProbes;
      return {
        invocationMessage: `Probing ${input.qualname} with ${how}`,
        confirmationMessages: {
          title: 'Probe a Python function?',
          message: new vscode.MarkdownString(probeConfirmation(String(input.file), String(input.qualname), how, budget)),
        },
      };
    },
    async invoke({ input }, token) {
      const { uri, targets } = await checkTarget(ctx, input);
      if (input.mode !== undefined && input.mode !== 'offline' && input.mode !== 'llm')
        throw new Error(`mode must be "offline" or "llm", got ${JSON.stringify(input.mode)}`);
      const cancel = token.onCancellationRequested(() => void runs.stop('cancelled by the agent that called the tool'));
      try {
        await runs.probe({ uri, qualname: input.qualname }, input.mode ?? 'offline', (start) => targets.checked(start));
      } finally {
        cancel.dispose();
      }
      // A refusal of what runs ends the run in the panel; the agent gets it as the tool's error.
      if (targets.refused) throw targets.refused;
      const record = runs.last;
      if (!record || record.target.uri.fsPath !== uri.fsPath || record.target.qualname !== input.qualname)
        throw new Error('the probe did not start (see the PAU Probe panel)');
      const s = record.session;
      return text({
        concluded: s.final.concluded,
        description: s.final.description,
        probes: s.probes.map((p) => ({
          call: renderCall(input.qualname, p),
          status: p.result.status,
          value: p.result.value?.repr,
          exception: p.result.exception,
        })),
        ...(s.comparison ? { comparison: s.comparison } : {}),
        ...(s.error ? { error: s.error } : {}),
      });
    },
  };
}

/** Registers both tools where the API exists (it does from VS Code 1.95; engines say ^1.100). */
export function registerLanguageModelTools(ctx: PauContext, runs: Runs): void {
  if (typeof vscode.lm?.registerTool !== 'function') return;
  ctx.push(
    vscode.lm.registerTool(TOOL_NAMES.callFunction, callFunctionTool(ctx)),
    vscode.lm.registerTool(TOOL_NAMES.probeFunction, probeFunctionTool(ctx, runs)),
  );
}
