// A whole LLM run in a real VS Code: the API key set through its command, the CodeLens
// "Probe" above examples/text.py:slugify, probe rows arriving while the (scripted) agent
// is still working, the description and the comparison; the panel in both themes; and
// "Insert" writing a docstring into examples/text.py:word_count.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Frame } from 'playwright-core';
import { editorForFile, SCREENSHOTS_DIR, withArtifactsOnFailure, type EditorSession } from './harness/editor-session.js';
import { byTestId, probeRows, runStatus, screenshotPanel, text, waitForStatus } from './harness/panel.js';
import { docstringOf, realCall } from './harness/python-oracle.js';
import { agentStep, replyFor, requestKind, slugifyRun, topScoresRun, wordCountRun, type RunScript } from './harness/scripted-agent.js';
import { waitUntil } from './harness/workbench.js';

const API_KEY = 'sk-e2e-probe-run';
// The scripted model plays whichever run the current test needs.
let current: RunScript = slugifyRun(300);

const editor = editorForFile({ theme: 'dark', llm: (req) => replyFor(current, req) });

/** Does a row's input show the argument `source` (a JSON-style string literal or None), in either quoting? */
function shows(input: string, source: string): boolean {
  if (source === 'None') return /\bNone\b/.test(input);
  const value = JSON.parse(source) as string;
  return [source, `'${value}'`].some((form) => input.includes(form));
}

/** The panel scrolled down to the description, then to the comparison's scores, then back to the top. */
async function shootComparison(s: EditorSession, panel: Frame, theme: string) {
  // The panel's header is sticky: centre what is shot so that it does not hide under it.
  await panel.locator(byTestId('description')).evaluate((el) => el.scrollIntoView({ block: 'center' }));
  // Scrolled down, the sticky header (the one holding run-status) has nothing painted over it.
  const covered = await panel.locator(byTestId('run-status')).evaluate((status) => {
    const header = status.closest('header') ?? status.parentElement!;
    const box = header.getBoundingClientRect();
    const points: [number, number][] = [];
    for (const fx of [0.05, 0.25, 0.5, 0.75, 0.95]) for (const fy of [0.1, 0.3, 0.5]) points.push([box.left + box.width * fx, box.top + box.height * fy]);
    return points
      .map(([x, y]) => ({ x: Math.round(x), y: Math.round(y), el: document.elementFromPoint(x, y) }))
      .filter((p) => p.el && !header.contains(p.el))
      .map((p) => `(${p.x},${p.y}) ${p.el!.tagName.toLowerCase()}.${[...p.el!.classList].join('.')}`);
  });
  assert.deepEqual(covered, [], `scrolled down (${theme}), other elements cover the panel's sticky header`);
  await screenshotPanel(s.wb.page, panel, join(SCREENSHOTS_DIR, `panel-${theme}-description.png`));
  await panel.locator(byTestId('behavioural-score')).evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await screenshotPanel(s.wb.page, panel, join(SCREENSHOTS_DIR, `panel-${theme}-comparison.png`));
  await panel.locator(byTestId('pau-panel')).evaluate((el) => el.scrollIntoView({ block: 'start' }));
}

test('PAU: Set API Key stores the key from a password input box', async () => {
  const s = editor();
  await withArtifactsOnFailure(s, 'set-api-key', 30_000, async () => {
    await s.setApiKey(API_KEY);
    // Whether it was stored is checked by the next test: the agent's requests carry it.
  });
});

