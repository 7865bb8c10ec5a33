// No endpoint set and a local Ollama running (a scripted one, found through OLLAMA_HOST): the
// notice says so and offers "Pick an Ollama Model" beside "Set Up an Endpoint" (issue 22: the
// button said "Pick a Ollama Model", and setting up another endpoint was only offered in words).
// Picking the model asks for no key, and the run's requests go to it (its /v1, its model).
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { startScriptedServer } from '../support/llm-server.js';
import { editorForFile, withArtifactsOnFailure } from './harness/editor-session.js';
import { probeRows, waitForStatus } from './harness/panel.js';
import { replyFor, requestKind, slugifyRun } from './harness/scripted-agent.js';

const MODEL = 'qwen-scripted:7b';
const run = slugifyRun(0);
const ollama = await startScriptedServer((req) => replyFor(run, req), { ollamaModels: [MODEL] });
after(() => ollama.close());
const origin = new URL(ollama.url).origin;

const editor = editorForFile({
  theme: 'dark',
  settings: { 'pau.baseUrl': undefined, 'pau.model': undefined },
  env: { OLLAMA_HOST: origin },
});

test('no endpoint, Ollama running: "Pick an Ollama Model" and "Set Up an Endpoint" are buttons; the picked model runs with no key', async () => {
  const s = editor();
  await withArtifactsOnFailure(s, 'local-model', 150_000, async () => {
    await s.clickProbeLens('text.py', 'slugify');
    const message = await s.wb.notification(/Ollama is running here/, 30_000);
    assert.match(message, /1 model\b/);
    const buttons = await s.wb.page.locator('.notification-toast .monaco-button').allTextContents();
    assert.ok(buttons.includes('Pick an Ollama Model'), `the notice's buttons: ${JSON.stringify(buttons)}`);
    assert.ok(buttons.includes('Set Up an Endpoint'), `the notice's buttons: ${JSON.stringify(buttons)}`);

    await s.wb.clickNotificationButton('Pick an Ollama Model');
    const item = s.wb.page.locator('.quick-input-list .monaco-list-row', { hasText: MODEL });
    await item.first().waitFor({ timeout: 30_000 });
    await item.first().click();

    const panel = await s.wb.panelFrame(30_000, 'PAU Probe: slugify');
    await waitForStatus(panel, 'done', 120_000, ['failed', 'stopped']);
    assert.ok((await probeRows(panel)).length >= run.turns.length);
    const agent = ollama.requests.filter((r) => requestKind(r) === 'agent');
    assert.ok(agent.length > run.turns.length, `${agent.length} agent requests reached the local server`);
    assert.deepEqual([...new Set(agent.map((r) => r.body.model))], [MODEL]);
    assert.ok(
      agent.every((r) => r.path === '/v1/chat/completions'),
      JSON.stringify(agent.map((r) => r.path)),
    );
  });
});
