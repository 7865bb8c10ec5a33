// One provider interface for the agent loop, the implementation writer and the judge: a run
// whose LlmConfig carries a ChatProvider (as the editor's vscode.lm provider is carried) talks
// to nothing else; a provider without tool calling gets the text protocol; Stop reaches the
// provider's signal; a ProviderError becomes the session's error as the provider worded it;
// the provider's token counts are the run's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import type { ChatMessage, ChatProvider, ChatResponse, ChatToolSpec } from '../../../src/core/run-types.js';
import { ProviderError } from '../../../src/llm/provider-error.js';
import { runSession, Session } from '../../../src/session/run.js';

interface Seen {
  messages: ChatMessage[];
  tools?: ChatToolSpec[];
}

const SUBMIT = {
  summary: 'Clamps x into the range [lo, hi].',
  details: 'ValueError when lo > hi.',
  parameters: {},
  returns: 'x limited',
  raises: 'ValueError',
  confidence: 0.9,
  examples: [],
};

/** A model in-process: answers the agent with tool calls (or JSON actions), the writer with code, the judge with a verdict. */
function scriptedProvider(supportsTools: boolean, seen: Seen[]): ChatProvider {
  let agentTurn = 0;
  return {
    label: 'scripted (test)',
    supportsTools,
    async chat({ messages, tools }) {
      seen.push({ messages, ...(tools ? { tools } : {}) });
      const reply = (content: string, toolCalls: ChatResponse['toolCalls'] = []): ChatResponse => ({
        content,
        toolCalls,
        finishReason: toolCalls.length ? 'tool_calls' : 'stop',
        usage: { promptTokens: 10, completionTokens: 3 },
      });
      const user = messages.map((m) => m.content).join('\n');
      if (/Implement the function/.test(user))
        return reply('```python\ndef clamp(x, lo, hi):\n    if lo > hi:\n        raise ValueError("lo > hi")\n    return max(lo, min(x, hi))\n```');
      if (/Reference documentation/.test(user)) return reply('{"score": 4, "rationale": "Both say it clamps."}');
      agentTurn += 1;
      const call = agentTurn === 1 ? { args: ['5', '0', '3'] } : undefined;
      if (!supportsTools) return reply(JSON.stringify(call ? { action: 'call_function', ...call } : { action: 'submit_description', ...SUBMIT }));
      return call
        ? reply('', [{ id: 'c1', name: 'call_function', arguments: JSON.stringify(call) }])
        : reply('', [{ id: `s${agentTurn}`, name: 'submit_description', arguments: JSON.stringify(SUBMIT) }]);
    },
  };
}

const target = { file: resolve('examples/mathx.py'), qualname: 'clamp' };
const settings = {
  mode: 'llm' as const,
  maxProbes: 4,
  timeoutMs: 5000,
  memoryMb: 1024,
  strictness: 'anonymized' as const,
  coverageFeedback: true,
  seedProbes: 0,
};

test('the agent, the implementation writer and the judge all run on the provider a run carries', async () => {
  const seen: Seen[] = [];
  const provider = scriptedProvider(true, seen);
  // No endpoint: a request to baseURL would fail to connect, so everything went through the provider.
  const llm = { baseURL: 'http://127.0.0.1:9/v1', model: 'test', apiKey: '', provider };
  const session = await runSession({ target, settings, llm, compare: { llm, judge: llm } });
  assert.equal(session.error, undefined, session.error?.message);
  assert.equal(session.final.description?.summary, SUBMIT.summary);
  assert.ok(session.probes.some((p) => p.origin === 'llm' && p.args.join(',') === '5,0,3'));
  assert.equal(session.comparison?.judge?.score, 4);
  assert.ok(session.comparison?.behavioural, 'the implementation writer ran');
  const agentRequests = seen.filter((s) => s.tools);
  assert.ok(agentRequests.length >= 2);
  assert.deepEqual(agentRequests[0]!.tools!.map((t) => t.name).sort(), ['call_function', 'submit_description']);
  // The tool result of the first call went back as a tool message with the call's id.
  assert.ok(agentRequests[1]!.messages.some((m) => m.role === 'tool' && m.toolCallId === 'c1'));
  assert.equal(session.usage.promptTokens, 10 * session.usage.requests);
  assert.equal(session.comparison?.usage?.completionTokens, 3 * (session.comparison?.usage?.requests ?? 0));
});

test('a provider without tool calling gets the text protocol', async () => {
  const seen: Seen[] = [];
  const llm = { baseURL: 'http://127.0.0.1:9/v1', model: 'test', apiKey: '', provider: scriptedProvider(false, seen) };
  const session = await runSession({ target, settings, llm, compare: false });
  assert.equal(session.error, undefined, session.error?.message);
  assert.equal(session.final.description?.summary, SUBMIT.summary);
  assert.ok(
    seen.every((s) => !s.tools),
    'no tools were sent',
  );
  assert.match(seen[0]!.messages[0]!.content, /"action": "call_function"/);
});

test("a provider's error reaches the session in its own words; Stop reaches the provider's signal", async () => {
  const refusing: ChatProvider = {
    label: 'refusing',
    supportsTools: true,
    chat: () => Promise.reject(new ProviderError('llm-rate-limit', 'Copilot refused the request (quota or rate limit reached): try later')),
  };
  const failed = await runSession({ target, settings, llm: { baseURL: 'x', model: 'm', apiKey: '', provider: refusing }, compare: false });
  assert.deepEqual(failed.error, { kind: 'llm-rate-limit', message: 'Copilot refused the request (quota or rate limit reached): try later' });

  let aborted = false;
  const hanging: ChatProvider = {
    label: 'hanging',
    supportsTools: true,
    chat: ({ signal }) =>
      new Promise((_, reject) => {
        signal?.addEventListener('abort', () => {
          aborted = true;
          reject(new Error('cancelled'));
        });
      }),
  };
  const session = new Session({ target, settings, llm: { baseURL: 'x', model: 'm', apiKey: '', provider: hanging }, compare: false });
  const running = session.run();
  setTimeout(() => session.stop(), 1500);
  const file = await running;
  assert.equal(aborted, true);
  assert.equal(file.error?.kind, 'stopped');
});
