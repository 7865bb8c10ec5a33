// The one interface the agent loop, the implementation writer and the judge use to talk to a
// model (ChatProvider, declared in core/run-types.ts so that a run's options can carry one):
// here the OpenAI-compatible implementation and the conversion from the OpenAI message shape.
// (ProviderError, the provider-neutral failure, is in provider-error.ts.)
import type OpenAI from 'openai';
import type { ChatMessage, ChatProvider, ChatRequest, ChatResponse, ChatToolSpec, LlmConfig } from '../core/run-types.js';
import { createOpenAI } from './client.js';
import { streamReply } from './stream.js';

export type { ChatMessage, ChatProvider, ChatResponse, ChatToolSpec } from '../core/run-types.js';

function toOpenAI(messages: ChatMessage[]): OpenAI.Chat.Completions.ChatCompletionMessageParam[] {
  return messages.map((m) => {
    if (m.role === 'tool') return { role: 'tool', tool_call_id: m.toolCallId, content: m.content };
    if (m.role === 'assistant') {
      const calls = m.toolCalls?.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.arguments } }));
      return { role: 'assistant', content: m.content || null, ...(calls?.length ? { tool_calls: calls } : {}) };
    }
    return { role: m.role, content: m.content };
  });
}

/** OpenAI message params (as the agent keeps them) → the provider-neutral shape. */
export function fromOpenAI(messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[]): ChatMessage[] {
  const text = (content: unknown): string =>
    typeof content === 'string' ? content : Array.isArray(content) ? content.map((p: { text?: string }) => p.text ?? '').join('') : '';
  return messages.map((m): ChatMessage => {
    if (m.role === 'tool') return { role: 'tool', toolCallId: m.tool_call_id, content: text(m.content) };
    if (m.role === 'assistant') {
      const calls = (m.tool_calls ?? []).flatMap((c) => (c.type === 'function' ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments }] : []));
      return { role: 'assistant', content: text(m.content), ...(calls.length ? { toolCalls: calls } : {}) };
    }
    return { role: m.role === 'system' || m.role === 'developer' ? 'system' : 'user', content: text(m.content) };
  });
}

export function toolSpecs(tools: OpenAI.Chat.Completions.ChatCompletionTool[]): ChatToolSpec[] {
  return tools.flatMap((t) =>
    t.type === 'function' ? [{ name: t.function.name, description: t.function.description ?? '', parameters: t.function.parameters ?? {} }] : [],
  );
}

/** An OpenAI-compatible endpoint: streamed replies (with tool calls) and the server's token counts. */
export class OpenAIProvider implements ChatProvider {
  readonly supportsTools = true;
  readonly label: string;
  constructor(
    private readonly config: LlmConfig,
    private readonly client: OpenAI = createOpenAI(config),
  ) {
    this.label = `${config.model} at ${config.baseURL}`;
  }

  chat(request: ChatRequest): Promise<ChatResponse> {
    const tools = request.tools?.map((t) => ({ type: 'function' as const, function: { name: t.name, description: t.description, parameters: t.parameters } }));
    return streamReply(
      this.client,
      { model: this.config.model, messages: toOpenAI(request.messages), ...(tools?.length ? { tools } : {}) },
      {
        ...(request.signal ? { signal: request.signal } : {}),
        ...(request.onDelta ? { onDelta: request.onDelta } : {}),
        idleTimeoutMs: request.idleTimeoutMs ?? this.config.timeoutMs ?? 120_000,
      },
    );
  }
}

/** The provider of a config: the one it carries, else its OpenAI-compatible endpoint. */
export function providerFor(config: LlmConfig, client?: OpenAI): ChatProvider {
  return config.provider ?? new OpenAIProvider(config, client);
}
