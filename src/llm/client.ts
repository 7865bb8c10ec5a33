// The one place an OpenAI client is made, so every caller gets the same retry and timeout policy.
// The SDK retries 429/5xx and connection errors with backoff and honours `retry-after`.
import OpenAI from 'openai';
import type { LlmConfig } from '../core/run-types.js';

export function createOpenAI(config: LlmConfig): OpenAI {
  return new OpenAI({
    baseURL: config.baseURL,
    apiKey: config.apiKey || 'no-key',
    maxRetries: config.maxRetries ?? 3,
    timeout: config.timeoutMs ?? 120_000,
  });
}
