// One voice for what PAU Probe says to the user: every Problem the panel's banner shows is
// worded here, by the host (the webview only renders what it is sent), and so are the
// notifications. No `vscode` import: unit-tested under Node.
import type { SessionError, SessionEvent, SessionFile } from '../core/session-types.js';
import { article } from '../core/article.js';
import type { FixableSetting, Problem } from '../protocol/problems.js';
import { paletteTitle } from './contributions/commands.js';
import { qualifiedKey } from './contributions/settings.js';

const SET_KEY = paletteTitle('setApiKey');
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const SHOW_LOG = paletteTitle('showLog');

const setting = (key: FixableSetting, label = 'Open Setting') => ({ action: 'open-setting' as const, setting: key, label });

/** The banner for a session's error; `undefined` for a deliberate stop (the status says it). */
export function describeSessionError(error: SessionError): Problem | undefined {
  const message = error.message.trim() || 'No details were given.';
  switch (error.kind) {
    case 'stopped':
      return undefined;
    case 'llm-auth':
      // The engine's sentence already says the key was refused, and names the command when the
      // host gave it the hint: say each once.
      return {
        severity: 'error',
        message: /api key/i.test(message) ? capitalize(message) : `The endpoint rejected the API key: ${message}`,
        hint: message.includes(SET_KEY) ? 'Then Re-run.' : `Run “${SET_KEY}” to store a valid key, then Re-run.`,
        fix: { action: 'set-api-key', label: 'Set API Key' },
      };
    case 'llm-rate-limit':
      return {
        severity: 'error',
        message: `The endpoint kept refusing requests (rate limit): ${message}`,
        hint: `Wait a minute and Re-run, or lower ${qualifiedKey('maxProbes')}.`,
        fix: { action: 'rerun', label: 'Re-run' },
      };
    case 'llm-server':
      return {
        severity: 'error',
        message: `The endpoint failed: ${message}`,
        hint: `Check the server, ${qualifiedKey('baseUrl')} and ${qualifiedKey('model')}, then Re-run.`,
        fix: setting('baseUrl'),
      };
    case 'llm-stream':
      return {
        severity: 'error',
        message: `The connection to the endpoint broke off: ${message}`,
        hint: 'Re-run; if it keeps happening, the server or a proxy is cutting long replies.',
        fix: { action: 'rerun', label: 'Re-run' },
      };
    case 'llm-other':
      return {
        severity: 'error',
        message: `The LLM request failed: ${message}`,
        hint: `Check ${qualifiedKey('baseUrl')} and ${qualifiedKey('model')}.`,
        fix: setting('baseUrl'),
      };
    case 'import':
      return {
        severity: 'error',
        message: `The module could not be imported: ${message}`,
        hint: `Fix the error in the module, or point ${qualifiedKey('pythonPath')} at the environment that has its dependencies.`,
        fix: setting('pythonPath'),
      };
    case 'worker':
      return {
        severity: 'error',
        message: `The Python worker failed: ${message}`,
        hint: `See “${SHOW_LOG}” for details; check ${qualifiedKey('pythonPath')}.`,
        fix: { action: 'show-log', label: 'Show Log' },
      };
    case 'sandbox':
      // The message names what is missing (bubblewrap not installed, user namespaces off).
      return {
        severity: 'error',
        message: `Nothing was run, because ${qualifiedKey('sandbox')} is “os” and ${message}`,
        hint: `Install or enable what is missing, or set ${qualifiedKey('sandbox')} to “auto” to run with the guards only where there is no OS sandbox; then Re-run.`,
        fix: setting('sandbox'),
      };
    case 'budget':
      return {
        severity: 'warning',
        message: `The probe budget ran out before the agent concluded: ${message}`,
        hint: `Raise ${qualifiedKey('maxProbes')} and Re-run.`,
        fix: setting('maxProbes', 'Raise the Budget'),
      };
    case 'internal':
      return {
        severity: 'error',
        message: `Something went wrong inside PAU Probe: ${message}`,
        hint: `See “${SHOW_LOG}”; please report it with the log.`,
        fix: { action: 'show-log', label: 'Show Log' },
      };
  }
}

/**
 * The banner a whole session calls for: its error, where a budget that ran out without any
 * description is an error (nothing is left to use), not a warning. Null: no banner.
 */
export function sessionProblem(session: Pick<SessionFile, 'error' | 'final'>): Problem | null {
  if (!session.error) return null;
  const problem = describeSessionError(session.error);
  if (!problem) return null;
  return session.error.kind === 'budget' && !session.final.description ? { ...problem, severity: 'error' } : problem;
}

