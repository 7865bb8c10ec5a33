// The panel's error banner on the wire: what the host says went wrong and which action fixes
// it. The host words every Problem (src/extension/notices.ts); the webview only renders it and
// sends the fix back when its button is pressed.

/**
 * The settings a banner's button may open: a closed set, so that the webview (untrusted input
 * to the host) cannot ask for anything else. Each is a key of the host's settings table.
 */
export const FIXABLE_SETTINGS = ['baseUrl', 'model', 'pythonPath', 'maxProbes', 'sandbox'] as const;
export type FixableSetting = (typeof FIXABLE_SETTINGS)[number];

/** An action the banner's button asks the host to take. Closed set: the host validates it. */
export type Fix =
  { action: 'set-api-key' } | { action: 'show-log' } | { action: 'rerun' } | { action: 'manage-trust' } | { action: 'open-setting'; setting: FixableSetting };

export interface Problem {
  /** What went wrong, one sentence. */
  message: string;
  /** How to fix it; names the command or setting. */
  hint: string;
  fix?: Fix & { label: string };
  /** Warnings (a budget that ran out) are shown but the run is not "failed". */
  severity: 'error' | 'warning';
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
      return isFixableSetting(v.setting) ? { action: 'open-setting', setting: v.setting } : undefined;
    default:
      return undefined;
  }
}

function isFixableSetting(value: unknown): value is FixableSetting {
  return typeof value === 'string' && (FIXABLE_SETTINGS as readonly string[]).includes(value);
}