test('CodeLens Probe opens the panel; rows appear while the agent runs, then the description and the comparison', async () => {
  const s = editor();
  const llm = s.llm!;
  current = slugifyRun(300);
  await withArtifactsOnFailure(s, 'probe-live', 120_000, async () => {
    await s.clickProbeLens('text.py', 'slugify');
    const panel = await s.wb.panelFrame(30_000, 'PAU Probe: slugify');

    // Live: the first row is on screen while the run goes on. Three independent witnesses:
    // the status still says running, and the model has not been asked for its last turn yet.
    await panel.locator(byTestId('probe-row')).first().waitFor({ timeout: 60_000 });
    const firstRowAt = Date.now();
    const statusAtFirstRow = await runStatus(panel);
    const agentTurnsAtFirstRow = llm.requests.filter((r) => requestKind(r) === 'agent').length;
    assert.match(statusAtFirstRow, /running/i, 'run-status when the first probe row appeared');
    assert.ok(
      agentTurnsAtFirstRow <= current.turns.length,
      `the model had already been asked for its final turn (${agentTurnsAtFirstRow} agent requests) when the first row appeared`,
    );

    await waitForStatus(panel, 'done', 90_000, ['failed', 'stopped']);
    const lastAgentRequest = llm.requests.filter((r) => requestKind(r) === 'agent').at(-1)!;
    assert.ok(agentStep(lastAgentRequest) >= current.turns.length, 'the run ended before the scripted submit turn');
    assert.ok(firstRowAt < lastAgentRequest.receivedAt, 'the first row only appeared after the agent had finished');

    // Every call the agent made has its row, with what the real function returns.
    const rows = await probeRows(panel);
    const file = join(s.workspace, 'text.py');
    for (const turn of current.turns) {
      for (const call of turn.calls) {
        const arg = call.args[0]!;
        const row = rows.find((r) => shows(r.input, arg));
        assert.ok(row, `no probe row for slugify(${arg}); rows: ${JSON.stringify(rows)}`);
        const real = realCall(file, 'slugify', arg);
        if (real.status === 'returned')
          assert.ok(row.output.includes(real.repr.slice(1, -1)), `row for ${arg} shows "${row.output}", the function returns ${real.repr}`);
        else assert.match(row.output, new RegExp(real.type), `row for ${arg} should show the ${real.type} it raises`);
      }
    }

    assert.match(await text(panel, 'description'), /URL slug/, 'the inferred description');
    await panel.locator(byTestId('comparison')).waitFor({ timeout: 30_000 });
    await panel
      .locator(byTestId('behavioural-score'))
      .waitFor({ timeout: 15_000 })
      .catch(async () => {
        throw new Error(`no behavioural score in the comparison, which says: ${await text(panel, 'comparison')}`);
      });
    assert.match(await text(panel, 'behavioural-score'), /\d+\s*(\/|of)\s*\d+/, 'behavioural agreement as "agree / total"');
    assert.match(await text(panel, 'judge-score'), /4/, 'the scripted judge gave 4');
    assert.equal(await panel.locator(byTestId('stale-flag')).count(), 0, 'slugify’s docstring is accurate: no stale flag');

    // The key set through the command is the one the model was called with.
    const agentRequests = llm.requests.filter((r) => requestKind(r) === 'agent');
    assert.ok(agentRequests.length >= current.turns.length + 1);
    for (const r of agentRequests) assert.equal(r.headers.authorization, `Bearer ${API_KEY}`);
  });
});

test('screenshots of the panel in the dark and the light theme', async () => {
  const s = editor();
  await withArtifactsOnFailure(s, 'screenshots', 60_000, async () => {
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    let panel = await s.wb.panelFrame();
    assert.match(await runStatus(panel), /done/i, 'the previous test’s run should be on show');
    const darkBackground = await panel.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.ok(await panel.evaluate(() => document.body.classList.contains('vscode-dark')), 'webview body has the vscode-dark class');
    await s.wb.page.screenshot({ path: join(SCREENSHOTS_DIR, 'workbench-dark.png') });
    await screenshotPanel(s.wb.page, panel, join(SCREENSHOTS_DIR, 'panel-dark.png'));
    await shootComparison(s, panel, 'dark');

    // Through the settings file: the theme picker would also offer to search a marketplace.
    s.updateSettings({ 'workbench.colorTheme': 'Default Light Modern' });
    await s.wb.page.locator('.monaco-workbench.vs').waitFor({ timeout: 15_000 });
    panel = await s.wb.panelFrame();
    await waitUntil('the panel to switch to the light theme', 10_000, () => panel.evaluate(() => document.body.classList.contains('vscode-light')));
    const lightBackground = await panel.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.notEqual(lightBackground, darkBackground, 'the panel’s background follows the theme');
    await s.wb.page.screenshot({ path: join(SCREENSHOTS_DIR, 'workbench-light.png') });
    await screenshotPanel(s.wb.page, panel, join(SCREENSHOTS_DIR, 'panel-light.png'));
    await shootComparison(s, panel, 'light');

    s.updateSettings({ 'workbench.colorTheme': 'Default Dark Modern' });
    await s.wb.page.locator('.monaco-workbench.vs-dark').waitFor({ timeout: 15_000 });
  });
});

