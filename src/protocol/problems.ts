// What the panel's error banner says, and which action fixes it. Shared so that the host's
// notifications and the webview's banner name the same command the same way.
import type { SessionError } from '../core/session-types.js';
import { paletteTitle } from './commands.js';
import { isSettingKey, qualifiedKey, type SettingKey } from './settings.js';

/** An action the banner's button asks the host to take. Closed set: the host validates it. */
export type Fix =
  { action: 'set-api-key' } | { action: 'show-log' } | { action: 'rerun' } | { action: 'manage-trust' } | { action: 'open-setting'; setting: SettingKey };

export interface Problem {
  /** What went wrong, one sentence. */
  message: string;
  /** How to fix it; names the command or setting. */
  hint: string;
  fix?: Fix & { label: string };
  /** Warnings (a budget that ran out) are shown but the run is not "failed". */
  severity: 'error' | 'warning';
}

const SET_KEY = paletteTitle('setApiKey');
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const SHOW_LOG = paletteTitle('showLog');

const setting = (key: SettingKey, label = 'Open Setting') => ({ action: 'open-setting' as const, setting: key, label });

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

/** Validates a fix sent by the webview (it is untrusted input to the host). */
export function parseFix(value: unknown): Fix | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  switch (v.action) {
    case 'set-api-key':
    case 'show-log':
    case 'rerun':
    case 'manage-trust':
      return { action: v.action };
    case 'open-setting':
      return isSettingKey(v.setting) ? { action: 'open-setting', setting: v.setting } : undefined;
    default:
      return undefined;
  }
}
