// Stopping a run from the panel, and a wrong API key, in a real VS Code: Stop aborts the
// model's request in flight and leaves no worker process behind; a 401 shows an error
// banner that names the command that fixes it, and fixing the key makes Re-run work.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import type { ScriptedReply } from '../support/llm-server.js';
import { editorForFile, SCREENSHOTS_DIR, withArtifactsOnFailure, workerProcesses } from './harness/editor-session.js';
import { byTestId, probeRows, screenshotPanel, text, waitForStatus } from './harness/panel.js';
import { agentStep, replyFor, requestKind, slugifyRun } from './harness/scripted-agent.js';
import { waitUntil } from './harness/workbench.js';
import type { RecordedRequest } from '../support/llm-server.js';

const RIGHT_KEY = 'sk-e2e-right';
const WRONG_KEY = 'sk-e2e-wrong';

// Each test sets how the scripted model answers.
let answer: (req: RecordedRequest) => ScriptedReply = (req) => replyFor(slugifyRun(0), req);

const editor = editorForFile({ theme: 'dark', llm: (req) => answer(req) });

/**
 * The probe worker's processes of this editor's extension (the worker and its forked call
 * children): `python -m pau_probe.worker` started with PYTHONPATH in the extension's dist/.
 */

test('Stop mid-run: the panel says stopped, the model request in flight is aborted, no worker process remains', async () => {
  const s = editor();
  const llm = s.llm!;
  const run = slugifyRun(100);
  const HANG_AT = 3; // the agent's 4th turn never gets an answer: the run is busy until stopped
  // The hanging turn streams its text and half of its tool call's arguments, then nothing more.
  const thought = 'Empty text and separators are done; next, accented letters: are they dropped or kept?';
  const partly = {
    kind: 'tool-calls' as const,
    content: thought,
    calls: [{ name: 'call_function', arguments: { args: ['"Ünïcödé tëxt"'], note: 'accents' } }],
  };
  answer = (req) => (requestKind(req) === 'agent' && agentStep(req) >= HANG_AT ? { kind: 'hang', partly } : replyFor(run, req));
  await withArtifactsOnFailure(s, 'stop', 90_000, async () => {
    await s.setApiKey(RIGHT_KEY);
    await s.clickProbeLens('text.py', 'slugify');
    const panel = await s.wb.panelFrame(30_000, 'PAU Probe: slugify');

    const hanging = await waitUntil('the agent to ask for its hanging turn', 60_000, () =>
      llm.requests.find((r) => requestKind(r) === 'agent' && agentStep(r) >= HANG_AT),
    );
    await waitForStatus(panel, 'running', 5_000);
    assert.ok(workerProcesses(s).length > 0, 'a worker process runs during the run (else the check after Stop proves nothing)');
    await waitUntil(`the first ${HANG_AT} turns' probes to be shown`, 10_000, async () => (await probeRows(panel)).length >= HANG_AT);
    // The hanging reply has sent its text and the first half of its tool call, and no end: the
    // panel shows both while the reply is still streaming in.
    const shown = await waitUntil('the reply streaming in to be shown', 10_000, async () => {
      const now = await text(panel, 'reasoning');
      return now.includes(thought) && /call_function/.test(now) ? now : undefined;
    });
    assert.match(shown, /call_function \{"args":\["\\?"Ün/, 'the tool call is shown as its arguments arrive');
    assert.doesNotMatch(shown, /tëxt/, 'the second half of the arguments never came');
    await screenshotPanel(s.wb.page, panel, join(SCREENSHOTS_DIR, 'panel-streaming-dark.png'));

    await panel.locator(byTestId('stop')).click();
    await waitForStatus(panel, 'stopped', 15_000, ['done', 'failed']);
    const rowsAtStop = (await probeRows(panel)).length;
    await waitUntil('the hanging model request to be aborted', 10_000, () => hanging.abortedAt !== undefined);
    await waitUntil('every worker process to exit', 10_000, () => workerProcesses(s).length === 0).catch((error: Error) => {
      throw new Error(
        `${error.message}: ${workerProcesses(s)
          .map((p) => `${p.pid} ${p.cmdline}`)
          .join('; ')}`,
      );
    });
    assert.equal((await probeRows(panel)).length, rowsAtStop, 'no probe ran after Stop');
    assert.equal(llm.requests.filter((r) => r.receivedAt > hanging.receivedAt).length, 0, 'no model request after Stop');
  });
});

test('a wrong API key shows an error naming "PAU: Set API Key"; after setting the right one, Re-run works', async () => {
  const s = editor();
  const llm = s.llm!;
  const run = slugifyRun(50);
  answer = (req) =>
    req.headers.authorization === `Bearer ${RIGHT_KEY}`
      ? replyFor(run, req)
      : {
          kind: 'error',
          status: 401,
          body: { error: { message: 'Incorrect API key provided: sk-e2e-***rong.', type: 'invalid_request_error', code: 'invalid_api_key' } },
        };
  await withArtifactsOnFailure(s, 'wrong-api-key', 120_000, async () => {
    await s.setApiKey(WRONG_KEY);
    const sent = llm.requests.length;
    await s.clickProbeLens('text.py', 'rot13');
    const panel = await s.wb.panelFrame(30_000, 'PAU Probe: rot13');
    await waitForStatus(panel, 'failed', 60_000, ['done']);
    const banner = panel.locator(byTestId('error'));
    await banner.waitFor({ timeout: 10_000 });
    const message = await text(panel, 'error');
    assert.match(message, /PAU: Set API Key/, `the error names the command that fixes it: "${message}"`);
    assert.ok(
      llm.requests.slice(sent).some((r) => r.headers.authorization === `Bearer ${WRONG_KEY}`),
      'the wrong key was sent',
    );
    await screenshotPanel(s.wb.page, panel, join(SCREENSHOTS_DIR, 'panel-error-dark.png'));

    await s.setApiKey(RIGHT_KEY);
    const beforeRerun = llm.requests.length;
    await panel.locator(byTestId('rerun')).click();
    await waitForStatus(panel, 'done', 90_000, ['failed', 'stopped']);
    assert.equal(await panel.locator(byTestId('error')).count(), 0, 'the error banner is gone after a good run');
    assert.ok(llm.requests.slice(beforeRerun).every((r) => r.headers.authorization === `Bearer ${RIGHT_KEY}`));
    assert.ok((await probeRows(panel)).length > 0);
  });
});
