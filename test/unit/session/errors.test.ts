// Failures become a kind and one line a person can act on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { APIConnectionError, AuthenticationError, InternalServerError, NotFoundError, RateLimitError } from 'openai';
import { StoppedError } from '../../../src/core/abort.js';
import { StreamError } from '../../../src/llm/stream.js';
import { ProbeError } from '../../../src/core/probe-types.js';
import { toSessionError } from '../../../src/session/errors.js';

const headers = new Headers();

test('LLM errors by status, with the auth hint and the server message', () => {
  const auth = toSessionError(new AuthenticationError(401, { message: 'Incorrect API key' }, undefined, headers), { authHint: 'run "PAU: Set API Key"' });
  assert.deepEqual(auth, { kind: 'llm-auth', message: 'the LLM endpoint refused the API key (401: Incorrect API key); run "PAU: Set API Key"' });
  assert.match(
    toSessionError(new AuthenticationError(401, undefined, '401 nope', headers)).message,
    /set OPENAI_API_KEY \(or the variable named by --api-key-env\)$/,
  );
  assert.equal(
    toSessionError(new RateLimitError(429, { message: 'slow down' }, undefined, headers), { maxRetries: 2 }).message,
    'the LLM endpoint kept rate-limiting (429) after 2 retries: slow down',
  );
  assert.deepEqual(toSessionError(new InternalServerError(503, { message: 'overloaded' }, undefined, headers)), {
    kind: 'llm-server',
    message: 'the LLM server failed (503): overloaded',
  });
  assert.deepEqual(toSessionError(new NotFoundError(404, { message: 'no such model' }, undefined, headers)), {
    kind: 'llm-other',
    message: 'the LLM endpoint answered 404: no such model',
  });
  const conn = toSessionError(new APIConnectionError({ cause: new Error('connect ECONNREFUSED 127.0.0.1:9') }), { baseURL: 'http://127.0.0.1:9/v1' });
  assert.deepEqual(conn, { kind: 'llm-server', message: 'cannot reach the LLM endpoint at http://127.0.0.1:9/v1: connect ECONNREFUSED 127.0.0.1:9' });
  assert.equal(toSessionError(new StreamError('cut')).kind, 'llm-stream');
});

test('stops, bad targets, worker failures and the rest', () => {
  assert.equal(toSessionError(new StoppedError()).kind, 'stopped');
  assert.equal(toSessionError(new ProbeError('stopped', 'x')).kind, 'stopped');
  assert.deepEqual(toSessionError(new ProbeError('unknown-qualname', "no function 'nope' in m.py", ['a', 'b'])), {
    kind: 'import',
    message: "no function 'nope' in m.py (available: a, b)",
  });
  assert.equal(toSessionError(new ProbeError('import-failed', 'ImportError: x\nmore')).message, 'ImportError: x ⏎ more');
  assert.equal(toSessionError(new ProbeError('worker-died', 'gone')).kind, 'worker');
  assert.deepEqual(toSessionError(new ProbeError('no-sandbox', 'the OS sandbox is not available: user namespaces are off')), {
    kind: 'sandbox',
    message: 'the OS sandbox is not available: user namespaces are off',
  });
  assert.deepEqual(toSessionError(new TypeError('oops')), { kind: 'internal', message: 'oops' });
});
