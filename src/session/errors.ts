// Any failure of a run becomes a SessionError: a kind the caller can act on and one line a
// person can act on (for a rejected key: how to set it).
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { StoppedError } from '../core/abort.js';
import { StreamError } from '../llm/stream.js';
import { ProviderError } from '../llm/provider-error.js';
import { ProbeError } from '../core/probe-types.js';
import { oneLine } from '../core/format.js';
import type { SessionError } from '../core/session-types.js';

type ApiError = APIError<number | undefined, Headers | undefined, object | undefined>;

const DEFAULT_AUTH_HINT = 'set OPENAI_API_KEY (or the variable named by --api-key-env)';

/** The server's own words, without the SDK's "401 " prefix. */
function apiMessage(err: ApiError): string {
  const body = err.error as { message?: unknown } | undefined;
  const text = typeof body?.message === 'string' ? body.message : err.message.replace(/^\d{3}\s+/, '');
  return oneLine(text || 'no message', 300);
}

export function toSessionError(err: unknown, context: { authHint?: string; baseURL?: string; maxRetries?: number } = {}): SessionError {
  if (err instanceof StoppedError || err instanceof APIUserAbortError || (err instanceof ProbeError && err.kind === 'stopped')) {
    return { kind: 'stopped', message: 'stopped before the end' };
  }
  if (err instanceof StreamError) return { kind: 'llm-stream', message: err.message };
  if (err instanceof ProviderError) return { kind: err.kind, message: oneLine(err.message, 400) };
  if (err instanceof APIConnectionTimeoutError)
    return { kind: 'llm-server', message: `the LLM endpoint${context.baseURL ? ` at ${context.baseURL}` : ''} did not answer in time` };
  if (err instanceof APIConnectionError) {
    const cause = err.cause instanceof Error ? (err.cause.cause instanceof Error ? err.cause.cause.message : err.cause.message) : err.message;
    return { kind: 'llm-server', message: `cannot reach the LLM endpoint${context.baseURL ? ` at ${context.baseURL}` : ''}: ${oneLine(cause, 200)}` };
  }
  if (err instanceof APIError) {
    // instanceof gives APIError<any, any, any>: the status and body as the SDK documents them.
    const api = err as ApiError;
    const status = api.status;
    const retried = context.maxRetries !== undefined ? ` after ${context.maxRetries} retr${context.maxRetries === 1 ? 'y' : 'ies'}` : '';
    if (status === 401 || status === 403) {
      return { kind: 'llm-auth', message: `the LLM endpoint refused the API key (${status}: ${apiMessage(api)}); ${context.authHint ?? DEFAULT_AUTH_HINT}` };
    }
    if (status === 429) return { kind: 'llm-rate-limit', message: `the LLM endpoint kept rate-limiting (429)${retried}: ${apiMessage(api)}` };
    if (status !== undefined && status >= 500) return { kind: 'llm-server', message: `the LLM server failed (${status})${retried}: ${apiMessage(api)}` };
    if (status === undefined) return { kind: 'llm-stream', message: `the LLM stream reported an error: ${apiMessage(api)}` };
    return { kind: 'llm-other', message: `the LLM endpoint answered ${status}: ${apiMessage(api)}` };
  }
  if (err instanceof ProbeError && err.kind === 'no-sandbox') return { kind: 'sandbox', message: oneLine(err.message, 400) };
  if (err instanceof ProbeError) {
    const kind = err.kind === 'import-failed' || err.kind === 'unknown-qualname' ? 'import' : 'worker';
    const available = err.available?.length ? ` (available: ${err.available.slice(0, 12).join(', ')})` : '';
    return { kind, message: oneLine(err.message + available, 400) };
  }
  return { kind: 'internal', message: oneLine(err instanceof Error ? err.message : String(err), 400) };
}
