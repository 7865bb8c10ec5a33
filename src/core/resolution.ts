// How a target resolved, as lines for the user: the CLI header, the panel and the Markdown
// export read the same lines from the session's `target.resolution`.
import type { TargetResolution } from './probe-types.js';

export interface ResolutionLine {
  text: string;
  /** The run is not of the code in the file: say it loudly. */
  warning: boolean;
}

export function resolutionLines(resolution: TargetResolution | undefined): ResolutionLine[] {
  if (!resolution) return [];
  const out = (resolution.notes ?? []).map((text, i) => ({ text, warning: resolution.origin === 'replaced' && i === 0 }));
  if (resolution.coverageUnavailable) out.push({ text: `coverage unavailable: ${resolution.coverageUnavailable}`, warning: false });
  return out;
}
