// VS Code's Language Model API (`vscode.lm`) as a ChatProvider: any chat model the editor has
// (GitHub Copilot, or an extension contributing models) runs the agent, the implementation
// writer and the judge. Tools go through the API's tool calling; Stop cancels through the
// request's cancellation token; token counts are the model's own countTokens; consent, quota
// and a model that went away become messages that say what to do.
import * as vscode from 'vscode';
import { raceAbort, StoppedError } from '../core/abort.js';
import type { ChatMessage, ChatProvider, ChatRequest, ChatResponse } from '../core/run-types.js';
import { ProviderError } from '../llm/provider-error.js';
import { paletteTitle } from './contributions/commands.js';

type Part = vscode.LanguageModelTextPart | vscode.LanguageModelToolCallPart | vscode.LanguageModelToolResultPart;

function parseArguments(text: string): object {
  try {
    const value: unknown = JSON.parse(text || '{}');
    return value && typeof value === 'object' ? value : { value };
  } catch {
    return { unparsed: text };
  }
}

/** Provider-neutral messages → the API's: no system role (it goes first as user text); tool results are user parts. */
export function toLanguageModelMessages(messages: ChatMessage[]): vscode.LanguageModelChatMessage[] {
  const out: vscode.LanguageModelChatMessage[] = [];
  let toolResults: Part[] = [];
  const flush = () => {
    if (toolResults.length) out.push(vscode.LanguageModelChatMessage.User(toolResults as vscode.LanguageModelToolResultPart[]));
    toolResults = [];
  };
  for (const m of messages) {
    if (m.role === 'tool') {
      toolResults.push(new vscode.LanguageModelToolResultPart(m.toolCallId, [new vscode.LanguageModelTextPart(m.content)]));
      continue;
    }
    flush();
    if (m.role === 'assistant') {
      const parts: (vscode.LanguageModelTextPart | vscode.LanguageModelToolCallPart)[] = [];
      if (m.content) parts.push(new vscode.LanguageModelTextPart(m.content));
      for (const c of m.toolCalls ?? []) parts.push(new vscode.LanguageModelToolCallPart(c.id, c.name, parseArguments(c.arguments)));
      out.push(vscode.LanguageModelChatMessage.Assistant(parts.length ? parts : ''));
    } else {
      out.push(vscode.LanguageModelChatMessage.User(m.content));
    }
  }
  flush();
  return out;
}

/** A LanguageModelError (or anything else) → what the user reads. */
export function providerErrorOf(err: unknown, model: vscode.LanguageModelChat): Error {
  if (err instanceof vscode.LanguageModelError) {
    const name = `${model.name} (${model.vendor})`;
    switch (err.code) {
      case vscode.LanguageModelError.NoPermissions.name:
        return new ProviderError(
          'llm-auth',
          `PAU Probe may not use ${name}: allow it when VS Code asks (or in the Accounts menu's language model access), then run again`,
        );
      case vscode.LanguageModelError.Blocked.name:
        return new ProviderError('llm-rate-limit', `${name} refused the request (quota or rate limit reached): ${err.message}`);
      case vscode.LanguageModelError.NotFound.name:
        return new ProviderError('llm-other', `${name} is not available any more; pick another with “${paletteTitle('selectLanguageModel')}”`);
    }
    return new ProviderError('llm-other', `${name} failed: ${err.message}`);
  }
  return err instanceof Error ? err : new Error(String(err));
}

export class LanguageModelProvider implements ChatProvider {
  readonly label: string;
  readonly supportsTools: boolean;

  constructor(private readonly model: vscode.LanguageModelChat) {
    this.label = `${model.name} (${model.vendor}, VS Code)`;
    // Newer editors say whether a model calls tools; where they do not, tools are tried.
    const capabilities = (model as unknown as { capabilities?: { supportsToolCalling?: boolean } }).capabilities;
    this.supportsTools = capabilities?.supportsToolCalling ?? true;
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const { signal, onDelta } = request;
    if (signal?.aborted) throw new StoppedError();
    const cancel = new vscode.CancellationTokenSource();
    const onAbort = () => cancel.cancel();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const messages = toLanguageModelMessages(request.messages);
      const tools = request.tools?.map((t) => ({ name: t.name, description: t.description, inputSchema: t.parameters }));
      // Stop ends the turn at once: the token is cancelled, and the run does not wait for a
      // model that keeps streaming (or never answers) after it.
      const { content, toolCalls } = await raceAbort(
        (async () => {
          const response = await this.model.sendRequest(
            messages,
            { justification: 'PAU Probe runs its agent on the model you picked.', ...(tools?.length ? { tools } : {}) },
            cancel.token,
          );
          let text = '';
          const calls: ChatResponse['toolCalls'] = [];
          for await (const part of response.stream) {
            if (part instanceof vscode.LanguageModelTextPart) {
              text += part.value;
              onDelta?.(part.value);
            } else if (part instanceof vscode.LanguageModelToolCallPart) {
              const call = { id: part.callId, name: part.name, arguments: JSON.stringify(part.input) };
              calls.push(call);
              onDelta?.(`\n→ ${call.name} ${call.arguments}`);
            }
          }
          return { content: text, toolCalls: calls };
        })(),
        signal,
      );
      if (signal?.aborted) throw new StoppedError();
      const usage = await this.countTokens(messages, content + toolCalls.map((c) => c.name + c.arguments).join(''), cancel.token);
      return { content, toolCalls, finishReason: toolCalls.length ? 'tool_calls' : 'stop', ...(usage ? { usage } : {}) };
    } catch (err) {
      if (signal?.aborted || err instanceof vscode.CancellationError) throw new StoppedError();
      throw providerErrorOf(err, this.model);
    } finally {
      signal?.removeEventListener('abort', onAbort);
      cancel.dispose();
    }
  }

  /** The model's own token counts (the API reports no usage); undefined when it cannot count. */
  private async countTokens(messages: vscode.LanguageModelChatMessage[], reply: string, token: vscode.CancellationToken) {
    try {
      const prompt = await Promise.all(messages.map((m) => this.model.countTokens(m, token)));
      return { promptTokens: prompt.reduce((a, b) => a + b, 0), completionTokens: reply ? await this.model.countTokens(reply, token) : 0 };
    } catch {
      return undefined;
    }
  }
}