test('a stale docstring: rows show the arguments only, "The docstring implies" heads its table, failed doctests read on one line, the diff is readable (issue 22)', async () => {
  const s = editor();
  current = topScoresRun(100);
  await withArtifactsOnFailure(s, 'stale-docstring', 150_000, async () => {
    await s.clickProbeLens('legacy.py', 'top_scores');
    const panel = await s.wb.panelFrame(30_000, 'PAU Probe: top_scores');
    await waitForStatus(panel, 'done', 90_000, ['failed', 'stopped']);

    // The function's name is in the title; each row shows its arguments, not `top_scores(` again.
    const rows = await probeRows(panel);
    assert.ok(rows.length >= current.turns.length, JSON.stringify(rows));
    for (const row of rows) assert.doesNotMatch(row.input, /top_scores|^f\(/, `a row repeats the function name: ${row.input}`);
    assert.ok(
      rows.some((r) => r.input === '([70, 95, 80, 60], 2)'),
      `no row shows ([70, 95, 80, 60], 2): ${JSON.stringify(rows)}`,
    );

    // The docstring side disagrees: its table's third column says what the docstring implies.
    await panel
      .locator(byTestId('disagreements-docstring'))
      .waitFor({ timeout: 30_000 })
      .catch(async () => {
        throw new Error(`no "Where the docstring is wrong" table; the comparison says: ${await text(panel, 'comparison')}`);
      });
    const heads = await panel.locator(`${byTestId('disagreements-docstring')} th`).allTextContents();
    assert.deepEqual(heads, ['Input', 'The function gives', 'The docstring implies']);
    const inputs = await panel.locator(`${byTestId('disagreements-docstring')} tbody tr td:first-child`).allTextContents();
    assert.ok(inputs.length > 0 && inputs.every((i) => i.startsWith('(')), `the table's inputs: ${JSON.stringify(inputs)}`);
    assert.equal(await panel.locator(byTestId('stale-flag')).count(), 1, 'the docstring is stale');

    // The docstring's first doctest fails: expected and got on one line of the panel.
    const mismatch = panel.locator(byTestId('doctest-mismatch')).first();
    assert.equal((await mismatch.textContent())?.trim(), 'expected [80, 95], got (95, 80)');
    // Laid out before it is measured: the text can be in the DOM a frame before it has a box (CI saw 0 line boxes once).
    // Visible is not enough either: CI's run of c98b9df counted 0 line boxes after it, so the count is read again
    // until the text has any (0 means not laid out yet, which is not what this asserts); one line is then required.
    await mismatch.waitFor({ state: 'visible', timeout: 5_000 });
    const countLineBoxes = () =>
      mismatch.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      });
    let lineBoxes = await countLineBoxes();
    for (const deadline = Date.now() + 5_000; lineBoxes === 0 && Date.now() < deadline; lineBoxes = await countLineBoxes()) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(lineBoxes, 1, 'expected … got … spans more than one line');

    // The two texts are side by side only when each gets a readable width.
    const panes = await panel.locator(`${byTestId('side-by-side')} > .pane`).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width));
    const whole = await panel.locator(byTestId('side-by-side')).evaluate((el) => el.getBoundingClientRect().width);
    for (const width of panes) assert.ok(width >= 400 || width >= whole * 0.95, `a pane of the diff is ${Math.round(width)} px wide of ${Math.round(whole)}`);
    await panel.locator(byTestId('diff-legend')).waitFor({ timeout: 5_000 });

    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    await panel.locator(byTestId('side-by-side')).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshotPanel(s.wb.page, panel, join(SCREENSHOTS_DIR, 'panel-dark-diff.png'));
    await panel.locator(byTestId('disagreements-docstring')).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshotPanel(s.wb.page, panel, join(SCREENSHOTS_DIR, 'panel-dark-docstring-wrong.png'));
  });
});

test('Insert writes the inferred docstring under the def, indented, and the file still parses', async () => {
  const s = editor();
  current = wordCountRun(100);
  const file = join(s.workspace, 'text.py');
  const before = readFileSync(file, 'utf8');
  assert.equal(docstringOf(file, 'word_count'), null, 'examples/text.py:word_count has no docstring to begin with');
  await withArtifactsOnFailure(s, 'insert-docstring', 120_000, async () => {
    await s.clickProbeLens('text.py', 'word_count');
    const panel = await s.wb.panelFrame(30_000, 'PAU Probe: word_count');
    await waitForStatus(panel, 'done', 90_000, ['failed', 'stopped']);
    const insert = panel.locator(byTestId('insert'));
    await waitUntil('the Insert button to be enabled', 15_000, () => insert.isEnabled());
    await insert.click();

    // The edit lands in the editor's document; saving puts it on disk.
    await waitUntil('text.py to become dirty', 15_000, () =>
      s.wb.page
        .locator('.tab.dirty', { hasText: 'text.py' })
        .count()
        .then((n) => n > 0),
    );
    await s.wb.runCommand('File: Save All Files');
    // The save is not one atomic write: CI's run of 31220ef read the file between its parts. The
    // file is read once it parses with the docstring and reads the same again.
    const after = await waitUntil('the docstring on disk', 15_000, () => {
      const now = readFileSync(file, 'utf8');
      if (now === before) return undefined;
      try {
        if (docstringOf(file, 'word_count') === null) return undefined;
      } catch {
        return undefined; // cut in the middle of a line: not parsed yet
      }
      return readFileSync(file, 'utf8') === now ? now : undefined;
    });

    const docstring = docstringOf(file, 'word_count'); // parses the whole file with python3's ast
    assert.ok(docstring, 'word_count has a docstring after Insert');
    assert.match(docstring, /Count how many times each word occurs/);
    const lines = after.split('\n');
    const def = lines.findIndex((l) => l.startsWith('def word_count('));
    assert.match(lines[def + 1]!, /^ {4}(r|u)?("""|''')\S/, 'the docstring opens on the line right under the def, indented 4 spaces');
    // Nothing else changed: the file is the old one with the docstring lines added under the def.
    const added = lines.length - before.split('\n').length;
    assert.deepEqual([...lines.slice(0, def + 1), ...lines.slice(def + 1 + added)], before.split('\n'));
    // And the function still works.
    assert.deepEqual(realCall(file, 'word_count', '"a b a"'), { status: 'returned', repr: "{'a': 2, 'b': 1}" });
  });
});
