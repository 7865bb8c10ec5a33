// Local model servers found, not typed: scripted Ollama and LM Studio servers on injected ports
// are detected with their models; nothing listening, a server that hangs, or one that answers
// something else is not; the detected Ollama endpoint then runs a real agent session.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { detectLocalServers, isLocalEndpoint, ollamaOrigin } from '../../../src/llm/local.js';
import { runSession } from '../../../src/session/run.js';
import { startScriptedServer } from '../../support/llm-server.js';

const servers: Server[] = [];
after(() => servers.forEach((s) => s.close()));

/** An HTTP server answering GET paths from a table (or hanging on 'hang'). */
async function serve(routes: Record<string, unknown>): Promise<string> {
  const server = createServer((req, res) => {
    const body = routes[req.url ?? ''];
    if (body === 'hang') return; // never answers
    if (body === undefined) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A port nobody listens on: one a server had and gave back. */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

test('a scripted Ollama and LM Studio are found with their models', async () => {
  const ollama = await serve({ '/api/tags': { models: [{ name: 'qwen2.5-coder:7b', size: 1 }, { name: 'llama3.2:3b' }] } });
  const lmstudio = await serve({ '/v1/models': { object: 'list', data: [{ id: 'qwen2.5-7b-instruct' }] } });
  const found = await detectLocalServers({ origins: { ollama, lmstudio } });
  assert.deepEqual(found, [
    { kind: 'ollama', label: 'Ollama', baseURL: `${ollama}/v1`, models: ['llama3.2:3b', 'qwen2.5-coder:7b'] },
    { kind: 'lmstudio', label: 'LM Studio', baseURL: `${lmstudio}/v1`, models: ['qwen2.5-7b-instruct'] },
  ]);
});

test('nothing listening, a hanging server and a server of another kind are not detected, and it is quick', async () => {
  const hang = await serve({ '/api/tags': 'hang', '/v1/models': 'hang' });
  const other = await serve({ '/': { hello: 'world' } });
  const started = Date.now();
  assert.deepEqual(await detectLocalServers({ origins: { ollama: await closedPort(), lmstudio: hang }, timeoutMs: 300 }), []);
  assert.deepEqual(await detectLocalServers({ origins: { ollama: other, lmstudio: other }, timeoutMs: 300 }), []);
  assert.ok(Date.now() - started < 5000, 'detection is bounded by its timeout');
  const wrongShape = await serve({ '/api/tags': { models: 'none' }, '/v1/models': { data: [{ name: 'no id' }] } });
  assert.deepEqual(await detectLocalServers({ origins: { ollama: wrongShape, lmstudio: wrongShape } }), [
    { kind: 'lmstudio', label: 'LM Studio', baseURL: `${wrongShape}/v1`, models: [] },
  ]);
});

test('OLLAMA_HOST moves Ollama as Ollama reads it; local endpoints need no key', () => {
  assert.equal(ollamaOrigin({}), 'http://127.0.0.1:11434');
  assert.equal(ollamaOrigin({ OLLAMA_HOST: '127.0.0.1:5000' }), 'http://127.0.0.1:5000');
  assert.equal(ollamaOrigin({ OLLAMA_HOST: ':5001' }), 'http://127.0.0.1:5001');
  assert.equal(ollamaOrigin({ OLLAMA_HOST: '0.0.0.0' }), 'http://127.0.0.1:11434');
  assert.equal(ollamaOrigin({ OLLAMA_HOST: 'http://localhost:6000' }), 'http://localhost:6000');
  assert.ok(isLocalEndpoint('http://127.0.0.1:11434/v1'));
  assert.ok(isLocalEndpoint('http://localhost:1234/v1'));
  assert.ok(!isLocalEndpoint('https://api.openai.com/v1'));
  assert.ok(!isLocalEndpoint('not a url'));
});

test('a model from a detected listing runs a session at a local endpoint with no key', async () => {
  const submit = { summary: 'Clamps x into [lo, hi].', details: '', parameters: {}, returns: 'x limited', raises: '', confidence: 0.9, examples: [] };
  const llm = await startScriptedServer((_request, i) =>
    i === 0
      ? { kind: 'tool-calls', calls: [{ name: 'call_function', arguments: { args: ['5', '0', '3'] } }] }
      : { kind: 'tool-calls', calls: [{ name: 'submit_description', arguments: submit }] },
  );
  // The scripted chat server stands behind a scripted Ollama listing: /api/tags here, /v1 there.
  const tags = await serve({ '/api/tags': { models: [{ name: 'scripted' }] } });
  const [found] = await detectLocalServers({ origins: { ollama: tags, lmstudio: await closedPort() } });
  assert.equal(found?.models[0], 'scripted');
  try {
    const session = await runSession({
      target: { file: resolve('examples/mathx.py'), qualname: 'clamp' },
      settings: { mode: 'llm', maxProbes: 3, timeoutMs: 5000, memoryMb: 1024, strictness: 'anonymized', coverageFeedback: true, seedProbes: 0 },
      llm: { baseURL: llm.url, model: found.models[0], apiKey: '' },
      compare: false,
    });
    assert.equal(session.error, undefined, session.error?.message);
    assert.equal(session.final.description?.summary, 'Clamps x into [lo, hi].');
    assert.equal(llm.requests[0]?.body.model, 'scripted');
    assert.equal(llm.requests[0]?.headers.authorization, 'Bearer no-key');
  } finally {
    await llm.close();
  }
});
