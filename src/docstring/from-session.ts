// From a finished run to the docstring Insert writes: the names to write calls with, the
// description's examples matched to the calls the run made (to be re-run before they are
// written), and the body for a given indentation. The editor layer only asks, shows and applies.
import { exampleMatcher } from '../core/call-identity.js';
import { renderCall } from '../core/format.js';
import { callRequest } from '../core/probe-types.js';
import type { Description, SessionFile, ShownAs } from '../core/session-types.js';
import { doctestOutput } from './doctest-lines.js';
import { preparedDoctest } from '../core/doctest-example.js';
import { DEFAULT_WIDTH, renderDocstring } from './render.js';
import type { DocExample, DocstringStyle, PythonFunction } from './types.js';
import type { ExampleToVerify } from './verify-examples.js';

/** Longest docstring line, indentation included (PEP 8). */
const MAX_LINE = 79;

/** The parameters a caller passes, by real name: without `self`/`cls`, stars dropped. */
function callableParamNames(fn: PythonFunction): string[] {
  const names = fn.params.map((p) => p.replace(/^\*+/, ''));
  const bound = fn.isMethod && !fn.decorators.includes('staticmethod');
  return bound ? names.slice(1) : names;
}

export interface DocstringNames {
  functionName: string;
  shownName: string;
  paramNames: Record<string, string>;
}

/** How the names the run used (the agent's `f`, `arg0`) map to the real ones, for examples and the parameter list. */
export function docstringNames(shownAs: ShownAs, qualname: string, fn: PythonFunction | undefined): DocstringNames {
  const functionName = fn?.name ?? qualname.slice(qualname.lastIndexOf('.') + 1);
  const paramNames: Record<string, string> = {};
  if (fn) {
    const real = callableParamNames(fn);
    shownAs.params.forEach((shown, i) => {
      const name = shown.replace(/^\*+/, '');
      const realName = real[i];
      if (realName && realName !== name) paramNames[name] = realName;
    });
  }
  return { functionName, shownName: shownAs.name, paramNames };
}

/**
 * The description's examples that are calls the run really made, ready to be re-run. The
 * expected output is the recorded result (what doctest would print), not the agent's words.
 */
export function examplesToVerify(session: SessionFile, description: Description): { examples: ExampleToVerify[]; unmatched: string[] } {
  // Examples name the function as the agent saw it (`f`) or, from the offline explorer, by its own name.
  const realName = session.target.qualname.slice(session.target.qualname.lastIndexOf('.') + 1);
  const names = [...new Set([session.target.shownAs.name, realName])];
  const recorded = exampleMatcher(session.probes, (p) => names.map((name) => renderCall(name, p)));
  const examples: ExampleToVerify[] = [];
  const unmatched: string[] = [];
  for (const e of description.examples) {
    // `type(f(x))` stands for a result that differs from run to run (explorer describe.ts
    // typeExample): re-running f(x) checks a value the doctest would not show. Left out of source.
    if (/^type\(.*\)$/s.test(e.call.replace(/^\s*>>>\s?/, '')) && /^<class '[^']*'>$/.test(e.result)) continue;
    // The agent's examples name the probe they came from; its call text uses the agent's names
    // (`f`, `arg1=`), which the recorded probe (real keyword names) would not match as text.
    const probe = (e.probe !== undefined ? session.probes.find((p) => p.index === e.probe) : undefined) ?? recorded(e.call);
    if (!probe) {
      unmatched.push(e.call);
      continue;
    }
    const output = doctestOutput(probe.result);
    // An example on a prepared receiver reads as several statements (`s = Stack(); s.push(3);
    // s.pop()`), whose doctest would also print what the preparing calls return: the docstring
    // gets the one expression the run made.
    const shown = /^s = /.test(e.call) ? (preparedDoctest(e.call) ?? renderCall(realName, probe)) : e.call.replace(/^\s*>>>\s?/, '');
    examples.push({ call: callRequest(probe), shown, expected: output.ok ? output.want : e.result });
  }
  return { examples, unmatched };
}

/**
 * The docstring's text for a def indented by `indentColumns`: lines fit PEP 8's 79 columns
 * (never narrower than 40), the verified `examples` in place of the description's own, the
 * parameter descriptions of the docstring it replaces kept.
 */
export function docstringBody(
  description: Description,
  style: DocstringStyle,
  names: DocstringNames,
  examples: DocExample[],
  existingDocstring?: string | null,
): (indentColumns: number) => string {
  return (indentColumns) =>
    renderDocstring(description, style, {
      ...names,
      examples,
      existingDocstring: existingDocstring ?? null,
      width: Math.max(40, Math.min(DEFAULT_WIDTH, MAX_LINE - indentColumns)),
    });
}
