// What the language-model tools ask the user before they run (tools-lm.ts), as Markdown. The
// agent chose the file, the qualname and the arguments: each is one code span whose fence
// outlasts any backticks in it, so a backtick cannot end it and turn the rest into the dialog's
// own words or links (red team, round 5). No vscode import: unit-tested.
import { markdownCode } from '../core/markdown-text.js';

/** The confirmation of one call: `file` imported, `call` (rendered) made once. */
export function callConfirmation(file: string, call: string): string {
  return `PAU Probe will import ${markdownCode(file)} and call ${markdownCode(call)} once, in its sandbox (time and memory limits, no network, writes confined to a temporary folder).`;
}

/** The confirmation of a probe run of `qualname` in `file` by `how`, up to `budget` calls. */
export function probeConfirmation(file: string, qualname: string, how: string, budget: number): string {
  return `PAU Probe will import ${markdownCode(file)} and let ${how} call ${markdownCode(qualname)} up to ${budget} times in its sandbox, shown live in the PAU Probe panel.`;
}
