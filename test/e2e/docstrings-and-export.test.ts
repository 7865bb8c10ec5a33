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
import { editorForFile, python3, withArtifactsOnFailure } from './harness/editor-session.js';
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
