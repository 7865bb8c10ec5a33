import assert from 'node:assert/strict';
import { test } from 'node:test';
import { coerceSetting, isSettingKey, qualifiedKey, readSettings, sessionSettings, SETTINGS } from '../../../src/extension/contributions/settings.js';

test('readSettings gives the defaults when nothing is set', () => {
  const s = readSettings(() => undefined);
  for (const [key, spec] of Object.entries(SETTINGS)) assert.equal(s[key as keyof typeof s], spec.default, key);
});

test('values of the wrong type fall back to the default; numbers are clamped and integers rounded', () => {
  assert.equal(coerceSetting('maxProbes', '30'), 20);
  assert.equal(coerceSetting('maxProbes', 0), 1);
  assert.equal(coerceSetting('maxProbes', 1e9), SETTINGS.maxProbes.maximum);
  assert.equal(coerceSetting('maxProbes', 7.6), 8);
  assert.equal(coerceSetting('maxProbes', Number.NaN), 20);
  assert.equal(coerceSetting('pricing.promptPerMillion', 0.15), 0.15);
  assert.equal(coerceSetting('coverageFeedback', 'yes'), true);
  assert.equal(coerceSetting('coverageFeedback', false), false);
});

test('enums accept only their values; strings are trimmed', () => {
  assert.equal(coerceSetting('strictness', 'signature'), 'signature');
  assert.equal(coerceSetting('strictness', 'open'), 'anonymized');
  assert.equal(coerceSetting('docstringStyle', 'numpy'), 'numpy');
  assert.equal(coerceSetting('docstringStyle', 'NumPy'), 'auto');
  assert.equal(coerceSetting('sandbox', 'guards'), 'guards');
  assert.equal(coerceSetting('sandbox', 'none'), 'auto', 'an unknown mode is the default, never weaker');
  assert.equal(SETTINGS.sandbox.scope, 'machine', 'a workspace cannot weaken its own sandbox');
  assert.equal(coerceSetting('baseUrl', '  http://localhost:11434/v1 '), 'http://localhost:11434/v1');
});

test('keys', () => {
  assert.equal(qualifiedKey('codeLens.enabled'), 'pau.codeLens.enabled');
  assert.ok(isSettingKey('maxProbes'));
  assert.ok(!isSettingKey('apiKey'), 'the API key is never a setting');
  assert.ok(!isSettingKey('toString'));
});

test('a run records the settings it ran with, and the endpoint only in LLM mode', () => {
  const s = { ...readSettings(() => undefined), maxProbes: 7, strictness: 'signature' as const };
  assert.deepEqual(sessionSettings(s, 'offline'), {
    mode: 'offline',
    maxProbes: 7,
    timeoutMs: 5000,
    memoryMb: 1024,
    strictness: 'signature',
    coverageFeedback: true,
    textProtocol: false,
    sandbox: 'auto',
  });
  assert.equal(sessionSettings({ ...s, sandbox: 'os' }, 'offline').sandbox, 'os', 'the run asks for the sandbox the setting names');
  const llm = sessionSettings(s, 'llm', { model: 'm', baseURL: 'http://127.0.0.1:9/v1' });
  assert.equal(llm.model, 'm');
  assert.equal(llm.baseURL, 'http://127.0.0.1:9/v1');
  assert.ok(!('apiKey' in llm), 'never the key');
});
