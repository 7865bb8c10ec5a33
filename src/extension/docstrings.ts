// Writing docstrings into the editor: "Insert Inferred Docstring" (the last run's description,
// its examples re-run first, refused if the file changed since the run started) and
// "Generate Docstrings for File" (probe every undocumented function, then review all the
// edits in the refactor preview before any is applied). Also the two docstrings the
// comparison view shows side by side.
import * as vscode from 'vscode';
import type { DocExample, DocstringStyle, PythonFunction } from '../docstring/index.js';
import type { DocstringTexts } from '../protocol/messages.js';
import { sessionSettings, type Settings } from './contributions/settings.js';
import type { Description, SessionFile } from '../core/session-types.js';
import { ensureTrusted, type Backend, type PauContext } from './context.js';
import { errorMessage } from './log.js';
import { examplesNote, NOTICES } from './notices.js';
import { notify } from './notify.js';
import { displayPath, REPLAY_NOT_INSERTABLE, type RunRecord, type Runs } from './run-record.js';

/** The style setting as the writer takes it: undefined = match the file (`auto`). */
function explicitStyle(settings: Settings): DocstringStyle | undefined {
  return settings.docstringStyle === 'auto' ? undefined : settings.docstringStyle;
}

function styleFor(backend: Backend, settings: Settings, source: string): DocstringStyle {
  return explicitStyle(settings) ?? backend.detectStyle(source) ?? 'google';
}

/** The def among `functions` for `qualname` (the one nearest `near` if it is defined twice). */
function findFunction(functions: PythonFunction[], qualname: string): PythonFunction | undefined {
  return functions.find((f) => f.qualname === qualname);
}

async function functionsOf(backend: Backend, source: string, python: string | undefined, ctx: PauContext): Promise<PythonFunction[]> {
  try {
    return await backend.listFunctions(source, python);
  } catch (err) {
    ctx.log.debug(`Could not list the functions of the file: ${errorMessage(err)}`);
    return [];
  }
}

/** The inferred docstring as Insert would write it (without re-running examples), and the actual one. */
export async function docstringTexts(ctx: PauContext, record: RunRecord): Promise<DocstringTexts> {
  const backend = await ctx.backend();
  const settings = ctx.settings(record.target.uri);
  const description = record.session.final.description;
  let source = record.startText;
  if (source === undefined) {
    try {
      source = Buffer.from(await vscode.workspace.fs.readFile(record.target.uri)).toString('utf8');
    } catch {
      source = '';
    }
  }
  const python =
    record.python ??
    (await ctx.python.resolve(record.target.uri, settings.pythonPath).then(
      (p) => p.path,
      () => undefined,
    ));
  const fn = source ? findFunction(await functionsOf(backend, source, python, ctx), record.target.qualname) : undefined;
  const style = styleFor(backend, settings, source);
  const inferred = description
    ? backend.renderDocstring(description, style, {
        ...backend.docstringNames(record.session.target.shownAs, record.target.qualname, fn),
        existingDocstring: fn?.docstring ?? null,
      })
    : null;
  // The docstring the run was compared with; sessions saved before it was recorded fall back to the file.
  const target = record.session.target;
  const actual = target.docstring !== undefined ? target.docstring : (fn?.docstring ?? null);
  return { inferred, actual, style };
}

interface Verified {
  kept: DocExample[];
  dropped: number;
}

/** Re-runs the examples in a fresh worker; only those that give the same result again are written. */
async function verify(
  ctx: PauContext,
  backend: Backend,
  record: Pick<RunRecord, 'target' | 'python'>,
  session: SessionFile,
  description: Description,
  signal: AbortSignal,
): Promise<Verified> {
  const { examples, unmatched } = backend.examplesToVerify(session, description);
  if (unmatched.length > 0) ctx.log.info(`Examples left out (not calls the run made): ${unmatched.join('; ')}`);
  if (examples.length === 0) return { kept: [], dropped: unmatched.length };
  const target = { file: record.target.uri.fsPath, qualname: record.target.qualname };
  const result = await backend.verifyInFreshWorker(
    backend.startWorker,
    { target, python: record.python, settings: ctx.settings(record.target.uri) },
    examples,
    signal,
  );
  for (const d of result.dropped) ctx.log.info(`Example dropped: ${d.call} (${d.reason})`);
  return { kept: result.kept, dropped: result.dropped.length + unmatched.length };
}

/**
 * Asks before a hand-written docstring is replaced: a modal with the line diff, and "Show Diff"
 * opens both versions side by side before asking again. True only for an explicit Replace.
 */
