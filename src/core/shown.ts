// What the agent is shown of the target, and the translation between the names it sees and the
// names the function really has. At strictness `anonymized` the function is `f` and its
// parameters are `arg0…`; the model passes keyword arguments under those names, so they are
// mapped back to the real ones before the call. Never the source, docstring, file or module.
import type { FunctionInfo, ParameterInfo } from './probe-types.js';
import type { ShownAs, Strictness } from './session-types.js';

const ANONYMOUS_NAME = 'f';

/**
 * The parameters the caller supplies. For an instance method the worker may list `self`
 * (inspect.signature of the plain function); the receiver is passed separately, so drop it.
 */
export function callableParams(info: FunctionInfo): ParameterInfo[] {
  const first = info.params[0];
  if (info.needsReceiver && first && first.name === 'self' && first.kind !== 'KEYWORD_ONLY') return info.params.slice(1);
  return info.params;
}

function shownParamName(p: ParameterInfo, i: number, strictness: Strictness): string {
  return strictness === 'anonymized' ? `arg${i}` : p.name;
}

/** `a: int = 3`, `*args`, `**kw`; hints and defaults only at `signature`. */
function renderParam(p: ParameterInfo, name: string, withHints: boolean): string {
  const star = p.kind === 'VAR_POSITIONAL' ? '*' : p.kind === 'VAR_KEYWORD' ? '**' : '';
  if (!withHints) return star + name;
  const hint = p.annotation ? `: ${p.annotation}` : '';
  const dflt = p.default !== undefined ? (hint ? ` = ${p.default}` : `=${p.default}`) : '';
  return star + name + hint + dflt;
}

/** The parameter list with Python's `/` and `*` markers, e.g. `(a, /, b, *, c=1)`. */
function renderParamList(params: ParameterInfo[], names: string[], withHints: boolean): string {
  const parts: string[] = [];
  params.forEach((p, i) => {
    const prev = params[i - 1];
    if (prev?.kind === 'POSITIONAL_ONLY' && p.kind !== 'POSITIONAL_ONLY') parts.push('/');
    if (p.kind === 'KEYWORD_ONLY' && !params.slice(0, i).some((q) => q.kind === 'KEYWORD_ONLY' || q.kind === 'VAR_POSITIONAL')) {
      parts.push('*');
    }
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- names has one entry per param (the callers map params)
    parts.push(renderParam(p, names[i]!, withHints));
  });
  if (params.at(-1)?.kind === 'POSITIONAL_ONLY') parts.push('/');
  return `(${parts.join(', ')})`;
}

export function computeShownAs(info: FunctionInfo, strictness: Strictness): ShownAs {
  const params = callableParams(info);
  const names = params.map((p, i) => shownParamName(p, i, strictness));
  const name = strictness === 'anonymized' ? ANONYMOUS_NAME : info.name;
  const shown: ShownAs = {
    name,
    params: params.map((p, i) => renderParam(p, shownParamName(p, i, strictness), false)),
  };
  if (strictness === 'signature') {
    const ret = info.returnAnnotation ? ` -> ${info.returnAnnotation}` : '';
    shown.signature = `${name}${renderParamList(params, names, true)}${ret}`;
  }
  if (info.needsReceiver) shown.needsReceiver = true;
  return shown;
}

/** The header line a person reads from a session file, e.g. `f(arg0, arg1, *arg2)` or the full signature. */
export function shownHeader(shown: ShownAs): string {
  return shown.signature ?? `${shown.name}(${shown.params.join(', ')})`;
}

/**
 * The header the model reads. At `anonymized` it keeps Python's `/` and `*` markers: without
 * them the model cannot know that `arg1` must be passed by keyword, and they say nothing of meaning.
 */
export function modelHeader(info: FunctionInfo, strictness: Strictness): string {
  const shown = computeShownAs(info, strictness);
  if (shown.signature) return shown.signature;
  const params = callableParams(info);
  return `${shown.name}${renderParamList(
    params,
    params.map((p, i) => shownParamName(p, i, strictness)),
    false,
  )}`;
}

/** Maps keyword names between what the agent sees and what the function has. */
export class NameMap {
  private readonly toReal = new Map<string, ParameterInfo>();
  private readonly toShown = new Map<string, string>();
  private readonly acceptsAnyKeyword: boolean;

  constructor(info: FunctionInfo, strictness: Strictness) {
    const params = callableParams(info);
    params.forEach((p, i) => {
      const shown = shownParamName(p, i, strictness);
      this.toReal.set(shown, p);
      this.toShown.set(p.name, shown);
    });
    this.acceptsAnyKeyword = params.some((p) => p.kind === 'VAR_KEYWORD');
  }

  /** Real keyword arguments for the call, or a message for the model when a name is unusable. */
  kwargsToReal(kwargs: Record<string, string> | undefined): { kwargs?: Record<string, string>; error?: string } {
    if (!kwargs || Object.keys(kwargs).length === 0) return {};
    const out: Record<string, string> = {};
    for (const [name, src] of Object.entries(kwargs)) {
      const p = this.toReal.get(name);
      if (p && (p.kind === 'POSITIONAL_OR_KEYWORD' || p.kind === 'KEYWORD_ONLY')) {
        out[p.name] = src;
      } else if (p?.kind === 'POSITIONAL_ONLY') {
        return { error: `'${name}' is positional-only: pass it in "args", not "kwargs".` };
      } else if (p) {
        return { error: `'${name}' collects extra arguments (${p.kind === 'VAR_POSITIONAL' ? 'put them in "args"' : 'use other keyword names'}).` };
      } else if (this.acceptsAnyKeyword) {
        out[name] = src; // lands in **kwargs under the name the model chose
      } else {
        const names = [...this.toReal.entries()].filter(([, q]) => q.kind === 'POSITIONAL_OR_KEYWORD' || q.kind === 'KEYWORD_ONLY').map(([n]) => n);
        return { error: `unknown keyword '${name}'; keyword names the function takes: ${names.join(', ') || 'none'}.` };
      }
    }
    return { kwargs: out };
  }

  /** What the agent calls a real parameter (itself for names it never saw, e.g. ones **kwargs took). */
  shownName(real: string): string {
    return this.toShown.get(real) ?? real;
  }

  /** Keyword arguments as the agent named them (for rendering calls back to it). */
  kwargsToShown(kwargs: Record<string, string> | undefined): Record<string, string> | undefined {
    if (!kwargs) return undefined;
    const out: Record<string, string> = {};
    for (const [name, src] of Object.entries(kwargs)) out[this.shownName(name)] = src;
    return out;
  }

  /** Real parameter names with what the agent calls them, for redacting exception messages. */
  renames(): [real: string, shown: string][] {
    return [...this.toShown.entries()].filter(([real, shown]) => real !== shown);
  }
}
