// The header's badge saying what protects the calls, from the session's `sandbox` field (the
// `started` event of a live run, or the file of a replay). Pure: unit-tested under Node.
import type { SandboxReport } from '../src/core/session-types.js';

export interface SandboxBadge {
  /** Short text in the header. */
  text: string;
  /** The tooltip: the tool in use, or why there is none and what that leaves open. */
  title: string;
  /** `guards` is drawn as a warning. */
  layer: SandboxReport['layer'];
}

/** Null when the session does not say (a file from before the sandbox field, a run that never started). */
export function sandboxBadge(report: SandboxReport | null | undefined): SandboxBadge | null {
  if (!report) return null;
  if (report.layer === 'os') {
    return { layer: 'os', text: 'OS sandbox', title: `The calls ran in the OS sandbox (${report.detail}), with the guards inside it.` };
  }
  return {
    layer: 'guards',
    text: 'guards only — see README',
    title:
      `No OS sandbox: ${report.detail}. The guards are accident prevention: a call can read the editor's environment and your files. ` +
      'See the README, “What each mode stops”.',
  };
}