async function confirmReplace(backend: Backend, qualname: string, before: string, after: string): Promise<boolean> {
  const diff = backend.compactDiff(backend.lineDiff(before, after)).join('\n');
  for (;;) {
    const answer = await notify(NOTICES.confirmReplaceDocstring(qualname, diff));
    if (answer !== 'diff') return answer === 'replace';
    const [left, right] = await Promise.all([
      vscode.workspace.openTextDocument({ content: before, language: 'plaintext' }),
      vscode.workspace.openTextDocument({ content: after, language: 'plaintext' }),
    ]);
    await vscode.commands.executeCommand('vscode.diff', left.uri, right.uri, `Docstring of ${qualname}: written ↔ inferred`);
  }
}

export async function insertInferredDocstring(ctx: PauContext, runs: Runs): Promise<void> {
  if (runs.running) {
    void notify(NOTICES.insertWhileRunning());
    return;
  }
  const record = runs.last;
  const description = record?.session.final.description;
  if (!record || !description) {
    void notify(NOTICES.nothingToInsert());
    return;
  }
  const blocked = runs.insertBlocked(record);
  if (blocked !== null || record.startText === undefined) {
    // insertBlocked refuses a record without its start text, so `blocked` holds the reason.
    void notify(NOTICES.insertRefused(blocked ?? REPLAY_NOT_INSERTABLE));
    return;
  }
  if (!(await ensureTrusted())) return;
  const backend = await ctx.backend();
  const document = await vscode.workspace.openTextDocument(record.target.uri);
  const startText = record.startText;
  if (!backend.documentUnchanged(startText, document.getText())) {
    void notify(NOTICES.insertRefused(backend.DOCUMENT_CHANGED_MESSAGE));
    return;
  }
  const settings = ctx.settings(record.target.uri);
  const qualname = record.target.qualname;

  const outcome = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: NOTICES.writingDocstring(qualname), cancellable: true },
    async (progress, token) => {
      const controller = new AbortController();
      token.onCancellationRequested(() => controller.abort());
      progress.report({ message: 're-running the examples…' });
      const verified = await verify(ctx, backend, record, record.session, description, controller.signal);
      if (controller.signal.aborted) return undefined;
      progress.report({ message: 'placing it…' });
      const written = await backend.docstringForRun(record.session, description, document.getText(), verified.kept, {
        startText,
        style: explicitStyle(settings),
        python: record.python,
        signal: controller.signal,
      });
      return { ...written, verified };
    },
  );
  if (!outcome) return;
  const { edit, verified, style, existing } = outcome;
  if (edit.kind === 'refused') {
    ctx.log.warn(`Insert refused for ${qualname}: ${edit.message}`);
    void notify(NOTICES.insertRefused(edit.message));
    return;
  }
  if (edit.replaced && existing !== null && existing.trim() !== edit.text.trim() && !(await confirmReplace(backend, qualname, existing, edit.text))) {
    ctx.log.info(`Kept the docstring of ${qualname}: replacing it was not confirmed.`);
    return;
  }
  // The document may have changed while the examples ran: the same check, one last time.
  if (!backend.documentUnchanged(startText, document.getText())) {
    void notify(NOTICES.insertRefused(backend.DOCUMENT_CHANGED_MESSAGE));
    return;
  }
  const workspaceEdit = new vscode.WorkspaceEdit();
  workspaceEdit.replace(document.uri, new vscode.Range(document.positionAt(edit.start), document.positionAt(edit.end)), edit.newText);
  if (!(await vscode.workspace.applyEdit(workspaceEdit))) {
    void notify(NOTICES.editNotApplied());
    return;
  }
  runs.publishState();
  const examples = examplesNote(verified.kept.length, verified.dropped);
  ctx.log.info(`${edit.replaced ? 'Replaced' : 'Inserted'} the ${style} docstring of ${qualname} (${examples}).`);
  void vscode.window.setStatusBarMessage(NOTICES.inserted(qualname, edit.replaced, verified.kept.length, verified.dropped), 5000);
}

/** Functions worth a generated docstring: undocumented, importable, not dunders. */
function wantsDocstring(fn: PythonFunction): boolean {
  return !fn.hasDocstring && !fn.inFunction && !/^__\w+__$/.test(fn.name);
}

