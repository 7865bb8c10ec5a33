// A whole run on a model from VS Code's Language Model API: another extension
// (test/e2e/scripted-model) contributes a chat model, the user picks it with "PAU: Select
// Language Model", and the agent, the implementation writer and the judge all reach it through
// vscode.lm. The model forwards to the scripted server, which records what arrived: that is
// how the test knows every request went through the editor and not through PAU's own client.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RecordedRequest, ScriptedReply } from '../support/llm-server.js';
import { editorForFile, withArtifactsOnFailure } from './harness/editor-session.js';
import { ensureScriptedModelVsix, SCRIPTED_MODEL_ID } from './harness/extension-vsix.js';
import { byTestId, probeRows, text, waitForStatus } from './harness/panel.js';
import { agentStep, replyFor, requestKind, slugifyRun } from './harness/scripted-agent.js';
import { waitUntil } from './harness/workbench.js';

const run = slugifyRun(50);
// Each test sets how the scripted model answers.
let answer: (req: RecordedRequest) => ScriptedReply = (req) => replyFor(run, req);
const editor = editorForFile({
  llm: (req) => answer(req),
  // No endpoint of PAU's own: only VS Code's models.
  settings: { 'pau.provider': 'vscode', 'pau.baseUrl': undefined, 'pau.model': undefined },
  extraVsix: [await ensureScriptedModelVsix()],
  codeServerArgs: ['--enable-proposed-api', SCRIPTED_MODEL_ID],
});

test('"PAU: Select Language Model" offers the model another extension contributes', async () => {
  const s = editor();
  await withArtifactsOnFailure(s, 'lm-select-model', 60_000, async () => {
    await s.wb.runCommand('PAU: Select Language Model');
    const item = s.wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'Scripted (PAU test)' });
    await item.first().waitFor({ timeout: 30_000 });
    await item.first().click();
    await s.wb.quickInputBox.waitFor({ state: 'hidden', timeout: 10_000 });
  });
});

test('a run on that model: every request goes through vscode.lm, the panel shows the calls, the description and the comparison', async () => {
  const s = editor();
  const llm = s.llm!;
  await withArtifactsOnFailure(s, 'lm-model-run', 150_000, async () => {
    await s.clickProbeLens('text.py', 'slugify');
    const panel = await s.wb.panelFrame(30_000, 'PAU Probe: slugify');
    await waitForStatus(panel, 'done', 120_000, ['failed', 'stopped']);

    // Only the test extension's forwarder names this model: nothing reached the server another way.
    assert.ok(llm.requests.length > 0);
    assert.deepEqual([...new Set(llm.requests.map((r) => r.body.model))], ['scripted-via-vscode-lm']);
    const kinds = new Set(llm.requests.map(requestKind));
    assert.deepEqual([...kinds].sort(), ['agent', 'implement', 'judge'], 'the agent, the implementation writer and the judge all ran on the VS Code model');

    // Tool calling through the API: the agent's tools were offered, and the worker's results
    // came back to the model as tool results answering its call ids.
    const agent = llm.requests.filter((r) => requestKind(r) === 'agent');
    const toolNames = (agent[0]!.body.tools as { function: { name: string } }[]).map((t) => t.function.name);
    assert.ok(toolNames.includes('call_function') && toolNames.includes('submit_description'), `tools offered: ${toolNames.join(', ')}`);
    const last = agent.at(-1)!.body.messages ?? [];
    // Each assistant turn's call is answered by the tool message right after it.
    const answers = last.flatMap((m, i) =>
      ((m.tool_calls as { id: string }[] | undefined) ?? []).map((c) => [c.id, last[i + 1]?.role, last[i + 1]?.tool_call_id]),
    );
    assert.equal(answers.length, run.turns.length);
    for (const [id, role, answeredId] of answers) assert.deepEqual([role, answeredId], ['tool', id]);
    assert.match(String(last.find((m) => m.role === 'tool')?.content), /'hello-world'/, 'the first call’s real result, as the model read it');

    // The panel has a row for each of the model's calls (after the offline explorer's seed rows).
    const rows = await waitUntil('a probe row per scripted call', 10_000, async () => {
      const shown = await probeRows(panel);
      return shown.some((r) => r.input.includes('Crème brûlée')) ? shown : undefined;
    });
    assert.ok(rows.length >= run.turns.length);
    assert.match(await text(panel, 'description'), /URL slug/);
    await panel.locator(byTestId('judge-score')).waitFor({ timeout: 30_000 });
    assert.match(await text(panel, 'judge-score'), /4/, 'the scripted judge gave 4');
  });
});

test('Stop ends a run waiting on a VS Code model at once, and no model request follows', async () => {
  const s = editor();
  const llm = s.llm!;
  const HANG_AT = 2; // the agent's 3rd turn never gets an answer until the run is stopped
  answer = (req) => (requestKind(req) === 'agent' && agentStep(req) >= HANG_AT ? { kind: 'hang' } : replyFor(run, req));
  const before = llm.requests.length;
  await withArtifactsOnFailure(s, 'lm-model-stop', 90_000, async () => {
    const panel = await s.wb.panelFrame(30_000, 'PAU Probe: slugify');
    await panel.locator(byTestId('rerun')).click();
    const hanging = await waitUntil('the agent to ask for its hanging turn', 60_000, () =>
      llm.requests.slice(before).find((r) => requestKind(r) === 'agent' && agentStep(r) >= HANG_AT),
    );
    await panel.locator(byTestId('stop')).click();
    const stoppedAt = Date.now();
    await waitForStatus(panel, 'stopped', 15_000, ['done', 'failed']);
    assert.ok(Date.now() - stoppedAt < 10_000, `the panel said stopped ${Date.now() - stoppedAt} ms after Stop`);
    // PAU cancels its request's token, but VS Code 1.100 does not pass that on to the model's
    // provider once the response has started (the main thread's $tryStartChatRequest returns
    // before the stream is read), so the provider's own request is not aborted: the run must
    // not wait for it, and does not.
    await new Promise((r) => setTimeout(r, 2_000));
    assert.equal(llm.requests.filter((r) => r.receivedAt > hanging.receivedAt).length, 0, 'no model request after Stop');
  });
});
