// Without any endpoint configured (pau.baseUrl empty): "Generate Docstrings for File" probes
// every undocumented function with the offline explorer and proposes the docstrings in the
// refactor preview, where Apply writes them; "Export Session" saves the last run as JSON and
// as Markdown through the save dialog.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { SessionFile } from '../../src/core/session-types.js';
import { REPO_ROOT } from './harness/code-server.js';
import { editorForFile, python3, SCREENSHOTS_DIR, withArtifactsOnFailure } from './harness/editor-session.js';
import { waitForStatus } from './harness/panel.js';
import { waitUntil } from './harness/workbench.js';

const editor = editorForFile({ settings: { 'pau.baseUrl': undefined } });

interface Shape {
  /** Functions (qualname) without a docstring. */
  undocumented: string[];
  /** Whether the file parses. */
  parses: boolean;
  /** The AST with every docstring stripped. */
  dump: string;
}

// Reads a Python file the way Python does: which functions lack a docstring, and the code
// without its docstrings (so that only docstrings may differ between two versions).
const SHAPE_SCRIPT = `
import ast, json, sys
src = open(sys.argv[1], encoding="utf-8").read()
try:
    tree = ast.parse(src)
except SyntaxError:
    print(json.dumps({"undocumented": [], "parses": False, "dump": ""}))
    sys.exit(0)
undocumented = []
def walk(node, prefix):
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            name = prefix + child.name
            if not isinstance(child, ast.ClassDef) and ast.get_docstring(child) is None:
                undocumented.append(name)
            walk(child, name + ".")
walk(tree, "")
for node in ast.walk(tree):
    if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and ast.get_docstring(node, clean=False) is not None:
        node.body = node.body[1:] or [ast.Pass()]
print(json.dumps({"undocumented": undocumented, "parses": True, "dump": ast.dump(tree)}))
`;

function shapeOf(file: string): Shape {
  return JSON.parse(execFileSync(python3(), ['-c', SHAPE_SCRIPT, file], { encoding: 'utf8' })) as Shape;
}

