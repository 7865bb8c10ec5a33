// A chat model contributed the way third-party model extensions do it (VS Code 1.103's proposed
// chatProvider API), answering through the tests' scripted OpenAI-style server. PAU Probe reaches
// it only through vscode.lm, as it would reach Copilot's models. See README.md beside this file.
import * as vscode from 'vscode';

interface OpenAiMessage {
  role: 'user' | 'assistant' | 'tool';
  content: string;
  tool_call_id?: string;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
}

// The proposed API's shapes in 1.103 (vscode.proposed.chatProvider.d.ts), which @types/vscode lacks:
// the provider is registered per vendor and lists its models when the editor asks.
interface ResponseFragment {
  index: number;
  part: vscode.LanguageModelTextPart | vscode.LanguageModelToolCallPart;
}
interface ModelInformation {
  id: string;
  name: string;
  family: string;
  version: string;
  maxInputTokens: number;
  maxOutputTokens: number;
  isUserSelectable?: boolean;
  capabilities?: { toolCalling?: boolean };
}
interface ChatModelProvider {
  prepareLanguageModelChat(options: { silent: boolean }, token: vscode.CancellationToken): ModelInformation[];
  provideLanguageModelChatResponse(
    model: ModelInformation,
    messages: vscode.LanguageModelChatMessage[],
    options: { tools?: { name: string; description: string; inputSchema?: object }[] },
    progress: vscode.Progress<ResponseFragment>,
    token: vscode.CancellationToken,
  ): Promise<void>;
  provideTokenCount(model: ModelInformation, text: string | vscode.LanguageModelChatMessage, token: vscode.CancellationToken): Promise<number>;
}
type RegisterChatModelProvider = (vendor: string, provider: ChatModelProvider) => vscode.Disposable;

// Parts are recognised by shape: those crossing from another extension host may be instances of
// the editor's internal classes (LanguageModelToolResultPart2 in 1.100), not of the API's.
type TextPart = { value: string };
type ToolCallPart = { callId: string; name: string; input: object };
type ToolResultPart = { callId: string; content: unknown[] };
const isText = (p: unknown): p is TextPart => typeof (p as TextPart | null)?.value === 'string';
const isToolCall = (p: unknown): p is ToolCallPart => typeof (p as ToolCallPart | null)?.callId === 'string' && typeof (p as ToolCallPart).name === 'string';
const isToolResult = (p: unknown): p is ToolResultPart =>
  typeof (p as ToolResultPart | null)?.callId === 'string' && Array.isArray((p as ToolResultPart).content);
const textOf = (parts: readonly unknown[]) => parts.map((p) => (isText(p) ? p.value : '')).join('');

/** The API's messages as the OpenAI wire format the scripted server records. */
function toOpenAi(messages: readonly vscode.LanguageModelChatMessage[]): OpenAiMessage[] {
  const out: OpenAiMessage[] = [];
  for (const m of messages) {
    const parts = (typeof m.content === 'string' ? [{ value: m.content }] : m.content) as readonly unknown[];
    if (m.role === vscode.LanguageModelChatMessageRole.Assistant) {
      const calls = parts.filter(isToolCall);
      out.push({
        role: 'assistant',
        content: textOf(parts),
        ...(calls.length
          ? { tool_calls: calls.map((c) => ({ id: c.callId, type: 'function' as const, function: { name: c.name, arguments: JSON.stringify(c.input) } })) }
          : {}),
      });
      continue;
    }
    for (const p of parts) if (isToolResult(p)) out.push({ role: 'tool', tool_call_id: p.callId, content: textOf(p.content) });
    const text = textOf(parts);
    if (text) out.push({ role: 'user', content: text });
  }
  return out;
}

const MODEL: ModelInformation = {
  id: 'pau-test-scripted',
  name: 'Scripted (PAU test)',
  family: 'scripted',
  version: '1',
  maxInputTokens: 100_000,
  maxOutputTokens: 4_000,
  isUserSelectable: true,
  capabilities: { toolCalling: true },
};

const provider: ChatModelProvider = {
  prepareLanguageModelChat() {
    return [MODEL];
  },
  async provideLanguageModelChatResponse(_model, messages, options, progress, token) {
    const url = process.env.PAU_SCRIPTED_LLM_URL;
    if (!url) throw new Error('PAU_SCRIPTED_LLM_URL is not set');
    const abort = new AbortController();
    const listener = token.onCancellationRequested(() => abort.abort());
    try {
      const tools = (options.tools ?? []).map((t) => ({
        type: 'function',
        function: { name: t.name, description: t.description, parameters: t.inputSchema ?? {} },
      }));
      const response = await fetch(`${url}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'scripted-via-vscode-lm', messages: toOpenAi(messages), ...(tools.length ? { tools } : {}) }),
        signal: abort.signal,
      });
      if (!response.ok) throw new Error(`the scripted server answered ${response.status}: ${await response.text()}`);
      const body = (await response.json()) as {
        choices: { message: { content?: string | null; tool_calls?: { id: string; function: { name: string; arguments: string } }[] } }[];
      };
      const message = body.choices[0]?.message;
      if (message?.content) progress.report({ index: 0, part: new vscode.LanguageModelTextPart(message.content) });
      for (const call of message?.tool_calls ?? []) {
        progress.report({ index: 0, part: new vscode.LanguageModelToolCallPart(call.id, call.function.name, JSON.parse(call.function.arguments) as object) });
      }
    } finally {
      listener.dispose();
    }
  },
  async provideTokenCount(_model, text) {
    const plain = typeof text === 'string' ? text : textOf(text.content);
    return Math.ceil(plain.length / 4);
  },
};

export function activate(context: vscode.ExtensionContext): void {
  const register = (vscode.lm as unknown as { registerChatModelProvider: RegisterChatModelProvider }).registerChatModelProvider;
  context.subscriptions.push(register('pau-test', provider));
}
