// One voice for what PAU Probe says to the user: every Problem the panel's banner shows is
// worded here, by the host (the webview only renders what it is sent), and so are the
// notifications. No `vscode` import: unit-tested under Node.
import type { SessionError, SessionEvent, SessionFile } from '../core/session-types.js';
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