/** What a live event changes in the banner: a Problem, null to clear it, undefined for no change. */
export function problemForEvent(event: SessionEvent): Problem | null | undefined {
  if (event.type === 'error') return describeSessionError(event.error) ?? null;
  if (event.type === 'finished') return sessionProblem(event.session);
  return undefined;
}

/** No usable interpreter (the run did not start). */
export function pythonNotFoundProblem(message: string): Problem {
  return {
    severity: 'error',
    message,
    hint: `Set ${qualifiedKey('pythonPath')} to a Python 3.9+ interpreter.`,
    fix: setting('pythonPath'),
  };
}

/** A notification: its text and its buttons, keyed by the name the caller checks the answer with. */
export interface Notice<A extends string = never> {
  severity: 'info' | 'warning' | 'error';
  message: string;
  actions: Partial<Record<A, string>>;
  /** A modal dialog with this text under the message: the user must answer before going on. */
  modalDetail?: string;
}

const notice =
  (severity: Notice['severity']) =>
  <A extends string = never>(message: string, actions: Partial<Record<A, string>> = {}): Notice<A> => ({ severity, message, actions });
const info = notice('info');
const warning = notice('warning');
const failure = notice('error');
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Every notification the extension shows, by what it is about. `PAU:` says who is speaking. */
export const NOTICES = {
  /** `auto` found no OS sandbox (bubblewrap missing, user namespaces off): before the first call, once. */
  autoWithoutOsLayer: (detail: string) =>
    warning(
      `No OS sandbox here (${detail}): calls run with the guards only, which do not stop determined code from reading your files and environment. ` +
        `Install bubblewrap (Debian/Ubuntu: \`sudo apt install bubblewrap\`), or set ${qualifiedKey('sandbox')} to “os” to refuse to run without it.`,
      { setting: 'Open Setting' },
    ),
  // Starting a run.
  untrustedWorkspace: () =>
    failure('PAU Probe imports and runs the functions of this workspace, so it only works in a trusted workspace.', { manage: 'Manage Workspace Trust' }),
  noFunctionEditor: () =>
    info(`Open a Python file and put the cursor inside a function, or choose one with “${paletteTitle('probeFunction')}”.`, {
      pick: paletteTitle('probeFunction'),
    }),
  cursorOutsideFunction: () =>
    info(`The cursor is not inside a function. Put it in a def, or choose one with “${paletteTitle('probeFunction')}”.`, {
      pick: paletteTitle('probeFunction'),
    }),
  notOnDisk: () => failure('PAU Probe runs functions from files on disk; save this file first.'),
  nestedFunction: (qualname: string) =>
    warning(`${qualname} is defined inside another function, so it cannot be imported and called on its own. Probe the enclosing function instead.`),
  /** The def at the cursor is one the CodeLens does not offer (an @overload stub, a property, a def redefined later). */
  notProbeable: (qualname: string, reason: string) => warning(`${qualname} at the cursor is not probed: ${reason}.`),
  unsavedBeforeRun: (path: string) =>
    warning(`${path} has unsaved changes. PAU Probe imports the file from disk.`, { save: 'Save and Probe', asIs: 'Probe the Saved File' }),
  /** No endpoint; `local` names the local model servers found running, with their model counts. */
  noEndpoint: (local: { label: string; models: number }[] = []) =>
    info(
      `The LLM agent needs an OpenAI-compatible endpoint (${qualifiedKey('baseUrl')} is empty).${
        local.length ? ` ${local.map((s) => `${s.label} is running here with ${plural(s.models, 'model')}`).join('; ')}.` : ''
      } ${local.length ? 'Pick one of its models, set up another endpoint' : 'Set one up'}, or probe with the offline explorer, which needs none.`,
      local.length
        ? { pickLocal: `Pick ${article(local.map((s) => s.label).join(' or '))} Model`, setUp: 'Set Up an Endpoint', offline: 'Use the Offline Explorer' }
        : { setUp: 'Set Up an Endpoint', offline: 'Use the Offline Explorer' },
    ),
  /** No endpoint, but VS Code has language models. */
  noEndpointButVscodeModels: (count: number) =>
    info(
      `The LLM agent needs a model: one of the ${plural(count, 'language model')} VS Code has, or an OpenAI-compatible endpoint. Or probe with the offline explorer, which needs none.`,
      { pick: 'Pick a VS Code Model', setUp: 'Set Up an Endpoint', offline: 'Use the Offline Explorer' },
    ),
  noVscodeModels: () =>
    info(
      'PAU: VS Code offers no language models here. Install an extension that provides them (e.g. GitHub Copilot Chat), or set up an OpenAI-compatible endpoint.',
    ),
  pythonNotFound: (message: string, canSelect: boolean) =>
    failure(`PAU Probe: ${message}`, canSelect ? { openSetting: 'Open Setting', select: 'Select Interpreter' } : { openSetting: 'Open Setting' }),
  nothingToRerun: () => info(`Nothing to re-run yet: use “${paletteTitle('probeAtCursor')}” first.`),
  nothingRunning: () => info('PAU: nothing is running.'),

  // Failures of a command or a panel action.
  commandFailed: (title: string, detail: string) => failure(`${title} failed: ${detail}`, { showLog: 'Show Log' }),
  failed: (detail: string) => failure(`PAU: ${detail}`),
  engineNotLoaded: (detail: string) => `PAU Probe could not load its engine: ${detail}. See “${paletteTitle('showLog')}”.`,

  // Export Probes as pytest.
  pytestWhileRunning: () => info('PAU: the run is still going; export its probes when it has ended (or Stop it).'),
  noProbesToExport: () => info(`PAU: no probes to export. Probe a function first, or open a session with “${paletteTitle('openSession')}”.`),
  exportFailed: (detail: string) => failure(`PAU: the probes were not exported: ${detail}`),
  pytestWritten: (cases: number, path: string, skipped: number) =>
    info(
      `PAU: ${plural(cases, 'test')} written to ${path}; all passed under pytest${skipped ? ` (${plural(skipped, 'probe')} left out, see the module's docstring)` : ''}.`,
    ),

  // The API key.
  apiKeyRemoved: () => info('PAU: the stored API key was removed.'),
  apiKeyStored: () => info('PAU: API key stored.'),

  // Copy, Insert and Generate.
  nothingToCopy: () => info('PAU: there is no description to copy yet.'),
  copied: (what: 'docstring' | 'description') => `PAU: copied the ${what === 'docstring' ? 'inferred docstring' : 'description'}`,
  insertWhileRunning: () => info('PAU: the run is still going; insert its docstring when it has ended.'),
  nothingToInsert: () => info('PAU: there is no inferred description to insert yet. Probe a function first.'),
  /** Insert refused: the reason is already a sentence (the file changed, the edit is unsafe, …). */
  insertRefused: (reason: string) => warning(`PAU: ${reason}`),
  editNotApplied: () => failure('PAU: the editor did not accept the edit; nothing was changed.'),
  inserted: (qualname: string, replaced: boolean, kept: number, dropped: number) =>
    `PAU: ${replaced ? 'replaced' : 'inserted'} the docstring of ${qualname} (${examplesNote(kept, dropped)})`,
  generateNeedsPythonFile: () => info('PAU: open a Python file to generate its docstrings.'),
  // Replacing what a person wrote: asked first, in a modal, with what changes.
  confirmReplaceDocstring: (qualname: string, diff: string) => ({
    ...warning(`Replace the existing docstring of ${qualname} with the inferred one?`, {
      replace: 'Replace',
      diff: 'Show Diff',
    }),
    modalDetail: diff,
  }),
  unsavedBeforeGenerate: (path: string) => warning(`${path} has unsaved changes; PAU Probe imports the file from disk.`, { save: 'Save and Continue' }),
  allDocumented: (path: string) => info(`PAU: every function in ${path} already has a docstring.`),
  noneGenerated: (failed: number) => warning(`PAU: no docstring could be generated${failed ? ` (${failed} failed; see the log)` : ''}.`),
  noneCouldBePlaced: (reason: string | undefined) => warning(`PAU: ${reason ?? 'no docstring could be placed.'}`),
  proposalsInPreview: (count: number) => info(`PAU: ${plural(count, 'proposed docstring')} in the Refactor Preview: tick the ones to keep, then Apply.`),

  // Progress notifications (cancellable).
  probing: (qualname: string) => `PAU: probing ${qualname}`,
  writingDocstring: (qualname: string) => `PAU: writing the docstring of ${qualname}`,
  generatingDocstrings: (path: string) => `PAU: docstrings for ${path}`,

  // Sessions.
  exportWhileRunning: () => info('PAU: the run is still going; export it when it has ended (or Stop it).'),
  nothingToExport: () => info(`PAU: no session to export. Probe a function first, or open one with “${paletteTitle('openSession')}”.`),
  exported: (path: string) => info(`PAU: session exported to ${path}.`, { open: 'Open' }),
  notJson: (path: string, detail: string) => failure(`PAU: ${path} is not a readable JSON file: ${detail}`),
  notASession: (path: string, problem: string) => failure(`PAU: ${path} is not a session PAU Probe can replay: ${problem}.`),
};

/** `3 examples re-run and verified, 1 left out`: what Insert checked. */
export function examplesNote(kept: number, dropped: number): string {
  return `${plural(kept, 'example')} re-run and verified${dropped ? `, ${dropped} left out` : ''}`;
}
