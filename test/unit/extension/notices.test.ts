// One voice: every notification and every banner Problem is worded in src/extension/notices.ts;
// the rest of the extension shows them (notify.ts) but writes no user-facing copy of its own.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { NOTICES, type Notice } from '../../../src/extension/notices.js';

const EXTENSION = resolve(import.meta.dirname, '..', '..', '..', 'src', 'extension');

function sources(): [string, string][] {
  return readdirSync(EXTENSION, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => [f, readFileSync(join(EXTENSION, f), 'utf8')]);
}

test('only notify.ts calls the notification API, only notices.ts builds Problems', () => {
  for (const [file, text] of sources()) {
    if (file !== 'notify.ts') assert.doesNotMatch(text, /show(Error|Warning|Information)Message/, `${file} words its own notification`);
    if (file !== 'notices.ts') assert.doesNotMatch(text, /severity: '(error|warning)'/, `${file} builds its own Problem`);
  }
});

test('every notice says something and offers only labelled buttons', () => {
  const samples: Notice<string>[] = [
    NOTICES.untrustedWorkspace(),
    NOTICES.noEndpoint(),
    NOTICES.pythonNotFound('No Python 3.9+ found.', true),
    NOTICES.pythonNotFound('No Python 3.9+ found.', false),
    NOTICES.commandFailed('PAU: Export Session', 'disk full'),
    NOTICES.notProbeable('Box.value', 'a property, not something to call'),
    NOTICES.exported('a.pau.json'),
    NOTICES.noneGenerated(2),
  ];
  for (const n of samples) {
    assert.ok(n.message.length > 10, n.message);
    for (const label of Object.values(n.actions)) assert.ok(label && label.length > 1, n.message);
  }
  assert.deepEqual(Object.keys(NOTICES.pythonNotFound('x', false).actions), ['openSetting']);
  assert.deepEqual(Object.keys(NOTICES.pythonNotFound('x', true).actions), ['openSetting', 'select']);
  assert.match(NOTICES.noFunctionEditor().message, /“PAU: Probe Function…”/);
  assert.equal(NOTICES.noneGenerated(0).message, 'PAU: no docstring could be generated.');
  assert.equal(NOTICES.inserted('f', false, 1, 2), 'PAU: inserted the docstring of f (1 example re-run and verified, 2 left out)');
});

test('no endpoint with Ollama running: "Pick an Ollama Model" and a button to set up another endpoint (issue 22)', () => {
  const n = NOTICES.noEndpoint([{ label: 'Ollama', models: 3 }]);
  assert.equal(n.actions.pickLocal, 'Pick an Ollama Model');
  assert.equal(n.actions.setUp, 'Set Up an Endpoint', 'setting up another endpoint is a button, not only words');
  assert.match(n.message, /Ollama is running here with 3 models/);
  const both = NOTICES.noEndpoint([
    { label: 'Ollama', models: 1 },
    { label: 'LM Studio', models: 2 },
  ]);
  assert.equal(both.actions.pickLocal, 'Pick an Ollama or LM Studio Model');
  const none = NOTICES.noEndpoint();
  assert.deepEqual(Object.keys(none.actions), ['setUp', 'offline']);
  assert.match(none.message, /Set one up/);
});

test('auto without the OS sandbox warns with what is missing, the install command and the setting that refuses instead', () => {
  const n = NOTICES.autoWithoutOsLayer('bubblewrap is not installed (no bwrap in PATH; Debian/Ubuntu: apt install bubblewrap)');
  assert.equal(n.severity, 'warning');
  assert.match(n.message, /^No OS sandbox here \(bubblewrap is not installed/);
  assert.match(n.message, /`sudo apt install bubblewrap`/);
  assert.match(n.message, /pau\.sandbox to “os”/);
  assert.deepEqual(Object.keys(n.actions), ['setting']);
});