test('PAU: Generate Docstrings for File writes a docstring for every undocumented function, after the refactor preview', async () => {
  const s = editor();
  const file = join(s.workspace, 'undocumented.py');
  const before = shapeOf(join(REPO_ROOT, 'examples', 'undocumented.py'));
  assert.ok(before.undocumented.length >= 2, `the example has undocumented functions (${before.undocumented.join(', ')})`);

  await withArtifactsOnFailure(s, 'generate-docstrings', 90_000, async () => {
    await s.wb.openFile('undocumented.py');
    await s.wb.runCommand('PAU: Generate Docstrings for File');
    // Nothing is written before the user reviews the edits: the refactor preview lists one per function.
    const preview = s.wb.page.locator('.bulk-edit-panel');
    const edits = preview.locator('.monaco-tl-contents.textedit');
    await waitUntil(
      `the refactor preview to list ${before.undocumented.length} docstring edits`,
      60_000,
      async () => (await edits.count()) === before.undocumented.length,
    );
    for (const row of await edits.allTextContents()) assert.match(row, /"""/, `each edit is a docstring: ${row}`);
    await s.wb.page.screenshot({ path: join(SCREENSHOTS_DIR, 'docstrings-preview-dark.png') });
    assert.deepEqual(shapeOf(file).undocumented, before.undocumented, 'the file on disk is untouched while the preview is open');
    // Edits that need confirmation start unticked (VS Code's rule): tick the file, which ticks them all, then Apply.
    await preview.locator('.monaco-tl-contents:not(.textedit) .edit-checkbox').first().check({ timeout: 10_000 });
    await waitUntil(
      'every docstring edit to be ticked',
      5_000,
      async () => (await edits.locator('.edit-checkbox').evaluateAll((boxes) => boxes.every((b) => (b as HTMLInputElement).checked))) || undefined,
    );
    await preview
      .locator('.monaco-button', { hasText: /^Apply$/ })
      .first()
      .click({ timeout: 10_000 });
    await edits.first().waitFor({ state: 'detached', timeout: 15_000 });
    // The edits land in the editor (unsaved): save them.
    await s.wb.openFile('undocumented.py');
    await s.wb.runCommand('File: Save');
    const after = await waitUntil('undocumented.py to be saved with the docstrings', 15_000, () => {
      const now = shapeOf(file);
      return now.undocumented.length === 0 ? now : undefined;
    });
    assert.ok(after.parses, 'the file still parses');
    assert.equal(after.dump, before.dump, 'only docstrings were added: the code is the same');
  });
});

test('PAU: Export Session saves the last offline run as JSON and as Markdown', async () => {
  const s = editor();
  await withArtifactsOnFailure(s, 'export-session', 60_000, async () => {
    await s.wb.openFile('text.py');
    const lines = readFileSync(join(s.workspace, 'text.py'), 'utf8').split('\n');
    await s.wb.goToLine(lines.findIndex((l) => l.startsWith('def rot13(')) + 2); // inside its body
    await s.wb.runCommand('PAU: Probe with Offline Explorer');
    const panel = await s.wb.panelFrame(30_000, 'PAU Probe: rot13');
    await waitForStatus(panel, 'done', 45_000, ['failed', 'stopped']);

    // code-server's save dialog is a quick input holding a path.
    const exportTo = async (path: string) => {
      await s.wb.runCommand('PAU: Export Session');
      await s.wb.answerQuickInput(path);
      await waitUntil(`${path} to be written`, 15_000, () => existsSync(path));
    };
    const jsonPath = join(s.workspace, 'rot13-session.json');
    const mdPath = join(s.workspace, 'rot13-report.md');
    await exportTo(jsonPath);
    await exportTo(mdPath);

    const session = await waitUntil('the exported JSON to be complete', 5_000, () => {
      try {
        return JSON.parse(readFileSync(jsonPath, 'utf8')) as SessionFile;
      } catch {
        return undefined;
      }
    });
    assert.equal(session.version, 1);
    assert.equal(session.target.qualname, 'rot13');
    assert.equal(session.target.file, join(s.workspace, 'text.py'));
    assert.equal(session.settings.mode, 'offline');
    assert.ok(session.probes.length > 0, 'the session has probes');
    assert.ok(session.final.description, 'the session has a description');

    const markdown = readFileSync(mdPath, 'utf8');
    assert.match(markdown, /^# PAU Probe: `rot13`/m);
    assert.match(markdown, new RegExp(`^## Probes \\(${session.probes.length}\\)`, 'm'));
    assert.match(markdown, /^\| # \| Call \| Outcome \|/m);
    // One table row per probe in the Probes section (the inputs-and-outputs table repeats the calls).
    const probesSection = markdown.slice(markdown.indexOf('## Probes'), markdown.indexOf('\n## ', markdown.indexOf('## Probes')));
    const rows = probesSection.split('\n').filter((l) => /^\| \d+ \| `rot13\(/.test(l));
    assert.equal(rows.length, session.probes.length, 'one table row per probe');
  });
});

// Runs the doctests of one function's docstring, as `python -m doctest` would, in the module's
// own globals: how many examples ran and how many failed.
const DOCTEST_SCRIPT = `
import doctest, importlib.util, json, sys
spec = importlib.util.spec_from_file_location("target", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
fn = getattr(module, sys.argv[2])
runner = doctest.DocTestRunner(verbose=False)
for t in doctest.DocTestFinder(recurse=False).find(fn, sys.argv[2], globs=vars(module)):
    runner.run(t, out=lambda s: sys.stderr.write(s))
print(json.dumps({"attempted": runner.tries, "failed": runner.failures, "docstring": fn.__doc__}))
`;

function doctests(file: string, name: string): { attempted: number; failed: number; docstring: string | null } {
  return JSON.parse(execFileSync(python3(), ['-c', DOCTEST_SCRIPT, file, name], { encoding: 'utf8' })) as {
    attempted: number;
    failed: number;
    docstring: string | null;
  };
}

/** Lines of an offline run's evidence, which belong in the report and never in the source. */
const EVIDENCE = /Evidence for each property|does not hold|not established|Explored offline with|holds —|no call differing from it/;

async function probeOffline(s: ReturnType<typeof editor>, file: string, def: string): Promise<void> {
  await s.wb.openFile(file);
  const lines = readFileSync(join(s.workspace, file), 'utf8').split('\n');
  await s.wb.goToLine(lines.findIndex((l) => l.startsWith(`def ${def}(`)) + 2); // inside its body
  await s.wb.runCommand('PAU: Probe with Offline Explorer');
  const panel = await s.wb.panelFrame(30_000, `PAU Probe: ${def}`);
  await waitForStatus(panel, 'done', 60_000, ['failed', 'stopped']);
  await s.wb.openFile(file);
}

test('PAU: Insert Inferred Docstring after an offline run writes a docstring without evidence whose examples pass as doctests, and asks before replacing a hand-written one', async () => {
  const s = editor();
  const file = join(s.workspace, 'mathx.py');
  const original = readFileSync(file, 'utf8');
  await withArtifactsOnFailure(s, 'insert-offline-docstring', 180_000, async () => {
    // mean has no docstring: Insert writes one at once.
    assert.equal(doctests(file, 'mean').docstring, null, 'examples/mathx.py:mean has no docstring to begin with');
    await probeOffline(s, 'mathx.py', 'mean');
    await s.wb.runCommand('PAU: Insert Inferred Docstring');
    await waitUntil('mathx.py to become dirty', 30_000, async () => (await s.wb.page.locator('.tab.dirty', { hasText: 'mathx.py' }).count()) > 0);
    await s.wb.runCommand('File: Save All Files');
    const mean = await waitUntil('the docstring of mean on disk', 15_000, () => {
      const d = doctests(file, 'mean');
      return d.docstring ? d : undefined;
    });
    assert.doesNotMatch(mean.docstring!, EVIDENCE, `no evidence in the source:\n${mean.docstring}`);
    assert.ok(mean.attempted >= 2, `at least two examples (${mean.attempted}):\n${mean.docstring}`);
    assert.equal(mean.failed, 0, `every example passes as a doctest:\n${mean.docstring}`);

    // clamp has a docstring a person wrote: Insert asks first, in a modal that shows the change.
    const handWritten = doctests(file, 'clamp').docstring!;
    const beforeClamp = readFileSync(file, 'utf8');
    await probeOffline(s, 'mathx.py', 'clamp');
    const dialog = s.wb.page.locator('.monaco-dialog-box');
    await s.wb.runCommand('PAU: Insert Inferred Docstring');
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    assert.match(await dialog.innerText(), /Replace the existing docstring of clamp/);
    assert.match(await dialog.innerText(), /^- Limit a number to a closed interval\.$/m, 'the dialog shows the line diff');
    await dialog.screenshot({ path: join(SCREENSHOTS_DIR, 'docstring-replace-diff-dark.png') });
    await s.wb.page.keyboard.press('Escape'); // the modal's Cancel
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 1_000));
    assert.equal(await s.wb.page.locator('.tab.dirty', { hasText: 'mathx.py' }).count(), 0, 'Cancel leaves the file as it was');
    assert.equal(readFileSync(file, 'utf8'), beforeClamp);

    await s.wb.runCommand('PAU: Insert Inferred Docstring');
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    // dispatchEvent: a tall dialog may put its buttons below the fold of the browser's viewport.
    await dialog.locator('.monaco-button', { hasText: /^Replace$/ }).dispatchEvent('click');
    await waitUntil('mathx.py to become dirty', 15_000, async () => (await s.wb.page.locator('.tab.dirty', { hasText: 'mathx.py' }).count()) > 0);
    await s.wb.runCommand('File: Save All Files');
    const clamp = await waitUntil('the new docstring of clamp on disk', 15_000, () => {
      const d = doctests(file, 'clamp');
      return d.docstring !== handWritten ? d : undefined;
    });
    assert.doesNotMatch(clamp.docstring!, EVIDENCE, `no evidence in the source:\n${clamp.docstring}`);
    assert.match(clamp.docstring!, /The value to limit\./, `the person's parameter descriptions are kept:\n${clamp.docstring}`);
    assert.ok(clamp.attempted >= 2, `at least two examples (${clamp.attempted}):\n${clamp.docstring}`);
    assert.equal(clamp.failed, 0, `every example passes as a doctest:\n${clamp.docstring}`);
    // Only docstrings changed.
    assert.equal(shapeOf(file).dump, shapeOf(join(REPO_ROOT, 'examples', 'mathx.py')).dump);
    assert.notEqual(readFileSync(file, 'utf8'), original);
  });
});
