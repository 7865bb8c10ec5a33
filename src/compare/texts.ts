// The two texts being compared, as the comparison's models read them: the inferred
// description, and the actual docstring under the same anonymization the agent had (the
// function is called by its shown name, e.g. `f`; parameters keep their documented names,
// with a line saying which shown parameter each one is).
import { NameMap, shownHeader } from '../core/shown.js';
import type { FunctionInfo } from '../core/probe-types.js';
import type { Description, ShownAs, Strictness } from '../core/session-types.js';

export interface Presentation {
  shown: ShownAs;
  /** `f(arg0, arg1)`, or the full signature at strictness `signature`. */
  header: string;
  /** The identifier the implementations must define. */
  implName: string;
  /** [real, shown] parameter names that differ. */
  renames: [string, string][];
  anonymized: boolean;
}

export function presentation(info: FunctionInfo, shown: ShownAs, strictness: Strictness): Presentation {
  const last = shown.name.slice(shown.name.lastIndexOf('.') + 1);
  const implName = /^[A-Za-z_]\w*$/.test(last) ? last : 'f';
  const header = shownHeader({ ...shown, name: implName, signature: shown.signature?.replace(shown.name, implName) });
  return { shown, header, implName, renames: new NameMap(info, strictness).renames(), anonymized: shown.name !== info.name };
}

export function renderDescription(d: Description): string {
  const lines = [`Summary: ${d.summary}`];
  if (d.details) lines.push(`Details: ${d.details}`);
  const params = Object.entries(d.parameters);
  if (params.length > 0) lines.push('Parameters:', ...params.map(([name, text]) => `- ${name}: ${text}`));
  if (d.returns) lines.push(`Returns: ${d.returns}`);
  if (d.raises) lines.push(`Raises: ${d.raises}`);
  if (d.examples.length > 0) {
    lines.push('Examples:');
    for (const ex of d.examples) {
      const call = ex.call.replace(/^\s*>>>\s*/, '');
      lines.push(`>>> ${call}`, ex.result);
    }
  }
  return lines.join('\n');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The docstring with the function's real name replaced by the shown one: in calls (with any
 * `module.` or `Class.` prefix), in backquotes, and as a bare word when the name does not look
 * like an English word (has `_`, a digit or a capital), so that prose like "add two numbers"
 * survives when the function is called `add`.
 */
export function anonymizeDocstring(docstring: string, realName: string, shownName: string): string {
  if (realName === shownName) return docstring;
  const name = escapeRegExp(realName);
  let text = docstring
    .replace(new RegExp(`(?<![\\w.])(?:[A-Za-z_]\\w*\\.)*${name}(?=\\s*\\()`, 'g'), shownName)
    .replace(new RegExp(`(\`{1,2})${name}(\\(\\))?\\1`, 'g'), `$1${shownName}$2$1`);
  if (/[_\dA-Z]/.test(realName)) text = text.replace(new RegExp(`(?<![\\w.])${name}(?!\\w)`, 'g'), shownName);
  return text;
}

/** "arg0 is the parameter documented as `scores`", for the docstring's readers. */
export function parameterNote(renames: [string, string][]): string {
  if (renames.length === 0) return '';
  return `Parameter names: ${renames.map(([real, shown]) => `${shown} is the parameter documented as \`${real}\``).join('; ')}.`;
}
