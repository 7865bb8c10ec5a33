// The scripted server itself: the real openai client must read its streams and errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { startScriptedServer } from '../support/llm-server.js';

test('streams tool calls the openai client reassembles', async (t) => {
  const server = await startScriptedServer([
    { kind: 'tool-calls', content: 'Let me try.', calls: [{ name: 'call_function', arguments: { args: ['1', "'x'"] } }] },
  ]);
  t.after(() => server.close());
  const client = new OpenAI({ baseURL: server.url, apiKey: 'k', maxRetries: 0 });
  const stream = client.chat.completions.stream({ model: 'm', messages: [{ role: 'user', content: 'hi' }], stream_options: { include_usage: true } });
  const final = await stream.finalChatCompletion();
  const call = final.choices[0]!.message.tool_calls![0]!;
  assert.equal(call.type, 'function');
  assert.deepEqual(JSON.parse(call.type === 'function' ? call.function.arguments : ''), { args: ['1', "'x'"] });
  assert.equal(final.choices[0]!.message.content, 'Let me try.');
  assert.equal(final.usage?.prompt_tokens, 100);
  assert.equal(server.requests[0]!.body.stream, true);
});

test('plays HTTP errors with headers', async (t) => {
  const server = await startScriptedServer([{ kind: 'error', status: 401, body: { error: { message: 'bad key' } } }]);
  t.after(() => server.close());
  const client = new OpenAI({ baseURL: server.url, apiKey: 'k', maxRetries: 0 });
  await assert.rejects(client.chat.completions.create({ model: 'm', messages: [] }), (e: unknown) => e instanceof OpenAI.AuthenticationError);
});
