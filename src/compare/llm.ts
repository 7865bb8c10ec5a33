// One chat reply for the comparison's LLM steps (implementations, judge), from whichever provider
// the config names. Retries and timeouts come from the provider; the caller's signal cancels it.
import { providerFor } from '../llm/provider.js';
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

/** One reply from the config's provider (the endpoint, or the editor's model); no temperature: several reasoning models refuse it. */
export async function chat(config: LlmConfig, messages: ChatMessage[], signal?: AbortSignal): Promise<ChatReply> {
  const reply = await providerFor(config).chat({ messages, ...(signal ? { signal } : {}) });
  return {
    text: reply.content,
    usage: { requests: 1, promptTokens: reply.usage?.promptTokens ?? 0, completionTokens: reply.usage?.completionTokens ?? 0 },
  };
}

export function addUsage(total: Usage, delta: Usage): void {
  total.requests += delta.requests;
  total.promptTokens += delta.promptTokens;
  total.completionTokens += delta.completionTokens;
}