export async function generateDocstringsForFile(ctx: PauContext, runs: Runs, given?: vscode.Uri): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const uri = given ?? editor?.document.uri;
  if (!uri || (editor && !given && editor.document.languageId !== 'python')) {
    void notify(NOTICES.generateNeedsPythonFile());
    return;
  }
  if (!(await ensureTrusted())) return;
  if (runs.running) await runs.stop('Generate Docstrings for File started');
  const document = await vscode.workspace.openTextDocument(uri);
  if (document.isDirty) {
    if ((await notify(NOTICES.unsavedBeforeGenerate(displayPath(uri)))) !== 'save') return;
    if (!(await document.save())) return;
  }
  const settings = ctx.settings(uri);
  const backend = await ctx.backend();
  let python: string;
  try {
    python = (await ctx.python.resolve(uri, settings.pythonPath)).path;
  } catch (err) {
    void notify(NOTICES.failed(errorMessage(err)));
    return;
  }
  const source = document.getText();
  let functions: PythonFunction[];
  try {
    functions = await backend.listFunctions(source, python);
  } catch (err) {
    void notify(NOTICES.failed(errorMessage(err)));
    return;
  }
  const todo = functions.filter(wantsDocstring);
  if (todo.length === 0) {
    void notify(NOTICES.allDocumented(displayPath(uri)));
    return;
  }
  // The offline explorer unless an endpoint is configured: it needs no key and costs nothing.
  const llm = await ctx.endpoint.llm(settings);
  const mode = llm ? 'llm' : 'offline';
  const style = styleFor(backend, settings, source);
  ctx.log.info(`Generating ${style} docstrings for ${todo.length} function${todo.length === 1 ? '' : 's'} of ${displayPath(uri)} (${mode}).`);

  type Proposal = { fn: PythonFunction; description: Description; body: (cols: number) => string };
  const proposals: Proposal[] = [];
  const failures: string[] = [];
  await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: NOTICES.generatingDocstrings(displayPath(uri)), cancellable: true },
    async (progress, token) => {
      const controller = new AbortController();
      token.onCancellationRequested(() => controller.abort());
      // Each function's run and its examples' re-run start a worker for a target of this file:
      // after the first, they fork from a warm parent of its folder (probe/warm-pool.ts),
      // which goes with the batch, finished or cancelled.
      const pool = new backend.WarmPool({ mayStart: () => vscode.workspace.isTrusted });
      const pooled: Backend = { ...backend, startWorker: pool.startWorker };
      try {
        for (const [i, fn] of todo.entries()) {
          if (controller.signal.aborted) break;
          progress.report({ message: `${fn.qualname} (${i + 1} of ${todo.length})`, increment: 100 / todo.length });
          const session = await backend.runSession(
            {
              target: { file: uri.fsPath, qualname: fn.qualname },
              settings: sessionSettings(settings, mode, llm),
              ...(llm ? { llm } : {}),
              python,
              compare: false,
              signal: controller.signal,
            },
            { startWorker: pool.startWorker },
          );
          const description = session.final.description;
          if (!description || (session.error && session.error.kind !== 'budget')) {
            if (session.error?.kind !== 'stopped') failures.push(`${fn.qualname}: ${session.error?.message ?? 'no description'}`);
            continue;
          }
          let kept: DocExample[] = [];
          try {
            kept = (await verify(ctx, pooled, { target: { uri, qualname: fn.qualname }, python }, session, description, controller.signal)).kept;
          } catch (err) {
            if (controller.signal.aborted) break;
            ctx.log.warn(`Examples of ${fn.qualname} not verified: ${errorMessage(err)}`);
          }
          const names = backend.docstringNames(session.target.shownAs, fn.qualname, fn);
          proposals.push({ fn, description, body: backend.docstringBody(description, style, names, kept) });
        }
      } finally {
        await pool.dispose();
      }
    },
  );
  for (const f of failures) ctx.log.warn(`No docstring generated for ${f}`);
  if (proposals.length === 0) {
    void notify(NOTICES.noneGenerated(failures.length));
    return;
  }

  const batch = await backend.computeDocstringEdits(
    document.getText(),
    proposals.map((p) => ({ qualname: p.fn.qualname, line: p.fn.line, body: p.body })),
    { startText: source, python },
  );
  for (const r of batch.refused) ctx.log.warn(`Not written: ${r.qualname ?? ''} ${r.message}`);
  if (batch.edits.length === 0) {
    void notify(NOTICES.noneCouldBePlaced(batch.refused[0]?.message));
    return;
  }
  // Every edit needs confirmation: VS Code shows them in the Refactor Preview, unticked; the user
  // ticks the docstrings to keep and applies. Say so, since an untouched Apply writes nothing.
  void notify(NOTICES.proposalsInPreview(batch.edits.length));
  const edit = new vscode.WorkspaceEdit();
  for (const e of batch.edits) {
    const proposal = proposals.find((p) => p.fn.qualname === e.qualname);
    edit.replace(uri, new vscode.Range(document.positionAt(e.start), document.positionAt(e.end)), e.newText, {
      label: `Docstring of ${e.qualname}`,
      description: proposal?.description.summary,
      needsConfirmation: true,
    });
  }
  const applied = await vscode.workspace.applyEdit(edit, { isRefactoring: true });
  ctx.log.info(
    `Generate Docstrings: ${batch.edits.length} proposed, ${applied ? 'applied after review' : 'not applied'}; ${failures.length + batch.refused.length} not generated.`,
  );
}
