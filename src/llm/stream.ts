// One streamed chat completion, reassembled. Stop must take effect at once: the signal goes to
// the SDK (which aborts the HTTP request) and every await — the request, its retries' sleeps,
// each chunk — is raced against it, so no flag is waited on between chunks. A stream that goes
// quiet for longer than the request timeout is abandoned (the SDK's own timeout ends at the headers).
import type OpenAI from 'openai';
import { APIError } from 'openai';
import { raceAbort, StoppedError } from '../core/abort.js';

interface ToolCallText {
  id: string;
  name: string;
  arguments: string;
}

export interface AssistantReply {
  content: string;
  toolCalls: ToolCallText[];
  finishReason: string | null;
  usage?: { promptTokens: number; completionTokens: number };
}

/** The reply stream broke or went silent before it finished. */
export class StreamError extends Error {
  override name = 'StreamError';
}

type StreamBody = Omit<OpenAI.Chat.Completions.ChatCompletionCreateParamsStreaming, 'stream' | 'stream_options'>;

export async function streamReply(
  client: OpenAI,
  body: StreamBody,
  opts: { signal?: AbortSignal; idleTimeoutMs: number; onDelta?: (text: string) => void },
): Promise<AssistantReply> {
  const { signal, idleTimeoutMs, onDelta } = opts;
  // Our own controller lets a silent stream be cut too; Stop aborts it through the caller's signal.
  const controller = new AbortController();
  const forward = () => controller.abort();
  signal?.addEventListener('abort', forward, { once: true });
  const silence = () => {
    controller.abort();
    return new StreamError(`the LLM stream sent nothing for ${idleTimeoutMs % 1000 ? (idleTimeoutMs / 1000).toFixed(1) : idleTimeoutMs / 1000} s`);
  };
  try {
    const stream = await raceAbort(
      client.chat.completions.create({ ...body, stream: true, stream_options: { include_usage: true } }, { signal: controller.signal }),
      signal,
    );
    const iterator = stream[Symbol.asyncIterator]();
    const reply: AssistantReply = { content: '', toolCalls: [], finishReason: null };
    const calls: ToolCallText[] = [];
    for (;;) {
      const next = await raceAbort(iterator.next(), signal, { ms: idleTimeoutMs, onTimeout: silence }).catch((err: unknown) => {
        if (err instanceof StoppedError || err instanceof StreamError || err instanceof APIError) throw err;
        throw new StreamError(`the LLM stream broke mid-reply (${err instanceof Error ? err.message : String(err)})`);
      });
      if (next.done) break;
      const chunk = next.value;
      if (chunk.usage) reply.usage = { promptTokens: chunk.usage.prompt_tokens ?? 0, completionTokens: chunk.usage.completion_tokens ?? 0 };
      for (const choice of chunk.choices ?? []) {
        if (choice.delta?.content) {
          reply.content += choice.delta.content;
          onDelta?.(choice.delta.content);
        }
        for (const tc of choice.delta?.tool_calls ?? []) {
          const slot = (calls[tc.index] ??= { id: '', name: '', arguments: '' });
          if (tc.id) slot.id = tc.id;
          if (tc.function?.name) {
            slot.name += tc.function.name;
            onDelta?.(`\n→ ${tc.function.name} `);
          }
          if (tc.function?.arguments) {
            slot.arguments += tc.function.arguments;
            onDelta?.(tc.function.arguments);
          }
        }
        if (choice.finish_reason) reply.finishReason = choice.finish_reason;
      }
    }
    // The SDK ends iteration quietly when its request is aborted.
    if (signal?.aborted) throw new StoppedError();
    if (reply.finishReason === null) throw new StreamError('the LLM stream ended before the reply was complete');
    reply.toolCalls = calls.filter(Boolean).map((c, i) => ({ ...c, id: c.id || `call_${i}` }));
    return reply;
  } finally {
    signal?.removeEventListener('abort', forward);
  }
}
