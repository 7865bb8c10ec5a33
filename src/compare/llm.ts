// One non-streaming chat completion for the comparison's LLM steps (implementations, judge).
// Retries and timeouts come from the shared client; the caller's signal cancels the request.
import { createOpenAI } from '../llm/client.js';
import type { LlmConfig } from '../core/run-types.js';
import type { Usage } from '../core/session-types.js';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export interface ChatReply {
  text: string;
  usage: Usage;
}

export async function chat(config: LlmConfig, messages: ChatMessage[], signal?: AbortSignal): Promise<ChatReply> {
  const client = createOpenAI(config);
  // No temperature: several reasoning models refuse the parameter.
  const completion = await client.chat.completions.create({ model: config.model, messages }, { signal });
  return {
    text: completion.choices[0]?.message?.content ?? '',
    usage: {
      requests: 1,
      promptTokens: completion.usage?.prompt_tokens ?? 0,
      completionTokens: completion.usage?.completion_tokens ?? 0,
    },
  };
}

export function addUsage(total: Usage, delta: Usage): void {
  total.requests += delta.requests;
  total.promptTokens += delta.promptTokens;
  total.completionTokens += delta.completionTokens;
}
