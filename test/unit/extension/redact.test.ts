import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redact, REDACTED } from '../../../src/extension/redact.js';

test('the stored key is removed wherever it appears', () => {
  const key = 'my-local-server-secret';
  assert.equal(redact(`request failed with key ${key} (${key})`, [key]), `request failed with key ${REDACTED} (${REDACTED})`);
});

test('key-shaped strings are removed even when the key is not known', () => {
  assert.equal(redact('Incorrect API key provided: sk-proj-abcdefghijklmnop1234'), `Incorrect API key provided: ${REDACTED}`);
  assert.equal(redact('Authorization: Bearer abc.def-ghi_jkl~1234567'), `Authorization: Bearer ${REDACTED}`);
  assert.equal(redact('{"api_key": "0123456789abcdef"}'), `{"api_key": "${REDACTED}"}`);
  assert.equal(redact('apiKey=0123456789abcdef&x=1'), `apiKey=${REDACTED}&x=1`);
});

test('ordinary text is left alone', () => {
  const text = 'Probing slugify: 12 probes, sk- prefix mentioned, task-force, Bearer of news';
  assert.equal(redact(text, ['', 'ab']), text);
});
